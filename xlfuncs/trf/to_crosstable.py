"""A TRF read into core's crosstable: the event's date, the rules, each round as a pairing,
round robin or Swiss, and each rated player's K, for the report and the filled workbooks
alike (``docs/report.md``).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..core.editions import (
    EDITIONS,
    Edition,
    RateOfPlay,
    RulesSpec,
    get_edition,
    read_rules_and_rate,
)
from ..core.eligibility import TimeControl
from ..core.norm_field import fide_title
from ..core.norms import NORM_TITLES
from ..core.sex import is_woman
from ..core.tiebreaks import last_round_played  # the standing's rounds
from ..core.titles import trf_title
from ..core.tournament import (
    Crosstable,
    Entrant,
    Pairing,
    is_round_robin,
    withdrew,  # the rule round robins use, kept once
)
from ..core.validate import MAX_RATING
from ..findings import Finding
from ..text_output import counted
from .event_system import System, choose_system
from .k_file import KFile, edition_notes
from .k_policy import KSource, PlayerK, known_birth_year, player_k
from .list_data import with_list
from .numbers import rounds_number
from .parser import Player, RoundEntry, Tournament, is_invalid_date, two_digit_dates
from .pseudo_players import bye_round, pseudo_players
from .rate_of_play import RateReading, event_rate
from .rated import LOWEST_RATING, fide_rating
from .records2026 import bye_notes
from .rounds_planned import planned_rounds
from .short_list import short_list
from .values import value_warnings

if TYPE_CHECKING:
    from ..ratinglist import ListExtract

__all__ = [
    "TrfCrosstable",
    "choose_rate",
    "crosstable_from_trf",
    "match_games",
    "event_date",
    "held_norm_title",
    "is_round_robin",
]


@dataclass(frozen=True)
class TrfCrosstable:
    """A TRF read into a crosstable: player *i* of the crosstable (from 1) is ``players[i-1]``
    and has K ``ks[i-1]``. :attr:`crosstable` has FIDE's ratings
    (:func:`~xlfuncs.trf.rated.fide_rating`), :attr:`file_ratings` the file's, as the
    tie-breaks take them (C.07: the ratings the event has; ``docs/rated.md``)."""

    crosstable: Crosstable
    """The FIDE reading: only a player with a FIDE id is rated."""
    players: tuple[Player, ...]
    """The file's players in starting-rank order."""
    ks: tuple[PlayerK, ...]
    event_date: _dt.date
    """The date used for K and (without rules) for the edition."""
    warnings: tuple[Finding, ...]
    """What the reader had to assume or could not use."""
    rate: RateOfPlay = RateOfPlay.STANDARD
    """The rate of play the event is rated at (also ``crosstable.edition.rate``)."""
    rate_note: str = ""
    """Where :attr:`rate` came from: the time-control record, ``--rate``, or assumed."""
    rating_list: ListExtract | None = None
    """The rating list given (``--rating-list``), with the event's players it holds."""
    inactive: frozenset[int] = frozenset()
    """Starting ranks of the players the rating list flags inactive."""
    withdrawn: frozenset[int] = frozenset()
    """Starting ranks of the players who withdrew: no opponent and no points in the last
    round in which a game was played, and nothing entered for a later round."""
    no_fide_id: frozenset[int] = frozenset()
    """Starting ranks of the players whose rating in the file is no FIDE rating: unrated in
    :attr:`crosstable`, rated in :attr:`file_crosstable`."""
    file_crosstable: Crosstable | None = None
    """The same players with the ratings the file (or the rating list) gives, FIDE's or not;
    ``None``: :attr:`crosstable` serves (every rated player has a FIDE id)."""
    system_note: str = ""
    """The system (Swiss or round robin) and where it came from
    (:mod:`~xlfuncs.trf.event_system`)."""

    @property
    def file_ratings(self) -> Crosstable:
        """:attr:`file_crosstable`, else :attr:`crosstable`."""
        return self.file_crosstable if self.file_crosstable is not None else self.crosstable


def event_date(t: Tournament, *, today: _dt.date | None = None) -> tuple[_dt.date, str | None]:
    """The event's date (start, else the start read from a two-digit year
    (:func:`~xlfuncs.trf.parser.two_digit_dates`), else end, else earliest round date, else
    *today*) and a warning when it is not the start date.

    >>> from xlfuncs.trf import parse_trf
    >>> event_date(parse_trf("042 2026/03/14"))
    (datetime.date(2026, 3, 14), None)
    >>> event_date(parse_trf("052 2026/03/16"))[1]
    'no start date (042) in the file: used the end date (052), 2026-03-16'
    """
    if t.start_date is not None:
        return t.start_date, None
    if not t.start_date_text:
        why = "no start date (042) in the file"
    elif is_invalid_date(t.start_date_text):
        why = f"the start date (042) {t.start_date_text!r} is an invalid date (no such day)"
    else:
        why = f"the start date (042) {t.start_date_text!r} is not a date"
    read = two_digit_dates(t.start_date_text or "", t.end_date_text or "")
    if read is not None:
        day, order = read
        return day, (
            f"{why} in FIDE's form (YYYY/MM/DD): read as {order}, {day.isoformat()}, the one "
            f"reading of its two-digit year that puts the end date (052) "
            f"{t.end_date_text!r} on or after it, within a year"
        )
    if t.end_date is not None:
        return t.end_date, f"{why}: used the end date (052), {t.end_date.isoformat()}"
    rounds = [d for d in t.round_dates if d is not None]
    if rounds:
        first = min(rounds)
        return (
            first,
            f"{why} nor end date (052): used the first round date (132), {first.isoformat()}",
        )
    day = today or _dt.date.today()
    return day, f"{why} nor end date (052) nor round dates (132): used today, {day.isoformat()}"


def choose_rate(t: Tournament, rate: RateOfPlay | None) -> tuple[RateOfPlay, str, list[Finding]]:
    """The event's rate of play: *rate* (``--rate``), else what the time-control record says
    plainly (:func:`~xlfuncs.trf.rate_of_play.event_rate`), else standard; with a note on
    where it came from and the warnings to show.

    >>> from xlfuncs.trf import parse_trf
    >>> choose_rate(parse_trf("122 15+10"), None)[:2]
    (<RateOfPlay.RAPID: 'rapid'>, "rapid: 122 '15+10' (25 minutes for 60 moves)")
    >>> choose_rate(parse_trf("122"), None)[1]
    'standard (assumed: the file gives no time control (122 blank or absent))'
    """
    found: RateReading = event_rate(t)
    if rate is not None:
        said = f"rate of play: {rate.value} as given, but the file says {found.note}"
        differs = found.rate is not None and found.rate is not rate
        warnings = [Finding("rate_of_play", "warning", said)] if differs else []
        return rate, f"{rate.value} (given)", warnings
    if found.rate is not None:
        said = f"rate of play: {found.note}"
        unrated = "FIDE would not rate it" in found.note
        return found.rate, found.note, [Finding("rate_of_play", "warning", said)] if unrated else []
    note = f"standard (assumed: {found.note})"
    said = f"rate of play: {found.note}: assumed standard play; give --rate to choose"
    return RateOfPlay.STANDARD, note, [Finding("rate_of_play", "warning", said)]


def _choose_edition(
    t: Tournament, rules: RulesSpec, day: _dt.date, rate: RateOfPlay
) -> tuple[Edition, list[Finding]]:
    """The edition at *rate*: *rules* when given, else the one in force on *day* (with a note
    when the event is older than every edition, or runs across a change of the rules)."""
    if rules is not None:
        return get_edition(rules, rate=rate), []
    oldest = next(iter(EDITIONS.values()))
    if day < oldest.in_force_from:
        chosen = get_edition(oldest, rate=rate)
        said = (
            f"the event ({day.isoformat()}) is older than the oldest implemented rules "
            f"({oldest.id}, in force from {oldest.in_force_from.isoformat()}): used the "
            f"{chosen.id} rules; give --rules to choose"
        )
        return chosen, [Finding("rules", "note", said)]
    edition = get_edition(day, rate=rate)
    warnings: list[Finding] = []
    end = t.end_date
    if (
        end is not None
        and end > day
        and edition.in_force_until is not None
        and end > edition.in_force_until
    ):
        said = (
            f"the event ran from {day.isoformat()} to {end.isoformat()}, across a change of "
            f"the rules: used the {edition.id} rules, in force at the start; give --rules to "
            "choose"
        )
        warnings.append(Finding("rules", "note", said))
    return edition, warnings


def _pairing(e: RoundEntry, own: int, number: Mapping[int, int]) -> Pairing:
    """The crosstable pairing of one TRF round entry (see ``docs/report.md``)."""
    outcome = e.outcome  # a forfeit symbol without an opponent is an old-style bye
    opponent = e.opponent
    if (
        opponent is None
        or opponent == own
        or opponent not in number
        or (outcome is not None and outcome.is_bye)
    ):
        return Pairing(None, outcome)
    return Pairing(number[opponent], outcome, e.colour)


def held_norm_title(title: str) -> str | None:
    """The norm title (GM, IM, WGM, WIM) a player holds by the file's title field, new or
    old style (:func:`~xlfuncs.core.titles.trf_title`); ``None`` for any other title or none.

    >>> held_norm_title("WGM"), held_norm_title("g"), held_norm_title("FM")
    ('WGM', 'GM', None)
    """
    held = trf_title(title)
    return held if held in NORM_TITLES else None


def match_games(t: Tournament) -> tuple[int, str]:
    """The games a two-player event (a match, B.02 6.2) is taken to be over, and where that
    comes from: the event's rounds in all (``142``, else ``XXR``), else the rounds the file
    writes (:attr:`~xlfuncs.core.eligibility.Match.assumption`).

    >>> from xlfuncs.trf import parse_trf
    >>> match_games(parse_trf("XXR 6")), match_games(parse_trf("142 4\\nXXR 6"))
    ((6, "XXR '6'"), (4, "142 '4'"))
    >>> match_games(parse_trf("142 07\\nXXR 9"))
    (7, "142 '7'")
    """
    planned = planned_rounds(t)
    if planned is None:
        return t.num_rounds, f"the file's {counted(t.num_rounds, 'round')}"
    first = t.record("142")
    code = "142" if first is not None and rounds_number(first.text[3:]) is not None else "XXR"
    return planned, f"{code} '{planned}'"


def crosstable_from_trf(
    t: Tournament,
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    today: _dt.date | None = None,
    rate: RateOfPlay | None = None,
    rating_list: ListExtract | None = None,
    system: System | None = None,
    time: TimeControl | None = None,
) -> TrfCrosstable:
    """The crosstable of a TRF, each rated player's K, and the reader's warnings.

    *rules*: the edition (id, date or :class:`Edition`); ``None``: the one in force on the
    event's date (:func:`event_date`). *k_overrides*: K by FIDE id (a K file). *today*
    stands in for the date when the file gives none. *rate*: ``--rate``; ``None``:
    :func:`choose_rate`. *rating_list*: FIDE's list, whose data replace the file's for the
    players it holds (:func:`~xlfuncs.trf.list_data.with_list`). *system*: ``--system``;
    ``None``: :func:`~xlfuncs.trf.event_system.choose_system`. *time*: the event's time
    control (:attr:`~xlfuncs.core.tournament.Crosstable.time`). Raises
    :class:`~xlfuncs.core.XlfuncsError` for rules that name no edition or another rate.
    """
    overrides = dict(k_overrides or {})
    day, edition, rate_note, warnings = _date_and_edition(t, rules, today, rate)
    if isinstance(k_overrides, KFile):
        warnings += k_overrides.warnings
    warnings += _record_warnings(t)
    players, pairings = _players_and_pairings(t, warnings)
    chosen_system = choose_system(t, pairings, system)
    round_robin = chosen_system.round_robin
    warnings += chosen_system.warnings

    list_k: Mapping[int, int] = {}
    inactive: frozenset[int] = frozenset()
    if rating_list is not None:
        listed = with_list(players, rating_list, edition)
        players, list_k, inactive = listed.players, listed.k, listed.inactive
        warnings += listed.warnings

    warnings += value_warnings(t.value_notes)
    read = _Entrants()
    for p, ps in zip(players, pairings):
        read.add(p, ps, overrides, day, list_k.get(p.start_no), edition, warnings)
    warnings += read.warnings(k_overrides or {}, edition)
    crosstable = Crosstable.build(
        read.entrants,
        round_robin=round_robin,
        rules=edition,
        scoring=t.scoring,
        time=time,
        match_games=match_games(t) if len(read.entrants) == 2 else None,
    )
    file_crosstable = (
        None
        if not read.no_id_numbers
        else Crosstable.build(
            read.file_entrants, round_robin=round_robin, rules=edition, scoring=t.scoring
        )
    )
    return TrfCrosstable(
        crosstable=crosstable,
        players=players,
        ks=tuple(read.ks),
        event_date=day,
        warnings=tuple(warnings),
        rate=edition.rate,
        rate_note=rate_note,
        rating_list=rating_list,
        inactive=inactive,
        withdrawn=_withdrawn(players, pairings, last_round_played(crosstable)),
        no_fide_id=frozenset(read.no_id_numbers),
        file_crosstable=file_crosstable,
        system_note=chosen_system.note,
    )


def _date_and_edition(
    t: Tournament, rules: RulesSpec, today: _dt.date | None, rate: RateOfPlay | None
) -> tuple[_dt.date, Edition, str, list[Finding]]:
    """The event's date (:func:`event_date`), its edition at its rate of play
    (:func:`choose_rate`), the note on the rate, and the warnings on them."""
    day, why = event_date(t, today=today)
    warnings = [Finding("event_date", "warning", why)] if why else []
    if rate is None:
        rate = read_rules_and_rate(rules)[1]  # "--rules '2025 rapid'" names it too
    chosen_rate, rate_note, rate_warnings = choose_rate(t, rate)
    edition, more = _choose_edition(t, rules, day, chosen_rate)
    warnings += more
    if why and rules is None and not more:
        said = (
            f"rules: the {edition.id} rules, in force on {day.isoformat()} (the date used "
            "above); give --rules to choose"
        )
        warnings.append(Finding("rules", "note", said))
    if t.end_date_text and t.end_date is None and t.start_date is not None:
        what = "an invalid date (no such day)" if is_invalid_date(t.end_date_text) else "not a date"
        said = f"the end date (052) {t.end_date_text!r} is {what}: not used"
        warnings.append(Finding("event_date", "warning", said))
    warnings += rate_warnings
    return day, edition, rate_note, warnings


def _record_warnings(t: Tournament) -> list[Finding]:
    """The warnings on the file's records: unknown records, the encoding, an individual
    event's byes (240), a team event's scoring (162)."""
    warnings: list[Finding] = []
    stray = t.unknown_records
    if stray:
        plural = "s" if len(stray) > 1 else ""
        lines = ", ".join(f"{r.line_no} ({r.code!r})" for r in stray)
        said = f"{len(stray)} line{plural} of no known record type not read: line{plural} {lines}"
        warnings.append(Finding("unknown_record", "warning", said))
    if t.encoding_warning is not None:
        warnings.append(t.encoding_warning)
    records = t.trf2026
    if not t.is_team_event:  # a team event's 240 records name teams (xlfuncs.trf.teams)
        warnings += bye_notes(
            records,
            {p.start_no: tuple(e.outcome for e in p.rounds) for p in t.players},
            t.num_rounds,
        )
    if t.is_team_event and not records.scoring.is_default:
        said = (
            f"record 162 (line {records.scoring_line}) gives the game points of a team event "
            f"({records.scoring.text}): the players' games score 1-½-0 here (the teams' "
            "game points are their boards' points; a team's bye, record 320's)"
        )
        warnings.append(Finding("team_scoring", "warning", said))
    return warnings


def _players_and_pairings(
    t: Tournament, warnings: list[Finding]
) -> tuple[tuple[Player, ...], list[tuple[Pairing, ...]]]:
    """The players by starting rank, the bye's pseudo-players left out (said in *warnings*),
    and each one's pairings in the crosstable's numbering (a round against a pseudo-player
    read as a bye)."""
    pseudo = pseudo_players(t)
    by_rank = sorted(t.players, key=lambda p: p.start_no)
    fakes = [p for p in by_rank if p.start_no in pseudo]
    if fakes:
        names = [f"no. {p.start_no} ({p.name.strip()}), line {p.line_no}" for p in fakes]
        said = (
            f"{short_list(names)}: the bye's pseudo-player, not a player: left out of the "
            "players, and each round against it read as a bye"
        )
        warnings.append(Finding("pseudo_player", "warning", said, line=fakes[0].line_no))
    players = tuple(p for p in by_rank if p.start_no not in pseudo)
    number = {p.start_no: i for i, p in enumerate(players, start=1)}
    pairings = [
        tuple(
            _pairing(bye_round(e) if e.opponent in pseudo else e, p.start_no, number)
            for e in p.rounds
        )
        for p in players
    ]
    return players, pairings


@dataclass
class _Entrants:
    """The crosstable's entrants as they are read (:meth:`add`), and what the reading
    gathers for the warnings said after them all (:meth:`warnings`)."""

    entrants: list[Entrant] = field(default_factory=list)
    file_entrants: list[Entrant] = field(default_factory=list)
    """The entrants with the file's ratings (a rating without a FIDE id kept)."""
    ks: list[PlayerK] = field(default_factory=list)
    no_birth: list[str] = field(default_factory=list)
    no_id: list[str] = field(default_factory=list)
    no_id_numbers: list[int] = field(default_factory=list)
    used_ids: set[str] = field(default_factory=set)

    def add(
        self,
        p: Player,
        ps: tuple[Pairing, ...],
        overrides: Mapping[str, int],
        day: _dt.date,
        list_k: int | None,
        edition: Edition,
        warnings: list[Finding],
    ) -> None:
        """Player *p*, with pairings *ps*, as an entrant (K: *overrides*, the K file's, else
        *list_k*, the list's); what is not read as written said in *warnings*."""
        file_rating = p.rating
        if file_rating is not None and file_rating > MAX_RATING:
            said = (
                f"{p.who}, line {p.line_no}: {file_rating} is not "
                f"a rating (1..{MAX_RATING}): treated as unrated"
            )
            warnings.append(Finding("not_a_rating", "warning", said, line=p.line_no))
            file_rating = None
        rating = fide_rating(p)
        if file_rating is not None and rating is None:
            self.no_id_numbers.append(p.start_no)
            if file_rating >= LOWEST_RATING:  # below: the reader's warning names it
                self.no_id.append(f"no. {p.start_no} ({file_rating})")
        if p.fide_id is not None and p.fide_id in overrides:
            self.used_ids.add(p.fide_id)
            if rating is None:
                said = (
                    f"K file: no. {p.start_no} ({p.name}, FIDE id {p.fide_id}) is "
                    "unrated: K not used"
                )
                warnings.append(Finding("k_file", "note", said))
        pk = player_k(p, rating, overrides, day, list_k, rules=edition)
        if pk.source is not None and pk.source in _COMPUTED and known_birth_year(p) is None:
            self.no_birth.append(f"no. {p.start_no}")
        self.ks.append(pk)
        entrant = Entrant(
            rating=rating,
            pairings=ps,
            k=pk.k,
            female=is_woman(p.sex),
            title=held_norm_title(p.title),
            fide_title=fide_title(p.title),
            federation=p.federation,
        )
        self.entrants.append(entrant)
        self.file_entrants.append(
            entrant if file_rating == rating else replace(entrant, rating=file_rating)
        )

    def warnings(self, k_overrides: Mapping[str, int], edition: Edition) -> list[Finding]:
        """The warnings on the players read: ratings without a FIDE id, the K file's notes
        and ids of no player, rated players without a birth year."""
        out: list[Finding] = []
        no_id, no_birth = self.no_id, self.no_birth
        if no_id:
            said = (
                f"{len(no_id)} player{'s have' if len(no_id) > 1 else ' has'} a rating but no "
                "FIDE id, counted as unrated: FIDE rates only players with a FIDE id, so the "
                f"file's figure is not a FIDE rating: {short_list(no_id)}"
            )
            out.append(Finding("no_fide_id", "warning", said))
        out += edition_notes(k_overrides, self.used_ids, edition)
        unknown = sorted(set(k_overrides) - self.used_ids)
        if unknown:
            said = f"K file: no player of the tournament has FIDE id {', '.join(unknown)}"
            out.append(Finding("k_file", "note", said))
        if no_birth:
            said = (
                f"{len(no_birth)} rated player{'s have' if len(no_birth) > 1 else ' has'}"
                f" no birth year, so the junior K 40 could not be considered: "
                f"{short_list(no_birth)}"
            )
            out.append(Finding("no_birth_year", "warning", said))
        return out


def _withdrawn(
    players: tuple[Player, ...], pairings: list[tuple[Pairing, ...]], played: int
) -> frozenset[int]:
    """The starting ranks of the players who withdrew: no opponent and no points in the last
    round in which a game was played (*played*; 0: the file's last), and nothing entered for
    a round after it."""
    out = set()
    for p, ps in zip(players, pairings):
        upto = ps[:played] if played else ps
        later = ps[len(upto) :]
        if withdrew(upto) and not any(x.opponent is not None or x.outcome for x in later):
            out.add(p.start_no)
    return frozenset(out)


_COMPUTED = frozenset({KSource.JUNIOR, KSource.RATING_2400, KSource.ASSUMED_30_GAMES})
"""The K sources of core's K rule (the ones the birth year can change)."""

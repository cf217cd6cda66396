"""The working of a tie-break value (C.07): one player's rounds and what each adds, from the
same parts the engine (:mod:`~xlfuncs.core.tiebreaks`) sums, so that value and working
cannot differ (``docs/tiebreaks.md``, *The working of a value*). :func:`tiebreak_working`
derives one descriptor's, :func:`player_working` every descriptor's, when asked, from what
the engine kept (:attr:`~xlfuncs.core.tiebreaks.TiebreakTable.engine`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .errors import InvalidInputError
from .tiebreaks import (
    CAPPED_HALF,
    CAPPED_OPPONENT,
    CUT_LEAST,
    CUT_MOST,
    CUT_UNPLAYED,
    DUMMY,
    Descriptor,
    TiebreakTable,
    Value,
    _Round,
    aro_of,
    average_of,
    averaged,
    count_test,
    cut,
    parse_descriptor,
    ptp_of,
    ratings_and_score,
    tpr_of,
)

__all__ = ["TiebreakWorking", "WorkingLine", "figure_text", "player_working", "tiebreak_working"]


@dataclass(frozen=True)
class WorkingLine:
    """One line of a working: a round's contribution, or a figure that is not a round's (a
    pairing number, a rating, a bonus)."""

    round: int | None
    """The round (from 1); ``None`` for a line that is not a round's."""
    opponent: int | None
    """The opponent's number (as *names* gives it); ``None``: none (a bye, a dummy)."""
    figure: Value
    """What the line adds (counted) or would add (left out); ``None`` where nothing."""
    text: str
    left_out: str | None = None
    """``None``: counted; else why it is left out (a cut, a rule)."""


@dataclass(frozen=True)
class TiebreakWorking:
    """One player's working of one tie-break."""

    player: int
    """The player's number in the table (from 1)."""
    descriptor: str
    value: Value
    """The engine's value."""
    edition: str
    """The C.07 text used: ``"2023"`` or ``"2026"``."""
    rule: str
    lines: tuple[WorkingLine, ...]
    total: Value
    """What the lines counted make by the rule: the value."""
    how: str
    """How :attr:`total` comes from the lines (a sum, an average rounded half up ...)."""
    tied: tuple[int, ...] = ()
    """``DE``: the players tied on every key before it, this one among them."""


_RULES: Final[Mapping[str, str]] = {
    "PTS": "points: each round's points (under the event's scoring), with any bonus or penalty",
    "BH": "Buchholz (C.07 8): the sum of the opponents' adjusted scores",
    "FB": "Fore Buchholz (C.07 8): Buchholz with every game of the last round counted as a draw",
    "SB": "Sonneborn-Berger (C.07 9): the sum of each opponent's adjusted score times the "
    "points scored against them",
    "PS": "progressive score (C.07 7.5): the sum of the running scores after each round",
    "DE": "direct encounter (C.07 6): the place among the players tied on every key before it, "
    "by their games against one another",
    "WIN": "rounds scoring as many points as a win, with or without playing (C.07 7.1)",
    "WON": "games won over the board (C.07 7)",
    "BPG": "games played with black (C.07 7)",
    "BWG": "games won with black (C.07 7)",
    "GE": "games elected to play: games played, pairing-allocated byes and rounds won without "
    "playing (C.07 7)",
    "REP": "rounds elected to play: games played, pairing-allocated byes and rounds won "
    "without playing (C.07 7)",
    "STD": "standard points (C.07 7.7, 2026 text): 1 a round scoring more than the opponent "
    "(without playing: than a draw), 1/2 as much, 0 less",
    "TPN": "tournament pairing number (C.07 7.8, 2026 text)",
    "KS": "Koya score (C.07 9.2): the points scored against the opponents with half the "
    "possible points or more",
    "ARO": "average rating of the opponents (C.07 10): games over the board, rounded half up",
    "TPR": "tournament performance rating (C.07 10): ARO + dp(score / games), table 8.1(a)",
    "PTP": "perfect tournament performance (C.07 10.3): the lowest rating whose expected "
    "score reaches the score",
    "APRO": "average of the opponents' TPR (C.07 10), rounded half up",
    "APPO": "average of the opponents' PTP (C.07 10), rounded half up",
    "AOB": "average of the opponents' Buchholz (C.07 8.2)",
    "RTNG": "the player's rating (C.07 10.6, 2026 text)",
}

_CUT_WHY: Final = {
    CUT_LEAST: "cut: the least significant value (C.07 14.1)",
    CUT_UNPLAYED: "cut: a voluntary unplayed round's value is cut first (C.07 16)",
    CUT_MOST: "cut: the most significant value (median, C.07 14.2)",
}


def figure_text(value: Value) -> str:
    """A figure as a working writes it: a whole number (a count, a rating) as it is, points
    with at least one decimal and as many as they need (``5.5``, ``20.25``), ``-`` for none.

    >>> figure_text(3), figure_text(Fraction(11, 2)), figure_text(Fraction(6)), figure_text(None)
    ('3', '5.5', '6.0', '-')
    """
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    q = value.denominator
    if q == 1:
        return f"{value.numerator}.0"
    for places in range(1, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            return f"{float(value):.{places}f}"
    return f"{float(value):.2f}"


def player_working(
    table: TiebreakTable, number: int, names: Sequence[int] | None = None
) -> tuple[TiebreakWorking, ...]:
    """Player *number*'s (from 1) working of every descriptor of *table*, in order
    (*names*: as :func:`tiebreak_working`)."""
    return tuple(tiebreak_working(table, number, d, names) for d in table.descriptors)


def tiebreak_working(
    table: TiebreakTable,
    number: int,
    descriptor: str | Descriptor,
    names: Sequence[int] | None = None,
) -> TiebreakWorking:
    """Player *number*'s (from 1) working of *descriptor*, one of *table*'s. *names*: the
    number each player of the table is shown by (a start number, a row), in the table's
    order; ``None``: their number in the table (from 1). Raises
    :class:`~xlfuncs.core.errors.InvalidInputError` for a player not in the table or a
    descriptor it does not have."""
    ev = table.engine
    if isinstance(number, bool) or not 1 <= number <= ev.n:
        raise InvalidInputError(f"player: {number!r} is not a player number (1..{ev.n})")
    d = parse_descriptor(descriptor)
    k = table.index(d)
    if names is not None and len(names) != ev.n:
        raise InvalidInputError(f"names: one per player ({ev.n}), got {len(names)}")
    w = _Worker(table, number - 1, names)
    lines, total, how, tied = w.derive(d, k)
    return TiebreakWorking(
        player=number,
        descriptor=d.text,
        value=table.values[number - 1][k],
        edition=table.edition.id,
        rule=_RULES[d.code],
        lines=tuple(lines),
        total=total,
        how=how,
        tied=tied,
    )


_Derived = tuple[list[WorkingLine], Value, str, tuple[int, ...]]


class _Worker:
    """One player's working, reading the engine's parts."""

    def __init__(self, table: TiebreakTable, i: int, names: Sequence[int] | None) -> None:
        self.names = names
        self.table = table
        self.ev = table.engine
        self.i = i
        self.unit = self.ev.unit

    def no(self, j: int) -> int:
        """The number player index *j* is shown by."""
        return j + 1 if self.names is None else self.names[j]

    def who(self, j: int | None) -> int | None:
        """The number player index *j* is shown by; ``None`` for none."""
        return None if j is None else self.no(j)

    def pts(self, value: int) -> Fraction:
        return Fraction(value, self.unit)

    def derive(self, d: Descriptor, k: int) -> _Derived:
        code = d.code
        if code in ("BH", "FB", "SB"):
            return self.buchholz(d, sb=code == "SB", fore=code == "FB")
        if code == "PTS":
            return self.points()
        if code == "PS":
            return self.progressive(d)
        if code == "KS":
            return self.koya(d)
        if code == "DE":
            return self.direct_encounter(d, k)
        if code == "STD":
            return self.standard()
        if code == "TPN":
            n = self.i + 1
            return [WorkingLine(None, None, n, f"pairing number {n}")], n, f"the number: {n}", ()
        if code == "RTNG":
            return self.own_rating(d)
        if code in ("ARO", "TPR", "PTP"):
            return self.rated_games(d)
        if code in ("APRO", "APPO", "AOB"):
            return self.opponents_average(d)
        return self.count(code)

    # --- the rounds in words ---

    def round_words(self, r: int) -> str:
        """What round *r* of the player was: a game, a forfeit, a bye..."""
        x = self.ev.rows[self.i][r - 1]
        opp = x.opponent
        scored = figure_text(self.pts(x.h))
        if opp is not None:
            who = f"no. {self.no(opp)}"
            if x.played:
                return f"game against {who}, scored {scored}"
            if x.forfeit:
                return f"forfeit {'win' if x.won else 'loss'} against {who}, scored {scored}"
            return f"unplayed against {who}, scored {scored}"
        if x.played:
            return f"pairing-allocated bye, scored {scored}"
        if x.won:
            return f"full-point bye, scored {scored}"
        if x.h:
            return f"half-point bye, scored {scored}"
        return f"no game (a zero-point bye or absent), scored {scored}"

    def adjusted_words(self, j: int, adjusted: tuple[int, int, tuple[int, ...], int]) -> str:
        """Player *j*'s adjusted score as an opponent's Buchholz reads it (*adjusted*: the
        engine's :meth:`~xlfuncs.core.tiebreaks._TiebreakView.adjusted_one`), and why it is not
        their score (C.07 16.3; Fore Buchholz's last round)."""
        total, _, replaced, shift = adjusted
        out = f"no. {self.no(j)}'s adjusted score {figure_text(self.pts(total))}"
        why: list[str] = []
        if replaced:
            rounds = ", ".join(map(str, replaced))
            plural = "s" if len(replaced) > 1 else ""
            if self.ev.rr:
                why.append(f"round{plural} {rounds} without an opponent counted as nothing")
            else:
                why.append(
                    f"unplayed round{plural} {rounds} after the last one played counted as "
                    "draws (C.07 16.3)"
                )
        if shift:
            why.append("the last round counted as a draw (Fore Buchholz)")
        if why:
            out += f" (scored {figure_text(self.ev.points[j])}; {'; '.join(why)})"
        return out

    # --- the Buchholz family ---

    def buchholz(self, d: Descriptor, sb: bool, fore: bool) -> _Derived:
        ev, i = self.ev, self.i
        row = ev.rows[i]
        wanted = {i} | {x.opponent for x in row if x.opponent is not None}
        adj = {j: ev.adjusted_one(j, fore) for j in wanted}
        abh = {j: a[0] for j, a in adj.items()}
        own = {j: a[1] for j, a in adj.items()}
        parts = ev.buchholz_parts(i, d, abh, own, sb, fore)
        low, high = d.cuts(ev.rounds)
        removed = {p[3]: why for p, why in cut(list(parts), low, high)}
        unit = self.unit * self.unit if sb else self.unit
        lines: list[WorkingLine] = []
        seen = {p[3] for p in parts}
        for p in parts:
            _, score, value, r, opp, kind = p
            x = row[r - 1]
            text = f"round {r}: {self.round_words(r)}: "
            if kind == "opponent":
                assert opp is not None
                text += self.adjusted_words(opp, adj[opp])
                if not x.played:
                    text += self.as_played_words(d)
            else:
                text += "a dummy opponent scoring the player's own score "
                text += f"{figure_text(self.pts(own[i]))} (C.07 16.2)"
                if kind == CAPPED_OPPONENT:
                    assert opp is not None
                    text += (
                        f", capped at no. {self.no(opp)}'s adjusted score "
                        f"{figure_text(self.pts(abh[opp]))} (C.07 16.4.1, 2026 text)"
                    )
                elif kind == CAPPED_HALF:
                    text += (
                        f", capped at half a point a round, {figure_text(self.pts(score))} "
                        "(C.07 16.4.2, 2026 text)"
                    )
                elif kind == DUMMY and ev.edition.caps_unplayed:
                    text += ", under its cap (C.07 16.4)"
            if sb:
                text += f" x {figure_text(self.pts(x.h))} scored"
            lines.append(
                WorkingLine(
                    r,
                    self.who(opp),
                    Fraction(value, unit),
                    text,
                    _CUT_WHY[removed[r]] if r in removed else None,
                )
            )
        for r in range(1, ev.rounds + 1):
            if r not in seen:  # a round robin's round without an opponent
                lines.insert(
                    r - 1,
                    WorkingLine(
                        r,
                        None,
                        None,
                        f"round {r}: {self.round_words(r)}",
                        "a round robin's round without an opponent adds nothing (C.07 15)",
                    ),
                )
        return self.summed(lines)

    def as_played_words(self, d: Descriptor) -> str:
        if self.ev.rr:
            return ", counted as played (a round robin, C.07 15)"
        if d.as_played:
            return ", counted as played (/P)"
        return ", counted as played (Fore Buchholz's last round)"  # fore, the last round

    def summed(self, lines: list[WorkingLine], more: str = "") -> _Derived:
        """*lines* with their sum (:func:`_total`) and :meth:`sum_words` saying it."""
        return lines, _total(lines), self.sum_words(lines, more), ()

    def sum_words(self, lines: Sequence[WorkingLine], more: str = "") -> str:
        """ "the sum of the 4 values counted (1 left out): 11.5"."""
        counted = [x for x in lines if x.left_out is None and x.figure is not None]
        left = sum(1 for x in lines if x.left_out is not None and x.figure is not None)
        out = f"the sum of the {len(counted)} value{'' if len(counted) == 1 else 's'} counted"
        said = [f"{left} left out"] if left else []
        if more:
            said.append(more)
        if said:
            out += f" ({'; '.join(said)})"
        return f"{out}: {figure_text(_total(lines))}"

    # --- points, progressive, Koya, standard points ---

    def each_round(self, figure: Callable[[_Round], Value]) -> list[WorkingLine]:
        """A line a round: what it was and its *figure* (``None``: not counted)."""
        lines: list[WorkingLine] = []
        for r, x in enumerate(self.ev.rows[self.i], start=1):
            value, words = figure(x), f"round {r}: {self.round_words(r)}"
            why = None if value is not None else "not counted"
            lines.append(WorkingLine(r, self.who(x.opponent), value, words, why))
        return lines

    def points(self) -> _Derived:
        ev, i = self.ev, self.i
        lines = self.each_round(lambda x: self.pts(x.h))
        bonus = self.table.points[i] - ev.points[i]
        if bonus:
            lines.append(WorkingLine(None, None, bonus, "points assigned (bonus or penalty)"))
        return self.summed(lines)

    def progressive(self, d: Descriptor) -> _Derived:
        lines = [
            WorkingLine(
                r,
                None,
                self.pts(s),
                f"round {r}: {self.round_words(r)}; running score {figure_text(self.pts(s))}",
                None if counted else f"cut: the first {d.cut} rounds (/C{d.cut}, C.07 14.1)",
            )
            for r, s, counted in self.ev.progressive_parts(self.i, d)
        ]
        return self.summed(lines)

    def koya(self, d: Descriptor) -> _Derived:
        ev, i = self.ev, self.i
        limit = ev.koya_limit(d)
        counted = {r for r, _, _ in ev.koya_parts(i, limit)}
        half = figure_text(Fraction(limit, 2 * self.unit))
        lines: list[WorkingLine] = []
        for r, x in enumerate(ev.rows[i], start=1):
            words = f"round {r}: {self.round_words(r)}"
            if x.opponent is None:
                lines.append(WorkingLine(r, None, self.pts(x.h), words, "no opponent"))
                continue
            score = figure_text(ev.koya_points[x.opponent])
            why = None if r in counted else f"the opponent's score {score} is below {half}"
            lines.append(
                WorkingLine(
                    r,
                    self.no(x.opponent),
                    self.pts(x.h),
                    f"{words}; no. {self.no(x.opponent)} scored {score}",
                    why,
                )
            )
        return self.summed(lines, f"the limit {half}")

    def standard(self) -> _Derived:
        return self.summed(self.each_round(lambda x: Fraction(x.std_h, 2)))

    def count(self, code: str) -> _Derived:
        test = count_test(self.ev, code)
        assert test is not None
        lines = self.each_round(lambda x: 1 if test(x) else None)
        total = sum(1 for x in lines if x.left_out is None)
        return lines, total, f"the number of rounds counted: {total}", ()

    # --- ratings ---

    def own_rating(self, d: Descriptor) -> _Derived:
        ratings = self.ev.ratings(d)
        if ratings is None:
            return [], None, _UNDEFINED, ()
        own = ratings[self.i]
        unrated = self.ev.own_ratings[self.i] is None
        text = f"rating {figure_text(own)}" + (" (unrated: the rating given)" if unrated else "")
        return [WorkingLine(None, None, own, text)], own, f"the player's rating: {own}", ()

    def rated_games(self, d: Descriptor) -> _Derived:
        ev = self.ev
        found = ev.rating_parts(self.i, d)
        if found is None:
            return [], None, _UNDEFINED, ()
        kept, removed = found
        why = {g[0]: _CUT_WHY[w] for g, w in removed}
        games = sorted([*kept, *(g for g, _ in removed)])
        lines = [
            WorkingLine(
                r,
                self.no(opp),
                rating,
                f"round {r}: {self.round_words(r)}; no. {self.no(opp)} rated {rating}"
                + (" (unrated: the rating given)" if ev.own_ratings[opp] is None else ""),
                why.get(r),
            )
            for r, opp, rating, _ in games
        ]
        for r, x in enumerate(ev.rows[self.i], start=1):
            if x.rated_h is None:
                lines.append(
                    WorkingLine(
                        r,
                        self.who(x.opponent),
                        None,
                        f"round {r}: {self.round_words(r)}",
                        "not a game over the board (C.07 10 counts those only)",
                    )
                )
        lines.sort(key=lambda x: x.round or 0)
        ratings, score = ratings_and_score(kept)
        if not ratings:
            return lines, None, "no game over the board counted: no value", ()
        code = d.code
        ra = aro_of(ratings)
        average = figure_text(Fraction(sum(ratings), len(ratings)))
        mean = f"{sum(ratings)} / {len(ratings)} = {average}"
        if code == "ARO":
            return lines, ra, f"{mean}, rounded half up: {ra}", ()
        if code == "TPR":
            total = tpr_of(ratings, score)
            dp = (total or 0) - (ra or 0)
            return (
                lines,
                total,
                f"ARO {ra} ({mean}, rounded half up) + dp {dp} for {figure_text(score)} of "
                f"{len(ratings)} = {total}",
                (),
            )
        total = ptp_of(ratings, score, ev.ptp_full_score)
        if score == len(ratings) and ev.ptp_full_score == "definition":
            how = (
                f"a full score, {figure_text(score)} of {len(ratings)}, by the definition: the "
                f"lowest rating whose expected score reaches it, the highest-rated opponent "
                f"{max(ratings)} + 736 = {total} (the reading definition)"
            )
        elif score == len(ratings):  # the other reading: the highest-rated opponent + 800
            how = (
                f"a full score, {figure_text(score)} of {len(ratings)}: the highest-rated "
                f"opponent {max(ratings)} + 800 = {total} (the reading {ev.ptp_full_score})"
            )
        else:
            how = (
                f"the lowest rating whose expected score against these {len(ratings)} ratings "
                f"reaches {figure_text(score)}: {total}"
            )
        return lines, total, how, ()

    def opponents_average(self, d: Descriptor) -> _Derived:
        ev = self.ev
        of = averaged(d)
        assert of is not None
        values = ev.column(of)
        found = ev.opponents_values(self.i, values)
        lines = [
            WorkingLine(
                r,
                self.no(opp),
                v,
                f"round {r}: {self.round_words(r)}; "
                f"no. {self.no(opp)}'s {of.code} {figure_text(v)}",
            )
            for r, opp, v in found
        ]
        whole = d.code != "AOB"
        total = average_of([v for _, _, v in found], whole)
        if not found:
            return lines, None, f"no opponent over the board with a {of.code}: no value", ()
        s = sum((Fraction(v) for _, _, v in found if v is not None), Fraction(0))
        whole_sum: Value = s.numerator if s.denominator == 1 and whole else s
        mean = f"{figure_text(whole_sum)} / {len(found)} = {figure_text(s / len(found))}"
        how = f"{mean}, rounded half up: {total}" if whole else mean
        return lines, total, how, ()

    # --- direct encounter ---

    def direct_encounter(self, d: Descriptor, k: int) -> _Derived:
        ev, table, i = self.ev, self.table, self.i
        before = ev.tied_before[k]
        group = [j for j in range(ev.n) if before[j] == before[i]]
        keys = ", ".join(["points", *(x.text for x in table.descriptors[:k])])
        if len(group) < 2:
            return [], 0, f"no other player is tied on {keys}: 0", (self.no(i),)
        as_played = ev.rr or d.as_played
        inside = set(group)
        lines = [
            WorkingLine(r, self.no(opp), self.pts(h), f"round {r}: {self.round_words(r)}")
            for r, opp, h in ev.games_within(i, inside, as_played)
        ]
        place = table.values[i][k]  # the engine's place among them (0: not separated)
        scores = [
            f"no. {self.no(j)} {figure_text(ev.encounter_score(j, inside, as_played)[0])}"
            for j in group
        ]
        how = f"tied on {keys}: their points against one another: {', '.join(scores)}; " + (
            f"place among them: {place}" if place else "direct encounter does not separate them: 0"
        )
        return lines, place, how, tuple(self.no(j) for j in group)


def _total(lines: Sequence[WorkingLine]) -> Fraction:
    """The sum of the counted lines' figures."""
    return sum(
        (Fraction(x.figure) for x in lines if x.left_out is None and x.figure is not None),
        Fraction(0),
    )


_UNDEFINED: Final = (
    "undefined: a player is unrated and no rating is given for unrated players (C.07 10)"
)

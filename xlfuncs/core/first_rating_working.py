"""The working of an unrated player's first rating (Ru) in one event: each game against an
opponent (the opponent's rating, or unrated; the points; whether the game counts in Ra and
in the score, and why not), the hypothetical opponents of the edition, Ra, the score and p,
the formula the edition uses, the rounding, the maximum, and whether the rating is published.

:func:`first_rating_working` takes the figures from the calculation
:func:`~xlfuncs.core.first_rating.first_rating` makes of the crosstable's games (the rules
by edition: that module's docstring) and puts each game beside the round and opponent it
came from. The lines' ratings counted in Ra sum to Ra times their count, and their points
counted to the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .editions import Edition
from .first_rating import FirstRating, System, first_rating
from .tables import round_half_up
from .tournament import Crosstable

__all__ = ["FirstRatingLine", "FirstRatingWorking", "edition_rule", "first_rating_working"]


@dataclass(frozen=True)
class FirstRatingLine:
    """One game of the calculation, or one of the edition's hypothetical opponents."""

    round: int | None
    """The round (from 1); ``None`` for a hypothetical opponent."""
    opponent: int | None
    """The opponent's number (from 1); ``None`` for a hypothetical opponent."""
    opponent_rating: int | None
    """As the crosstable has it (1800 for a hypothetical opponent); ``None``: unrated."""
    points: Fraction
    """W: 1, 1/2 or 0 (1/2 for a hypothetical opponent: drawn)."""
    in_ra: bool
    """Whether the opponent's rating counts in Ra."""
    in_score: bool
    """Whether the game counts in the score and the games n."""
    text: str
    left_out: str | None = None
    """Why the game counts in neither (``None``: it counts)."""


@dataclass(frozen=True)
class FirstRatingWorking:
    """One unrated player's first rating, line by line, and the steps that make it."""

    player: int
    edition: str
    """The Rating Regulations' edition (``"2024"``) and rate, as the calculation used."""
    lines: tuple[FirstRatingLine, ...]
    calculation: FirstRating
    formula: str
    """The formula the edition uses at this score: ``"Ru = Ra + dp"`` ..."""
    steps: tuple[str, ...]
    """The derivation, a sentence a step: Ra, p, the formula with its figures, the
    rounding and the maximum, the publication."""
    rule: str
    """The edition's rule for a first rating, and what the 2024 text changed."""

    @property
    def ra_sum(self) -> int:
        """The sum of the ratings counted in Ra."""
        return sum(x.opponent_rating or 0 for x in self.lines if x.in_ra)

    @property
    def ra_count(self) -> int:
        """The opponents counted in Ra (the hypothetical ones included)."""
        return sum(1 for x in self.lines if x.in_ra)

    @property
    def score(self) -> Fraction:
        """The points counted (the hypothetical draws included)."""
        return sum((x.points for x in self.lines if x.in_score), Fraction(0))

    @property
    def games(self) -> int:
        """n: the games counted (the hypothetical ones included)."""
        return sum(1 for x in self.lines if x.in_score)

    @property
    def rating(self) -> int:
        """Ru, rounded, after the edition's maximum."""
        return self.calculation.rating

    @property
    def published(self) -> bool:
        """Whether Ru would be published."""
        return self.calculation.published


def _hundredths(x: Fraction) -> str:
    return f"{float(x):.2f}"


def _points(x: Fraction) -> str:
    return f"{x.numerator}.0" if x.denominator == 1 else f"{float(x):.1f}"


def edition_rule(edition: Edition) -> str:
    """The first-rating rule of *edition* in words, read from its figures, then what the
    text of 1 March 2024 changed.

    >>> from xlfuncs.core.editions import get_edition
    >>> edition_rule(get_edition("2022")).split("; ")[1]
    'at 50 % or more Ru = Ra + 20 per half point above 50 %, below it Ru = Ra + dp'
    """
    h = edition.first_rating_hypothetical_draws
    parts = [f"Rating Regulations {edition.id}: Ra the average of the rated opponents"]
    if h:
        parts[0] += (
            f" and {h} hypothetical opponents rated {edition.hypothetical_rating}, "
            "all drawn (they join the score too)"
        )
    if edition.first_rating_bonus_per_half_point:
        parts.append(
            f"at 50 % or more Ru = Ra + {edition.first_rating_bonus_per_half_point} per half "
            "point above 50 %, below it Ru = Ra + dp"
        )
    else:
        parts.append("Ru = Ra + dp at every score")
    if edition.first_rating_round_robin_factor:
        parts.append(
            "in a round robin the games against unrated opponents count in the score and "
            "below 50 % Ru = Ra + dp x n/(n+1)"
        )
    if edition.first_rating_maximum is not None:
        parts.append(f"at most {edition.first_rating_maximum}")
    parts.append(
        f"published from {edition.first_rating_min_games} games against rated opponents "
        f"and at the floor {edition.rating_floor} or above"
    )
    rule = "; ".join(parts)
    if h:
        return (
            rule + ". The text of 1 March 2024 brought the hypothetical opponents, Ra + dp "
            "at every score (no 20 per half point above 50 %), the maximum 2200 and the "
            "floor 1400 (1000 before)."
        )
    return (
        rule + ". From 1 March 2024 (rules 2024): two hypothetical opponents rated 1800, "
        "both drawn, join Ra and the score, Ru = Ra + dp at every score, at most 2200, the "
        "floor 1400."
    )


def first_rating_working(crosstable: Crosstable, number: int) -> FirstRatingWorking | None:
    """Player *number*'s (from 1) first rating in *crosstable*, line by line; ``None`` for
    a rated player. A zero score the edition disregards is worked all the same and marked
    (:attr:`~xlfuncs.core.first_rating.FirstRating.disregarded`, not published). Raises
    :class:`~xlfuncs.core.errors.NothingToComputeError` without a game against a rated
    opponent."""
    if crosstable.entrants[number - 1].rating is not None:
        return None
    edition = crosstable.edition
    system: System = "rr" if crosstable.round_robin else "swiss"
    games = crosstable.games(number)
    calc = first_rating(games, system=system, rules=edition, zero_score_figures=True)
    pairings = crosstable.entrants[number - 1].pairings
    lines: list[FirstRatingLine] = []
    for r, (rating, w) in zip(crosstable.game_rounds(number), games):
        opponent = pairings[r - 1].opponent
        assert opponent is not None  # a game of Crosstable.games has one
        rated = rating is not None
        left_out = None
        if rated:
            text = "rated opponent"
        elif calc.round_robin:
            text = (
                "unrated opponent: the points and the game count (round robin, "
                f"rules {edition.id}), not in Ra"
            )
        else:
            text = "unrated opponent"
            left_out = "an unrated opponent counts neither in Ra nor in the score"
        counted = rated or calc.round_robin
        lines.append(
            FirstRatingLine(r, opponent, rating, Fraction(w), rated, counted, text, left_out)
        )
    hypothetical = FirstRatingLine(
        None,
        None,
        edition.hypothetical_rating,
        Fraction(1, 2),
        True,
        True,
        f"hypothetical opponent rated {edition.hypothetical_rating}, drawn (rules {edition.id})",
    )
    lines += [hypothetical] * edition.first_rating_hypothetical_draws
    formula, steps = _steps(calc, lines)
    return FirstRatingWorking(
        player=number,
        edition=edition.id,
        lines=tuple(lines),
        calculation=calc,
        formula=formula,
        steps=steps,
        rule=edition_rule(edition),
    )


def _steps(calc: FirstRating, lines: list[FirstRatingLine]) -> tuple[str, tuple[str, ...]]:
    """The formula used and the derivation's sentences."""
    edition = calc.edition
    counted = [x.opponent_rating or 0 for x in lines if x.in_ra]
    ra_sum = " + ".join(str(r) for r in counted)
    steps = [
        f"Ra = ({ra_sum}) / {len(counted)} = {sum(counted)} / {len(counted)} = "
        f"{_hundredths(calc.ra)}",
        f"p = {_points(calc.score)} / {calc.games} = {float(calc.score / calc.games):.4f}, "
        f"{calc.percent / 100:.2f} in hundredths (half up)",
    ]
    if calc.bonus is not None:
        per = edition.first_rating_bonus_per_half_point
        above = 2 * calc.score - calc.games
        formula = f"Ru = Ra + {per} x (half points above 50 %)"
        steps.append(
            f"p >= 0.50: {formula} = {_hundredths(calc.ra)} + {per} x (2 x "
            f"{_points(calc.score)} - {calc.games}) = {_hundredths(calc.ra)} + {per} x "
            f"{above} = {_hundredths(calc.unrounded)}"
        )
    else:
        dp = calc.dp
        assert dp is not None  # Ra + dp where no bonus applied
        n = calc.games
        factor = f" x {n}/{n + 1}" if calc.round_robin else ""
        formula = "Ru = Ra + dp x n/(n+1)" if calc.round_robin else "Ru = Ra + dp"
        signed = f"+ {dp}" if dp >= 0 else f"- {-dp}"
        steps.append(
            f"dp({calc.percent / 100:.2f}) = {dp} (table 8.1(a)); {formula} = "
            f"{_hundredths(calc.ra)} {signed}{factor} = {_hundredths(calc.unrounded)}"
        )
    whole = round_half_up(calc.unrounded)
    maximum = edition.first_rating_maximum
    capped = f"{whole}, at most {maximum}: " if maximum is not None and whole > maximum else ""
    steps.append(f"Ru rounded (half up) = {capped}{calc.rating}")
    if calc.disregarded:
        steps.append("a zero score in a first event is disregarded: no first rating")
    elif calc.published:
        steps.append(
            f"published: {calc.rated_games} game{'s' if calc.rated_games != 1 else ''} against "
            "rated opponents (at least "
            f"{edition.first_rating_min_games}; the games of events within 26 months count "
            f"together) and {calc.rating} at the floor {edition.rating_floor} or above"
        )
    else:
        steps.append("not published: " + "; ".join(calc.reasons))
    return formula, tuple(steps)

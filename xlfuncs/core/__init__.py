"""The rating core: FIDE's rules as pure functions. No I/O, no Excel, no xlwings.

Where a rule lives:

- :mod:`~xlfuncs.core.tables`: tables 8.1(a) dp and 8.1(b) PD, and the rounding rules;
- :mod:`~xlfuncs.core.editions`: the editions of the regulations and what differs, for
  standard, rapid and blitz play;
- :mod:`~xlfuncs.core.performance`: exact, FIDE, linear and C.07 performances;
- :mod:`~xlfuncs.core.rating_change`: 400-point rule, K, K x n <= 700, the period's change;
- :mod:`~xlfuncs.core.first_rating`: the first rating of an unrated player;
- :mod:`~xlfuncs.core.norms`: title norms;
- :mod:`~xlfuncs.core.tiebreaks`: FIDE's tie-breaks (C.07) and the standing they make
  (editions: :mod:`~xlfuncs.core.tiebreak_editions`);
- :mod:`~xlfuncs.core.errors`: the exceptions, each naming its Excel error value.
"""

from .editions import (
    DEFAULT_EDITION,
    EDITIONS,
    RAPID_BLITZ_EDITIONS,
    Edition,
    RateOfPlay,
    edition_on,
    get_edition,
)
from .errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from .first_rating import FirstRating, first_rating, first_rating_from_totals
from .norms import NORM_TITLES, NormPerformance, norm_performance, norm_points, norm_ratings
from .performance import average, rp_exact, rp_exact_rounded, rp_fide, rp_linear, rp_ptp
from .rating_change import (
    GameDetail,
    RatingChange,
    capped_ratings,
    expected_score,
    k_for_games,
    k_rule,
    rating_change,
)
from .results import Outcome
from .tables import dp, pd, round_half_away, round_half_up

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "NORM_TITLES",
    "RAPID_BLITZ_EDITIONS",
    "Edition",
    "FirstRating",
    "GameDetail",
    "InvalidInputError",
    "NormPerformance",
    "NothingToComputeError",
    "OutOfRangeError",
    "Outcome",
    "RateOfPlay",
    "RatingChange",
    "XlfuncsError",
    "average",
    "capped_ratings",
    "dp",
    "edition_on",
    "expected_score",
    "first_rating",
    "first_rating_from_totals",
    "get_edition",
    "k_for_games",
    "k_rule",
    "norm_performance",
    "norm_points",
    "norm_ratings",
    "pd",
    "rating_change",
    "round_half_away",
    "round_half_up",
    "rp_exact",
    "rp_exact_rounded",
    "rp_fide",
    "rp_linear",
    "rp_ptp",
]

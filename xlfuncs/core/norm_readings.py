"""The readings the norm check takes where the Title Regulations (B.01, 2024 text) can be
read two ways, each with the option for the other (the texts and why: ``docs/norms.md``,
*Readings*).

- **1.4.3d, the big Swiss** (``big_swiss_count``): the count of each round, the round with
  fewest deciding (``"round"``), or one count over the event (``"event"``).
- **1.4.1f in a round robin** (``round_robin_mix``): the opponents' mix over the whole event
  (``"event"``), or over the games that remain (``"remaining"``).
- **1.4.2c, a last-round forfeit** (``last_round_forfeit``): not counted, and named
  (``"ignore"``), or counted as a game lost to the opponent who did not play (``"loss"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["DEFAULT_READINGS", "BigSwissCount", "LastRoundForfeit", "NormReadings", "RoundRobinMix"]

BigSwissCount = Literal["round", "event"]
RoundRobinMix = Literal["event", "remaining"]
LastRoundForfeit = Literal["ignore", "loss"]


@dataclass(frozen=True)
class NormReadings:
    """The reading taken on each ambiguous point (see the module's docstring)."""

    big_swiss_count: BigSwissCount = "round"
    round_robin_mix: RoundRobinMix = "event"
    last_round_forfeit: LastRoundForfeit = "ignore"

    def big_swiss_text(self) -> str:
        """The 1.4.3d reading as the audit names it, with the option for the other."""
        if self.big_swiss_count == "round":
            return (
                "1.4.3d counted in each round (the text: 'in every round'), the round with "
                "fewest deciding; --big-swiss-count event for one count over the event"
            )
        return (
            "1.4.3d counted once over the event (players missing at most one round); "
            "--big-swiss-count round for the count of each round"
        )

    def round_robin_mix_text(self) -> str:
        """The 1.4.1f reading in a round robin, with the option for the other."""
        if self.round_robin_mix == "event":
            return (
                "1.4.1f in a round robin: the opponents' mix over the whole event, games "
                "dropped or not; --round-robin-mix remaining for the games that remain"
            )
        return (
            "1.4.1f in a round robin: the opponents' mix over the games that remain; "
            "--round-robin-mix event for the whole event"
        )

    def last_round_forfeit_text(self, players: str) -> str:
        """The 1.4.2c reading, naming the *players* it concerns, with the option."""
        if self.last_round_forfeit == "ignore":
            return (
                f"1.4.2c (a last-round forfeit; the norm can stand if the player needed the "
                f"game and could afford to lose it) not applied: the forfeit of {players} "
                "not counted; --last-round-forfeit loss to count it as a game lost"
            )
        return (
            f"1.4.2c: the last-round forfeit of {players} counted as a game lost to the "
            "opponent who did not play; --last-round-forfeit ignore to leave it out"
        )


DEFAULT_READINGS: Final = NormReadings()
"""The readings taken when none is given."""

"""MY § C - Upkeep: the round advances, the first-player marker passes left, the sanctuary is
refilled (its Deity slots as soon as round 1 ends), the Destiny cards are reshuffled."""

from __future__ import annotations

from .tables import (
    SEL,
)


class Upkeep:
    """The Upkeep between rounds."""

    def _upkeep(self) -> None:
        """MY § C - Upkeep: advance the round, pass the first-player marker left, refill the
        sanctuary (the Deity slot as soon as round 1 ends), reshuffle the Destiny cards."""
        self.round += 1
        self.first = (self.first + 1) % self.n
        for b in range(4):
            for pos in range(4):
                if self.sanct[4 * b + pos] < 0:
                    self._refill(b, pos)
        self.destiny = []
        self.sel_step = "reveal"
        self.phase = SEL
        self._log(f"round {self.round}")

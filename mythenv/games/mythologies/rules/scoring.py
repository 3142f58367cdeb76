"""MY § End of Game and Final Scoring: hourglass effects, 3 Gems = 1 Favor, the ties (Gems left,
Deities, visible cards, then a shared victory), and the returns and scores derived from them."""

from __future__ import annotations

from ..cards import DEITY
from .tables import (
    EFFECTS_OF,
    OVER,
    TYPE_OF,
)


class FinalScoring:
    """The final scoring and the returns."""

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        if self.game.config["reward"] == "score":
            sc = [f[0] for f in self.final]
            return [float(sc[p] - max(sc[q] for q in range(self.n) if q != p)) for p in range(self.n)]
        best = max(self.final)
        return [1.0 if self.final[p] == best else -1.0 for p in range(self.n)]

    def scores(self) -> list[float]:
        if self.final is None:
            return [float(f) for f in self.fav]
        return [float(f[0]) for f in self.final]

    def _final_scoring(self) -> None:
        """MY § End of Game and Final Scoring: Favors, hourglass Favors, then 3 Gems = 1 Favor;
        ties: Gems left, Deities, visible cards; then shared victory."""
        self.stack = []
        for p in range(self.n):
            for _s, c in self.visible(p):
                for e, eff in enumerate(EFFECTS_OF[c]):
                    if eff.when == "endgame":
                        fr = {"t": "eff", "c": p, "src": c, "e": e, "pc": 0, "v": {"o": {}}, "eid": 0}
                        for op in eff.ops:
                            self.handlers["op"][op["op"]](self, fr, op)
        final = []
        for p in range(self.n):
            conv = self.gem[p] // 3
            self.fav[p] += conv
            self.gem[p] -= 3 * conv
            vis = self.visible(p)
            final.append([self.fav[p], self.gem[p], sum(1 for _, c in vis if TYPE_OF[c] == DEITY), len(vis)])
        self.final = final
        self.phase = OVER
        self.dec = None

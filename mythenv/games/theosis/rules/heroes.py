"""Hero Phase (TH § Hero Phase): snake-order hero selection."""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import HEROES
from .actions import A_PICK, NH


class HeroPhase:
    """Hero Phase (TH § Hero Phase): snake-order hero selection."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    @task("select")
    def _task_select(self) -> None:
        if len(self.order) == 0:
            # --- Hierapolis: the Preparation Phase follows the Hero Phase unless Fast Action Preparation
            self._push(["hp_start"] if self.game.config["prep"] == "hierapolis" else ["draft_start"])
            return
        self._ask("pick", self.order[0])

    @lister("pick")
    def _options_pick(self, p):
        return [A_PICK + h * 2 + a for h in range(NH) if self.owner[h] < 0 for a in range(2)]

    @decision("pick")
    def _decide_pick(self, fam, i, p):
        h, ar = divmod(i, 2)
        self.owner[h] = p
        self.arch[h] = ar
        self.pickno[h] = sum(1 for x in self.owner if x >= 0) - 1
        self.order.pop(0)
        self._log(f"P{p} picks {HEROES[h].name} ({HEROES[h].archetypes[ar]})")
        self._push(["select"])

    def heroes_of(self, p: int) -> list[int]:
        owner = self.owner
        mine = [h for h in range(NH) if owner[h] == p]
        if len(mine) > 1:
            mine.sort(key=self.pickno.__getitem__)
        return mine

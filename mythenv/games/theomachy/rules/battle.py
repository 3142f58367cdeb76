"""TM § The Battle Phase: Battle turns (TM § Allowed Battle Actions) and TM § End of Battle Step."""

from __future__ import annotations

from mythenv.core.engine import handles

from .tables import BATTLE, kind, value


class BattlePhase:
    """The Battle turns and the End of Battle Step."""

    @handles("resume", "betting_end")
    def _start_battle(self) -> None:
        self.step = BATTLE
        self.attacks = [0] * self.n
        self.passes = 0
        if self._phase_hook("battle", "start"):
            return  # a window (Mythology cards, Heroes): _battle_first_turn follows when it closes
        self._battle_first_turn()

    @handles("resume", "battle_start")
    def _battle_first_turn(self) -> None:
        self.turn = self._first_active()
        self._begin_battle_turn()

    def _begin_battle_turn(self) -> None:
        self.turn_played = False
        self.action_sphere = -1
        self.multi = False
        if not self._may_go_on(self.turn):
            self._end_battle_turn(passed=True)

    def _end_battle_turn(self, passed: bool) -> None:
        self.passes = self.passes + 1 if passed else 0
        part = sum(1 for p in range(self.n) if self.active(p))
        if self.passes >= part:
            self._end_of_battle()
            return
        self.turn = self._next(self.turn, self.active)
        self._begin_battle_turn()

    def battle_power(self, p: int) -> int:
        """TM § End of Battle Step: Stake face value plus the Power of the Attacks (and the designed
        continuous Effects and Places)."""
        total = value(self.stake[p])
        ntok = sum(self.stake[p])
        for c in self.table[p]:
            k = kind(c)
            for op in k.ops:
                if op[0] == "power":
                    total += op[1]
                elif op[0] == "per_token":
                    total += op[1] * ntok
        for pl in self.places[p]:
            for op in kind(pl[0]).ops:
                if op[0] == "power":
                    total += op[1]
                elif op[0] == "per_attack":
                    total += op[1] * self.attacks[p]
        if self.advanced:
            total += self._myth_power(p)
        return total

    def _end_of_battle(self) -> None:
        if self._phase_hook("end_of_battle", "start"):
            return  # a window at the end of the Battle: _battle_totals follows when it closes
        self._battle_totals()

    @handles("resume", "battle_end")
    def _battle_totals(self) -> None:
        self.power = [self.battle_power(p) if self.active(p) else 0 for p in range(self.n)]
        self._phase_hook("battle", "end")
        self._closing()

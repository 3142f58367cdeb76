"""TM § The Betting Phase: Betting Rounds, TM § Actions (pass, call, raise, fold), TM § Last Stand,
TM § Ending a Betting Round."""

from __future__ import annotations

from mythenv.core.engine import handles

from .exchange import _pay
from .tables import LAST_STAND_PER_BOX, TOKEN_NAMES


class BettingPhase:
    """The Betting Rounds and the betting actions (pass, call, raise, fold, Last Stand)."""

    @handles("resume", "betting_start")
    def _start_round(self) -> None:
        for p in range(self.n):
            self.acted[p] = False
        self.turn = self._first_active()
        self._begin_bet_turn()

    def _begin_bet_turn(self) -> None:
        self.acted_now = False

    def _need(self, p: int):
        return [self.level[t] - self.paid[p][t] for t in range(3)]

    def _bet_legal(self, p: int) -> list[int]:
        C = self.C
        need = self._need(p)
        owed = any(need)
        out = []
        if not owed:
            out.append(C.PASS)
        elif self.ls[p] or self._can_pay(p, need):
            out.append(C.CALL)
        if not self.ls[p]:
            for t in range(3):
                nd = need[:]
                nd[t] += 1
                if self._can_pay(p, nd):
                    out.append(C.off["raise"] + t)
            out.append(C.FOLD)
            if owed and C.CALL not in out and self._ls_free() > 0:
                out.append(C.LAST_STAND)
        return out

    def _ls_free(self) -> int:
        return LAST_STAND_PER_BOX * self.boxes - sum(self.ls)

    def _put(self, p: int, need) -> None:
        _pay(self.cult[p], self.bank, need)
        for t in range(3):
            self.stake[p][t] += need[t]
            self.paid[p][t] += need[t]

    def _call_from_bank(self, p: int) -> None:
        """TM § Last Stand: the call is paid with tokens from the bank placed on the Last Stand card
        (designed: the whole call comes from the bank; a bank shortfall is forgiven)."""
        need = self._need(p)
        for t in range(3):
            g = min(need[t], self.bank[t])
            self.bank[t] -= g
            self.stake[p][t] += g
            self.lsk[p][t] += g
        self.paid[p] = self.level[:]

    def _bet_action(self, p: int, name: str, t: int) -> None:
        if name == "fold":
            # TM § Actions: Fold - the hand leaves play; TM § Leaving a Hand in Progress (later text):
            # the folded player takes these cards back in the Closing Phase, so they wait face down
            self.aside[p] = self.hand[p]
            self.hand[p] = []
            self.folded[p] = True
            self.acted[p] = True
            self._log(f"{self.name(p)} folds")
            self._end_bet_turn()
            return
        if name == "call":
            if self.ls[p]:
                self._call_from_bank(p)
            else:
                self._put(p, self._need(p))
            self._log(f"{self.name(p)} calls")
        elif name == "raise":
            need = self._need(p)
            need[t] += 1
            self._put(p, need)
            self.level = self.paid[p][:]
            self._log(f"{self.name(p)} raises with a {TOKEN_NAMES[t]}")
        elif name == "last_stand":
            self.ls[p] = True
            self._call_from_bank(p)
            self._log(f"{self.name(p)} makes a Last Stand")
        else:
            self._log(f"{self.name(p)} passes")
        self.acted[p] = True
        self.acted_now = True
        if not self._may_go_on(p):
            self._end_bet_turn()

    def _end_bet_turn(self) -> None:
        act = [p for p in range(self.n) if self.active(p)]
        if len(act) == 1:
            # TM § Ending a Betting Round: straight to the Closing Phase
            self._closing()
            return
        if all(self.acted[p] and self.paid[p] == self.level for p in act):
            self._phase_hook(f"betting_round_{self.round + 1}", "end")
            self.round += 1
            if self.round < 3:
                self.const_up += 1          # the Turn, then the River
                self._start_round()
            else:
                if self._phase_hook("betting", "end"):
                    return  # a window: _start_battle follows when it closes
                self._start_battle()
            return
        self.turn = self._next(self.turn, self.active)
        self._begin_bet_turn()

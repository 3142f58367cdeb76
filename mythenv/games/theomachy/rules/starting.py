"""The Hand: TM § The Starting Phase (hands refilled, the Constellation and the Initial Ante marker,
the Initial Ante) and TM § Losing and Winning (elimination, the end of the game)."""

from __future__ import annotations

from mythenv.core.engine import handles

from .exchange import _pay
from .tables import BET, HAND_SIZE, OVER, kind


class StartingPhase:
    """TM § The Starting Phase (draw, the Constellation, the Initial Ante) and TM § Losing and Winning."""

    def _start_hand(self) -> None:
        """TM § The Starting Phase."""
        if self.hands == 0:
            for i in range(6):
                if self.prayer:
                    self.track[i] = self.prayer.pop()
                    self._public(self.track[i])
        if self._phase_hook("starting", "start"):
            return  # a window: _starting_draw follows when it closes
        self._starting_draw()

    @handles("resume", "starting_start")
    def _starting_draw(self) -> None:
        """TM § The Starting Phase after its start: the hands, the Constellation, the Initial Ante."""
        n = self.n
        for p in range(n):
            if not self.alive[p]:
                continue
            size = HAND_SIZE
            for pl in self.places[p]:
                op = kind(pl[0]).op("hand_size")
                if op:
                    size = max(size, op[1])
            if self.advanced:
                size = max(size, self._always(p, "hand_size"))
            if len(self.hand[p]) < size:
                self._draw(p, size - len(self.hand[p]))
        # the Constellation, with the reshuffle and the Initial Ante marker
        if len(self.ess_deck) < 5:
            self.ess_deck.extend(self.ess_disc)
            self.ess_disc = []
            self.ess_deck.sort()
            self.rng.shuffle(self.ess_deck)
            self.ess_shuffles += 1
            self.ante = min(3, 1 + self.ess_shuffles)
        self.const = [self.ess_deck.pop() for _ in range(5)]
        self.const_up = 3
        # the Initial Ante: too few Disciples -> eliminated (TM § Losing and Winning); an exchange that
        # waited for the bank is made first (TM § Exchanging Tokens: "at any moment")
        self._settle()
        out = []
        # paid clockwise from the First Player, as every simultaneous play (designed, see the doc page):
        # a mid-payment exchange the bank can pay for one seat only goes to the first of them
        for p in self._clockwise_from_first():
            if not self.alive[p]:
                continue
            need = (self.ante, 0, 0)
            if _pay(self.cult[p][:], self.bank[:], need):
                _pay(self.cult[p], self.bank, need)
                self.stake[p] = [self.ante, 0, 0]
                self.paid[p] = [self.ante, 0, 0]
            else:
                out.append(p)
        out.sort()
        self.level = [self.ante, 0, 0]
        for p in out:
            self._log(f"{self.name(p)} cannot pay the Initial Ante of {self.ante} and is eliminated")
            self._eliminate(p)
        if self.epic and out and self._epic_ante(out):
            return  # TM § Epic Game Mode: the re-created Cults paid the Ante; someone reached 10
        if self._check_end(out):
            return
        if not self.alive[self.first]:
            self.first = self._next(self.first, lambda q: self.alive[q])
        if self._phase_hook("starting", "end"):
            return  # a window: _starting_done follows when it closes
        self._starting_done()

    @handles("resume", "starting_end")
    def _starting_done(self) -> None:
        """The Betting Phase begins."""
        self.step = BET
        self.round = 0
        if self._phase_hook("betting", "start"):
            return  # a window: _start_round follows when it closes
        self._start_round()

    def _eliminate(self, p: int) -> None:
        """A seat leaves the game: its followers go back to the bank, its cards to its discard pile."""
        self.alive[p] = False
        self.elim[p] = self.hands
        for t in range(3):
            self.bank[t] += self.cult[p][t] + self.stake[p][t]
        self.cult[p] = [0, 0, 0]
        self.stake[p] = [0, 0, 0]
        self.lsk[p] = [0, 0, 0]
        self.paid[p] = [0, 0, 0]
        self.ls[p] = False
        for pl in self.places[p]:
            self.bank[pl[2]] += 1
            self._to_disc(p, pl[0])
        self.places[p] = []
        for c in self.hand[p] + self.table[p] + self.aside[p]:
            self._to_disc(p, c)
        self.hand[p] = []
        self.table[p] = []
        self.aside[p] = []

    def _check_end(self, last_out) -> bool:
        alive = [p for p in range(self.n) if self.alive[p]]
        if len(alive) > 1:
            return False
        self.step = OVER
        self.pending = []
        if len(alive) == 1:
            self.result_kind = "winner"
            self._log(f"{self.name(alive[0])} is the last player standing")
        else:
            self.result_kind = "shared"
            self.winners = list(last_out)
            self._log("the last players are eliminated together: a shared draw")
        return True

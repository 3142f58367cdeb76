"""TM § The Closing Phase: the winner(s) of the Hand, the Closing-Phase Effects window, the Stakes,
Duel at the Summit, damaged Places, the folded players' cards (TM § Folding, TM § Leaving a Hand in
Progress) and the expelled Last Stands."""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister

from ..cards import KINDS
from .exchange import _exchange
from .tables import CLOSING, CLOSING_KINDS, PH, POWER, PR, kind


class ClosingPhase:
    """The winner(s), the Closing-Phase Effects window, the Stakes, Duel at the Summit and the new First
    Player."""

    def _closing(self) -> None:
        self.step = CLOSING
        if self._phase_hook("closing", "start"):
            return  # a window: _closing_body follows when it closes
        self._closing_body()

    @handles("resume", "closing_start")
    def _closing_body(self) -> None:
        inhand = [p for p in range(self.n) if self.active(p)]
        if len(inhand) == 1:
            # TM § The Closing Phase: the only player left in the Hand wins automatically
            winners = inhand
            self.power = [0] * self.n
        else:
            best = max(self.power[p] for p in inhand)
            winners = [p for p in inhand if self.power[p] == best]
        self.winners = winners
        self._log(("winners: " if len(winners) > 1 else "winner: ") + ", ".join(self.name(w) for w in winners)
                  + (f" (Power {self.power[winners[0]]})" if len(inhand) > 1 else ""))
        # folded players take back their cards (TM § Leaving a Hand in Progress)
        for p in range(self.n):
            if self.aside[p]:
                self.hand[p].extend(self.aside[p])
                self.aside[p] = []
        # Closing-Phase Effects, clockwise from the First Player
        seats = [q for q in self._clockwise_from_first() if self._asked_close(q)]
        if seats:
            self.pending.append(("closing", seats[0], -1, tuple(seats[1:])))
            return
        self._closing_rest()

    def _asked_close(self, q: int) -> bool:
        """Is ``q`` asked in the Closing window (TM § The Closing Phase: Effects played clockwise from
        the First Player)? Public windows: every loser (the designed Last Rites is for losers, and who
        lost is public) that could play a Closing Effect given public facts, folded or not; with
        ``windows="holders"``: only a loser holding one it can fuel."""
        if self.public_windows:
            return self.alive[q] and q not in self.winners and self._could_play(q, CLOSING_KINDS)
        return self._can_close(q)

    def _can_close(self, q: int, now: bool = False) -> bool:
        if not self.alive[q] or q in self.winners:
            return False
        extra = None if now else [c for c in self.hand[q] if kind(c).type == POWER]
        for c in self.hand[q]:
            k = kind(c)
            if k.timing == "closing" and not (k.once and k.index in self.once[q]) and self._meets(q, k, extra):
                return True
        return False

    @lister("closing")
    def _closing_legal(self, pend) -> list[int]:
        q = pend[1]
        C = self.C
        out = {C.DECLINE}
        for c in self.hand[q]:
            k = kind(c)
            if k.type == POWER or (k.timing == "closing" and self._meets(q, k)):
                out.add(C.off["play"] + k.index)
        return sorted(out)

    @decision("closing")
    def _closing_apply(self, name: str, i: int) -> None:
        q = self.pending[-1][1]
        if name != "play":
            self._closing_next()
            return
        k = KINDS[i]
        x = self._take(q, i)
        self._public(x)
        self._log(f"{self.name(q)} plays {k.name}")
        if self.advanced:
            self._count_play(q, k)  # a Closing Effect is an Effect card played this Hand
        if k.type == POWER:
            self.table[q].append(x)
            self._closing_after(q)
            return
        # a Closing Effect is an Effect: an opponent may answer it with a reaction (Interruption), TM §
        # Playing a Card in Reaction ("whoever is currently playing"); every player still in the game
        # takes part in the Closing Phase, folded or not (TM § Leaving a Hand in Progress)
        seats = [s for s in self._clockwise_from_first()
                 if s != q and self.alive[s] and self._asked_react(s, "effect")]
        if seats:
            self.pending.append(("react", seats[0], x, q, -1, tuple(seats[1:])))
            return
        self._closing_resolve(q, x)

    def _closing_resolve(self, q: int, x: int) -> None:
        """A Closing Effect nobody cancelled takes effect, then ``q`` may go on playing."""
        for op in kind(x).ops:
            if op[0] == "save":
                self.saved[q][op[1]] += op[2]
        self._to_disc(q, x)
        self._closing_after(q)

    def _closing_after(self, q: int) -> None:
        """After ``q`` played a card in its Closing window: it stays asked while it still could play."""
        if not self._asked_close(q):
            self._closing_next()

    def _closing_next(self) -> None:
        """The seat of the Closing window on top is done: ask the next one, else finish the Phase."""
        rest = self.pending.pop()[3]
        rest = [s for s in rest if self._asked_close(s)]
        if rest:
            self.pending.append(("closing", rest[0], -1, tuple(rest[1:])))
            return
        self._closing_rest()

    def _closing_rest(self) -> None:
        winners = self.winners
        # TM § Duel at the Summit ("This rule does not apply to the Epic mode")
        duel = sum(self.alive) == 2 and not self.epic
        losers = [p for p in range(self.n) if self.alive[p] and p not in winners]
        if self.advanced:
            self._myth_closing_start(losers)  # Requests, "lose" triggers (rules/myth.py)
        expelled = []
        for p in losers:
            for t in range(3):
                keep = min(self.saved[p][t], self.stake[p][t] - self.lsk[p][t])
                self.cult[p][t] += keep
                self.bank[t] += self.stake[p][t] - keep
            self.stake[p] = [0, 0, 0]
            self.lsk[p] = [0, 0, 0]
            self._damage_places(p)
            if self.ls[p]:
                expelled.append(p)
        # the losers' tokens are in the bank (all Stakes together, TM § The Closing Phase): exchanges
        # that waited for them happen now, clockwise from the First Player (``_settle``)
        self._settle()
        if len(winners) == 1:
            w = winners[0]
            # Advanced / Epic: per the Rules Clarification on Lia Fail "the exchange is made from the
            # bank to your Stake", so the free Priest / Prophet go to the Stake (and back to the Cult
            # with it below) before the Mythology cards' "win" triggers look at the Cult
            gain_to = self.stake[w] if self.advanced else self.cult[w]
            if not duel:
                self._bank_give(gain_to, PR, 1)
                if self.cult[w][PH] == 0:
                    self._bank_give(gain_to, PH, 1)
            for pl in self.places[w]:
                op = kind(pl[0]).op("win_gain")
                if op:
                    self._bank_give(self.cult[w], op[1], op[2])
        if self.advanced:
            self._myth_closing_win()  # "win" triggers, the Heroes live or die (rules/myth.py)
        for w in winners:
            for t in range(3):
                self.bank[t] += self.lsk[w][t]
                self.cult[w][t] += self.stake[w][t] - self.lsk[w][t]
            self.stake[w] = [0, 0, 0]
            self.lsk[w] = [0, 0, 0]
            _exchange(self.cult[w], self.bank)
        # the new First Player
        if len(winners) == 1:
            self.first = winners[0]
        else:
            self.first = self._next(self.first, lambda q: q in winners)
        # discard hands, played cards; Places stay; the Constellation goes
        for p in range(self.n):
            for c in self.hand[p] + self.table[p]:
                self._to_disc(p, c)
            self.hand[p] = []
            self.table[p] = []
            self.paid[p] = [0, 0, 0]
            self.ls[p] = False
            self.folded[p] = False
            self.peek[p] = False
            self.once[p] = []
            self.saved[p] = [0, 0, 0]
        self.level = [0, 0, 0]
        self.ess_disc.extend(self.const)
        self.const = []
        self.const_up = 0
        out = []
        for p in expelled:
            self._log(f"{self.name(p)} lost with a Last Stand and is expelled")
            self._eliminate(p)
            out.append(p)
        for p in range(self.n):
            if self.alive[p] and not any(self.cult[p]):
                self._log(f"{self.name(p)} has no followers left")
                self._eliminate(p)
                out.append(p)
        if self.epic and self._epic_hand_won(out):
            return  # TM § Epic Game Mode: "the game stops immediately"
        if self._check_end(out):
            return
        if not self.alive[self.first]:
            self.first = self._next(self.first, lambda q: self.alive[q])
        if self._phase_hook("closing", "end"):
            return  # a window: _start_prayer follows when it closes
        self._start_prayer()

"""The basics of a Theomachy position: the State protocol's queries (whose turn, terminal, returns),
seat order (TM § First Player and Turn Order), Essence counting (TM § How to Play Action Cards),
hand and draw-pile moves (TM § Drawing Cards and Shuffling Your Deck), the Phase hook, and the
dispatch of legal actions and moves to the Step that owns them."""

from __future__ import annotations

from mythenv.core.game import TERMINAL, take_copy

from ..cards import ESSENCES
from .tables import BET, DRAFT_DROP, DRAFT_PICK, GOD, MYTH, OVER, PANTHEON, POWER, PRAYER, kid, kind


class StateBasics:
    """Whose turn it is, the returns, seat order, Essence counting, hands and draw piles, the Phase hook
    and the action dispatch."""

    def current_player(self) -> int:
        if self.step == OVER:
            return TERMINAL
        if self.pending:
            return self.pending[-1][1]
        if self.step in (DRAFT_PICK, DRAFT_DROP):
            return self.draft_seat
        if self.step == PRAYER:
            return self.prayer_seat
        if self.step >= PANTHEON:
            return self.myth_seat if self.step == MYTH else self.pick_seat
        return self.turn

    def is_terminal(self) -> bool:
        return self.step == OVER

    def finished_seats(self) -> dict[int, float]:
        """Seats eliminated while the game goes on: their -1 is final (the env terminates them)."""
        if self.step == OVER or all(self.alive):  # asked after every move: the common case first
            return {}
        return {p: -1.0 for p in range(self.n) if not self.alive[p]}

    def returns(self) -> list[float]:
        """+1 for the last player standing, -1 for every eliminated seat; at the Hand bound (or when
        the last players are eliminated together) the survivors / those last ones get 0."""
        if self.step != OVER:
            return [0.0] * self.n
        out = []
        for p in range(self.n):
            if self.alive[p]:
                out.append(1.0 if self.result_kind == "winner" else 0.0)
            elif self.result_kind == "shared" and self.elim[p] == self.hands and p in self.winners:
                out.append(0.0)
            else:
                out.append(-1.0)
        return out

    def _log(self, msg: str) -> None:
        self.log.append(msg)
        if len(self.log) > 14:
            del self.log[0]

    def name(self, p: int) -> str:
        return f"player_{p}"

    def active(self, p: int) -> bool:
        """In the game and in the current Hand (has not folded)."""
        return self.alive[p] and not self.folded[p]

    def _next(self, p: int, pred) -> int:
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if pred(q):
                return q
        return -1

    def _first_active(self) -> int:
        """TM § First Player and Turn Order: the First Player starts; folded / eliminated are skipped."""
        if self.active(self.first):
            return self.first
        return self._next(self.first, self.active)

    def _clockwise_from_first(self):
        return [(self.first + i) % self.n for i in range(self.n)]

    def essence(self, p: int):
        """(Essence count per sphere, [Order orbs, Chaos orbs]) over the revealed Constellation cards
        and ``p``'s played Power cards (TM § How to Play Action Cards)."""
        sph = [0, 0, 0, 0]
        orbs = [0, 0]
        for e in self.const[:self.const_up]:
            es = ESSENCES[e]
            sph[es.sphere] += 1
            orbs[es.orb] += es.orbs
        for c in self.table[p]:
            k = kind(c)
            if k.type == POWER:
                sph[k.sphere] += 1
                orbs[k.orb] += k.orbs
        if self.advanced and self.revealed:
            self._static_essence(p, sph, orbs)  # Danu's Ability (op ``essence``, rules/myth.py)
        return sph, orbs

    def _meets(self, p: int, k, extra=None) -> bool:
        sph, orbs = self.essence(p)
        if extra:
            for c in extra:
                kk = kind(c)
                sph[kk.sphere] += 1
                orbs[kk.orb] += kk.orbs
        if sph[k.sphere] < k.symbols:
            return False
        return k.orb < 0 or orbs[k.orb] >= k.orbs

    def _has(self, p: int, k: int) -> bool:
        for c in self.hand[p]:
            if kid(c) == k:
                return True
        return False

    def _take(self, p: int, k: int) -> int:
        """Remove a card of kind ``k`` from ``p``'s hand: one others know of first, then the lowest id."""
        return take_copy(self.hand[p], k, kid, self.vis, ((1 << self.n) - 1) ^ (1 << p))

    def _public(self, c: int) -> None:
        self.vis[c] = (1 << self.n) - 1

    def _to_disc(self, p: int, c: int) -> None:
        self.disc[p].append(c)
        self._public(c)

    def _draw(self, p: int, k: int) -> int:
        """Draw ``k`` cards; an empty draw pile is replaced by the shuffled discard pile at once
        (TM § Drawing Cards and Shuffling Your Deck). Returns the number drawn."""
        got = 0
        bit = 1 << p
        for _ in range(k):
            if not self.deck[p]:
                if not self.disc[p]:
                    break
                self.deck[p] = self.disc[p]
                self.disc[p] = []
                self.rng.shuffle(self.deck[p])
                for c in self.deck[p]:
                    self.vis[c] = bit
            c = self.deck[p].pop()
            self.hand[p].append(c)
            self.vis[c] = bit
            got += 1
        return got

    def _phase_hook(self, phase: str, when: str) -> bool:
        """Start / end of a Phase. The Basic game has nothing here; the Advanced and Epic modes
        (``MythMixin._phase_hook``, which comes first in the bases) hang Mythology cards, Abilities
        and Requests on these points (TM § Mythology Cards and Their Abilities: "at the start and
        end of a Phase", clockwise from the First Player). True when a window opened: the caller
        returns and the game goes on when the window closes."""
        return False

    def _compute_legal(self) -> list[int]:
        if self.step == OVER:
            return []
        C = self.C
        if self.pending:
            pend = self.pending[-1]
            if pend[0] == "target":
                p, c = pend[1], pend[2]
                return sorted(C.off["target"] + (q - p) % self.n - 1 for q in self._targets(p, kind(c)))
            if pend[0] == "closing":
                return self._closing_legal(pend[1])
            if pend[0] == "react":
                return self._react_legal(pend)
            if pend[0] == "window":
                return self._window_legal(pend)
            if pend[0] == "cost":
                return self._cost_legal(pend)
            return self._mtarget_legal(pend)
        if self.step == DRAFT_PICK:
            p = self.draft_seat
            return sorted({C.off["pick"] + kid(c) for c in self.draft_hand[p]})
        if self.step == DRAFT_DROP:
            p = self.draft_seat
            return sorted({C.off["drop"] + kid(c) for c in self.picks[p]})
        if self.step == PRAYER:
            return self._prayer_legal(self.prayer_seat)
        if self.step >= PANTHEON:
            if self.step == PANTHEON:
                return self._pantheon_legal(self.pick_seat)
            if self.step == GOD:
                return list(range(C.off["god"], C.off["god"] + 3))
            return self._myth_legal(self.myth_seat)
        p = self.turn
        plays = [C.off["play"] + k for k in self._playable_kinds(p)]
        if self.advanced and self._ability_ok(p):
            plays.append(C.off["ability"])
        if self.step == BET:
            if self.acted_now:
                return plays + [C.END]
            return plays + self._bet_legal(p)
        # battle
        return plays + [C.END if self.turn_played else C.PASS]

    def _apply(self, a: int) -> None:
        self._legal = None
        self._step(a)
        # TM § Exchanging Tokens "at any moment": whatever the action gave back to the bank
        self._settle()

    def _step(self, a: int) -> None:
        name, i = self.C.decode[a]
        if self.pending:
            pend = self.pending[-1]
            if pend[0] == "target":
                self.pending.pop()
                p = pend[1]
                self._announce(p, pend[2], (p + i + 1) % self.n)
            elif pend[0] == "closing":
                self._closing_apply(name, i)
            elif pend[0] == "react":
                self._react_apply(name, i)
            elif pend[0] == "window":
                self._window_apply(name, i)
            elif pend[0] == "cost":
                self._cost_apply(name, i)
            else:
                self._mtarget_apply(i)
            return
        if self.step == DRAFT_PICK:
            self._draft_pick(self.draft_seat, i)
            return
        if self.step == DRAFT_DROP:
            self._draft_drop(self.draft_seat, i)
            return
        if self.step == PRAYER:
            self._prayer_take(self.prayer_seat, name, i)
            return
        if self.step >= PANTHEON:
            if self.step == PANTHEON:
                self._choose_pantheon(self.pick_seat, i)
            elif self.step == GOD:
                self._choose_god(self.pick_seat, i)
            else:
                self._myth_apply(self.myth_seat, name)
            return
        p = self.turn
        if name == "play":
            self._play(p, i)
            return
        if name == "ability":
            self._use_ability(p)
            return
        if self.step == BET:
            if name == "end_turn":
                self._end_bet_turn()
            else:
                self._bet_action(p, name, i)
            return
        self._end_battle_turn(passed=(name == "pass"))

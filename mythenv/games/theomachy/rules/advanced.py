"""Theomachy Advanced game: preparation (Pantheon, God), the Myth Phase and the advanced state fields.

TM § Choose a Pantheon: before the draft, each player (in seat order, designed) chooses a Pantheon
and shuffles its five Mythology cards into a deck, top card face up (at 5-8 players, two boxes, a
Pantheon may be taken twice). TM § Final Selection of the God: after the draft each player secretly
chooses one of the three Gods of his Pantheon (sequential hidden commits, revealed together); Thor
then takes Mjollnir (his setup Ability, ``take_myth``). TM § The Myth Phase: after the Prayer
Phase each player from the First Player buys the visible Mythology card, moves it to the bottom or
leaves the deck.

Advanced state (the fields declared ``only="advanced"`` in ``state.StateBasics.fields``: they exist and
are saved only when the mode is not "basic"): ``pantheon[p]`` /
``deity[p]`` (-1 before the choice), ``revealed``, ``miracles[p]``, the Mythology cards of each seat
(ids into ``MYTHS``) in ``myth_deck[p]`` (last = the face-up top card; the ``myth_known[p]`` cards
at the bottom were moved there in view of everyone, the rest below the top is unknown), ``myth_own[p]`` (in play in
front of the Deity sheet, Heroes on their card included), ``myth_used[p]`` (used this Hand),
``hero_stake[p]`` (Heroes whose token is in the Stake), ``myth_out[p]`` (out of the game), and the
per-Hand ``ab_uses`` (Ability uses: an active one, or a passive one at a repeatable trigger),
``req_done`` (Request Miracle earned), ``bonus`` (instant Power for this Hand's Battle),
``hand_multi`` / ``hand_shield``, ``h_attacks`` / ``h_spheres`` (bitmask) / ``h_effects`` (cards played this Hand) / ``h_stripped`` (tokens removed
from opponents' Stakes); seats of the sequential choices ``pick_seat``, of the Myth Phase
``myth_seat`` / ``myth_left``.
"""

from __future__ import annotations

from mythenv.core.engine import handles
from mythenv.core.words import counted

from ..pantheons import DEITIES, MYTH_INDEX, MYTHS, ND, PANTHEONS, REPEATABLE
from .tables import BATTLE, CLOSING, DRAFT_DROP, DRAFT_PICK, GOD, MYTH, PANTHEON


def pantheon_limit(n: int) -> int:
    """TM § Introduction: 5-8 players mix two boxes, so a Pantheon may be taken twice (at most)."""
    return 1 if n <= 4 else 2


class AdvancedMixin:
    def _adv_new_hand(self) -> None:
        """Per-Hand bookkeeping (TM § Divine Abilities: once per Hand; § God's Request: one Miracle
        per Hand; Mythology cards: "wait for the next Hand")."""
        n = self.n
        self.ab_uses = [0] * n
        self.req_done = [False] * n
        self.bonus = [0] * n
        self.hand_multi = [False] * n
        self.hand_shield = [False] * n
        self.h_attacks = [0] * n
        self.h_spheres = [0] * n
        self.h_effects = [0] * n
        self.h_stripped = [0] * n
        self.myth_used = [[] for _ in range(n)]

    # ------------------------------------------------------------------ TM § Choose a Pantheon
    def _pantheon_legal(self, p: int) -> list[int]:
        lim = pantheon_limit(self.n)
        base = self.C.off["pantheon"]
        return [base + j for j in range(len(PANTHEONS)) if self.pantheon.count(j) < lim]

    def _choose_pantheon(self, p: int, j: int) -> None:
        self.pantheon[p] = j
        deck = list(PANTHEONS[j].myths)
        self.rng.shuffle(deck)
        self.myth_deck[p] = deck
        self._log(f"{self.name(p)} chooses the {PANTHEONS[j].name} Pantheon")
        if p < self.n - 1:
            self.pick_seat = p + 1
            return
        # TM § Create Your Starting Deck: the draft follows (mandatory in the Advanced game)
        self.step = DRAFT_PICK
        self._deal_draft()

    # ------------------------------------------------------------------ TM § Final Selection of the God
    def _choose_god(self, p: int, i: int) -> None:
        self.deity[p] = PANTHEONS[self.pantheon[p]].deities[i]
        self._log(f"{self.name(p)} chooses a God face down")
        if p < self.n - 1:
            self.pick_seat = p + 1
            return
        self.revealed = True
        for q in range(self.n):
            self._log(f"{self.name(q)} reveals {DEITIES[self.deity[q]].name}")
        for q in range(self.n):
            for ops, _target in self._passive_sources(q, "setup"):
                for op in ops:
                    if op[0] == "take_myth":
                        m = MYTH_INDEX[op[1]]
                        if m in self.myth_deck[q]:
                            self.myth_deck[q].remove(m)
                            self.myth_own[q].append(m)
                            self.rng.shuffle(self.myth_deck[q])
                            self.myth_known[q] = 0
                            self._log(f"{self.name(q)} takes {MYTHS[m].name} from the Mythology deck")
        self._end_preparation()

    # ------------------------------------------------------------------ TM § The Myth Phase
    def _start_myth(self) -> None:
        self.step = MYTH
        self.myth_left = sum(self.alive)
        self.myth_seat = self.first
        if self._phase_hook("myth", "start"):
            return  # a window: _myth_begin follows when it closes
        self._myth_begin()

    @handles("resume", "myth_start")
    def _myth_begin(self) -> None:
        self._myth_next(advance=False)

    def _myth_legal(self, p: int) -> list[int]:
        C = self.C
        deck = self.myth_deck[p]
        out = []
        if deck:
            if self.miracles[p] >= MYTHS[deck[-1]].cost:
                out.append(C.off["myth_buy"])
            if len(deck) >= 2:
                out.append(C.off["myth_bottom"])
        if out:
            out.append(C.off["myth_leave"])
        return out

    def _myth_next(self, advance: bool) -> None:
        """The next seat of the Myth Phase; a seat with nothing to decide (no card to buy or move,
        public) is skipped."""
        while True:
            if advance:
                self.myth_left -= 1
                self.myth_seat = self._next(self.myth_seat, lambda q: self.alive[q])
            if self.myth_left <= 0:
                if self._phase_hook("myth", "end"):
                    return  # a window: _end_hand follows when it closes
                self._end_hand()
                return
            if self._myth_legal(self.myth_seat):
                return
            advance = True

    def _myth_apply(self, p: int, name: str) -> None:
        deck = self.myth_deck[p]
        if name == "myth_leave":
            self._log(f"{self.name(p)} leaves the Mythology deck as it is")
        elif name == "myth_bottom":
            m = deck.pop()
            deck.insert(0, m)
            self.myth_known[p] = min(self.myth_known[p] + 1, len(deck))
            self._log(f"{self.name(p)} moves {MYTHS[m].name} to the bottom of the Mythology deck")
        else:
            m = deck.pop()
            self.myth_known[p] = min(self.myth_known[p], len(deck))
            M = MYTHS[m]
            self.miracles[p] -= M.cost
            self._log(f"{self.name(p)} buys {M.name} for {counted(M.cost, 'Miracle')}")
            if M.use == "immediate":
                # TM § The Myth Phase: an immediate effect, then the card is discarded
                self.myth_out[p].append(m)
                self._use_source(p, ND + m, 1)
                return
            self.myth_own[p].append(m)
        self._myth_next(advance=True)

    # ------------------------------------------------------------------ invariants, determinization
    def _adv_check(self) -> None:
        """Each seat holds exactly its Pantheon's five Mythology cards (deck, in play, out of the
        game); Heroes in a Stake are in play; the God belongs to the Pantheon; Pantheons taken at most
        as often as the boxes allow; everyone has chosen once revealed."""
        from mythenv.core.errors import StateError

        n = self.n
        lim = pantheon_limit(n)
        for j in range(len(PANTHEONS)):
            if self.pantheon.count(j) > lim:
                raise StateError(f"theomachy_v0: the {PANTHEONS[j].name} Pantheon is taken more than {lim} time(s)")
        for p in range(n):
            pan = self.pantheon[p]
            cards = sorted(self.myth_deck[p] + self.myth_own[p] + self.myth_out[p])
            if cards != (sorted(PANTHEONS[pan].myths) if pan >= 0 else []):
                raise StateError(f"theomachy_v0: seat {p} does not hold exactly its Pantheon's Mythology cards")
            if self.deity[p] >= 0 and (pan < 0 or self.deity[p] not in PANTHEONS[pan].deities):
                raise StateError(f"theomachy_v0: seat {p}'s God is not of its Pantheon")
            for m in self.hero_stake[p]:
                if m not in self.myth_own[p] or MYTHS[m].use != "hero":
                    raise StateError(f"theomachy_v0: seat {p} has a Hero token in its Stake without its card")
            # TM § Heroes: one token per Hero, in the Stake from the start of a Battle its owner takes
            # part in (sent in that window, so used this Hand) until the Closing Phase
            if self.hero_stake[p] and (len(set(self.hero_stake[p])) != len(self.hero_stake[p])
                                       or self.step not in (BATTLE, CLOSING) or not self.active(p)
                                       or not set(self.hero_stake[p]) <= set(self.myth_used[p])):
                raise StateError(f"theomachy_v0: seat {p} has Hero tokens {self.hero_stake[p]} in its Stake "
                                 "outside a Battle it takes part in, twice, or not sent this Hand")
            # a card used this Hand is used once and is in play or (used up) out of the game
            used = self.myth_used[p]
            if len(set(used)) != len(used) or not set(used) <= set(self.myth_own[p]) | set(self.myth_out[p]):
                raise StateError(f"theomachy_v0: seat {p} has used Mythology cards {used} twice or not in play")
            if self.miracles[p] < 0 or not 0 <= self.myth_known[p] <= len(self.myth_deck[p]):
                raise StateError(f"theomachy_v0: seat {p} has {self.miracles[p]} Miracles / a bad known count")
        if self.revealed and min(self.deity) < 0:
            raise StateError("theomachy_v0: the Gods are revealed before every seat chose one")
        # the preparation order (TM § Choose a Pantheon, § Final Selection of the God): the Pantheons
        # one seat after the other, the draft, the Gods one seat after the other, then the reveal
        step = self.step
        for q in range(n):
            pan_done = step != PANTHEON or q < self.pick_seat
            god_done = step not in (PANTHEON, DRAFT_PICK, DRAFT_DROP) and (step != GOD or q < self.pick_seat)
            if (self.pantheon[q] >= 0) != pan_done or (self.deity[q] >= 0) != god_done:
                raise StateError(f"theomachy_v0: seat {q}'s Pantheon / God choice does not fit step "
                                 f"{step} with seat {self.pick_seat} choosing")
        if self.revealed != (step not in (PANTHEON, DRAFT_PICK, DRAFT_DROP, GOD)):
            raise StateError(f"theomachy_v0: the Gods are {'' if self.revealed else 'not '}revealed at step {step}")
        for q in range(n):
            # TM § Divine Abilities: an active Ability (or a passive one at a repeatable trigger, Morrigan)
            # at most ``uses`` times per Hand (0: no limit)
            a = DEITIES[self.deity[q]].ability if self.deity[q] >= 0 else None
            if a is None or (a.kind != "active" and a.trigger not in REPEATABLE):
                ok = self.ab_uses[q] == 0
            else:
                ok = a.uses == 0 or self.ab_uses[q] <= a.uses
            if not ok:
                raise StateError(f"theomachy_v0: seat {q} used its God's Ability {self.ab_uses[q]} time(s) this Hand")
        for name in ("pick_seat", "myth_seat"):
            if not 0 <= getattr(self, name) < n:
                raise StateError(f"theomachy_v0: {name} {getattr(self, name)} is not a seat (0..{n - 1})")

    def _adv_resample(self, p: int, rng) -> None:
        """What ``p`` cannot see of the Pantheons: every Mythology deck's order below the face-up top
        card (but the cards moved to the bottom in view of all), and the other seats' Gods before the
        reveal (any God of their Pantheon)."""
        for q in range(self.n):
            deck = self.myth_deck[q]
            k = self.myth_known[q]
            mid = deck[k:-1]
            if len(mid) > 1:
                mid.sort()
                rng.shuffle(mid)
                deck[k:-1] = mid
            if not self.revealed and q != p and self.deity[q] >= 0:
                gods = PANTHEONS[self.pantheon[q]].deities
                self.deity[q] = gods[int(rng.integers(len(gods)))]

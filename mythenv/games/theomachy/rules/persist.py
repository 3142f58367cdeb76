"""What a saved Theomachy position must satisfy beyond its declared fields (``check_invariants``, run
by the generated ``from_dict``; the copies, the saved layout and its schema are generated from
``state.StateBasics.fields`` by ``mythenv.core.fields``), ``resample_hidden`` (what a seat cannot see
is redrawn) and the action names for people (the text and the picture are ``render.py``'s, wired by
the Game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mythenv.core.bookkeeping import check_conserved, redeal
from mythenv.core.errors import StateError
from mythenv.core.knowledge import check_known_by, check_known_to_all, everyone, set_masks

from .tables import (
    ADV_STEP_NAMES,
    BOX_CARDS,
    BOX_SUPPLY,
    CLOSING,
    DECK_SIZE,
    DRAFT_DROP,
    DRAFT_PICK,
    GOD,
    LAST_STAND_PER_BOX,
    MYTH,
    NE,
    OVER,
    PANTHEON,
    PRAYER,
    STEP_NAMES,
    TOKEN_NAMES,
)

if TYPE_CHECKING:
    from . import TheomachyState


class Persistence:
    """Invariants of a position, determinization and the action names."""

    def check_invariants(self) -> None:
        """Every Prayer and Essence card in exactly one place; follower tokens conserved per type."""
        where = list(self.prayer) + [c for c in self.track if c >= 0] + self.boxed + self.draft_disc
        for p in range(self.n):
            where += self.deck[p] + self.hand[p] + self.disc[p] + self.table[p] + self.draft_hand[p] + self.aside[p]
            where += self.picks[p] + [pl[0] for pl in self.places[p]]
            if self.picked_now[p] >= 0:
                where.append(self.picked_now[p])
        where += [x[2] for x in self.pending if x[0] in ("target", "react")]
        check_conserved("theomachy_v0: Prayer card", where, self.ncards)
        check_conserved("theomachy_v0: Essence card", self.ess_deck + self.ess_disc + self.const, NE)
        for t in range(3):
            tot = self.bank[t]
            for p in range(self.n):
                if min(self.cult[p][t], self.stake[p][t], self.lsk[p][t]) < 0 or self.lsk[p][t] > self.stake[p][t]:
                    raise StateError(f"theomachy_v0: negative or inconsistent tokens for seat {p}")
                tot += self.cult[p][t] + self.stake[p][t] + sum(1 for pl in self.places[p] if pl[2] == t)
            if tot != self.supply[t] or self.bank[t] < 0:
                raise StateError(f"theomachy_v0: {TOKEN_NAMES[t]} tokens not conserved ({tot} != {self.supply[t]})")
        if sum(self.ls) > LAST_STAND_PER_BOX * self.boxes:
            raise StateError("theomachy_v0: more Last Stands than Last Stand cards")
        if not 1 <= self.ante <= 3:
            raise StateError("theomachy_v0: the Initial Ante is 1..3 (TM § The Starting Phase)")
        n = self.n
        boxes = 1 if n <= 4 else 2
        if self.boxes != boxes or self.ncards != BOX_CARDS * boxes or self.supply != [s * boxes for s in BOX_SUPPLY]:
            raise StateError(f"theomachy_v0: {n} players play with {boxes} box(es) of {BOX_CARDS} cards "
                             f"(got boxes={self.boxes}, ncards={self.ncards}, supply={self.supply})")
        last = MYTH if self.advanced else CLOSING
        if not 0 <= self.step <= last:
            names = ADV_STEP_NAMES if self.advanced else STEP_NAMES
            raise StateError(f"theomachy_v0: step {self.step!r} is none of 0..{last} ({', '.join(names)})")
        for name in ("first", "turn", "draft_seat", "prayer_seat"):
            if not 0 <= getattr(self, name) < n:
                raise StateError(f"theomachy_v0: {name} {getattr(self, name)} is not a seat (0..{n - 1})")
        if (self.step == OVER) != (self.result_kind != ""):
            raise StateError(f"theomachy_v0: result {self.result_kind!r} in step {STEP_NAMES[self.step]} (a result "
                             f"exactly when the game is over)")
        if self.step == OVER and self.pending:
            raise StateError("theomachy_v0: a finished game has a pending decision")
        if self.step != OVER and not self.alive[self.current_player()]:
            raise StateError(f"theomachy_v0: seat {self.current_player()} is asked to act but is eliminated")
        if not 0 <= self.hands <= self.game.config["max_hands"]:
            raise StateError(f"theomachy_v0: {self.hands} Hands played (bound {self.game.config['max_hands']})")
        for p in range(n):
            if self.alive[p] != (self.elim[p] == -1):
                raise StateError(f"theomachy_v0: seat {p} alive={self.alive[p]} but eliminated in Hand {self.elim[p]}")
            if any(self.paid[p][t] > self.level[t] for t in range(3)):
                raise StateError(f"theomachy_v0: seat {p} paid {self.paid[p]}, above the bet on the table {self.level}")
        self._check_zones()
        if self.advanced:
            self._adv_check()
            self._epic_check()

    def _check_zones(self) -> None:
        """Which zones hold cards in which step: the draft's packets and kept cards only during the
        draft (TM § Second Method), the decks, hands and cards in play only after it (TM § End of
        Preparation); a folded seat's cards set aside (TM § Leaving a Hand in Progress); the winners
        of the Hand named during its Closing Phase."""
        n, step = self.n, self.step
        prep = step in (DRAFT_PICK, DRAFT_DROP) or self.advanced and step in (PANTHEON, GOD)
        for p in range(n):
            if prep and (self.deck[p] or self.hand[p] or self.disc[p] or self.table[p] or self.aside[p]
                         or self.places[p]):
                raise StateError(f"theomachy_v0: seat {p} has cards in deck, hand, discard pile or in play during "
                                 f"the preparation (step {self._step_name()})")
            if not prep and (self.draft_hand[p] or self.picks[p] or self.picked_now[p] >= 0):
                raise StateError(f"theomachy_v0: seat {p} has draft cards (draft_hand, picks, picked_now) in step "
                                 f"{self._step_name()}")
            for zone in ("hand", "aside", "deck", "draft_hand", "picks"):
                check_known_by("theomachy_v0: vis", self.vis, getattr(self, zone)[p], p, zone)
            for zone in ("disc", "table"):
                check_known_to_all("theomachy_v0: vis", self.vis, getattr(self, zone)[p], n, f"seat {p}'s {zone}")
            if self.aside[p] and not self.folded[p]:
                raise StateError(f"theomachy_v0: aside: seat {p} has cards set aside but has not folded")
        if not prep and self.draft_disc:
            raise StateError(f"theomachy_v0: draft_disc holds {len(self.draft_disc)} cards in step {self._step_name()}")
        if step == DRAFT_PICK:
            # the seats before draft_seat have picked this turn, the others not; a packet each
            k = self.draft_seat
            sizes = [len(h) + (self.picked_now[q] >= 0) for q, h in enumerate(self.draft_hand)]
            if any((self.picked_now[q] >= 0) != (q < k) for q in range(n)) or len(set(sizes)) != 1 \
                    or not sizes[0] or len({len(x) for x in self.picks}) != 1:
                raise StateError(f"theomachy_v0: draft_hand / picked_now / picks: seat {k} is to pick, but the "
                                 f"packets hold {[len(h) for h in self.draft_hand]} cards, picked now "
                                 f"{self.picked_now}, kept {[len(x) for x in self.picks]}")
        elif step == DRAFT_DROP:
            k = self.draft_seat
            if any(self.draft_hand) or any((len(x) == DECK_SIZE) != (q < k) or len(x) < DECK_SIZE
                                           for q, x in enumerate(self.picks)):
                raise StateError(f"theomachy_v0: picks: seat {k} is to discard down to {DECK_SIZE} cards, the "
                                 f"seats keep {[len(x) for x in self.picks]}")
        if step == CLOSING and (not self.winners or not all(self.alive[w] for w in self.winners)):
            raise StateError(f"theomachy_v0: winners: {self.winners} during the Closing Phase (the Hand's "
                             f"winners, seats still in the game)")
        if step != OVER and (not self.winners if self.hands else self.winners and step not in (CLOSING, PRAYER, MYTH)):
            raise StateError(f"theomachy_v0: winners: {self.winners} after {self.hands} Hands in step "
                             f"{self._step_name()} (the last Closing Phase's winners, none before the first)")

    def _step_name(self) -> str:
        return (ADV_STEP_NAMES if self.advanced else STEP_NAMES)[self.step]

    def resample_hidden(self, player: int, rng: np.random.Generator) -> TheomachyState:
        """Shuffle what ``player`` cannot see: its own draw pile order; every other seat's draw pile,
        unknown hand cards, discard pile below the top card, draft packet and kept cards; the draft
        discards; the Prayer draw pile; and the Essence deck with the face-down Constellation cards
        (unless ``player`` looked at them)."""
        s = self.clone()
        p = player
        bit = 1 << p
        own = sorted(s.deck[p])
        rng.shuffle(own)
        s.deck[p] = own
        # the (list, index) places redealt, and what is known of the card dealt to each: only its
        # holder knows it, every seat a discard pile's (they lie face up), nobody a common pile's
        slots, after, full = [], [], everyone(self.n)
        for q in range(self.n):
            if q == p:
                continue
            qb = 1 << q
            for lst, known_ok in ((s.hand[q], True), (s.aside[q], True), (s.draft_hand[q], False),
                                  (s.picks[q], False), (s.deck[q], False)):
                for i, c in enumerate(lst):
                    if known_ok and self.vis[c] & bit:
                        continue
                    slots.append((lst, i))
                    after.append(qb)
            below = len(s.disc[q]) - 1
            slots.extend((s.disc[q], i) for i in range(below))
            after.extend([full] * below)
        picked = [(s.picked_now, i) for i, c in enumerate(s.picked_now) if i != p and c >= 0]
        common = [(lst, i) for lst in (s.prayer, s.draft_disc) for i in range(len(lst))]
        slots += picked + common
        after += [1 << i for _, i in picked] + [0] * len(common)
        redeal(slots, rng)
        set_masks(s.vis, slots, after)
        # the Essence cards
        hidden_const = [] if self.peek[p] else list(range(self.const_up, len(s.const)))
        ep = sorted(s.ess_deck + [s.const[i] for i in hidden_const])
        rng.shuffle(ep)
        for j, i in enumerate(hidden_const):
            s.const[i] = ep[j]
        s.ess_deck = ep[len(hidden_const):]
        if self.advanced:
            s._adv_resample(p, rng)
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s


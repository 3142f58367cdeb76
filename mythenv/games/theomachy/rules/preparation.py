"""TM § Game Preparation: Setup, Create Your Starting Deck (First Method: the pre-built decks I-IV;
Second Method: the draft), End of Preparation."""

from __future__ import annotations

from .tables import (
    BOX_CARDS,
    DECK_SIZE,
    DRAFT,
    DRAFT_DROP,
    DRAFT_MANY,
    DRAFT_PICK,
    GOD,
    MARK_OF,
    PANTHEON,
    kid,
)


class Preparation:
    """TM § Game Preparation: the new position (Setup, the pre-built decks of the First Method) and the
    draft of the Second Method."""

    def setup(self) -> None:
        """The rulebook's setup, on a state at its declared defaults with its generator seeded
        (``Declared.__init__``)."""
        # the fields start at their declared defaults (state.StateBasics.fields): the boxes, the bank
        # and the Cults of TM § Setup, every pile empty, the Essence deck in order
        game = self.game
        n = self.n
        self.rng.shuffle(self.ess_deck)
        # TM § First Player and Turn Order: random in the first Hand
        self.first = int(self.rng.integers(n))
        cards = list(range(self.ncards))
        if game.config["deck"] == "prebuilt":
            # TM § First Method: the 32 marked cards form decks I-IV; unused decks go back in the deck
            packets = []
            for b in range(self.boxes):
                for d in range(4):
                    packets.append([c for c in range(b * BOX_CARDS, (b + 1) * BOX_CARDS) if MARK_OF[c % BOX_CARDS] == d])
            order = list(range(len(packets)))
            self.rng.shuffle(order)
            used = set()
            for p in range(n):
                self.deck[p] = packets[order[p]][:]
                used.update(self.deck[p])
                for c in self.deck[p]:
                    self.vis[c] = 1 << p
            self.prayer = [c for c in cards if c not in used]
            self.rng.shuffle(self.prayer)
            for p in range(n):
                self.rng.shuffle(self.deck[p])
            self._start_hand()
        else:
            self.prayer = cards
            self.rng.shuffle(self.prayer)
            if self.advanced:
                # TM § Choose a Pantheon: before building the starting decks (the draft is mandatory)
                self.step = PANTHEON
                return
            self.step = DRAFT_PICK
            self._deal_draft()

    def _draft_plan(self):
        return DRAFT.get(self.n, DRAFT_MANY)

    def _deal_draft(self) -> None:
        _, size = self._draft_plan()
        for p in range(self.n):
            for _ in range(size):
                c = self.prayer.pop()
                self.draft_hand[p].append(c)
                self.vis[c] = 1 << p
        self.picked_now = [-1] * self.n
        self.draft_seat = 0

    def _draft_pick(self, p: int, k: int) -> None:
        c = self._take_from(self.draft_hand[p], k)
        self.picked_now[p] = c
        if p < self.n - 1:
            self.draft_seat = p + 1
            return
        # all have chosen: the cards are taken, the rest passed to the left
        for q in range(self.n):
            self.picks[q].append(self.picked_now[q])
        self.picked_now = [-1] * self.n
        if len(self.draft_hand[0]) == 1:
            for q in range(self.n):
                c = self.draft_hand[q].pop()
                self.draft_disc.append(c)
                self.vis[c] = 0
            self.draft_round += 1
            rounds, _ = self._draft_plan()
            if self.draft_round < rounds:
                self._deal_draft()
            else:
                self.step = DRAFT_DROP
                self.draft_seat = 0
            return
        hands = self.draft_hand
        self.draft_hand = [hands[(q - 1) % self.n] for q in range(self.n)]
        for q in range(self.n):
            for c in self.draft_hand[q]:
                self.vis[c] |= 1 << q
        self.draft_seat = 0

    def _take_from(self, cards: list, k: int) -> int:
        best = -1
        for c in cards:
            if kid(c) == k and (best < 0 or c < best):
                best = c
        cards.remove(best)
        return best

    def _draft_drop(self, p: int, k: int) -> None:
        c = self._take_from(self.picks[p], k)
        self.draft_disc.append(c)
        self.vis[c] = 0
        if len(self.picks[p]) > DECK_SIZE:
            return
        if p < self.n - 1:
            self.draft_seat = p + 1
            return
        if self.advanced:
            # TM § Final Selection of the God: once the starting decks are made
            self.step = GOD
            self.pick_seat = 0
            return
        self._end_preparation()

    def _end_preparation(self) -> None:
        """TM § End of Preparation: the draft discards shuffled into the Prayer deck, the decks shuffled."""
        self.prayer.extend(self.draft_disc)
        self.draft_disc = []
        self.rng.shuffle(self.prayer)
        for c in self.prayer:
            self.vis[c] = 0
        for q in range(self.n):
            self.deck[q] = self.picks[q]
            self.picks[q] = []
            self.rng.shuffle(self.deck[q])
            for c in self.deck[q]:
                self.vis[c] = 1 << q
        self._start_hand()

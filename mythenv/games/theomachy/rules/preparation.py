"""TM § Game Preparation: Setup, Create Your Starting Deck (First Method: the pre-built decks I-IV;
Second Method: the draft), End of Preparation."""

from __future__ import annotations

import numpy as np

from .tables import (
    BET,
    BOX_CARDS,
    BOX_SUPPLY,
    DECK_SIZE,
    DRAFT,
    DRAFT_DROP,
    DRAFT_MANY,
    DRAFT_PICK,
    GOD,
    MARK_OF,
    NE,
    PANTHEON,
    START_CULT,
    codes,
    kid,
)


class Preparation:
    """TM § Game Preparation: the new position (Setup, the pre-built decks of the First Method) and the
    draft of the Second Method."""

    _LISTS = ("alive", "cult", "stake", "lsk", "ls", "paid", "folded", "acted", "deck", "hand",
              "disc", "table", "places", "peek", "attacks", "draft_hand", "picks", "picked_now")

    _SCALARS = ("step", "n", "boxes", "first", "turn", "round", "acted_now", "turn_played",
                "action_sphere", "multi", "passes", "const_up", "ante", "ess_shuffles",
                "draft_round", "draft_seat", "prayer_seat", "prayer_left", "hands", "result_kind",
                "supply")

    def __init__(self, game, seed: int | None = None, _empty: bool = False):
        self.game = game
        self._legal = None
        self._obs_memo = None  # observation encoder's cache, keyed by zone contents (observe.py)
        self.n = game.num_players
        # config ``mode``: "advanced" and "epic" play with the Pantheons (rules/advanced.py, rules/myth.py)
        self.advanced = game.config["mode"] != "basic"
        # ``mode="epic"``: the Advanced game as a race to 10 Victory Points (rules/epic.py)
        self.epic = game.config["mode"] == "epic"
        self.C = codes(self.n, self.advanced)
        # config ``windows``: "public" asks every seat that could act given public facts (the
        # default); "holders" asks only seats that hold a playable card, which leaks hand contents
        self.public_windows = game.config["windows"] == "public"
        if _empty:
            return
        n = self.n
        self.rng = np.random.default_rng(seed)
        self.boxes = 1 if n <= 4 else 2
        self.supply = [s * self.boxes for s in BOX_SUPPLY]
        self.ncards = BOX_CARDS * self.boxes
        self.alive = [True] * n
        self.elim = [-1] * n          # hand number a seat was eliminated in (-1: still in)
        self.cult = [list(START_CULT) for _ in range(n)]
        self.bank = [s - n * c for s, c in zip(self.supply, START_CULT)]
        self.stake = [[0, 0, 0] for _ in range(n)]
        self.lsk = [[0, 0, 0] for _ in range(n)]
        self.ls = [False] * n
        self.paid = [[0, 0, 0] for _ in range(n)]
        self.level = [0, 0, 0]
        self.folded = [False] * n
        self.acted = [False] * n
        self.deck = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.disc = [[] for _ in range(n)]
        self.table = [[] for _ in range(n)]       # Power cards, continuous Effects, Attacks this Hand
        self.places = [[] for _ in range(n)]      # [card, damaged 0/1, token type]
        self.peek = [False] * n                   # knows the face-down Constellation cards
        self.attacks = [0] * n                    # Attack cards resolved this Battle
        self.power = [0] * n                      # End of Battle totals of the last Battle
        self.once = [[] for _ in range(n)]        # once-per-Hand card kinds played this Hand
        self.aside = [[] for _ in range(n)]       # a folded player's cards, face down on his Stake
        self.saved = [[0, 0, 0] for _ in range(n)]  # Stake tokens a loser keeps (Closing Effects)
        self.vis = [0] * self.ncards
        self.prayer = []
        self.track = [-1] * 6
        self.boxed = []                           # Prayer cards put back in the box
        self.ess_deck = list(range(NE))
        self.rng.shuffle(self.ess_deck)
        self.ess_disc = []
        self.const = []
        self.const_up = 0
        self.ante = 1
        self.ess_shuffles = 0
        self.pending = []
        self.draft_hand = [[] for _ in range(n)]
        self.picks = [[] for _ in range(n)]
        self.picked_now = [-1] * n
        self.draft_disc = []
        self.draft_round = 0
        self.draft_seat = 0
        self.prayer_seat = 0
        self.prayer_left = 0
        self.step = BET
        self.turn = 0
        self.round = 0
        self.acted_now = False
        self.turn_played = False
        self.action_sphere = -1
        self.multi = False
        self.passes = 0
        self.hands = 0
        self.result_kind = ""
        self.winners = []
        self.log = []
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
                self._adv_init()
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

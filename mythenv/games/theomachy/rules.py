"""Theomachy: The Warrior Gods, Basic game: the rules (``000_b58b559235c1f04d.txt``, cited TM § Section).

Seats ``0..n-1``; clockwise (to a player's left) is ``p + 1``. Tokens are typed: index 0 Disciple
(2 Power), 1 Priest (5), 2 Prophet (10); a token vector is ``[disciples, priests, prophets]``.

Prayer card ids are ``box * 120 + i`` (a second copy of the box's cards is used at 5-8 players, see
the doc page); Essence card ids are ``0..23``. Knowledge of Prayer cards is a bitmask per card in
``vis`` (bit ``p``: seat ``p`` knows the card where it is now).

Betting bookkeeping: ``level`` is the highest bet on the table (a token vector that only grows: every
raise is "call, then one more token"), ``paid[p]`` what seat ``p`` has put in so far. Calling pays
``level - paid[p]`` of the exact token types (TM § Actions). Effects that take tokens out of a
Stake change the Stake, never ``paid``/``level``.

Pending decisions are tuples on ``pending`` (top = last):
``("target", p, card)``: ``p`` chooses the opponent its card targets;
``("react", q, card, actor, target, rest)``: seat ``q`` may react to ``card`` played by ``actor``;
``rest`` holds the seats asked after it (TM § Playing a Card in Reaction to an Action);
``("closing", q, -1, rest)``: seat ``q`` may play Closing-Phase Effects (TM § The Closing Phase).
Who is asked in these windows, and whether a turn ends by itself, follows the config ``windows``:
``"public"`` (default) decides from public facts only (``_could_play``, ``_may_go_on``); ``"holders"``
asks only seats holding a playable card, which tells the table what they hold.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.errors import StateError
from mythenv.core.game import TERMINAL, State, rng_from_json, rng_to_json

from .cards import ESSENCES, KINDS

D, PR, PH = 0, 1, 2
TOKEN_NAMES = ("Disciple", "Priest", "Prophet")
BOX_CARDS = sum(k.count for k in KINDS)
NK = len(KINDS)
NE = len(ESSENCES)
#: designed bank: the 95 follower tokens of one box split by type; 5-8 players use two boxes
BOX_SUPPLY = (45, 30, 20)
LAST_STAND_PER_BOX = 4
START_CULT = (8, 5, 3)          # TM § Setup: 3 Prophets, 5 Priests, 8 Disciples
TRACK_COST = (PR, PR, D, D, -1, -1)   # TM § The Starting Phase / The Prayer Track
DRAFT = {2: (6, 3), 3: (4, 4)}        # TM § Second Method: players -> (rounds, cards per round)
DRAFT_MANY = (3, 5)
DECK_SIZE = 8
HAND_SIZE = 5

DRAFT_PICK, DRAFT_DROP, BET, BATTLE, PRAYER, OVER, CLOSING = range(7)
STEP_NAMES = ("draft", "draft_drop", "betting", "battle", "prayer", "over", "closing")

# card tables (box 0 layout; a card's kind is KIND_OF[c % BOX_CARDS])
KIND_OF: list[int] = []
MARK_OF: list[int] = []          # pre-built numeral index 0..3, or -1
for _k in KINDS:
    for _i in range(_k.count):
        KIND_OF.append(_k.index)
        m = -1
        acc = 0
        for _d in range(4):
            if acc <= _i < acc + _k.decks[_d]:
                m = _d
            acc += _k.decks[_d]
        MARK_OF.append(m)
TYPE_OF = [k.type for k in KINDS]
ATTACK, EFFECT, PLACE, POWER = "attack", "effect", "place", "power"
POWER_KINDS = [k.index for k in KINDS if k.type == POWER]
REACTION_KINDS = [k.index for k in KINDS if k.timing == "reaction"]
#: reaction kinds per trigger ("effect" / "attack") and the Closing-Phase kinds, for the public windows
REACT_KINDS = {t: tuple(k for k in KINDS if k.timing == "reaction" and k.react == t) for t in ("effect", "attack")}
CLOSING_KINDS = tuple(k for k in KINDS if k.timing == "closing")


def kind(c: int):
    return KINDS[KIND_OF[c % BOX_CARDS]]


def kid(c: int) -> int:
    return KIND_OF[c % BOX_CARDS]


def families(n: int):
    return (
        ("play", (NK,)),            # play a card of this kind from your hand
        ("target", (n - 1,)),       # the opponent i+1 seats to your left
        ("pass", ()),               # betting: no raise pending / battle: pass the turn
        ("call", ()),
        ("raise", (3,)),            # call, then one more token of this type
        ("fold", ()),
        ("last_stand", ()),         # take a Last Stand card and call from the bank
        ("end_turn", ()),           # end your turn after your action / after playing Battle cards
        ("decline", ()),            # do not react
        ("pick", (NK,)),            # draft: keep a card of this kind from the packet
        ("drop", (NK,)),            # draft: put a kept card of this kind back (12 -> 8)
        ("track", (6,)),            # prayer: take the card on this Prayer Track space
        ("blind", ()),              # prayer: take the top card of the Prayer draw pile
    )


class Codes:
    """Flat action ids of one player count."""

    def __init__(self, n: int):
        self.n = n
        off, start = {}, 0
        self.decode: list[tuple[str, int]] = []
        for name, shape in families(n):
            size = shape[0] if shape else 1
            off[name] = start
            self.decode.extend((name, i) for i in range(size))
            start += size
        self.off = off
        self.size = start
        self.PASS, self.CALL, self.FOLD = off["pass"], off["call"], off["fold"]
        self.LAST_STAND, self.END, self.DECLINE, self.BLIND = (off["last_stand"], off["end_turn"],
                                                               off["decline"], off["blind"])

    def describe(self, a: int, n: int | None = None) -> str:
        name, i = self.decode[a]
        if name in ("play", "pick", "drop"):
            return f"{name} {KINDS[i].name}"
        if name == "target":
            return f"target the player {i + 1} seat(s) to the left"
        if name == "raise":
            return f"raise with a {TOKEN_NAMES[i]}"
        if name == "track":
            return f"take Prayer Track space {i + 1}"
        return name.replace("_", " ")


_CODES: dict[int, Codes] = {}


def codes(n: int) -> Codes:
    c = _CODES.get(n)
    if c is None:
        c = _CODES[n] = Codes(n)
    return c


def _pay(cult: list, bank: list, need) -> bool:
    """Move ``need`` from ``cult`` out (Prophets first), one token at a time, applying the mandatory
    exchange after each token (TM § Exchanging Tokens). Returns False (lists then undefined) if the
    cult runs out of a needed type; callers pass copies when only checking."""
    for t in (PH, PR, D):
        for _ in range(need[t]):
            if cult[t] <= 0:
                return False
            cult[t] -= 1
            _exchange(cult, bank)
    return True


def _needs_exchange(cult: list) -> bool:
    return (cult[PR] == 0 and cult[PH] > 0) or (cult[D] == 0 and cult[PR] > 0)


def _exchange(cult: list, bank: list) -> None:
    """TM § Exchanging Tokens: no Priest but a Prophet -> the Prophet goes to the bank for two Priests;
    no Disciple but a Priest -> the Priest goes to the bank for two Disciples. Mandatory; it waits
    only while the bank cannot pay (designed) and is made as soon as it can (``_settle``)."""
    while True:
        if cult[PR] == 0 and cult[PH] > 0 and bank[PR] >= 2:
            cult[PH] -= 1
            bank[PH] += 1
            cult[PR] += 2
            bank[PR] -= 2
        elif cult[D] == 0 and cult[PR] > 0 and bank[D] >= 2:
            cult[PR] -= 1
            bank[PR] += 1
            cult[D] += 2
            bank[D] -= 2
        else:
            return


def value(tokens) -> int:
    return tokens[0] * 2 + tokens[1] * 5 + tokens[2] * 10


class TheomachyState(State):
    """The whole truth of one Theomachy (Basic game) position."""

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
        self.C = codes(self.n)
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
            self.step = DRAFT_PICK
            self._deal_draft()

    # ------------------------------------------------------------------ protocol: queries
    def current_player(self) -> int:
        if self.step == OVER:
            return TERMINAL
        if self.pending:
            return self.pending[-1][1]
        if self.step in (DRAFT_PICK, DRAFT_DROP):
            return self.draft_seat
        if self.step == PRAYER:
            return self.prayer_seat
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

    # ------------------------------------------------------------------ helpers
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
        best = -1
        others = ((1 << self.n) - 1) ^ (1 << p)
        for c in self.hand[p]:
            if kid(c) == k:
                if self.vis[c] & others:
                    best = c
                    break
                if best < 0 or c < best:
                    best = c
        self.hand[p].remove(best)
        return best

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

    def _bank_give(self, cult: list, t: int, k: int) -> int:
        g = min(k, self.bank[t])
        self.bank[t] -= g
        cult[t] += g
        return g

    def _settle(self) -> None:
        """TM § Exchanging Tokens: "If at any moment of the game you no longer have Priest or Disciple
        tokens in your Cult, but you have tokens of higher value ... you MUST exchange them
        immediately". An exchange that waited because the bank could not pay happens as soon as the
        bank can pay; seats waiting together exchange clockwise from the First Player (designed), and
        the round repeats while an exchange gave the bank what another seat waits for."""
        cult, bank, alive = self.cult, self.bank, self.alive
        moved = True
        while moved:
            moved = False
            for i in range(self.n):
                q = (self.first + i) % self.n
                c = cult[q]
                if alive[q] and _needs_exchange(c):
                    before = c[:]
                    _exchange(c, bank)
                    if c != before:
                        moved = True

    def _can_pay(self, p: int, need) -> bool:
        return _pay(self.cult[p][:], self.bank[:], need)

    def _stake_remove(self, p: int, t: int, k: int) -> int:
        """Up to ``k`` (``-1``: all) tokens of type ``t`` leave ``p``'s Stake for the bank; tokens on a
        Last Stand card go first (designed)."""
        have = self.stake[p][t]
        k = have if k < 0 else min(k, have)
        ls_part = min(k, self.lsk[p][t])
        self.lsk[p][t] -= ls_part
        self.stake[p][t] -= k
        self.bank[t] += k
        return k

    # ------------------------------------------------------------------ phase hooks
    def _phase_hook(self, phase: str, when: str) -> None:
        """Start / end of a Phase. The Basic game has nothing here; the Advanced and Epic modes hang
        Mythology cards, Abilities and Requests on these windows (TM § Mythology Cards and Their
        Abilities: "at the start and end of a Phase", clockwise from the First Player)."""
        return None

    # ------------------------------------------------------------------ draft (TM § Second Method)
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
        # TM § End of Preparation
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

    # ------------------------------------------------------------------ a Hand
    def _start_hand(self) -> None:
        """TM § The Starting Phase."""
        n = self.n
        if self.hands == 0:
            for i in range(6):
                if self.prayer:
                    self.track[i] = self.prayer.pop()
                    self._public(self.track[i])
        self._phase_hook("starting", "start")
        for p in range(n):
            if not self.alive[p]:
                continue
            size = HAND_SIZE
            for pl in self.places[p]:
                op = kind(pl[0]).op("hand_size")
                if op:
                    size = max(size, op[1])
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
        if self._check_end(out):
            return
        if not self.alive[self.first]:
            self.first = self._next(self.first, lambda q: self.alive[q])
        self._phase_hook("starting", "end")
        self.step = BET
        self.round = 0
        self._phase_hook("betting", "start")
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

    def _start_round(self) -> None:
        for p in range(self.n):
            self.acted[p] = False
        self.turn = self._first_active()
        self._begin_bet_turn()

    def _begin_bet_turn(self) -> None:
        self.acted_now = False

    # ----- betting
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
                self._phase_hook("betting", "end")
                self._start_battle()
            return
        self.turn = self._next(self.turn, self.active)
        self._begin_bet_turn()

    # ----- playing cards
    def _targets(self, p: int, k) -> list[int]:
        out = []
        for i in range(1, self.n):
            q = (p + i) % self.n
            if not self.active(q):
                continue
            if k.op("damage_places") and not self.places[q]:
                continue
            out.append(q)
        return out

    def _card_playable(self, p: int, k, battle: bool) -> bool:
        if k.type == POWER:
            return True
        if battle:
            if k.type != ATTACK:
                return False
            if not (self.action_sphere < 0 or self.multi or k.sphere == self.action_sphere
                    or k.op("multi_essence")):
                return False
        else:
            if k.type == ATTACK or k.timing in ("reaction", "closing"):
                return False
            if k.type == PLACE and self.cult[p][k.token] <= 0:
                return False
        if k.once and k.index in self.once[p]:
            return False
        if not self._meets(p, k):
            return False
        if k.targeted and not self._targets(p, k):
            return False
        return True

    def _playable_kinds(self, p: int) -> list[int]:
        battle = self.step == BATTLE
        seen = set()
        out = []
        for c in self.hand[p]:
            k = kid(c)
            if k in seen:
                continue
            seen.add(k)
            if self._card_playable(p, KINDS[k], battle):
                out.append(k)
        out.sort()
        return out

    def _may_go_on(self, p: int) -> bool:
        """May ``p``'s betting turn (after its action) or Battle turn go on? With public windows: while
        ``p`` holds any card (a Power card can always be played, and whether it holds one is private),
        so the turn ends by itself only on an empty hand; with ``windows="holders"``: while ``p`` holds
        a playable card (leaks the hand)."""
        if self.public_windows:
            return bool(self.hand[p])
        return self._playable(p)

    def _playable(self, p: int) -> bool:
        battle = self.step == BATTLE
        for c in self.hand[p]:
            if self._card_playable(p, kind(c), battle):
                return True
        return False

    def _play(self, p: int, k: int) -> None:
        c = self._take(p, k)
        self._public(c)
        kk = KINDS[k]
        if kk.once:
            self.once[p].append(k)
        if kk.type == POWER:
            self.table[p].append(c)
            self._log(f"{self.name(p)} plays {kk.name}")
            if self.step == BATTLE:
                self.turn_played = True
            self._after_card(p)
            return
        if kk.type == PLACE:
            # TM § Place Cards: a token from the Cult (never the Stake) goes on the card
            self.cult[p][kk.token] -= 1
            _exchange(self.cult[p], self.bank)
            self.places[p].append([c, 0, kk.token])
            self._log(f"{self.name(p)} builds {kk.name} with a {TOKEN_NAMES[kk.token]}")
            self._after_card(p)
            return
        if self.step == BATTLE:
            self.turn_played = True
            if self.action_sphere < 0:
                self.action_sphere = kk.sphere
            if kk.op("multi_essence"):
                self.multi = True
        if kk.targeted:
            tg = self._targets(p, kk)
            if len(tg) > 1:
                self.pending.append(("target", p, c))
                return
            self._announce(p, c, tg[0])
            return
        self._announce(p, c, -1)

    def _announce(self, p: int, c: int, target: int) -> None:
        """The card is played (and its target named): reactions come first (TM § Special Rules)."""
        kk = kind(c)
        self._log(f"{self.name(p)} plays {kk.name}" + (f" on {self.name(target)}" if target >= 0 else ""))
        trigger = "effect" if kk.type == EFFECT else "attack"
        if trigger == "attack" and target < 0:
            seats = []
        elif trigger == "attack":
            seats = [target]
        else:
            seats = [q for q in self._clockwise_from_first() if q != p and self.active(q)]
        seats = [q for q in seats if self._asked_react(q, trigger)]
        if seats:
            self.pending.append(("react", seats[0], c, p, target, tuple(seats[1:])))
            return
        self._resolve(p, c, target)

    def _could_play(self, q: int, kinds) -> bool:
        """Public facts only: could ``q`` hold one of ``kinds`` and fuel it? It needs the card and
        enough Power cards from its hand: each Power card gives one Essence and two orbs, so at least
        max(missing symbols, missing orbs / 2) of them beside the card (its hand size, the revealed
        Constellation, its played Power cards and once-per-Hand plays are public)."""
        hn = len(self.hand[q])
        if hn == 0:
            return False
        sph, orbs = self.essence(q)
        for k in kinds:
            if k.once and k.index in self.once[q]:
                continue
            need = k.symbols - sph[k.sphere]
            if k.orb >= 0:
                od = k.orbs - orbs[k.orb]
                need = max(need, (od + 1) // 2)
            if max(need, 0) + 1 <= hn:
                return True
        return False

    def _asked_react(self, q: int, trigger: str) -> bool:
        """Is ``q`` asked in the reaction window of a ``trigger`` card (TM § Playing a Card in
        Reaction to an Action)? Public windows: whenever it could react given public facts (it may
        pass); ``windows="holders"``: only when it holds a reaction it can fuel."""
        if self.public_windows:
            return self._could_play(q, REACT_KINDS[trigger])
        return self._can_react(q, trigger)

    def _can_react(self, q: int, trigger: str, now: bool = False) -> bool:
        """``q`` holds a reaction to ``trigger`` it can play (with the Power cards of its hand unless
        ``now``, TM § Playing a Card in Reaction: Power cards may be played first)."""
        extra = None if now else [c for c in self.hand[q] if kind(c).type == POWER]
        for c in self.hand[q]:
            k = kind(c)
            if k.timing == "reaction" and k.react == trigger and self._meets(q, k, extra):
                return True
        return False

    def _resolve(self, p: int, c: int, t: int) -> None:
        kk = kind(c)
        is_attack = kk.type == ATTACK
        for op in kk.ops:
            name = op[0]
            if name == "strip":
                if t >= 0 and not (is_attack and self._shielded(t)):
                    k = self._stake_remove(t, op[1], op[2])
                    self._log(f"{self.name(t)} loses {k} {TOKEN_NAMES[op[1]]}(s) from the Stake")
            elif name == "bank_to_stake":
                g = min(op[2], self.bank[op[1]])
                self.bank[op[1]] -= g
                self.stake[p][op[1]] += g
            elif name == "discard_random":
                for _ in range(op[1]):
                    if self.hand[t]:
                        x = self.hand[t].pop(int(self.rng.integers(len(self.hand[t]))))
                        self._to_disc(t, x)
                        self._log(f"{self.name(t)} discards {kind(x).name} at random")
            elif name == "draw":
                self._draw(p, op[1])
            elif name == "peek_hand":
                for x in self.hand[t]:
                    self.vis[x] |= 1 << p
            elif name == "peek_face_down":
                self.peek[p] = True
            elif name == "damage_places":
                self._damage_places(t)
        if is_attack:
            self.attacks[p] += 1
            self.table[p].append(c)
        elif kk.continuous:
            self.table[p].append(c)
        else:
            self._to_disc(p, c)
        self._after_card(p)

    def _after_card(self, p: int) -> None:
        """After a card is fully played: the turn ends by itself when it may not go on (``_may_go_on``)."""
        if self.step == BET and self.acted_now and self.turn == p and not self._may_go_on(p):
            self._end_bet_turn()
        elif self.step == BATTLE and self.turn == p and not self._may_go_on(p):
            self._end_battle_turn(passed=False)

    def _shielded(self, p: int) -> bool:
        for c in self.table[p]:
            if kind(c).op("shield"):
                return True
        return False

    def _damage_places(self, p: int) -> None:
        """TM § The Closing Phase: turn a Place; an already damaged one is discarded, its token to the bank."""
        keep = []
        for pl in self.places[p]:
            if pl[1]:
                self.bank[pl[2]] += 1
                self._to_disc(p, pl[0])
                self._log(f"{self.name(p)}'s {kind(pl[0]).name} is destroyed")
            else:
                pl[1] = 1
                keep.append(pl)
        self.places[p] = keep

    # ----- reactions
    def _react_legal(self, pend) -> list[int]:
        _, q, c, actor, target, rest = pend
        trigger = "effect" if kind(c).type == EFFECT else "attack"
        C = self.C
        out = set()
        for x in self.hand[q]:
            k = kind(x)
            if k.type == POWER:
                out.add(C.off["play"] + k.index)
            elif k.timing == "reaction" and k.react == trigger and self._meets(q, k):
                out.add(C.off["play"] + k.index)
        out.add(C.DECLINE)
        return sorted(out)

    def _react_apply(self, name: str, i: int) -> None:
        _, q, c, actor, target, rest = self.pending[-1]
        if name == "play":
            k = KINDS[i]
            if k.type == POWER:
                x = self._take(q, i)
                self._public(x)
                self.table[q].append(x)
                self._log(f"{self.name(q)} plays {k.name}")
                return
            x = self._take(q, i)
            self._public(x)
            self._to_disc(q, x)
            self.pending.pop()
            self._log(f"{self.name(q)} reacts with {k.name}: {kind(c).name} is cancelled")
            self._to_disc(actor, c)
            if self.step == CLOSING:
                self._closing_after(actor)
            else:
                self._after_card(actor)
            return
        # decline: ask the next seat that can react, else the card resolves
        self.pending.pop()
        trigger = "effect" if kind(c).type == EFFECT else "attack"
        rest = [s for s in rest if self._asked_react(s, trigger)]
        if rest:
            self.pending.append(("react", rest[0], c, actor, target, tuple(rest[1:])))
            return
        if self.step == CLOSING:
            self._closing_resolve(actor, c)
        else:
            self._resolve(actor, c, target)

    # ----- battle (TM § The Battle Phase)
    def _start_battle(self) -> None:
        self.step = BATTLE
        self._phase_hook("battle", "start")
        self.attacks = [0] * self.n
        self.passes = 0
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
        return total

    def _end_of_battle(self) -> None:
        self._phase_hook("end_of_battle", "start")
        self.power = [self.battle_power(p) if self.active(p) else 0 for p in range(self.n)]
        self._phase_hook("battle", "end")
        self._closing()

    # ----- closing (TM § The Closing Phase)
    def _closing(self) -> None:
        self.step = CLOSING
        self._phase_hook("closing", "start")
        inhand = [p for p in range(self.n) if self.active(p)]
        if len(inhand) == 1:
            # TM § The Closing Phase: the only player left in the Hand wins automatically
            winners = inhand
            self.power = [0] * self.n
        else:
            best = max(self.power[p] for p in inhand)
            winners = [p for p in inhand if self.power[p] == best]
        self.winners = winners
        self._log("winner(s): " + ", ".join(self.name(w) for w in winners)
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

    def _closing_legal(self, q: int) -> list[int]:
        C = self.C
        out = {C.DECLINE}
        for c in self.hand[q]:
            k = kind(c)
            if k.type == POWER or (k.timing == "closing" and self._meets(q, k)):
                out.add(C.off["play"] + k.index)
        return sorted(out)

    def _closing_apply(self, name: str, i: int) -> None:
        q = self.pending[-1][1]
        if name != "play":
            self._closing_next()
            return
        k = KINDS[i]
        x = self._take(q, i)
        self._public(x)
        self._log(f"{self.name(q)} plays {k.name}")
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
        duel = sum(self.alive) == 2           # TM § Duel at the Summit
        losers = [p for p in range(self.n) if self.alive[p] and p not in winners]
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
            if not duel:
                self._bank_give(self.cult[w], PR, 1)
                if self.cult[w][PH] == 0:
                    self._bank_give(self.cult[w], PH, 1)
            for pl in self.places[w]:
                op = kind(pl[0]).op("win_gain")
                if op:
                    self._bank_give(self.cult[w], op[1], op[2])
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
        self._phase_hook("closing", "end")
        if self._check_end(out):
            return
        if not self.alive[self.first]:
            self.first = self._next(self.first, lambda q: self.alive[q])
        self._start_prayer()

    # ----- prayer (TM § The Prayer Phase)
    def _start_prayer(self) -> None:
        self.step = PRAYER
        self._phase_hook("prayer", "start")
        self.prayer_left = sum(self.alive)
        self.prayer_seat = self.first
        self._prayer_next(advance=False)

    def _prayer_legal(self, p: int) -> list[int]:
        out = []
        for i in range(6):
            if self.track[i] < 0:
                continue
            t = TRACK_COST[i]
            if t >= 0 and self.cult[p][t] <= 0:
                continue
            out.append(self.C.off["track"] + i)
        if self.prayer:
            out.append(self.C.BLIND)
        return out

    def _prayer_next(self, advance: bool) -> None:
        while True:
            if advance:
                self.prayer_left -= 1
                self.prayer_seat = self._next(self.prayer_seat, lambda q: self.alive[q])
            if self.prayer_left <= 0:
                self._cleanup()
                return
            if self._prayer_legal(self.prayer_seat):
                return
            self._log(f"{self.name(self.prayer_seat)} can take no Prayer card")
            advance = True

    def _prayer_take(self, p: int, name: str, i: int) -> None:
        if name == "blind":
            c = self.prayer.pop()
            self._to_disc(p, c)
            self._log(f"{self.name(p)} takes the top card of the Prayer deck")
        else:
            c = self.track[i]
            self.track[i] = -1
            t = TRACK_COST[i]
            if t >= 0:
                self.cult[p][t] -= 1
                self.bank[t] += 1
                _exchange(self.cult[p], self.bank)
            self.disc[p].append(c)
            self._log(f"{self.name(p)} takes {kind(c).name} from space {i + 1}")
        self._prayer_next(advance=True)

    def _cleanup(self) -> None:
        """TM § Clean-up Step: free spaces emptied into the box, cards shift right, refill on the left."""
        for i in (4, 5):
            if self.track[i] >= 0:
                self.boxed.append(self.track[i])
                self.track[i] = -1
        rest = [c for c in self.track if c >= 0]
        self.track = [-1] * (6 - len(rest)) + rest
        for i in range(6):
            if self.track[i] < 0 and self.prayer:
                self.track[i] = self.prayer.pop()
                self._public(self.track[i])
        self._phase_hook("prayer", "end")
        self.hands += 1
        if self.hands >= self.game.config["max_hands"]:
            self.step = OVER
            self.result_kind = "bound"
            self._log(f"the Hand bound ({self.hands}) is reached: a draw between the survivors")
            return
        self._start_hand()

    # ------------------------------------------------------------------ legal actions / apply
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
            return self._react_legal(pend)
        if self.step == DRAFT_PICK:
            p = self.draft_seat
            return sorted({C.off["pick"] + kid(c) for c in self.draft_hand[p]})
        if self.step == DRAFT_DROP:
            p = self.draft_seat
            return sorted({C.off["drop"] + kid(c) for c in self.picks[p]})
        if self.step == PRAYER:
            return self._prayer_legal(self.prayer_seat)
        p = self.turn
        plays = [C.off["play"] + k for k in self._playable_kinds(p)]
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
            else:
                self._react_apply(name, i)
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
        p = self.turn
        if name == "play":
            self._play(p, i)
            return
        if self.step == BET:
            if name == "end_turn":
                self._end_bet_turn()
            else:
                self._bet_action(p, name, i)
            return
        self._end_battle_turn(passed=(name == "pass"))

    # ------------------------------------------------------------------ protocol: copies
    def clone(self) -> TheomachyState:
        s = TheomachyState(self.game, _empty=True)
        for f in ("boxes", "ncards", "first", "turn", "round", "acted_now", "turn_played",
                  "action_sphere", "multi", "passes", "const_up", "ante", "ess_shuffles",
                  "draft_round", "draft_seat", "prayer_seat", "prayer_left", "hands", "result_kind",
                  "step"):
            setattr(s, f, getattr(self, f))
        s.supply = self.supply[:]
        s.alive = self.alive[:]
        s.elim = self.elim[:]
        s.cult = [x[:] for x in self.cult]
        s.bank = self.bank[:]
        s.stake = [x[:] for x in self.stake]
        s.lsk = [x[:] for x in self.lsk]
        s.ls = self.ls[:]
        s.paid = [x[:] for x in self.paid]
        s.level = self.level[:]
        s.folded = self.folded[:]
        s.acted = self.acted[:]
        s.deck = [x[:] for x in self.deck]
        s.hand = [x[:] for x in self.hand]
        s.disc = [x[:] for x in self.disc]
        s.table = [x[:] for x in self.table]
        s.places = [[pl[:] for pl in x] for x in self.places]
        s.peek = self.peek[:]
        s.once = [x[:] for x in self.once]
        s.aside = [x[:] for x in self.aside]
        s.saved = [x[:] for x in self.saved]
        s.attacks = self.attacks[:]
        s.power = self.power[:]
        s.vis = self.vis[:]
        s.prayer = self.prayer[:]
        s.track = self.track[:]
        s.boxed = self.boxed[:]
        s.ess_deck = self.ess_deck[:]
        s.ess_disc = self.ess_disc[:]
        s.const = self.const[:]
        s.pending = list(self.pending)
        s.draft_hand = [x[:] for x in self.draft_hand]
        s.picks = [x[:] for x in self.picks]
        s.picked_now = self.picked_now[:]
        s.draft_disc = self.draft_disc[:]
        s.winners = self.winners[:]
        s.log = self.log[:]
        self._clone_rng_into(s)
        s._legal = self._legal
        return s

    _INTS = ("boxes", "ncards", "first", "turn", "round", "action_sphere", "passes", "const_up", "ante",
             "ess_shuffles", "draft_round", "draft_seat", "prayer_seat", "prayer_left", "hands", "step")
    _BOOLS = ("acted_now", "turn_played", "multi")
    _LIST1 = ("supply", "elim", "bank", "level", "attacks", "power", "vis", "prayer", "track", "boxed",
              "ess_deck", "ess_disc", "const", "picked_now", "draft_disc", "winners")
    _LIST2 = ("cult", "stake", "lsk", "paid", "deck", "hand", "disc", "table", "draft_hand", "picks", "once",
              "aside", "saved")
    _BLIST = ("alive", "ls", "folded", "acted", "peek")

    def to_dict(self) -> dict:
        d = self._save_header()
        for f in self._INTS:
            d[f] = int(getattr(self, f))
        for f in self._BOOLS:
            d[f] = bool(getattr(self, f))
        for f in self._LIST1:
            d[f] = [int(x) for x in getattr(self, f)]
        for f in self._LIST2:
            d[f] = [[int(x) for x in row] for row in getattr(self, f)]
        for f in self._BLIST:
            d[f] = [bool(x) for x in getattr(self, f)]
        d["places"] = [[[int(v) for v in pl] for pl in x] for x in self.places]
        d["pending"] = [[x[0]] + [list(v) if isinstance(v, tuple) else int(v) for v in x[1:]]
                        for x in self.pending]
        d["result_kind"] = self.result_kind
        d["log"] = self.log[:]
        d["rng"] = rng_to_json(self.rng)
        return d

    @classmethod
    def from_dict(cls, game, d: dict) -> TheomachyState:
        # the types and ranges are the saved-state schema's (schema.py, checked before this runs):
        # the lists are copied as they are
        s = cls(game, _empty=True)
        for f in cls._INTS:
            setattr(s, f, d[f])
        for f in cls._BOOLS:
            setattr(s, f, d[f])
        for f in cls._LIST1:
            setattr(s, f, d[f][:])
        for f in cls._LIST2:
            setattr(s, f, [row[:] for row in d[f]])
        for f in cls._BLIST:
            setattr(s, f, d[f][:])
        s.places = [[pl[:] for pl in x] for x in d["places"]]
        pend = []
        for x in d["pending"]:
            if x[0] == "target":
                pend.append(("target", int(x[1]), int(x[2])))
            elif x[0] == "closing":
                pend.append(("closing", int(x[1]), -1, tuple(int(v) for v in x[3])))
            elif x[0] == "react":
                pend.append(("react", int(x[1]), int(x[2]), int(x[3]), int(x[4]), tuple(int(v) for v in x[5])))
            else:
                raise StateError(f"theomachy_v0: unknown pending decision {x[0]!r}")
        s.pending = pend
        s.result_kind = str(d["result_kind"])
        s.log = [str(x) for x in d["log"]]
        s.rng = rng_from_json(d["rng"])
        if len(s.alive) != s.n or len(s.vis) != s.ncards:
            raise StateError("theomachy_v0: saved state has the wrong number of seats or cards")
        s.check_invariants()
        return s

    def check_invariants(self) -> None:
        """Every Prayer and Essence card in exactly one place; follower tokens conserved per type."""
        where = list(self.prayer) + [c for c in self.track if c >= 0] + self.boxed + self.draft_disc
        for p in range(self.n):
            where += self.deck[p] + self.hand[p] + self.disc[p] + self.table[p] + self.draft_hand[p] + self.aside[p]
            where += self.picks[p] + [pl[0] for pl in self.places[p]]
            if self.picked_now[p] >= 0:
                where.append(self.picked_now[p])
        where += [x[2] for x in self.pending if x[2] >= 0]
        if sorted(where) != list(range(self.ncards)):
            raise StateError(f"theomachy_v0: Prayer card conservation broken ({len(where)} placed, "
                             f"{len(set(where))} distinct, {self.ncards} expected)")
        ess = sorted(self.ess_deck + self.ess_disc + self.const)
        if ess != list(range(NE)):
            raise StateError("theomachy_v0: Essence card conservation broken")
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
        if not 0 <= self.step <= CLOSING:
            raise StateError(f"theomachy_v0: step {self.step!r} is none of 0..{CLOSING} ({', '.join(STEP_NAMES)})")
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

    # ------------------------------------------------------------------ determinization
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
        slots = []      # (list, index)
        pool = []
        for q in range(self.n):
            if q == p:
                continue
            for lst, known_ok in ((s.hand[q], True), (s.aside[q], True), (s.draft_hand[q], False),
                                  (s.picks[q], False), (s.deck[q], False)):
                for i, c in enumerate(lst):
                    if known_ok and self.vis[c] & bit:
                        continue
                    slots.append((lst, i))
                    pool.append(c)
            for i in range(len(s.disc[q]) - 1):
                slots.append((s.disc[q], i))
                pool.append(s.disc[q][i])
        for i, c in enumerate(s.picked_now):
            if i != p and c >= 0:
                slots.append((s.picked_now, i))
                pool.append(c)
        for lst in (s.prayer, s.draft_disc):
            for i, c in enumerate(lst):
                slots.append((lst, i))
                pool.append(c)
        pool.sort()
        rng.shuffle(pool)
        for (lst, i), c in zip(slots, pool):
            lst[i] = c
        # knowledge of the moved cards: only their holder knows them (discard piles are face up)
        allbits = (1 << self.n) - 1
        for (lst, i) in slots:
            s.vis[lst[i]] = 0
        for q in range(self.n):
            if q == p:
                continue
            qb = 1 << q
            for lst in (s.hand[q], s.aside[q], s.draft_hand[q], s.picks[q], s.deck[q]):
                for c in lst:
                    if s.vis[c] == 0:
                        s.vis[c] = qb
            for c in s.disc[q][:-1]:
                s.vis[c] = allbits
            if s.picked_now[q] >= 0:
                s.vis[s.picked_now[q]] = qb
        # the Essence cards
        hidden_const = [] if self.peek[p] else list(range(self.const_up, len(s.const)))
        ep = sorted(s.ess_deck + [s.const[i] for i in hidden_const])
        rng.shuffle(ep)
        for j, i in enumerate(hidden_const):
            s.const[i] = ep[j]
        s.ess_deck = ep[len(hidden_const):]
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s

    # ------------------------------------------------------------------ people
    def action_to_string(self, action: int) -> str:
        return self.C.describe(action)

    def render(self, player: int | None = None) -> str:
        from .render import render_state

        return render_state(self, player)

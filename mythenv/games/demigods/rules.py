"""Demigods: the rules (``004_fd352dc18fb78471.txt``, cited as DG § Section).

Seats ``0..n-1`` sit clockwise; "the demigod on your left" is seat ``p + 1``. Card ids are laid out
per kind in the order of ``data/cards.toml`` with the copies of the game's player count (so the
deck differs per config: ``game.kind_of[card]``).

Places a card can be: the deck (top = end of the list), the discard pile (top = end, face up and
public), a hand, a kingdom (Army / Wealth cards, each maybe blessed), a seat's front (Guardians,
curses landed on it, Athena), or held by a pending decision while it is being played.

Knowledge of hand cards is tracked per card with a bitmask ``vis`` (bit ``q`` = seat ``q`` knows
that this card is in the hand it is in): your own hand (unless you are blind), cards everyone saw
being taken from the discard pile or drawn by a blind player, and the cards you gave in a blind
trade. Everything outside hands and the deck is public. The masks of one hand are nested (everyone
>= the owner and its last trade partner >= the owner), and when a card of a kind leaves a hand the
copy that goes is the one known to the most seats (``_leaving_copy``), so every seat that knew of a
copy of that kind there knows of one fewer and nothing depends on card ids nobody sees.

Multi-step decisions are records on the ``pending`` stack (plain tuples, top = end):

* ``("target", p, card)``: ``p`` names the victim of the curse ``card``
* ``("speech", p, card, ctx, victim)``: ``p`` speaks for a god / curse / cure / throne claim
  (``speech="explicit"`` only)
* ``("steal", p, rtype, victims)``: Zeus / Hermes, ``p`` chooses the card taken from ``victims[0]``
* ``("athena", holder, offender)``: Athena's holder chooses the card taken from the offender
* ``("halve", q, rtype, need)``: ``q`` discards cards until ``need`` (in 500s) more are gone
* ``("otype", p, oracle)``: the drawer of the Favour / Plague Oracle chooses Army or Wealth
* ``("trade", p, rest)``: ``p`` names the opponent of its blind trade; ``rest`` trade after it
* automatic records (no decision): ``("effect", p, card, ctx, victim)`` applies a card after its
  words, ``("claim", p)`` checks the throne after the claim's words, ``("endturn", p)`` is the
  victory check, ``("advance", p)`` passes play to the left.

Each tag names its rules in the tables of ``mythenv.core.engine`` (``DemigodsState.handlers``; ``grep
'decision("halve")'`` finds one): a decision's tag has a ``"lister"`` (its legal actions:
``_compute_legal`` calls ``handlers["lister"][tag](self, *args)``) and a ``"decision"`` (what the
action does: ``_apply`` pops the record and calls ``handlers["decision"][tag](self, action, *args)``,
then settles); an automatic record's tag is a ``"task"``, which ``_settle`` pops and runs
(``handlers["task"][tag](self, *args)``) until the top record is a decision (no task by that name)
or the stack is empty. The rules fetch the action layout (``game.layout``) themselves.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.actions import ActionCodec
from mythenv.core.bookkeeping import GameLog, check_conserved, log_field, redeal
from mythenv.core.engine import Engine, decision, lister, task
from mythenv.core.errors import StateError
from mythenv.core.fields import (
    Bytes,
    Declared,
    Field,
    Fields,
    Flag,
    Int,
    Ints,
    Records,
    Rng,
    Runtime,
)
from mythenv.core.game import TERMINAL, seat_name
from mythenv.core.knowledge import check_known_by, everyone, masks_at, set_masks

from .cards import CARDS, CURSE_KEYS, GOD_KEYS, VALUES

KINDS = CARDS.kinds
NK = len(KINDS)
K = {k.key: k.index for k in KINDS}
ARMY, WEALTH = 0, 1
TYPE_NAMES = ("Army", "Wealth")
CATEGORY = [k.category for k in KINDS]
IS_RES = [k.category in ("army", "wealth") for k in KINDS]
RTYPE = [0 if k.category == "army" else 1 if k.category == "wealth" else -1 for k in KINDS]
VALUE = [k.value for k in KINDS]
VIDX = [VALUES.index(k.value) if k.value else -1 for k in KINDS]
UNITS = (1, 2, 4)                      # face values in 500s
RES_KIND = [[K[f"{t}_{v}"] for v in VALUES] for t in ("army", "wealth")]

GODS = [K[g] for g in GOD_KEYS]
ZEUS, HERMES, ARES, PLUTUS, ATHENA = GODS
CURSES = [K[c] for c in CURSE_KEYS]
SIEGE, POVERTY, LIMITATION, BLINDNESS, SILENCE = CURSES
CURSE_NO = {k: i for i, k in enumerate(CURSES)}                 # curse kind -> 0..4
GUARDIANS = [k.index for k in KINDS if k.category == "guardian"]
GUARD_BLOCKS = {k.index: CURSE_KEYS.index(k.blocks) for k in KINDS if k.category == "guardian"}
GUARD_FOR = {c: g for g, c in GUARD_BLOCKS.items()}               # curse no -> guardian kind
CURES = [k.index for k in KINDS if k.category == "cure"]
CURE_REMOVES = {k.index: CURSE_KEYS.index(k.removes) for k in KINDS if k.category == "cure"}
CURE_VOICE = next(c for c, n in CURE_REMOVES.items() if CURSES[n] == SILENCE)
ORACLES = [k.index for k in KINDS if k.category == "oracle"]
O_WEALTH_FALL, O_ARMY_FALL, O_FAVOUR, O_PLAGUE, O_EXCHANGE = (K[k] for k in (
    "oracle_wealth_fall", "oracle_army_fall", "oracle_favour", "oracle_plague", "oracle_exchange"))
IS_ORACLE = [k.category == "oracle" for k in KINDS]

DRAW, ACT, OVER = 0, 1, 2
MAX_PLAYERS = 5

# speech (DG § Gods / Curses / Cures and the throne claim); "explicit" mode only
PHRASES = ("I invoke Zeus.", "I invoke Hermes.", "I invoke Ares.", "I invoke Plutus.", "I invoke Athena.",
           "I curse you.", "Because of the blessings of the gods, I am now cured.", "I claim the throne.")
P_CURSE, P_CURE, P_CLAIM = 5, 6, 7
NPHRASES = len(PHRASES)
HONORIFIC = "Oh my goddess, "
CTX_GOD, CTX_CURSE, CTX_CURE, CTX_CLAIM = 0, 1, 2, 3
CTX_NAMES = ("god", "curse", "cure", "claim")


def families(n: int) -> tuple:
    """The action families of an ``n``-player game (see the game's doc page)."""
    return (
        ("draw_deck", ()),                    # take the top card of the deck
        ("draw_discard", ()),                 # take the top card of the discard pile
        ("play", (NK,)),                      # play a card of kind k from your hand
        ("discard", (NK,)),                   # discard a card of kind k from your hand
        ("blind_play", ()),                   # Blindness: a random card of your hand, played if legal
        ("pass", ()),                         # only with an empty hand and nothing to do
        ("target", (n - 1,)),                 # name the seat i+1 places to your left
        ("take", (2, 3, 2)),                  # a kingdom card by (type, value index, blessed)
        ("choose_type", (2,)),                # Army / Wealth for an Oracle
        ("speak", (2, NPHRASES)),             # (with "Oh my goddess" first?, phrase)
        ("stay_silent", ()),                  # say nothing
    )


def _spoken(phrase: str, after_honorific: int) -> str:
    """``phrase`` as said after "Oh my goddess, " (its first word then in lower case, but "I")."""
    return phrase if not after_honorific or phrase.startswith("I ") else phrase[0].lower() + phrase[1:]


LABELS = {
    "draw_deck": "draw the top card of the deck",
    "draw_discard": "take the top card of the discard pile",
    "play": lambda k: f"play {KINDS[k].name}",
    "discard": lambda k: f"discard {KINDS[k].name}",
    "blind_play": "blind: take a random card of your hand, play it if legal, else discard it",
    "pass": "pass (your hand is empty)",
    "target": lambda i: ("name the demigod on your left" if i == 0 else
                         f"name the demigod {i + 1} places to your left"),
    "take": lambda t, vi, b: f"{TYPE_NAMES[t]} {VALUES[vi]:,}{' (blessed)' if b else ''}",
    "choose_type": lambda t: f"choose {TYPE_NAMES[t]}",
    "speak": lambda honor, phrase: f'say "{HONORIFIC if honor else ""}{_spoken(PHRASES[phrase], honor)}"',
    "stay_silent": "say nothing",
}


class Layout:
    """Flat action ids of one player count (tables the rules use in hot paths), from the layout's
    :class:`ActionCodec` ``codec`` (which also decodes and describes them)."""

    def __init__(self, n: int):
        self.n = n
        self.codec = ActionCodec(families(n), LABELS)
        self.offsets = o = self.codec.offsets
        self.size = self.codec.size
        self.draw_deck, self.draw_discard = o["draw_deck"], o["draw_discard"]
        self.play, self.discard, self.blind, self.pass_ = o["play"], o["discard"], o["blind_play"], o["pass"]
        self.target, self.take, self.ctype = o["target"], o["take"], o["choose_type"]
        self.speak, self.silent = o["speak"], o["stay_silent"]
        self.describe = self.codec.describe

    def __reduce__(self):  # pickled by its player count (the labels are lambdas)
        return Layout, (self.n,)

    def take_id(self, t: int, vi: int, b: int) -> int:
        return self.take + (t * 3 + vi) * 2 + b

    def speak_id(self, honor: int, phrase: int) -> int:
        return self.speak + honor * NPHRASES + phrase


def card_label(kind: int, blessed: bool = False) -> str:
    k = KINDS[kind]
    if k.category in ("army", "wealth"):
        return f"{TYPE_NAMES[RTYPE[kind]]} {k.value:,}" + (" (blessed)" if blessed else "")
    return k.name


def best_discard(units: list[int], limit: int) -> int:
    """The largest sum of a sub-multiset of ``units`` that is at most ``limit`` (subset sum)."""
    reach = 1
    mask = (1 << (limit + 1)) - 1
    for u in units:
        reach = (reach | (reach << u)) & mask
    return reach.bit_length() - 1


def can_reach(units: list[int], target: int) -> bool:
    if target == 0:
        return True
    if target < 0:
        return False
    reach = 1
    mask = (1 << (target + 1)) - 1
    for u in units:
        reach = (reach | (reach << u)) & mask
    return bool(reach >> target & 1)


# ----------------------------------------------------------------------------- the state
def _cards(g):
    return g.num_cards - 1


def _seats(g):
    return g.num_players - 1


_CARD_IDS = Ints(0, _cards, max_len=lambda g: g.num_cards, setlike=True)  # a pile of card ids
_SEAT = Int(0, _seats)
_CARD_OR_NONE = Int(-1, _cards)
_CTX = Int(0, len(CTX_NAMES) - 1)
_VICTIM = Int(-1, _seats)
_RTYPE = Int(0, 1)  # Army or Wealth
_SEAT_IDS = Ints(0, _seats, max_len=_seats, setlike=True, as_tuple=True)


class DemigodsState(Engine, GameLog, Declared):
    """The whole truth of one Demigods position."""

    LOG_KEEP = 16  # the log's last lines (GameLog._log)

    fields = Fields(
        Field("deck", _CARD_IDS, "the draw pile, top last (DG § Setup)", hidden=True),
        Field("discard", _CARD_IDS, "the discard pile, top last, face up"),
        Field("hand", _CARD_IDS, "each seat's hand", per_seat=True, hidden=True),
        Field("kingdom", _CARD_IDS, "each seat's kingdom: its Army and Wealth cards", per_seat=True),
        Field("front", _CARD_IDS, "each seat's front: Guardians, curses on it, Athena", per_seat=True),
        Field("blessed", Bytes(0, 1, lambda g: g.num_cards), "per card: 1 if it is blessed (DG § Blessing)"),
        Field("vis", Bytes(0, lambda g: everyone(g.num_players), lambda g: g.num_cards),
              "per card: bit q set if seat q knows this card is in the hand it is in"),
        Field("phase", Int(0, OVER), "DRAW, PLAY or OVER"),
        Field("turn_player", _SEAT, "the seat whose turn it is"),
        Field("turns", Int(0, lambda g: g.config["max_rounds"] * g.num_players), "turns played"),
        Field("reshuffled", Flag(), "the discard pile was shuffled into the deck this turn"),
        Field("pending", Records({
            "target": (_SEAT, Int(0, _cards)),  # the seat that played the card picks its target
            "speech": (_SEAT, _CARD_OR_NONE, _CTX, _VICTIM),
            "effect": (_SEAT, _CARD_OR_NONE, _CTX, _VICTIM),
            "steal": (_SEAT, _RTYPE, Ints(0, _seats, min_len=1, max_len=_seats, setlike=True, as_tuple=True)),
            "athena": (_SEAT, _SEAT),
            "halve": (_SEAT, _RTYPE, Int(1, lambda g: 4 * g.num_cards)),  # units of 500 still to discard
            "otype": (_SEAT, Int(0, NK - 1)),
            "trade": (_SEAT, _SEAT_IDS),
            "endturn": (_SEAT,),
            "claim": (_SEAT,),
            "advance": (_SEAT,),
        }, what="pending decision", max_len=lambda g: 4 * g.num_players + 8),
            "the stack of pending decisions and automatic steps (module docstring), top last"),
        Field("winner", _VICTIM, "the seat that claimed the throne, -1 before the end or in a draw", default=-1),
        Field("first", _SEAT, "the seat that played first"),
        log_field(),
        Field("rng", Rng(), "the state's chance (every shuffle and draw)"),
        runtime=(Runtime("n", "the number of seats", lambda g: g.num_players),
                 Runtime("_obs_memo", "the observation encoder's cache, keyed by zone contents (observe.py)",
                         None, share=False)),
    )

    def setup(self) -> None:
        """The rulebook's setup, on a state at its declared defaults with its generator seeded
        (``Declared.__init__``)."""
        game = self.game
        n = self.n
        kind_of = game.kind_of
        first = game.config["first_player"]
        self.first = int(self.rng.integers(n)) if first == "random" else int(first)
        # DG § Setup: "Build the deck for your player count and set the five Oracles aside. Shuffle
        # everything else and deal six cards to each player. Shuffle the Oracles into the remaining
        # deck".
        oracles = [c for c in range(game.num_cards) if IS_ORACLE[kind_of[c]]]
        rest = [c for c in range(game.num_cards) if not IS_ORACLE[kind_of[c]]]
        self.rng.shuffle(rest)
        for _ in range(6):
            for p in range(n):
                c = rest.pop()
                self.hand[p].append(c)
                self.vis[c] = 1 << p
        rest.extend(oracles)
        self.rng.shuffle(rest)
        self.deck = rest
        self.turn_player = self.first
        self.phase = DRAW
        self._settle()

    # ------------------------------------------------------------------ protocol: queries
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.pending:
            return self.pending[-1][1]
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """+1 to the seat that claims the throne, -1 to every other seat; 0 for all in a draw
        (the ``max_rounds`` bound) and before the end."""
        if self.phase != OVER or self.winner < 0:
            return [0.0] * self.n
        return [1.0 if p == self.winner else -1.0 for p in range(self.n)]

    # ------------------------------------------------------------------ small helpers
    def kind(self, c: int) -> int:
        return self.game.kind_of[c]

    def curses_on(self, p: int) -> int:
        """Bitmask of the curse numbers (0..4, DG order) in front of ``p``."""
        kind_of = self.game.kind_of
        m = 0
        for c in self.front[p]:
            no = CURSE_NO.get(kind_of[c])
            if no is not None:
                m |= 1 << no
        return m

    def is_blind(self, p: int) -> bool:
        return bool(self.curses_on(p) >> 3 & 1)

    def is_silenced(self, p: int) -> bool:
        return bool(self.curses_on(p) >> 4 & 1)

    def athena_holder(self) -> int:
        kind_of = self.game.kind_of
        for p in range(self.n):
            for c in self.front[p]:
                if kind_of[c] == ATHENA:
                    return p
        return -1

    def total(self, p: int, t: int) -> int:
        """Army (t=0) or Wealth (t=1) of ``p``'s kingdom, blessed cards counting double."""
        kind_of, bl = self.game.kind_of, self.blessed
        s = 0
        for c in self.kingdom[p]:
            k = kind_of[c]
            if RTYPE[k] == t:
                s += VALUE[k] * (2 if bl[c] else 1)
        return s

    def guardians_of(self, p: int) -> int:
        kind_of = self.game.kind_of
        return sum(1 for c in self.front[p] if CATEGORY[kind_of[c]] == "guardian")

    def can_claim(self, p: int) -> bool:
        """DG: 'your kingdom must hold all three of these at once' (conditions designed, see
        data/throne.toml); DG § Silence: 'You also cannot claim the throne.'"""
        cfg = self.game.config
        return (not self.is_silenced(p) and self.total(p, ARMY) >= cfg["army_goal"]
                and self.total(p, WEALTH) >= cfg["wealth_goal"]
                and self.guardians_of(p) >= self.game.throne_guardians)

    def classes(self, p: int, t: int) -> list[int]:
        """Count of ``p``'s kingdom cards of type ``t`` per class ``vi * 2 + blessed``."""
        kind_of, bl = self.game.kind_of, self.blessed
        cnt = [0] * 6
        for c in self.kingdom[p]:
            k = kind_of[c]
            if RTYPE[k] == t:
                cnt[VIDX[k] * 2 + bl[c]] += 1
        return cnt

    def halving_options(self, p: int, t: int, need: int) -> list[tuple[int, int]]:
        """Classes ``(value index, blessed)`` that ``p`` may discard next when ``need`` more (in
        500s) must go: only choices from which the optimum stays reachable (DG § Halving)."""
        cnt = self.classes(p, t)
        out = []
        for cls in range(6):
            if not cnt[cls]:
                continue
            u = UNITS[cls >> 1] * (2 if cls & 1 else 1)
            if u > need:
                continue
            rest = []
            for c2 in range(6):
                m = cnt[c2] - (1 if c2 == cls else 0)
                if m:
                    rest.extend([UNITS[c2 >> 1] * (2 if c2 & 1 else 1)] * m)
            if can_reach(rest, need - u):
                out.append((cls >> 1, cls & 1))
        return out

    def halving_need(self, p: int, t: int) -> int:
        """DG § Halving: 'Total the resource, counting blessed cards double. Halve it. That is your
        target. ... as close to the target as possible without falling below it.' The 500s to
        discard: the largest sub-sum of the kingdom's cards that is at most half the total."""
        cnt = self.classes(p, t)
        units = []
        for cls in range(6):
            if cnt[cls]:
                units.extend([UNITS[cls >> 1] * (2 if cls & 1 else 1)] * cnt[cls])
        total = sum(units)
        return best_discard(units, total // 2) if total else 0

    def playable(self, p: int, k: int, curses: int | None = None) -> bool:
        """May ``p`` play a card of kind ``k`` now (DG § Curses, § Cures, FAQ)?"""
        if curses is None:
            curses = self.curses_on(p)
        cat = CATEGORY[k]
        if cat in ("army", "wealth"):
            if cat == "army" and curses & 1:           # Siege: "You may not play Army cards."
                return False
            if cat == "wealth" and curses & 2:         # Poverty: "You may not play Wealth cards."
                return False
            if curses & 4 and VALUE[k] != 500:         # Limitation: "You may only play 500 cards."
                return False
            return True
        if cat == "cure":
            # a Cure removes a curse that has landed on you; the Cure of Voice is the only card a
            # silenced player may play besides Army and Wealth cards
            if curses & 16 and k != CURE_VOICE:
                return False
            return bool(curses >> CURE_REMOVES[k] & 1)
        if curses & 16:                                 # Silence: "Only Army and Wealth cards, or discard."
            return False
        if cat == "curse":
            no = CURSE_NO[k]
            # "You cannot curse yourself, and you cannot give a player a curse they already carry"
            return any(q != p and not self.curses_on(q) >> no & 1 for q in range(self.n))
        return cat in ("god", "guardian")

    def _draw_possible(self) -> bool:
        if self.deck or (self.discard and not self.reshuffled):
            return True
        return bool(self.discard) and not IS_ORACLE[self.game.kind_of[self.discard[-1]]]

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.pending:
            rec = self.pending[-1]  # a task's record on top (not settled) is a StateError: no lister
            try:
                fn = self.handlers["lister"][rec[0]]
            except KeyError:
                fn = self.handler("lister", rec[0])  # a StateError naming the record
            return fn(self, *rec[1:])
        L = self.game.layout
        p = self.turn_player
        kind_of = self.game.kind_of
        if self.phase == DRAW:
            out = []
            # DG § Turn: "Take the top card of the deck, or the top card of the discard pile."
            # (the deck is rebuilt from the discard pile when it runs out, at most once a turn)
            if self.deck or (self.discard and not self.reshuffled):
                out.append(L.draw_deck)
            # FAQ: "Only the top card ... Oracles cannot be taken from the discard."
            if self.discard and not IS_ORACLE[kind_of[self.discard[-1]]]:
                out.append(L.draw_discard)
            return out
        hand = self.hand[p]
        if not hand:
            return [L.pass_]
        if self.is_blind(p):
            return [L.blind]
        curses = self.curses_on(p)
        kinds = sorted({kind_of[c] for c in hand})
        out = [L.play + k for k in kinds if self.playable(p, k, curses)]
        # FAQ: "You may discard instead. But you must do one or the other, and you cannot pass."
        out.extend(L.discard + k for k in kinds)
        return out

    # --- the legal actions of a pending decision, one lister per tag (the module docstring) ---
    @lister("target")
    def _curse_victim_options(self, p: int, card: int) -> list[int]:
        """The seats ``p`` may curse with ``card``: not itself, none that carries that curse already."""
        L = self.game.layout
        no = CURSE_NO[self.kind(card)]
        return [L.target + i - 1 for i in range(1, self.n)
                if not self.curses_on((p + i) % self.n) >> no & 1]

    @lister("speech")
    def _speech_options(self, p: int, card: int, ctx: int, victim: int) -> list[int]:
        """Every phrase, with or without "Oh my goddess", and silence."""
        L = self.game.layout
        return list(range(L.speak, L.speak + 2 * NPHRASES)) + [L.silent]

    @lister("steal")
    def _steal_options(self, p: int, t: int, victims: tuple) -> list[int]:
        """The classes of type ``t`` in the kingdom of the next victim of Zeus / Hermes."""
        L = self.game.layout
        cnt = self.classes(victims[0], t)
        return [L.take_id(t, cls >> 1, cls & 1) for cls in range(6) if cnt[cls]]

    @lister("athena")
    def _athena_options(self, holder: int, offender: int) -> list[int]:
        """Every Army and Wealth class in the offender's kingdom."""
        L = self.game.layout
        out = []
        for t in (ARMY, WEALTH):
            cnt = self.classes(offender, t)
            out.extend(L.take_id(t, cls >> 1, cls & 1) for cls in range(6) if cnt[cls])
        return out

    @lister("halve")
    def _halving_options(self, q: int, t: int, need: int) -> list[int]:
        """The classes ``q`` may discard next while halving (``halving_options``)."""
        L = self.game.layout
        return [L.take_id(t, vi, b) for vi, b in self.halving_options(q, t, need)]

    @lister("otype")
    def _oracle_type_options(self, p: int, oracle: int) -> list[int]:
        """Army or Wealth."""
        L = self.game.layout
        return [L.ctype, L.ctype + 1]

    @lister("trade")
    def _trade_partner_options(self, p: int, rest: tuple) -> list[int]:
        """Every other seat, by its place to ``p``'s left."""
        L = self.game.layout
        return [L.target + i for i in range(self.n - 1)]

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: int) -> None:
        self._legal = None
        if self.pending:
            rec = self.pending.pop()
            self.handlers["decision"][rec[0]](self, action, *rec[1:])
            self._settle()
            return
        L = self.game.layout
        if self.phase == DRAW:
            self._do_draw(action == L.draw_deck)
        else:
            p = self.turn_player
            self.pending.append(("endturn", p))
            if action == L.pass_:
                self._log(f"seat {p} has no card and passes")
            elif action == L.blind:
                self._do_blind(p)
            elif action < L.discard:
                self._play(p, self._take_from_hand(p, action - L.play))
            else:
                c = self._take_from_hand(p, action - L.discard)
                self._to_discard(c)
                self._log(f"seat {p} discards {card_label(self.kind(c))}")
        self._settle()

    def _leaving_copy(self, seat: int, kind: int) -> int:
        """The copy of ``kind`` that leaves ``seat``'s hand whenever a card of that kind does (played,
        discarded, played blind, traded away in the Exchange): copies of a kind are the same card at
        the table, so the one that goes is the copy known to the most seats, the lowest id among
        copies known to exactly the same seats. The knowledge masks of one hand are nested
        (``check_invariants``), so that copy's mask contains every other copy's: each seat that knew
        of a copy of the kind in this hand knows of one fewer, and no seat's view depends on ids."""
        kind_of, vis = self.game.kind_of, self.vis
        best, best_v = -1, 0
        for c in self.hand[seat]:
            if kind_of[c] == kind:
                v = vis[c]
                if best < 0 or (v != best_v and v | best_v == v) or (v == best_v and c < best):
                    best, best_v = c, v
        if best < 0:
            raise StateError(f"demigods_v0: seat {seat} holds no {KINDS[kind].name}")
        return best

    def _take_from_hand(self, p: int, k: int) -> int:
        c = self._leaving_copy(p, k)
        self.hand[p].remove(c)
        self.vis[c] = 0
        return c

    def _to_discard(self, c: int) -> None:
        self.discard.append(c)
        self.blessed[c] = 0
        self.vis[c] = 0

    def _do_draw(self, from_deck: bool) -> None:
        p = self.turn_player
        kind_of = self.game.kind_of
        if from_deck:
            if not self.deck:
                # DG § Oracles: "because the discard pile is reshuffled, every Oracle comes back around"
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self.reshuffled = True
                self._log("the discard pile is shuffled into a new deck")
            c = self.deck.pop()
        else:
            c = self.discard.pop()
        k = kind_of[c]
        if IS_ORACLE[k]:
            # DG § Turn: "If it is an Oracle, resolve it at once, then carry on." It goes to the
            # discard pile and the drawer draws again (designed, see the doc page).
            self._log(f"seat {p} draws {KINDS[k].name}")
            self._to_discard(c)
            self._oracle(p, k)
            return
        self.hand[p].append(c)
        if not from_deck or self.is_blind(p):
            # a card taken from the face-up pile, or revealed by a blind player ("Reveal each card
            # you draw so Oracles still fire"), is known to everyone
            self.vis[c] = (1 << self.n) - 1
        else:
            self.vis[c] = 1 << p
        self.phase = ACT
        if not from_deck:
            self._log(f"seat {p} takes {card_label(k)} from the discard pile")

    def _oracle(self, p: int, k: int) -> None:
        n = self.n
        order = [(p + i) % n for i in range(n)]
        if k in (O_WEALTH_FALL, O_ARMY_FALL):
            # "Every player, including the one who drew it, halves their Wealth / Army."
            self._push_halvings(order, WEALTH if k == O_WEALTH_FALL else ARMY)
        elif k in (O_FAVOUR, O_PLAGUE):
            self.pending.append(("otype", p, k))
        else:
            # "Starting with the drawer and going clockwise, each player names an opponent"
            self.pending.append(("trade", p, tuple(order[1:])))

    def _push_halvings(self, seats: list[int], t: int) -> None:
        recs = []
        for q in seats:
            need = self.halving_need(q, t)
            if need:
                recs.append(("halve", q, t, need))
            else:
                self._log(f"seat {q} keeps its {TYPE_NAMES[t]} (nothing can go without falling below half)")
        self.pending.extend(reversed(recs))

    def _do_blind(self, p: int) -> None:
        # DG § Blindness: "Each turn, take one card at random from your own hand and play it if you
        # legally can. If you cannot, discard it."
        # The random card fixes only the kind: which copy of it goes is ``_leaving_copy``'s (the
        # seat cannot tell its face-down copies apart, nor the one it saw drawn from the others).
        hand = self.hand[p]
        k = self.kind(hand[int(self.rng.integers(len(hand)))])
        c = self._take_from_hand(p, k)
        if self.playable(p, k):
            self._log(f"seat {p} plays blind: {card_label(k)}")
            self._play(p, c)
        else:
            self._log(f"seat {p} plays blind: {card_label(k)} cannot be played and is discarded")
            self._to_discard(c)

    def _play(self, p: int, c: int) -> None:
        k = self.kind(c)
        cat = CATEGORY[k]
        explicit = self.game.explicit
        if cat in ("army", "wealth"):
            self.kingdom[p].append(c)
            self.blessed[c] = 0
            self._log(f"seat {p} plays {card_label(k)}")
        elif cat == "guardian":
            # "Placed face up and left there."
            self.front[p].append(c)
            self._log(f"seat {p} places {KINDS[k].name}")
        elif cat == "curse":
            self.pending.append(("target", p, c))
        elif cat == "god":
            self._log(f"seat {p} plays {KINDS[k].name}")
            if explicit:
                self.pending.append(("speech", p, c, CTX_GOD, -1))
            else:
                self.pending.append(("effect", p, c, CTX_GOD, -1))
        elif cat == "cure":
            self._log(f"seat {p} plays {KINDS[k].name}")
            # "The Cure of Voice may be played in complete silence."
            if explicit and k != CURE_VOICE:
                self.pending.append(("speech", p, c, CTX_CURE, -1))
            else:
                self.pending.append(("effect", p, c, CTX_CURE, -1))
        else:  # pragma: no cover - oracles never reach a hand
            raise StateError(f"demigods_v0: card {c} ({KINDS[k].name}) cannot be played")

    # --- what an action does at a pending decision (its record popped first), one per tag ---
    @decision("target")
    def _curse_victim(self, action: int, p: int, c: int) -> None:
        """``p`` names the victim of the curse ``c``: the words first (explicit speech), then the effect."""
        victim = (p + action - self.game.layout.target + 1) % self.n
        self._log(f"seat {p} curses seat {victim} with {KINDS[self.kind(c)].name}")
        if self.game.explicit:
            self.pending.append(("speech", p, c, CTX_CURSE, victim))
        else:
            self.pending.append(("effect", p, c, CTX_CURSE, victim))

    @decision("steal")
    def _steal(self, action: int, p: int, t: int, victims: tuple) -> None:
        """Zeus / Hermes: ``p`` takes the class chosen from ``victims[0]``; the other victims follow."""
        i = action - self.game.layout.take
        self._move_class(victims[0], p, t, (i // 2) % 3, i % 2, "steals")
        if len(victims) > 1:
            self.pending.append(("steal", p, t, victims[1:]))

    @decision("athena")
    def _athena_take(self, action: int, holder: int, offender: int) -> None:
        """Athena's holder takes the card chosen from the offender's kingdom."""
        i = action - self.game.layout.take
        self._move_class(offender, holder, i // 6, (i // 2) % 3, i % 2, "takes (Athena)")

    @decision("halve")
    def _halving_discard(self, action: int, q: int, t: int, need: int) -> None:
        """``q`` discards a card of the class chosen; the halving goes on while 500s are still owed."""
        i = action - self.game.layout.take
        vi, b = (i // 2) % 3, i % 2
        c = self._card_of_class(q, t, vi, b)
        self.kingdom[q].remove(c)
        self._to_discard(c)
        self._log(f"seat {q} discards {card_label(self.kind(c), bool(b))} (halving)")
        need -= UNITS[vi] * (2 if b else 1)
        if need:
            self.pending.append(("halve", q, t, need))

    @decision("otype")
    def _oracle_type(self, action: int, p: int, k: int) -> None:
        """The Favour Oracle blesses the type chosen, the Plague Oracle halves it for every other seat."""
        t = action - self.game.layout.ctype
        if k == O_FAVOUR:
            self._bless(p, t)
        else:
            # "Every other player halves it. The drawer walks away untouched."
            self._log(f"seat {p} sends the Plague on every other {TYPE_NAMES[t]}")
            self._push_halvings([(p + i) % self.n for i in range(1, self.n)], t)

    @decision("trade")
    def _trade_partner(self, action: int, p: int, rest: tuple) -> None:
        """``p`` trades blind with the seat it names; the seats in ``rest`` name theirs after."""
        q = (p + action - self.game.layout.target + 1) % self.n
        if rest:
            self.pending.append(("trade", rest[0], rest[1:]))
        self._trade(p, q)

    def _card_of_class(self, p: int, t: int, vi: int, b: int) -> int:
        k = RES_KIND[t][vi]
        kind_of, bl = self.game.kind_of, self.blessed
        return min(c for c in self.kingdom[p] if kind_of[c] == k and bl[c] == b)

    def _move_class(self, src: int, dst: int, t: int, vi: int, b: int, verb: str) -> None:
        c = self._card_of_class(src, t, vi, b)
        self.kingdom[src].remove(c)
        # "if it ever leaves your kingdom the blessing is lost"
        self.blessed[c] = 0
        self.kingdom[dst].append(c)
        self._log(f"seat {dst} {verb} {card_label(self.kind(c), bool(b))} from seat {src}")

    def _bless(self, p: int, t: int) -> None:
        # DG § Blessing: "A card can only be blessed once"
        kind_of = self.game.kind_of
        for c in self.kingdom[p]:
            if RTYPE[kind_of[c]] == t:
                self.blessed[c] = 1
        self._log(f"seat {p} blesses its {TYPE_NAMES[t]}")

    def _trade(self, a: int, b: int) -> None:
        """DG § Oracles: 'trades two cards blind, drawn face down from each other's shuffled hand'
        (fewer when a hand holds fewer than two)."""
        ha, hb = self.hand[a], self.hand[b]
        take_b = [self._trade_out(a) for _ in range(min(2, len(ha)))]
        take_a = [self._trade_out(b) for _ in range(min(2, len(hb)))]
        ha.extend(take_a)
        hb.extend(take_b)
        # knowledge: each sighted party sees what it got and what it lost; nobody else can follow
        keep = 0
        blind_a, blind_b = self.is_blind(a), self.is_blind(b)
        if not blind_a:
            keep |= 1 << a
        if not blind_b:
            keep |= 1 << b
        vis = self.vis
        for c in ha:
            vis[c] &= keep
            if not blind_a:
                vis[c] |= 1 << a
        for c in hb:
            vis[c] &= keep
            if not blind_b:
                vis[c] |= 1 << b
        self._log(f"seat {a} and seat {b} trade {len(take_a)} and {len(take_b)} cards blind")

    def _trade_out(self, q: int) -> int:
        """One card drawn face down from ``q``'s hand for a blind trade: a random card fixes the
        kind, ``_leaving_copy`` the copy (the partner cannot tell which copy it received)."""
        hand = self.hand[q]
        c = self._leaving_copy(q, self.kind(hand[int(self.rng.integers(len(hand)))]))
        hand.remove(c)
        return c

    @decision("speech")
    def _speak(self, action: int, p: int, c: int, ctx: int, victim: int) -> None:
        """Explicit speech (our adaptation of DG's spoken rules): a wrong or missing phrase
        discards the card with no effect ('Fail to speak the words and the card is immediately
        discarded, its effect lost'); speaking without 'Oh my goddess' while another seat holds
        Athena lets that seat steal one Army or Wealth card of its choice."""
        L = self.game.layout
        if action == L.silent:
            spoke, honor, phrase = False, 0, -1
        else:
            i = action - L.speak
            spoke, honor, phrase = True, i // NPHRASES, i % NPHRASES
        if ctx == CTX_GOD:
            expected = GODS.index(self.kind(c))
        else:
            expected = (P_CURSE, P_CURE, P_CLAIM)[ctx - 1]
        correct = spoke and phrase == expected
        what = "the throne" if ctx == CTX_CLAIM else KINDS[self.kind(c)].name
        if spoke:
            self._log(f'seat {p} says "{HONORIFIC if honor else ""}{PHRASES[phrase]}"')
        if ctx == CTX_CLAIM:
            if correct:
                self.pending.append(("claim", p))
        elif correct:
            self.pending.append(("effect", p, c, ctx, victim))
        else:
            self._log(f"seat {p} failed to speak the words: {what} is discarded, its effect lost")
            self._to_discard(c)
        holder = self.athena_holder()
        if spoke and not honor and holder >= 0 and holder != p:
            # "Catch a player speaking without it before the next turn begins, and you steal one
            # Army or Wealth card of your choice from their kingdom."
            self._log(f"seat {p} spoke without 'Oh my goddess'")
            if self.kingdom[p]:
                self.pending.append(("athena", holder, p))

    # --- the automatic records (tasks): run by ``_settle`` with no seat deciding ---
    @task("effect")
    def _effect(self, p: int, c: int, ctx: int, victim: int) -> None:
        """The card ``c`` takes effect (after its words, in explicit speech)."""
        k = self.kind(c)
        if ctx == CTX_GOD:
            if k in (ZEUS, HERMES):
                # "Steal one Army / Wealth card from every other player's kingdom. You choose which
                # card you take from each."
                t = ARMY if k == ZEUS else WEALTH
                self._to_discard(c)
                victims = []
                for i in range(1, self.n):
                    q = (p + i) % self.n
                    if any(RTYPE[self.kind(x)] == t for x in self.kingdom[q]):
                        victims.append(q)
                if victims:
                    self.pending.append(("steal", p, t, tuple(victims)))
            elif k in (ARES, PLUTUS):
                # "Bless every unblessed Army / Wealth card in your kingdom."
                self._to_discard(c)
                self._bless(p, ARMY if k == ARES else WEALTH)
            else:
                # "Athena stays face up in front of you for the rest of the game."
                self.front[p].append(c)
        elif ctx == CTX_CURSE:
            no = CURSE_NO[k]
            guard = GUARD_FOR[no]
            gcard = next((x for x in self.front[victim] if self.kind(x) == guard), -1)
            if gcard >= 0:
                # "Blocks the curse the moment it is played on you, then both cards are discarded."
                self.front[victim].remove(gcard)
                self._to_discard(gcard)
                self._to_discard(c)
                self._log(f"{KINDS[guard].name} blocks the {KINDS[k].name}; both are discarded")
            else:
                # "A curse stays in front of your victim until it is cured or blocked."
                self.front[victim].append(c)
                if k == BLINDNESS:
                    # "Shuffle your hand, hold it face down, and do not look at it."
                    bit = ~(1 << victim) & 0xFF
                    for x in self.hand[victim]:
                        self.vis[x] &= bit
        else:
            no = CURE_REMOVES[k]
            curse = next(x for x in self.front[p] if self.kind(x) == CURSES[no])
            self.front[p].remove(curse)
            self._to_discard(curse)
            self._to_discard(c)
            self._log(f"seat {p} is cured of the {KINDS[CURSES[no]].name}")
            if CURSES[no] == BLINDNESS:
                for x in self.hand[p]:
                    self.vis[x] |= 1 << p

    @task("claim")
    def _claim(self, p: int) -> None:
        """The throne claim's words were right: ``p`` wins if it still meets the conditions."""
        if self.can_claim(p):
            self._win(p)

    @task("endturn")
    def _end_turn(self, p: int) -> None:
        """DG § Turn: "Check for victory." (in explicit speech ``p`` must claim the throne aloud)."""
        if self.can_claim(p):
            if self.game.explicit:
                self.pending.append(("advance", p))
                self.pending.append(("speech", p, -1, CTX_CLAIM, -1))
            else:
                self._win(p)
        else:
            self._advance()

    @task("advance")
    def _advance_after_claim(self, p: int) -> None:
        """The turn of ``p`` ends after its throne-claim speech (which did not win): play passes on."""
        self._advance()

    def _settle(self) -> None:
        """Run the automatic records (``task`` rules) on top of the stack until a seat must decide."""
        pending, tasks = self.pending, self.handlers["task"]  # emptied in place, never replaced
        while self.phase != OVER:
            if pending:
                name = pending[-1][0]
                if name not in tasks:  # a seat's decision (``in`` and ``[]``: no method call per settle)
                    return
                fn = tasks[name]
                rec = pending.pop()
                # ("endturn" / "claim" / "advance", seat) without *args: "endturn" runs every turn, and a
                # call with *args costs CPython 3.11 a list, a tuple and a frame it cannot inline
                if len(rec) == 2:
                    fn(self, rec[1])
                else:
                    fn(self, *rec[1:])
                continue
            if self.phase == DRAW and not self._draw_possible():
                self.phase = ACT
            return

    def _win(self, p: int) -> None:
        self.phase = OVER
        self.winner = p
        self.pending.clear()
        self._log(f"seat {p} claims the throne")

    def _advance(self) -> None:
        # "Play passes clockwise to the demigod on your left."
        self.turns += 1
        if self.turns >= self.game.config["max_rounds"] * self.n:
            self.phase = OVER
            self.winner = -1
            self.pending.clear()
            self._log("the turn bound is reached: a draw")
            return
        self.turn_player = (self.turn_player + 1) % self.n
        self.phase = DRAW
        self.reshuffled = False

    # ------------------------------------------------------------------ protocol: checks
    def check_invariants(self) -> None:
        """Every card is in exactly one place; kingdoms hold only Army / Wealth cards, fronts only
        Guardians, curses and Athena; no seat carries two copies of one curse; only kingdom cards
        are blessed; hands hold no Oracle; the knowledge masks of each hand are nested."""
        g = self.game
        kind_of = g.kind_of
        where = self.deck + self.discard
        for p in range(self.n):
            where += self.hand[p] + self.kingdom[p] + self.front[p]
            for c in self.kingdom[p]:
                if not IS_RES[kind_of[c]]:
                    raise StateError(f"demigods_v0: {KINDS[kind_of[c]].name} in seat {p}'s kingdom")
            seen = set()
            for c in self.front[p]:
                k = kind_of[c]
                if CATEGORY[k] not in ("guardian", "curse") and k != ATHENA:
                    raise StateError(f"demigods_v0: {KINDS[k].name} in front of seat {p}")
                if CATEGORY[k] == "curse":
                    if k in seen:
                        raise StateError(f"demigods_v0: seat {p} carries two {KINDS[k].name}")
                    seen.add(k)
            for c in self.hand[p]:
                if IS_ORACLE[kind_of[c]]:
                    raise StateError(f"demigods_v0: an Oracle in seat {p}'s hand")
            # a seat that is not blind knows its hand; the cards on the table are public (no mask)
            if not self.is_blind(p):
                check_known_by("demigods_v0: vis", self.vis, self.hand[p], p, who=f"seat {p} (not blind)")
            if any(self.vis[c] for c in self.kingdom[p] + self.front[p]):
                raise StateError(f"demigods_v0: vis: a card in seat {p}'s kingdom or front has a knowledge mask "
                                 f"(cards on the table are public: 0)")
            # what seats can know of one hand is nested: everyone (face-up pile, blind draws) >= the
            # owner and its last trade partner >= the owner (``_leaving_copy`` relies on it)
            masks = sorted({self.vis[c] for c in self.hand[p]}, key=int.bit_count)
            for lo, hi in zip(masks, masks[1:]):
                if lo & ~hi:
                    raise StateError(f"demigods_v0: the knowledge of seat {p}'s hand is not nested "
                                     f"(masks {lo:#b} and {hi:#b})")
        if any(self.vis[c] for c in self.discard):
            raise StateError("demigods_v0: vis: a card in the discard pile has a knowledge mask (it is face up: 0)")
        for r in self.pending:
            if r[0] in ("target", "speech", "effect") and r[2] >= 0:
                where.append(r[2])
        check_conserved("demigods_v0: card", where, g.num_cards)
        in_kingdom = set()
        for p in range(self.n):
            in_kingdom.update(self.kingdom[p])
        for c in range(g.num_cards):
            if self.blessed[c] and c not in in_kingdom:
                raise StateError(f"demigods_v0: card {c} is blessed outside a kingdom")
        if not 0 <= self.turn_player < self.n:
            raise StateError(f"demigods_v0: turn_player {self.turn_player} out of range")
        if self.phase not in (DRAW, ACT, OVER):
            raise StateError(f"demigods_v0: phase {self.phase!r} is none of {DRAW} (draw), {ACT} (act), {OVER} (over)")
        if not -1 <= self.winner < self.n or (self.winner >= 0 and self.phase != OVER):
            raise StateError(f"demigods_v0: winner {self.winner} in phase {self.phase} (a seat only once the "
                             f"game is over, else -1)")
        bound = g.config["max_rounds"] * self.n
        if self.phase == OVER:
            if self.pending:
                raise StateError("demigods_v0: a finished game has a pending decision")
            if self.winner < 0 and self.turns != bound:
                raise StateError(f"demigods_v0: a draw before the turn bound ({self.turns} of {bound} turns)")
        elif not 0 <= self.turns < bound:
            raise StateError(f"demigods_v0: {self.turns} turns played in a running game (bound {bound})")
        if not 0 <= self.first < self.n:
            raise StateError(f"demigods_v0: first player {self.first} out of range")

    # ------------------------------------------------------------------ determinization
    def resample_hidden(self, player: int, rng: np.random.Generator) -> DemigodsState:
        """Shuffle every card ``player`` cannot place: the deck and the cards of every hand it does
        not know of (its own too while it is blind), keeping hand sizes and the cards it knows."""
        s = self.clone()
        bit = 1 << player
        kind_of = s.game.kind_of
        oracles = [c for c in s.deck if IS_ORACLE[kind_of[c]]]   # Oracles never reach a hand
        places = [(hand, i) for hand in s.hand for i, c in enumerate(hand) if not s.vis[c] & bit]
        masks = masks_at(s.vis, places)  # what the table knows of each place stays
        rest = redeal(places, rng, rest=[c for c in s.deck if not IS_ORACLE[kind_of[c]]])
        set_masks(s.vis, places, masks)
        deck = rest + sorted(oracles)
        rng.shuffle(deck)
        s.deck = deck
        for c in s.deck:
            s.vis[c] = 0
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s

    # ------------------------------------------------------------------ people
    def action_to_string(self, action: int) -> str:
        """The action in the rulebook's words; a demigod named in play is named as the table
        names the seat ("curse Player 3 with Siege"), a kingdom card taken or discarded with what
        the decision does with it."""
        L = self.game.layout
        p = self.current_player()
        if not self.pending or p < 0:
            return L.describe(action)
        rec = self.pending[-1]
        name, idx = L.codec.decode(action)
        if rec[0] == "target" and name == "target":
            return f"curse {seat_name((p + idx[0] + 1) % self.n)} with {KINDS[self.kind(rec[2])].name}"
        if rec[0] == "trade" and name == "target":
            return f"trade two cards blind with {seat_name((p + idx[0] + 1) % self.n)}"
        if name == "take":
            card = card_label(RES_KIND[idx[0]][idx[1]], bool(idx[2]))
            if rec[0] == "steal":
                return f"take {card} from {seat_name(rec[3][0])}'s kingdom"
            if rec[0] == "athena":
                return f"Athena: take {card} from {seat_name(rec[2])}'s kingdom"
            if rec[0] == "halve":
                return f"discard {card} from your kingdom (halving)"
        if name == "choose_type" and rec[0] == "otype":
            t = TYPE_NAMES[idx[0]]
            if rec[2] == O_FAVOUR:
                return f"choose {t}: bless every unblessed {t} card in your kingdom"
            return f"choose {t}: every other player halves their {t}"
        return L.describe(action)

    def public_action_text(self, action: int) -> str:
        """Every card played or discarded in Demigods is shown; what stays hidden is the card
        drawn from the deck and the card a blind player takes at random before it is shown."""
        L = self.game.layout
        p = self.current_player()
        name, idx = L.codec.decode(action)
        rec = self.pending[-1] if self.pending else None
        if name == "draw_deck":
            return "draws a card from the deck"
        if name == "draw_discard":
            top = self.discard[-1] if self.discard else -1
            return f"takes {card_label(self.kind(top)) if top >= 0 else 'the top card'} from the discard pile"
        if name == "play":
            return f"plays {card_label(idx[0])}"
        if name == "discard":
            return f"discards {card_label(idx[0])}"
        if name == "blind_play":
            return "plays a random card of the hand blind"
        if name == "pass":
            return "has no card and passes"
        if name == "target" and p >= 0:
            q = seat_name((p + idx[0] + 1) % self.n)
            if rec is not None and rec[0] == "target":
                return f"curses {q} with {KINDS[self.kind(rec[2])].name}"
            return f"trades two cards blind with {q}"
        if name == "take" and rec is not None:
            card = card_label(RES_KIND[idx[0]][idx[1]], bool(idx[2]))
            if rec[0] == "steal":
                return f"takes {card} from {seat_name(rec[3][0])}'s kingdom"
            if rec[0] == "athena":
                return f"takes {card} from {seat_name(rec[2])}'s kingdom (Athena)"
            return f"discards {card} from the kingdom (halving)"
        if name == "choose_type" and rec is not None:
            t = TYPE_NAMES[idx[0]]
            if rec[2] == O_FAVOUR:
                return f"chooses {t}: every unblessed {t} card in the kingdom is blessed"
            return f"chooses {t}: every other player halves their {t}"
        if name == "speak":
            return "says " + L.describe(action)[4:]
        if name == "stay_silent":
            return "says nothing"
        return "makes a move"

    def decision_text(self) -> str:
        if self.phase == OVER:
            return ""
        if self.pending:
            rec = self.pending[-1]
            name = rec[0]
            if name == "target":
                return f"names the victim of {KINDS[self.kind(rec[2])].name}"
            if name == "speech":
                return "speaks the words (or says nothing)"
            if name == "steal":
                return f"chooses the {TYPE_NAMES[rec[2]]} card to take from {seat_name(rec[3][0])}"
            if name == "athena":
                return f"chooses the card Athena takes from {seat_name(rec[2])}"
            if name == "halve":
                return f"halves their {TYPE_NAMES[rec[2]]}: chooses the cards to discard"
            if name == "otype":
                return f"chooses Army or Wealth for {KINDS[rec[2]].name}"
            if name == "trade":
                return "names the opponent of the blind trade"
            return ""
        return "draws a card" if self.phase == DRAW else "plays or discards a card"

    def ending_text(self) -> str:
        if self.phase != OVER:
            return ""
        score = "; ".join(f"{seat_name(q)}: Army {self.total(q, ARMY):,}, Wealth {self.total(q, WEALTH):,}, "
                          f"{self.guardians_of(q)} Guardian{'s' if self.guardians_of(q) != 1 else ''}"
                          for q in range(self.n))
        if self.winner < 0:
            return f"Nobody claimed the throne within {self.game.config['max_rounds']} rounds: a draw ({score})."
        return f"{seat_name(self.winner).capitalize()} claims the throne and wins ({score})."


"""Hera and Zeus: the rules (``002_19ba8e0b2fdbcdd1.txt``, cited as HZ § Section).

Seat 0 plays Hera (violet, hostage Io), seat 1 plays Zeus (green, hostage Argus). Card ids
``0..42`` are Hera's deck, ``43..85`` Zeus's. A column is a list of slots, front (1st row) first;
a slot is a card id or ``FIG`` (the Hera / Zeus figure).

Knowledge is tracked per card with two bitmasks (bit ``p`` = seat ``p``): ``vis`` (``p`` knows the
card's identity where it is now) and ``seen`` (``p`` has seen it since the deal, so it cannot be in
its owner's deck any more). ``lost`` marks cards whose place in a discard pile ``p`` lost track of
when Hades took a card unseen. ``resample_hidden`` uses these to build states consistent with a
seat's knowledge.

The rules are found by name in the tables of ``mythenv.core.engine`` (``HeraZeusState.handlers``):

* ``"turn_action"``: the turn's actions, one per action family (``draw``, ``play``, ``figure``,
  ``remove_figure``, ``challenge``, ``pegasus_hand``, ``pegasus_field``, ``pythia_spy``,
  ``pythia_reveal``, ``sirens``, ``hades``, ``persephone``, ``dionysus``), the ``_do_*`` methods;
  ``_apply`` runs ``handlers["turn_action"][family](self, seat, *indices)`` (``end_turn`` and the
  setup placement are ``_apply``'s own).
* the pending decisions, records ``(tag, seat, args...)`` on the ``pending`` stack (top = end):
  ``("pegcol", p, card)`` the column of the card ``p``'s Pegasus took from the opponent's hand,
  ``("order", side, cards)`` the next card of ``cards`` onto ``side``'s discard pile, ``("dio", p,
  card, c0, r0)`` where Dionysus puts the card ``p`` picked up at column ``c0``, row ``r0``. For
  each tag a ``"lister"`` (its legal actions: ``_compute_legal`` calls ``handlers["lister"][tag](self,
  *args)``) and a ``"decision"`` (what the action does: ``_apply`` pops the record and calls
  ``handlers["decision"][tag](self, indices, *args)``). ``grep 'lister("dio")'`` finds them.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.actions import ActionCodec
from mythenv.core.bookkeeping import GameLog, check_conserved, log_field
from mythenv.core.engine import Engine, decision, handles, lister
from mythenv.core.errors import StateError
from mythenv.core.fields import (
    Bytes,
    Declared,
    Field,
    Fields,
    Int,
    Ints,
    Nullable,
    Records,
    Rng,
    Runtime,
    Seq,
    Text,
)
from mythenv.core.game import TERMINAL, seat_name, take_copy
from mythenv.core.knowledge import check_known_by

from .cards import CARDS

FIG = -1
NCOL, NROW = 3, 4
HAND_LIMIT = 12
SIDE_NAMES = ("Hera", "Zeus")
SETUP, PLAY, OVER = 0, 1, 2

KINDS = CARDS.kinds
NK = len(KINDS)
DECK = CARDS.deck_size
NCARDS = 2 * DECK
K = {k.key: k.index for k in KINDS}
K_HOSTAGE, K_FIGCARD, K_CHAMP, K_HERO = K["hostage"], K["figure_card"], K["champion"], K["hero"]
K_PYTHIA, K_PEGASUS, K_MEDUSA, K_PANDORA = K["pythia"], K["pegasus"], K["medusa"], K["pandora"]
K_SIRENS, K_HADES, K_PERSEPHONE, K_DIONYSUS = K["sirens"], K["hades"], K["persephone"], K["dionysus"]
STRENGTH = [k.strength for k in KINDS]
INITIATE = [k.initiate for k in KINDS]
SYMBOL = [k.symbol for k in KINDS]
FIELD_KINDS = [k.index for k in KINDS if k.field]
IS_FIELD = [k.field for k in KINDS]
FIELD_INDEX = {kind: i for i, kind in enumerate(FIELD_KINDS)}
NFK = len(FIELD_KINDS)

KIND_OF: list[int] = []
for _side in range(2):
    for _k in KINDS:
        KIND_OF.extend([_k.index] * _k.count)
OWNER_OF = [c // DECK for c in range(NCARDS)]
OWN_CARDS = tuple(frozenset(c for c in range(NCARDS) if OWNER_OF[c] == side) for side in range(2))
FIGURE_CARD = tuple(next(c for c in range(s * DECK, (s + 1) * DECK) if KIND_OF[c] == K_FIGCARD) for s in range(2))


def card_name(card: int) -> str:
    return KINDS[KIND_OF[card]].names[OWNER_OF[card]]


def kind_name(kind: int, side: int = 0) -> str:
    return KINDS[kind].names[side]


# ----------------------------------------------------------------------------- actions
FAMILIES = (
    ("play", (NFK, NCOL, NROW)),        # play a card of field kind k to column c at position i
    ("draw", ()),
    ("figure", (NCOL,)),                # play the Hera / Zeus card: the figure goes to column c
    ("remove_figure", ()),
    ("challenge", (NCOL,)),             # your 1st-row card in column c challenges the card opposite
    ("pegasus_hand", ()),               # Pegasus challenges a random card of the opponent's hand
    ("pegasus_field", (NCOL,)),         # Pegasus challenges the opponent's 1st-row card / figure in c
    ("pythia_spy", ()),
    ("pythia_reveal", (NCOL,)),
    ("sirens", ()),
    ("hades", (NK,)),                   # take a card of kind k back from your discard pile
    ("persephone", ()),
    ("dionysus", (NCOL, NROW)),         # pick your card at column c, row r to move
    ("place_to", (NCOL, NROW)),         # ... and put it in column c at position i
    ("pegasus_column", (NCOL,)),        # put the card Pegasus took in the opponent's column c
    ("discard_next", (NK,)),            # next card (by kind) onto your discard pile
    ("end_turn", ()),                   # action points spent: end the turn without the free figure card
)


COLUMN_NAMES = ("left", "middle", "right")   # as the picture draws a side's columns, left to right


def column_text(c: int) -> str:
    """Column ``c`` as the table names it: "the left column" (the picture numbers only the rows)."""
    return f"the {COLUMN_NAMES[c]} column"


def place_text(c: int, i: int) -> str:
    """Position ``i`` of column ``c`` (0 = 1st row) as the picture numbers it: "the left column, row 2"."""
    return f"{column_text(c)}, row {i + 1}"


def _labels(side: int) -> dict:
    """The ``describe`` labels, in the rulebook's words, that name the cards of ``side`` (0 Hera,
    1 Zeus); columns as the picture shows them (left, middle, right), rows counted from 1."""
    other = SIDE_NAMES[1 - side]
    return {
        "play": lambda fk, c, i: f"play {kind_name(FIELD_KINDS[fk], side)} face down to {place_text(c, i)}",
        "draw": "draw a card",
        "figure": lambda c: f"play {kind_name(K_FIGCARD, side)}: your figure to the 1st row of {column_text(c)}",
        "remove_figure": f"remove your {SIDE_NAMES[side]} figure",
        "challenge": lambda c: f"challenge with your 1st-row card in {column_text(c)}",
        "pegasus_hand": f"Pegasus: take a random card from {other}'s hand",
        "pegasus_field": lambda c: f"Pegasus: challenge {other}'s 1st row in {column_text(c)}",
        "pythia_spy": f"Pythia: look at {other}'s hand",
        "pythia_reveal": lambda c: f"Pythia: turn over {other}'s cards in {column_text(c)}",
        "sirens": f"Sirens: take the top card of {other}'s discard pile",
        "hades": lambda k: f"Hades: take {kind_name(k, side)} back from your discard pile",
        "persephone": "Persephone: take up to 3 Pegasus back from your discard pile",
        "dionysus": lambda c, r: f"Dionysus: move your card in {place_text(c, r)}",
        "place_to": lambda c, i: f"put it in {place_text(c, i)}",
        "pegasus_column": lambda c: f"put it face up in the 1st row of {other}'s {COLUMN_NAMES[c]} column",
        "discard_next": lambda k: f"put {kind_name(k, side)} on your discard pile next",
        "end_turn": "end the turn",
    }


#: the layout, per side: its descriptions name that side's cards
CODECS = (ActionCodec(FAMILIES, _labels(0)), ActionCodec(FAMILIES, _labels(1)))
CODEC = CODECS[0]
OFF, NUM_ACTIONS = CODEC.offsets, CODEC.size
A_DRAW, A_REMOVE_FIG, A_PEG_HAND = OFF["draw"], OFF["remove_figure"], OFF["pegasus_hand"]
A_SPY, A_SIRENS, A_PERSEPHONE = OFF["pythia_spy"], OFF["sirens"], OFF["persephone"]
A_END_TURN = OFF["end_turn"]


def a_play(fk: int, c: int, i: int) -> int:
    return OFF["play"] + (fk * NCOL + c) * NROW + i


#: a_play(fk, 0, 0) per field kind index (the legal-action lister adds c * NROW + i)
_PLAY_BASE = tuple(OFF["play"] + fk * NCOL * NROW for fk in range(len(FIELD_KINDS)))


def a_cr(name: str, c: int, r: int) -> int:
    return OFF[name] + c * NROW + r


def a_col(name: str, c: int) -> int:
    return OFF[name] + c


def a_kind(name: str, k: int) -> int:
    return OFF[name] + k


DECODE: list[tuple[str, tuple[int, ...]]] = CODEC.decode_table


def describe_action(a: int, side: int = 0) -> str:
    """``a`` named with the card names of ``side`` (0 Hera, 1 Zeus)."""
    return CODECS[side].describe(a)


def challenge_outcome(ka: int, kd: int) -> int:
    """Outcome of a challenge by kind ``ka`` against kind ``kd`` (hostage and Pandora are handled
    before): +1 the attacker wins, -1 the defender wins, 0 a tie (both discarded).

    HZ § Medusa: only Hero / Amazon defeat her, any other challenger loses.
    HZ § Pythia: Pythia beats Poseidon / Nemesis when she challenges them and loses when they
    challenge her; Poseidon / Nemesis beat every other card (designed: they tie each other).
    HZ § The Challenge: otherwise the higher strength wins, equal strengths discard both.
    """
    if kd == K_MEDUSA:
        return 1 if ka == K_HERO else -1
    if ka == K_PYTHIA and kd == K_CHAMP:
        return 1
    if ka == K_CHAMP:
        return 0 if kd == K_CHAMP else 1
    if kd == K_CHAMP:
        return -1
    sa, sd = STRENGTH[ka], STRENGTH[kd]
    return (sa > sd) - (sa < sd)


# ----------------------------------------------------------------------------- the state
_CARD_IDS = Ints(0, NCARDS - 1, max_len=DECK, setlike=True)  # a pile of one side's card ids
_SEAT = Int(0, 1)


class HeraZeusState(Engine, GameLog, Declared):
    """The whole truth of one Hera and Zeus position."""

    LOG_KEEP = 12  # the log's last lines (GameLog._log)

    fields = Fields(
        Field("deck", _CARD_IDS, "each side's draw pile, top last (HZ § Setup)", per_seat=2, hidden=True),
        Field("hand", _CARD_IDS, "each side's hand (HZ § 1. Draw One Card: at most twelve)", per_seat=2,
              hidden=True),
        Field("field", Seq(Ints(FIG, NCARDS - 1, max_len=NROW, setlike=True), length=NCOL),
              "each side's columns of slots, front first; FIG is the Hera / Zeus figure", per_seat=2,
              hidden=True),
        Field("up", Bytes(0, 1, NCARDS), "per card: 1 if it lies face up on the field"),
        Field("disc", Ints(0, NCARDS - 1, max_len=NCARDS, setlike=True), "each side's discard pile, top last",
              per_seat=2, hidden=True),
        Field("vis", Bytes(0, 3, NCARDS), "per card: bit p set if seat p knows the card where it is now"),
        Field("seen", Bytes(0, 3, NCARDS), "per card: bit p set if seat p saw it since the deal"),
        Field("lost", Bytes(0, 3, NCARDS), "per card: bit p set if seat p lost its place in a discard pile"),
        Field("turns", Ints(0, 100_000, length=2), "turns each side has played"),
        Field("phase", Int(0, OVER), "SETUP (placing the nine cards), PLAY or OVER"),
        Field("setup_seat", _SEAT, "the seat placing its cards in the setup"),
        Field("turn_player", _SEAT, "the seat whose turn it is"),
        Field("ap_left", Int(0, 4), "action points left this turn (HZ § Game Play)"),
        Field("ap_used", Int(0, 4), "action points spent this turn"),
        Field("pending", Records({
            "order": (_SEAT, Ints(0, NCARDS - 1, min_len=2, max_len=NCARDS, setlike=True)),  # discards to order
            "pegcol": (_SEAT, Int(0, NCARDS - 1)),  # Pegasus: the column for the picked card
            "dio": (_SEAT, Int(0, NCARDS - 1), Int(0, NCOL - 1), Int(0, NROW - 1)),  # Dionysus: where it goes
        }, what="pending decision", max_len=8), "the stack of pending decisions (tag, seat, arguments)"),
        Field("winner", Int(-1, 1), "the winning seat, -1 until the game is over", default=-1),
        Field("reason", Text(500), "why the game ended, in words"),
        Field("memory", Nullable(Ints(0, DECK, length=NK)),
              "per seat: the opponent's hand by kind as Pythia last showed it, or null", per_seat=2),
        Field("first", _SEAT, "the seat that plays first"),
        log_field(),
        Field("rng", Rng(), "the state's chance (every shuffle and draw)"),
        runtime=(Runtime("_obs_memo", "the observation encoder's cache, keyed by zone contents (observe.py)",
                         None, share=False),),
    )

    def setup(self) -> None:
        """The rulebook's setup, on a state at its declared defaults with its generator seeded
        (``Declared.__init__``)."""
        game = self.game
        self.deck = [list(range(0, DECK)), list(range(DECK, NCARDS))]
        first = game.config["first_player"]
        if first == "random":
            self.first = int(self.rng.integers(2))
        else:
            self.first = SIDE_NAMES.index(first.capitalize())
        # HZ § Setup: shuffle, 9 cards, a hostage dealt is shown, replaced and shuffled back.
        for s in range(2):
            self.rng.shuffle(self.deck[s])
            while len(self.hand[s]) < 9:
                c = self.deck[s].pop()
                if KIND_OF[c] == K_HOSTAGE:
                    self.log.append(f"{SIDE_NAMES[s]} shows {card_name(c)} and shuffles it back")
                    self.deck[s].append(c)
                    self.rng.shuffle(self.deck[s])
                    continue
                self.hand[s].append(c)
                self.vis[c] = 1 << s
                self.seen[c] = 1 << s
        self.phase = SETUP
        self.setup_seat = self.first
        self.turn_player = self.first

    # ------------------------------------------------------------------ protocol: queries
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.pending:
            return self.pending[-1][1]
        if self.phase == SETUP:
            return self.setup_seat
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # ------------------------------------------------------------------ helpers
    def _count_hand(self, p: int) -> list[int]:
        cnt = [0] * NK
        for c in self.hand[p]:
            cnt[KIND_OF[c]] += 1
        return cnt

    def _has_figure(self, p: int) -> bool:
        for col in self.field[p]:
            if col and col[0] == FIG:
                return True
        return False

    def field_cards(self, p: int) -> int:
        n = 0
        for col in self.field[p]:
            for x in col:
                if x != FIG:
                    n += 1
        return n

    def _take_from_hand(self, p: int, kind: int) -> int:
        """Remove a card of ``kind`` from ``p``'s hand: one the opponent knows of first (so their
        picture of the hand stays true), then the lowest id."""
        return take_copy(self.hand[p], kind, KIND_OF.__getitem__, self.vis, 1 << (1 - p))

    def _public(self, c: int) -> None:
        self.vis[c] = 3
        self.seen[c] = 3
        self.lost[c] = 0

    def _to_discard(self, side: int, c: int) -> None:
        self.disc[side].append(c)
        self.up[c] = 0
        self._public(c)

    def _show_top(self, side: int) -> None:
        if self.disc[side]:
            self._public(self.disc[side][-1])

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self._legal = []
        self.winner = winner
        self.reason = reason
        self.pending.clear()
        self.log.append(f"{SIDE_NAMES[winner]} wins: {reason}")

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.pending:
            pend = self.pending[-1]
            return self.handlers["lister"][pend[0]](self, *pend[1:])
        if self.phase == SETUP:
            p = self.setup_seat
            cnt = self._count_hand(p)
            cols = [c for c in range(NCOL) if not self.field[p][c]]
            return [a_play(FIELD_INDEX[k], c, 0) for k in FIELD_KINDS if cnt[k] for c in cols]
        return self._turn_legal(self.turn_player)

    def _figure_columns(self, p: int) -> list[int]:
        """Columns the figure may go to: non-empty, fewer than 4 cards (HZ § Hera and Zeus)."""
        return [c for c in range(NCOL) if 0 < len(self.field[p][c]) < NROW]

    def _free_figure_window(self, p: int) -> bool:
        """After the last action point: may ``p`` still hold a playable Hera / Zeus card, as far as
        the opponent can tell? (HZ § Hera and Zeus: the card costs no action point and the turn
        then counts as four.) Only public facts decide it (the figure on the field, the columns,
        the hand size, the figure card seen outside the hand), so whose turn it is never tells the
        opponent what ``p`` holds; ``p`` ends the turn with ``end_turn`` when it has no such card
        or does not want to play it."""
        if self._has_figure(p) or not self.hand[p] or not self._figure_columns(p):
            return False
        f = FIGURE_CARD[p]
        return not (self.vis[f] >> (1 - p) & 1 and f not in self.hand[p])

    def _turn_legal(self, p: int) -> list[int]:
        o = 1 - p
        hand = self.hand[p]
        cnt = self._count_hand(p)
        mine, theirs = self.field[p], self.field[o]
        has_fig = self._has_figure(p)
        if self.ap_left <= 0:
            # HZ § Hera and Zeus: every action point is spent; the free figure card may still be played.
            out = [a_col("figure", c) for c in self._figure_columns(p)] if cnt[K_FIGCARD] and not has_fig else []
            out.append(A_END_TURN)
            return out
        out: list[int] = []
        # HZ § 1. Draw One Card: hand limit 12, not from an empty deck.
        if self.deck[p] and len(hand) < HAND_LIMIT:
            out.append(A_DRAW)
        # HZ § 2. Play a Card: front, between or behind, at most 4 per column; never in front of a figure.
        # The places are the same for every kind: (first, last + 1) offsets of a_play(fk, c, i) per column.
        spans = []
        for c in range(NCOL):
            col = mine[c]
            n = len(col)
            if n < NROW:
                spans.append((c * NROW + (1 if n and col[0] == FIG else 0), c * NROW + n + 1))
        for k in FIELD_KINDS:
            if cnt[k]:
                base = _PLAY_BASE[FIELD_INDEX[k]]  # a_play(fk, c, i) == base + c * NROW + i
                for lo, hi in spans:
                    out.extend(range(base + lo, base + hi))
        # HZ § Hera and Zeus: the figure card, into a non-empty column with fewer than 4 cards.
        if cnt[K_FIGCARD] and not has_fig:
            out.extend(a_col("figure", c) for c in self._figure_columns(p))
        if has_fig:
            out.append(A_REMOVE_FIG)
        # HZ § 3. Challenge: from the second turn on, 1st rows only, never diagonally, not in a figure's column.
        if self.turns[p] >= 2:
            for c in range(NCOL):
                my, th = mine[c], theirs[c]
                if my and th and my[0] != FIG and th[0] != FIG and INITIATE[KIND_OF[my[0]]]:
                    out.append(a_col("challenge", c))
            if cnt[K_PEGASUS]:
                if self.hand[o]:
                    out.append(A_PEG_HAND)
                for c in range(NCOL):
                    th = theirs[c]
                    if th and (th[0] == FIG or not (mine[c] and mine[c][0] == FIG)):
                        out.append(a_col("pegasus_field", c))
        # HZ § Pythia: spy into the hand, or turn over a column's face-down cards.
        if cnt[K_PYTHIA]:
            if self.hand[o]:
                out.append(A_SPY)
            for c in range(NCOL):
                if any(x != FIG and not self.up[x] for x in theirs[c]):
                    out.append(a_col("pythia_reveal", c))
        # HZ § Sirens: only when the opponent's top discard has strength 1 to 7.
        if cnt[K_SIRENS] and self.disc[o] and 1 <= STRENGTH[KIND_OF[self.disc[o][-1]]] <= 7:
            out.append(A_SIRENS)
        # HZ § Hades: any card of your discard pile.
        if cnt[K_HADES] and self.disc[p]:
            kinds = sorted({KIND_OF[c] for c in self.disc[p]})
            out.extend(a_kind("hades", k) for k in kinds)
        # HZ § Persephone: allowed even with no Pegasus in the discard pile.
        if cnt[K_PERSEPHONE]:
            out.append(A_PERSEPHONE)
        # HZ § Dionysus: move one of your cards (never the figure) within or between columns.
        if cnt[K_DIONYSUS]:
            for c in range(NCOL):
                for r, x in enumerate(mine[c]):
                    if x != FIG and self._dionysus_targets(p, c, r, probe=True):
                        out.append(a_cr("dionysus", c, r))
        return out

    def _dionysus_targets(self, p: int, c0: int, r0: int, probe: bool = False, removed: bool = False):
        """Destinations (column, position) for the card at (c0, r0); the card is still in place
        unless ``removed``."""
        out = []
        for c in range(NCOL):
            col = self.field[p][c]
            n = len(col) - (1 if c == c0 and not removed else 0)
            if n >= NROW:
                continue
            fig_front = bool(col) and col[0] == FIG
            for i in range(1 if fig_front else 0, n + 1):
                if c == c0 and i == r0:
                    continue
                if probe:
                    return True
                out.append(a_cr("place_to", c, i))
        return out if not probe else False

    # --- the legal actions of a pending decision ("pegcol", "order", "dio"; see the module docstring) ---
    @lister("pegcol")
    def _pegasus_column_options(self, p: int, card: int) -> list[int]:
        """The opponent's columns the card ``p``'s Pegasus took may go to."""
        return [a_col("pegasus_column", c) for c in self._pegasus_columns(1 - p)]

    @lister("order")
    def _discard_order_options(self, side: int, cards: list[int]) -> list[int]:
        """The kinds among ``cards`` that ``side`` may put on its discard pile next."""
        return [a_kind("discard_next", k) for k in sorted({KIND_OF[c] for c in cards})]

    @lister("dio")
    def _dionysus_place_options(self, p: int, card: int, c0: int, r0: int) -> list[int]:
        """Where Dionysus may put the card ``p`` picked up at column ``c0``, row ``r0``."""
        return self._dionysus_targets(p, c0, r0, removed=True)

    def _pegasus_columns(self, side: int) -> list[int]:
        return [c for c in range(NCOL)
                if len(self.field[side][c]) < NROW and not (self.field[side][c] and self.field[side][c][0] == FIG)]

    # ------------------------------------------------------------------ applying actions
    def _apply(self, a: int) -> None:
        self._legal = None
        name, idx = DECODE[a]
        if self.pending:
            pend = self.pending.pop()
            self.handlers["decision"][pend[0]](self, idx, *pend[1:])
        elif self.phase == SETUP:
            self._apply_setup(idx)
            return
        else:
            p = self.turn_player
            if name == "end_turn":
                self._log(f"{SIDE_NAMES[p]} ends the turn")
                self._start_turn(1 - p)
                return
            if name != "figure":
                self.ap_left -= 1
                self.ap_used += 1
            self.handlers["turn_action"][name](self, p, *idx)
        self._after_action()

    def _apply_setup(self, idx) -> None:
        # HZ § The Playing Field: three cards face down as the first row.
        p = self.setup_seat
        fk, c, _ = idx
        self._place_from_hand(p, FIELD_KINDS[fk], c, 0)
        if all(self.field[p][c] for c in range(NCOL)):
            if p == self.first:
                self.setup_seat = 1 - p
            else:
                self._start_turn(self.first)

    def _place_from_hand(self, p: int, kind: int, c: int, i: int) -> None:
        o = 1 - p
        card = self._take_from_hand(p, kind)
        self.field[p][c].insert(i, card)
        self.up[card] = 0
        self.vis[card] = 1 << p
        # the opponent saw a card leave the hand face down: it no longer knows which hand card is which
        bit = ~(1 << o) & 3
        for x in self.hand[p]:
            self.vis[x] &= bit

    def _after_action(self) -> None:
        if self.phase == OVER or self.pending:
            return
        if self.ap_left <= 0:
            if not self._free_figure_window(self.turn_player):
                self._start_turn(1 - self.turn_player)
            return
        self._check_can_act(self.turn_player)

    def _start_turn(self, p: int) -> None:
        self.phase = PLAY
        self.turn_player = p
        self.turns[p] += 1
        if self.field_cards(p) == 0:
            # HZ § End of the Game: no cards on your side at the beginning of your turn.
            self._finish(1 - p, f"{SIDE_NAMES[p]} has no cards on the playing field")
            return
        # HZ § Game Play: action points = columns at the start of the turn, 4 with the figure in play.
        self.ap_left = 4 if self._has_figure(p) else sum(1 for col in self.field[p] if col)
        self.ap_used = 0
        self._check_can_act(p)

    def _check_can_act(self, p: int) -> None:
        """HZ § End of the Game: a player who cannot use all his action points loses. ``p`` has action
        points left; while it may draw (a card in its deck, fewer than 12 in its hand) it can act, and
        its legal actions are listed when they are asked for (``State._legal_view``: a look-ahead that
        only applies an action does not list them); otherwise they are listed now, and none is a loss."""
        if self.deck[p] and len(self.hand[p]) < HAND_LIMIT:
            return
        self._legal = self._compute_legal()
        if not self._legal:
            self._finish(1 - p, f"{SIDE_NAMES[p]} cannot use all action points")

    # --- the turn actions (p is the acting seat), the table "turn_action" by action family ---
    @handles("turn_action", "draw")
    def _do_draw(self, p: int) -> None:
        c = self.deck[p].pop()
        self.hand[p].append(c)
        self.vis[c] = 1 << p
        self.seen[c] |= 1 << p
        self._log(f"{SIDE_NAMES[p]} draws")

    @handles("turn_action", "play")
    def _do_play(self, p: int, fk: int, c: int, i: int) -> None:
        self._place_from_hand(p, FIELD_KINDS[fk], c, i)
        self._log(f"{SIDE_NAMES[p]} plays a card face down to column {c} position {i}")

    @handles("turn_action", "figure")
    def _do_figure(self, p: int, c: int) -> None:
        # HZ § Hera and Zeus: no action point; the turn counts as though it had started with four
        # (also when every point is already spent: then 4 minus the points used remain).
        card = self._take_from_hand(p, K_FIGCARD)
        self._to_discard(p, card)
        self.field[p][c].insert(0, FIG)
        self.ap_left = 4 - self.ap_used
        self._log(f"{SIDE_NAMES[p]} places the {SIDE_NAMES[p]} figure in column {c}")

    @handles("turn_action", "remove_figure")
    def _do_remove_figure(self, p: int) -> None:
        for col in self.field[p]:
            if col and col[0] == FIG:
                col.pop(0)
        self._log(f"{SIDE_NAMES[p]} removes the figure")

    def _reveal_field(self, c: int) -> None:
        self.up[c] = 1
        self._public(c)

    @handles("turn_action", "challenge")
    def _do_challenge(self, p: int, c: int) -> None:
        o = 1 - p
        att, dfn = self.field[p][c][0], self.field[o][c][0]
        self._reveal_field(att)
        self._reveal_field(dfn)
        ka, kd = KIND_OF[att], KIND_OF[dfn]
        self._log(f"{SIDE_NAMES[p]}'s {card_name(att)} challenges {card_name(dfn)} in column {c}")
        self._resolve(p, c, ka, kd)

    def _resolve(self, p: int, c: int, ka: int, kd: int) -> None:
        o = 1 - p
        if kd == K_HOSTAGE:
            self._finish(p, f"{SIDE_NAMES[p]} challenged the hostage {kind_name(kd, o)}")
            return
        if kd == K_PANDORA:
            self._pandora_column(p, c)
            return
        outcome = challenge_outcome(ka, kd)
        if outcome >= 0:
            self._to_discard(o, self.field[o][c].pop(0))
        if outcome <= 0:
            self._to_discard(p, self.field[p][c].pop(0))

    def _pandora_column(self, p: int, c: int) -> None:
        # HZ § Pandora: every card of the column (both sides) is lost; a hostage lost loses the game.
        o = 1 - p
        lost = {s: [x for x in self.field[s][c] if x != FIG] for s in (p, o)}
        for s in (p, o):
            self.field[s][c] = [x for x in self.field[s][c] if x == FIG]
            for x in lost[s]:
                self._reveal_field(x)
        mine = any(KIND_OF[x] == K_HOSTAGE for x in lost[p])
        theirs = any(KIND_OF[x] == K_HOSTAGE for x in lost[o])
        if mine or theirs:  # the game ends; the cards still go to the piles
            for s in (p, o):
                for x in sorted(lost[s]):
                    self._to_discard(s, x)
        if mine:
            self._finish(o, f"{SIDE_NAMES[p]} lost its own hostage to Pandora")
            return
        if theirs:
            self._finish(p, f"{SIDE_NAMES[o]}'s hostage was lost to Pandora")
            return
        self._log(f"Pandora wipes column {c}")
        self._order_discards(o, lost[o])
        self._order_discards(p, lost[p])

    def _order_discards(self, side: int, cards: list[int]) -> None:
        """``side`` puts ``cards`` on its discard pile in the order it chooses (one decision per
        card while the remaining cards differ)."""
        for x in cards:
            self.up[x] = 1
        if len({KIND_OF[x] for x in cards}) <= 1:
            for x in sorted(cards):
                self._to_discard(side, x)
            return
        self.pending.append(("order", side, sorted(cards)))

    def _use_card(self, p: int, kind: int) -> int:
        card = self._take_from_hand(p, kind)
        self._to_discard(p, card)
        return card

    @handles("turn_action", "pegasus_hand")
    def _do_pegasus_hand(self, p: int) -> None:
        # HZ § Pegasus 1: a random card of the opponent's hand.
        o = 1 - p
        self._use_card(p, K_PEGASUS)
        hand = self.hand[o]
        pick = hand[int(self.rng.integers(len(hand)))]
        self._public(pick)
        k = KIND_OF[pick]
        self._log(f"{SIDE_NAMES[p]}'s Pegasus takes {card_name(pick)} from {SIDE_NAMES[o]}'s hand")
        if k == K_HOSTAGE:
            self._finish(p, f"Pegasus found the hostage {card_name(pick)}")
            return
        if k == K_PANDORA:
            if any(KIND_OF[x] == K_HOSTAGE for x in hand):
                self._finish(p, f"Pegasus found Pandora and {SIDE_NAMES[o]}'s hand held the hostage")
                return
            cards = list(hand)
            hand.clear()
            for x in cards:
                self._public(x)
            self._order_discards(o, cards)
            return
        hand.remove(pick)
        if SYMBOL[k] and k != K_HERO:
            self._to_discard(o, pick)
        elif 2 <= STRENGTH[k] <= 7:
            cols = self._pegasus_columns(o)
            if not cols:
                self._to_discard(o, pick)
            elif len(cols) == 1:
                self._pegasus_place(o, pick, cols[0])
            else:
                self.pending.append(("pegcol", p, pick))
        else:
            # strength 0 or 1 without a symbol: the rulebook is silent; discarded as Pegasus does on the field.
            self._to_discard(o, pick)

    def _pegasus_place(self, side: int, card: int, c: int) -> None:
        self.field[side][c].insert(0, card)
        self.up[card] = 1
        self._public(card)

    @handles("turn_action", "pegasus_field")
    def _do_pegasus_field(self, p: int, c: int) -> None:
        # HZ § Pegasus 2: challenge a 1st-row card or the figure from the hand.
        o = 1 - p
        self._use_card(p, K_PEGASUS)
        col = self.field[o][c]
        if col[0] == FIG:
            col.pop(0)
            self._log(f"{SIDE_NAMES[p]}'s Pegasus removes the {SIDE_NAMES[o]} figure")
            return
        t = col[0]
        self._reveal_field(t)
        k = KIND_OF[t]
        self._log(f"{SIDE_NAMES[p]}'s Pegasus challenges {card_name(t)} in column {c}")
        if k == K_HOSTAGE:
            self._finish(p, f"Pegasus challenged the hostage {card_name(t)}")
        elif k == K_PANDORA:
            self._pandora_column(p, c)
        elif k != K_MEDUSA and STRENGTH[k] in (0, 1):
            self._to_discard(o, col.pop(0))

    @handles("turn_action", "pythia_spy")
    def _do_pythia_spy(self, p: int) -> None:
        # HZ § Pythia 1: the opponent shows the hand; Poseidon / Nemesis in it are discarded.
        o = 1 - p
        self._use_card(p, K_PYTHIA)
        bit = 1 << p
        mem = [0] * NK
        for x in self.hand[o]:
            self.vis[x] |= bit
            self.seen[x] |= bit
            mem[KIND_OF[x]] += 1
        self.memory[p] = mem
        champs = [x for x in self.hand[o] if KIND_OF[x] == K_CHAMP]
        for x in champs:
            self.hand[o].remove(x)
            self._to_discard(o, x)
        self._log(f"{SIDE_NAMES[p]}'s Pythia looks at {SIDE_NAMES[o]}'s hand")

    @handles("turn_action", "pythia_reveal")
    def _do_pythia_reveal(self, p: int, c: int) -> None:
        # HZ § Pythia 3: turn over every face-down card of one opponent column; no effects trigger.
        o = 1 - p
        self._use_card(p, K_PYTHIA)
        for x in self.field[o][c]:
            if x != FIG:
                self._reveal_field(x)
        self._log(f"{SIDE_NAMES[p]}'s Pythia turns over {SIDE_NAMES[o]}'s column {c}")

    @handles("turn_action", "sirens")
    def _do_sirens(self, p: int) -> None:
        # HZ § Sirens: take the opponent's top discard (strength 1-7) into your hand.
        o = 1 - p
        card = self.disc[o].pop()
        self.hand[p].append(card)
        self._public(card)
        self._show_top(o)
        self._use_card(p, K_SIRENS)
        self._log(f"{SIDE_NAMES[p]}'s Sirens take {card_name(card)}")

    @handles("turn_action", "hades")
    def _do_hades(self, p: int, k: int) -> None:
        # HZ § Hades: take any card back from your discard pile without showing it.
        o = 1 - p
        pile = self.disc[p]
        pos = max(i for i, x in enumerate(pile) if KIND_OF[x] == k)
        card = pile.pop(pos)
        self._use_card(p, K_HADES)
        # the card taken is hidden from the opponent; it no longer knows which card left the pile
        self.hand[p].append(card)
        self.vis[card] = 1 << p
        obit, keep = 1 << o, ~(1 << o) & 3
        self.lost[card] |= obit
        for x in pile:
            self.vis[x] &= keep
            self.lost[x] |= obit
        self._show_top(p)
        self._log(f"{SIDE_NAMES[p]}'s Hades takes a card back")

    @handles("turn_action", "persephone")
    def _do_persephone(self, p: int) -> None:
        # HZ § Persephone: up to 3 Pegasus from the discard pile, then Persephone is discarded.
        # The hand limit of 12 (HZ § 1) caps how many come back (the rulebook is silent on the clash).
        card = self._take_from_hand(p, K_PERSEPHONE)
        pile = self.disc[p]
        room = min(3, HAND_LIMIT - len(self.hand[p]))
        taken = []
        for i in range(len(pile) - 1, -1, -1):
            if len(taken) >= room:
                break
            if KIND_OF[pile[i]] == K_PEGASUS:
                taken.append(pile.pop(i))
        for x in taken:
            self.hand[p].append(x)
            self._public(x)
        self._to_discard(p, card)
        self._log(f"{SIDE_NAMES[p]}'s Persephone brings back {len(taken)} Pegasus")

    @handles("turn_action", "dionysus")
    def _do_dionysus(self, p: int, c: int, r: int) -> None:
        # HZ § Dionysus: pick the card (then choose where it goes).
        self._use_card(p, K_DIONYSUS)
        card = self.field[p][c].pop(r)
        self.pending.append(("dio", p, card, c, r))

    # --- what an action does at a pending decision (its record popped first; idx the action's indices) ---
    @decision("dio")
    def _dionysus_place(self, idx: tuple, p: int, card: int, c0: int, r0: int) -> None:
        """``place_to``: the card Dionysus picked up goes to column ``c``, position ``i``."""
        c, i = idx
        self.field[p][c].insert(i, card)
        self._log(f"{SIDE_NAMES[p]}'s Dionysus moves a card from column {c0} to column {c}")

    @decision("pegcol")
    def _pegasus_column(self, idx: tuple, p: int, card: int) -> None:
        """``pegasus_column``: the card ``p``'s Pegasus took goes face up to the opponent's column."""
        self._pegasus_place(1 - p, card, idx[0])

    @decision("order")
    def _discard_next(self, idx: tuple, side: int, cards: list[int]) -> None:
        """``discard_next``: a card of the kind chosen goes on ``side``'s pile; the rest wait their turn."""
        k = idx[0]
        x = next(x for x in cards if KIND_OF[x] == k)
        rest = [y for y in cards if y != x]
        self._to_discard(side, x)
        if rest:
            self._order_discards(side, rest)

    # ------------------------------------------------------------------ protocol: checks
    def check_invariants(self) -> None:
        """Every one of the 86 cards is in exactly one place; raises StateError otherwise."""
        where = []
        where += self.deck[0] + self.deck[1] + self.hand[0] + self.hand[1] + self.disc[0] + self.disc[1]
        for side in self.field:
            for col in side:
                if len(col) > NROW:
                    raise StateError(f"hera_zeus_v0: a column holds {len(col)} slots (at most {NROW})")
                where += [x for x in col if x != FIG]
        for pend in self.pending:
            if pend[0] == "order":
                where += pend[2]
            elif pend[0] in ("pegcol",):
                where.append(pend[2])
            elif pend[0] == "dio":
                where.append(pend[2])
        check_conserved("hera_zeus_v0: card", where, NCARDS)
        for s in range(2):
            if sum(1 for col in self.field[s] for x in col if x == FIG) > 1:
                raise StateError("hera_zeus_v0: more than one figure on a side")
            if any(FIG in col[1:] for col in self.field[s]):
                raise StateError(f"hera_zeus_v0: {SIDE_NAMES[s]}'s figure is not at the front of its column")
            if not OWN_CARDS[s].issuperset(self.deck[s]):
                raise StateError(f"hera_zeus_v0: {SIDE_NAMES[s]}'s deck holds a card of the other deck")
            check_known_by("hera_zeus_v0: vis", self.vis, self.hand[s], s, who=SIDE_NAMES[s])
            if len(self.hand[s]) > HAND_LIMIT:  # HZ § 1. Draw One Card: at most twelve cards in hand
                raise StateError(f"hera_zeus_v0: {SIDE_NAMES[s]} holds {len(self.hand[s])} cards "
                                 f"(at most {HAND_LIMIT})")
        if self.phase not in (SETUP, PLAY, OVER):
            raise StateError(f"hera_zeus_v0: phase {self.phase!r} is none of {SETUP} (setup), {PLAY} (play), "
                             f"{OVER} (over)")
        if (self.phase == OVER) != (self.winner in (0, 1)):
            raise StateError(f"hera_zeus_v0: winner {self.winner} in phase {self.phase} (a winner 0 or 1 "
                             f"exactly when the game is over, else -1)")
        if self.phase == OVER and self.pending:
            raise StateError("hera_zeus_v0: a finished game has a pending decision")
        if self.turn_player not in (0, 1) or self.setup_seat not in (0, 1):
            raise StateError(f"hera_zeus_v0: turn player {self.turn_player} / setup seat {self.setup_seat} "
                             f"is not a seat (0 or 1)")

    # ------------------------------------------------------------------ determinization
    def resample_hidden(self, player: int, rng: np.random.Generator) -> HeraZeusState:
        """Shuffle everything ``player`` cannot see: its own deck order, and the opponent's deck,
        hand, face-down field cards and (after Hades) untracked discard cards, keeping each card
        where the player's knowledge allows it (seen cards never go back into a deck; cards lost
        track of in a discard pile fill that pile's unknown places first). The Pythia memory is not
        used to constrain the opponent's hand (a weaker but leak-free belief)."""
        s = self.clone()
        p, o = player, 1 - player
        bit = 1 << p
        # own deck: the player knows its contents but not the order
        own = sorted(s.deck[p])
        rng.shuffle(own)
        s.deck[p] = own
        # the opponent's hidden places
        hand_pos = [i for i, x in enumerate(s.hand[o]) if not self.vis[x] & bit]
        field_pos = [(c, r) for c in range(NCOL) for r, x in enumerate(s.field[o][c])
                     if x != FIG and not self.vis[x] & bit]
        disc_pos = [i for i, x in enumerate(s.disc[o]) if not self.vis[x] & bit]
        hidden = sorted([s.hand[o][i] for i in hand_pos] + [s.field[o][c][r] for c, r in field_pos]
                        + [s.disc[o][i] for i in disc_pos] + s.deck[o])
        unseen = [x for x in hidden if not self.seen[x] & bit]
        seen = [x for x in hidden if self.seen[x] & bit]
        pile_pool = [x for x in seen if self.lost[x] & bit]
        other_seen = [x for x in seen if not self.lost[x] & bit]
        rng.shuffle(pile_pool)
        to_disc = pile_pool[:len(disc_pos)]
        left = pile_pool[len(disc_pos):]  # lost track of, and no longer in the pile: hand or field
        if left:
            # a card without a number that left the pile can only be in the hand (HZ § The Cards):
            # keep at most as many of them out of the pile as the hand has places (and leave enough
            # numbered cards for the face-down field places)
            nf_seen = sum(1 for x in other_seen if not IS_FIELD[KIND_OF[x]])
            f_free = len(other_seen) - nf_seen + sum(1 for x in unseen if IS_FIELD[KIND_OF[x]])
            cap = min(len(hand_pos) - nf_seen, len(left) - max(0, len(field_pos) - f_free))
            out = [x for x in left if not IS_FIELD[KIND_OF[x]]]
            back = [x for x in to_disc if IS_FIELD[KIND_OF[x]]]
            n = min(len(out) - max(cap, 0), len(back))
            if n > 0:
                out, back = out[:n], back[:n]
                to_disc = [x for x in to_disc if x not in back] + out
                rng.shuffle(to_disc)
                left = [x for x in left if x not in out] + back
        if len(to_disc) < len(disc_pos):  # cannot happen in a consistent state; fall back to any seen card
            rest = [x for x in other_seen]
            rng.shuffle(rest)
            need = len(disc_pos) - len(to_disc)
            to_disc += rest[:need]
            other_seen = rest[need:]
        seen_rest = left + other_seen
        for i, x in zip(disc_pos, to_disc):
            s.disc[o][i] = x
        # Face-down field slots take only cards that have a number (HZ § The Cards: the others "are
        # never played on the table"); seen cards go to the hand or the field, never the deck.
        rng.shuffle(seen_rest)
        rng.shuffle(unseen)
        seen_f = [x for x in seen_rest if IS_FIELD[KIND_OF[x]]]
        seen_nf = [x for x in seen_rest if not IS_FIELD[KIND_OF[x]]]
        room = len(hand_pos) - len(seen_nf)          # hand places left for seen field cards
        need = max(0, len(seen_f) - room)            # seen field cards that must go to the field
        cand = [("s", x) for x in seen_f] + [("u", x) for x in unseen if IS_FIELD[KIND_OF[x]]]
        order = rng.permutation(len(cand)) if cand else []
        cand = [cand[j] for j in order]
        chosen = cand[:len(field_pos)]
        short = need - sum(1 for t, _ in chosen if t == "s")
        if short > 0:  # swap unseen picks for the seen field cards left over
            spare = [x for x in cand[len(field_pos):] if x[0] == "s"][:short]
            keep = [x for x in chosen if x[0] == "s"]
            drop = [x for x in chosen if x[0] == "u"]
            chosen = keep + drop[:len(drop) - len(spare)] + spare
            order = rng.permutation(len(chosen))
            chosen = [chosen[j] for j in order]
        on_field = {x for _, x in chosen}
        for (c, r), (_, x) in zip(field_pos, chosen):
            s.field[o][c][r] = x
        to_hand = seen_nf + [x for x in seen_f if x not in on_field]
        n_unseen = len(hand_pos) - len(to_hand)      # hand places the unseen cards fill
        rest = [x for x in unseen if x not in on_field]
        to_hand += rest[:n_unseen]
        order = rng.permutation(len(to_hand)) if to_hand else []
        for i, j in zip(hand_pos, order):
            s.hand[o][i] = to_hand[j]
        s.deck[o] = rest[n_unseen:]
        # the moved cards take the knowledge of the places they now fill (the player knows none)
        ob = 1 << o
        for x in s.hand[o]:
            if not s.vis[x] & bit:
                s.vis[x] = ob
                s.seen[x] |= ob
        for c, r in field_pos:
            x = s.field[o][c][r]
            s.vis[x] = ob
            s.seen[x] |= ob
        for i in disc_pos:
            s.vis[s.disc[o][i]] = ob
        for x in s.deck[o]:
            s.vis[x] = 0
            s.seen[x] = 0
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s

    # ------------------------------------------------------------------ people
    def action_to_string(self, action: int) -> str:
        side = self.current_player()
        return describe_action(action, side if side >= 0 else 0)

    def public_action_text(self, action: int) -> str:
        """What the other side saw: a card played face down is "a card"; what a played card does
        is named with it (it is shown as it is used); Hades' card stays unnamed."""
        p = self.current_player()
        p = p if p >= 0 else 0
        o = 1 - p
        name, idx = DECODE[action]
        other = SIDE_NAMES[o]
        if name == "play":
            return f"plays a card face down to {place_text(idx[1], idx[2])}"
        if name == "draw":
            return "draws a card"
        if name == "figure":
            return f"plays {kind_name(K_FIGCARD, p)}: the {SIDE_NAMES[p]} figure goes to the 1st row of {column_text(idx[0])}"
        if name == "remove_figure":
            return f"removes the {SIDE_NAMES[p]} figure"
        if name == "challenge":
            return f"challenges {other}'s card opposite in {column_text(idx[0])}"
        if name == "pegasus_hand":
            return f"plays Pegasus: takes a random card from {other}'s hand"
        if name == "pegasus_field":
            col = self.field[o][idx[0]]
            what = f"the {other} figure" if col and col[0] == FIG else f"{other}'s 1st-row card"
            return f"plays Pegasus: challenges {what} in {column_text(idx[0])}"
        if name == "pythia_spy":
            return f"plays Pythia: looks at {other}'s hand"
        if name == "pythia_reveal":
            return f"plays Pythia: turns over {other}'s cards in {column_text(idx[0])}"
        if name == "sirens":
            top = self.disc[o][-1] if self.disc[o] else None
            return f"plays Sirens: takes {card_name(top) if top is not None else 'the top card'} from {other}'s discard pile"
        if name == "hades":
            return "plays Hades: takes a card back from the discard pile"
        if name == "persephone":
            return "plays Persephone: takes Pegasus back from the discard pile"
        if name == "dionysus":
            c, r = idx
            col = self.field[p][c]
            x = col[r] if r < len(col) else FIG
            what = card_name(x) if x != FIG and self.up[x] else "the face-down card"
            return f"plays Dionysus: picks up {what} in {place_text(c, r)}"
        if name == "place_to":
            return f"puts it in {place_text(*idx)}"
        if name == "pegasus_column":
            card = self.pending[-1][2] if self.pending and self.pending[-1][0] == "pegcol" else None
            what = card_name(card) if card is not None else "the card"
            return f"puts {what} face up in the 1st row of {other}'s {COLUMN_NAMES[idx[0]]} column"
        if name == "discard_next":
            return f"puts {kind_name(idx[0], p)} on the discard pile next"
        if name == "end_turn":
            return "ends the turn"
        return "makes a move"

    def decision_text(self) -> str:
        if self.phase == OVER:
            return ""
        if self.pending:
            kind = self.pending[-1][0]
            return {"pegcol": "chooses the column for the card Pegasus took",
                    "order": "chooses the order of the cards on the discard pile",
                    "dio": "chooses where Dionysus puts the card"}.get(kind, "")
        if self.phase == SETUP:
            return "lays out the first row face down"
        if self.ap_left <= 0:
            return f"has spent every action point: plays {kind_name(K_FIGCARD, self.turn_player)} or ends the turn"
        return f"has {self.ap_left} action point{'s' if self.ap_left != 1 else ''} left"

    def ending_text(self) -> str:
        if self.phase != OVER:
            return ""
        w = self.winner
        return f"{seat_name(w).capitalize()} ({SIDE_NAMES[w]}) wins: {self.reason}."


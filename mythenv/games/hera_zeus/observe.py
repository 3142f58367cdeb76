"""What one seat of Hera and Zeus sees: the observation pieces and their encoder.

A seat sees its own hand, deck contents (not order), field (face-down cards included) and discard
pile; the opponent's face-up cards, the sizes of its hand and deck, the cards of its hand this seat
knows of (taken publicly by Sirens / Persephone or shown by Pythia until the opponent next plays a
card face down), the last hand Pythia showed it, and the opponent's discard pile as far as it can
track it (after the opponent's Hades only the top card is certain).

``encode`` is the reference encoder; ``_cobserve.c`` is its compiled twin, checked against it bit for
bit (``tests/conformance/test_compiled_encoders.py``). Where the twin is not used (not built,
``MYTHENV_PURE_PYTHON=1``, or a buffer it declines), ``encode`` re-encodes the whole observation.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.clayout import CDecl, CEnum, CStrings
from mythenv.core.observe import Observer, pile_counts

from .rules import DECK, FIG, HAND_LIMIT, KIND_OF, NCOL, NK, NROW, OVER, SETUP, HeraZeusState

PHASES = ("setup", "turn", "pegasus_column", "order_discard", "dionysus_place", "over")
SLOT = NK + 2  # kind one-hot, figure, face-up (own) / face-down unknown (opponent)

OBSERVER = Observer([
    ("phase", (len(PHASES),), "kind of decision being taken now"),
    ("to_move", (1,), "1 when this seat acts now"),
    ("side", (2,), "this seat plays Hera / Zeus"),
    ("action_points", (5,), "action points left this turn (one-hot 0..4)"),
    ("ap_used", (5,), "action points spent this turn (one-hot 0..4)"),
    ("may_challenge", (2,), "this seat / the opponent may challenge (from its 2nd turn)"),
    ("turn", (1,), "this seat's turn number / 50"),
    ("my_hand", (NK,), "own hand, count per kind / 4"),
    ("my_hand_known_to_opp", (NK,), "own hand cards the opponent knows, per kind / 4"),
    ("my_deck", (NK,), "own deck contents (order unknown), per kind / 4"),
    ("my_field", (NCOL, NROW, SLOT), "own columns, front first: kind, figure, face up"),
    ("opp_field", (NCOL, NROW, SLOT), "opponent's columns: kind if face up, figure, face down"),
    ("my_discard", (NK,), "own discard pile per kind / 4"),
    ("my_discard_top", (NK + 1,), "own top discard kind (last = empty)"),
    ("opp_discard", (NK,), "opponent's discard pile as far as known, per kind / 4"),
    ("opp_discard_unknown", (1,), "opponent discards no longer tracked / 43"),
    ("opp_discard_top", (NK + 1,), "opponent's top discard kind (last = empty)"),
    ("opp_hand_known", (NK,), "opponent hand cards known now, per kind / 4"),
    ("pythia_memory", (NK + 1,), "the opponent's hand when this seat's Pythia last looked (last = has looked)"),
    ("sizes", (4,), "own hand / 12, own deck / 43, opponent hand / 12, opponent deck / 43"),
    ("pending_card", (NK,), "kind of the card being placed (Pegasus' catch or Dionysus' card), if known"),
    ("pending_from", (NCOL, NROW), "where Dionysus picked the card up"),
    ("order_left", (NK,), "cards still to put on a discard pile, per kind / 4"),
])

_P = {name: piece.start for name, piece in OBSERVER.pieces.items()}


_A = _P["my_hand"]            # my_hand, my_hand_known_to_opp, my_deck: contiguous
_B = _P["my_discard"]         # my_discard .. sizes: contiguous
assert _P["my_deck"] + NK == _P["my_field"] and _P["sizes"] + 4 == _P["pending_card"]
_PHASE, _TO_MOVE, _SIDE, _AP, _AP_USED = (_P[k] for k in ("phase", "to_move", "side", "action_points", "ap_used"))
_MAY, _TURN, _MY_FIELD, _OPP_FIELD = _P["may_challenge"], _P["turn"], _P["my_field"], _P["opp_field"]
_OPP_DISC, _OPP_HAND, _MEM, _SIZES = _P["opp_discard"], _P["opp_hand_known"], _P["pythia_memory"], _P["sizes"]
_PEND_CARD, _PEND_FROM, _ORDER = _P["pending_card"], _P["pending_from"], _P["order_left"]
_PENDING_PHASE = {"pegcol": 2, "order": 3, "dio": 4}
_COL_LEN = NROW * SLOT
# the discard writers write a pile's top (and the untracked count) right after its counts
assert _P["my_discard_top"] == _B + NK and _P["opp_discard_top"] == _OPP_DISC + NK + 1


def _add_counts(w, base: int, cards) -> None:
    """Per-kind counts / 4 (capped at 1) of ``cards`` added into ``w`` at ``base``."""
    for c in cards:
        i = base + KIND_OF[c]
        v = w[i]
        if v < 1.0:
            w[i] = v + 0.25


_QUARTERS = [min(0.25 * n, 1.0) for n in range(DECK + 1)]  # a count / 4, capped at 1 (as _add_counts)
_BIT_OF = [bytes((v >> s) & 1 for v in range(256)) for s in range(2)]  # vis byte -> seat s knows it


def _memo(state: HeraZeusState) -> dict:
    memo = state._obs_memo
    if memo is None:
        memo = state._obs_memo = {}
    return memo


def _write_head(w, state: HeraZeusState, p: int) -> None:
    """phase .. turn: the decision, whose move, the side, action points, challenges, turn number."""
    o = 1 - p
    phase = state.phase
    pending = state.pending
    if phase == OVER:
        w[_PHASE + 5] = 1.0
    elif pending:
        w[_PHASE + _PENDING_PHASE[pending[-1][0]]] = 1.0
    else:
        w[_PHASE + (0 if phase == SETUP else 1)] = 1.0
    if state.current_player() == p:
        w[_TO_MOVE] = 1.0
    w[_SIDE + p] = 1.0
    w[_AP + min(max(state.ap_left, 0), 4)] = 1.0
    w[_AP_USED + min(state.ap_used, 4)] = 1.0
    turns = state.turns
    tp = state.turn_player
    if turns[p] >= 2 or (turns[p] == 1 and tp != p and phase != SETUP):
        w[_MAY] = 1.0
    if turns[o] >= 2 or (turns[o] == 1 and tp != o and phase != SETUP):
        w[_MAY + 1] = 1.0
    w[_TURN] = min(turns[p], 50) / 50.0


def _write_my_col(w, col: list, off: int, up) -> None:
    """One own column (front first) as one-hot slots from ``off``: kind, figure, face up."""
    for x in col:
        if x == FIG:
            w[off + NK] = 1.0
        else:
            w[off + KIND_OF[x]] = 1.0
            if up[x]:
                w[off + NK + 1] = 1.0
        off += SLOT


def _write_opp_col(w, col: list, off: int, vis, bit: int) -> None:
    """One opponent column as one-hot slots from ``off``: kind if known, figure, face down."""
    for x in col:
        if x == FIG:
            w[off + NK] = 1.0
        elif vis[x] & bit:
            w[off + KIND_OF[x]] = 1.0
        else:
            w[off + NK + 1] = 1.0
        off += SLOT


def _write_my_discard(w, state: HeraZeusState, p: int, memo: dict) -> None:
    pile = state.disc[p]
    w[_B:_B + NK] = pile_counts(memo, ("disc", p), pile, KIND_OF, _QUARTERS, NK)
    w[_B + NK + (KIND_OF[pile[-1]] if pile else NK)] = 1.0


def _write_opp_discard(w, state: HeraZeusState, p: int, memo: dict) -> None:
    vis = state.vis
    bit = 1 << p
    pile = state.disc[1 - p]
    kp = vis.translate(_BIT_OF[p])
    known = pile if all(map(kp.__getitem__, pile)) else [c for c in pile if vis[c] & bit]
    w[_OPP_DISC:_OPP_DISC + NK] = pile_counts(memo, ("known_disc", p), known, KIND_OF, _QUARTERS, NK)
    w[_OPP_DISC + NK] = (len(pile) - len(known)) / DECK
    w[_OPP_DISC + NK + 1 + (KIND_OF[pile[-1]] if pile else NK)] = 1.0


def _write_memory(w, mem) -> None:
    if mem is not None:
        for k, v in enumerate(mem):
            if v:
                w[_MEM + k] = min(v / 4.0, 1.0)
        w[_MEM + NK] = 1.0


def _write_sizes(w, state: HeraZeusState, p: int) -> None:
    o = 1 - p
    w[_SIZES] = len(state.hand[p]) / HAND_LIMIT
    w[_SIZES + 1] = len(state.deck[p]) / DECK
    w[_SIZES + 2] = min(len(state.hand[o]), HAND_LIMIT) / HAND_LIMIT
    w[_SIZES + 3] = len(state.deck[o]) / DECK


def _write_pending(w, state: HeraZeusState, p: int) -> None:
    pend = state.pending[-1]
    if pend[0] in ("pegcol", "dio"):
        card = pend[2]
        if state.vis[card] >> p & 1:
            w[_PEND_CARD + KIND_OF[card]] = 1.0
        if pend[0] == "dio":
            w[_PEND_FROM + pend[3] * NROW + pend[4]] = 1.0
    elif pend[0] == "order":
        _add_counts(w, _ORDER, pend[2])


def encode(state: HeraZeusState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view of ``state``."""
    # single-element writes through a memoryview cost about half a numpy scalar write (a third for +=)
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    o = 1 - p
    vis = state.vis
    bit = 1 << p
    memo = _memo(state)
    _write_head(w, state, p)
    # region A: own hand, own hand known to the opponent, own deck
    hand = state.hand[p]
    _add_counts(w, _A, hand)
    _add_counts(w, _A + NK, [c for c in hand if vis[c] >> o & 1])
    w[_A + 2 * NK:_A + 3 * NK] = pile_counts(memo, ("deck", p), state.deck[p], KIND_OF, _QUARTERS, NK)
    up = state.up
    for c, col in enumerate(state.field[p]):
        _write_my_col(w, col, _MY_FIELD + c * _COL_LEN, up)
    for c, col in enumerate(state.field[o]):
        _write_opp_col(w, col, _OPP_FIELD + c * _COL_LEN, vis, bit)
    # region B: discard piles, known opponent hand, Pythia's memory, sizes
    _write_my_discard(w, state, p, memo)
    _write_opp_discard(w, state, p, memo)
    _add_counts(w, _OPP_HAND, [c for c in state.hand[o] if vis[c] & bit])
    _write_memory(w, state.memory[p])
    _write_sizes(w, state, p)
    if state.pending:
        _write_pending(w, state, p)


# ----------------------------------------------------------------------------- compiled encoder
_PHASE_SLOTS = ("setup", "turn", "pegasus_column", "order_discard", "dionysus_place", "over")
_PENDING_KINDS = ("pegcol", "order", "dio")  # the kinds of a pending decision (state.pending[0])

#: what ``_cobserve.c`` reads, declared once: ``_clayout.h`` is generated from it
#: (``python -m mythenv.core.cheaders``) and ``c_layout`` packs the layout by its names
C_DECL = CDecl(enums=(
    CEnum("attr", "N_", "NATTRS", ("phase", "pending", "ap_left", "ap_used", "turns", "turn_player", "hand", "deck",
                                   "field", "up", "vis", "disc", "memory"), kind="attrs",
          meaning="the state's attributes, fetched at every call"),
    CEnum("method", "N_", "NCALLED", ("current_player",), kind="methods", start="NATTRS",
          meaning="the state's methods"),
    CEnum("pending_name", "N_", "NNAMES", _PENDING_KINDS, start="NCALLED",
          meaning="the kinds of a pending decision (pend[0])"),
    CEnum("pending_kind", "PEND_", "NPEND", _PENDING_KINDS,
          meaning="str_index of a pending kind among names[N_PEGCOL ..]"),
    CEnum("piece", "PC_", "NPIECES", tuple(OBSERVER.pieces), kind="pieces",
          meaning="the pieces of observe.OBSERVER (the layout gives each its start and size)"),
    CEnum("phase_slot", "PH_", "NPHASE_SLOTS", _PHASE_SLOTS,
          meaning="the phase piece's entries, as _write_head picks them"),
    CEnum("layout", "L_", "LAYOUT_LEN", ("size", "pieces", "kind_of", "quarters", "nk", "ncol", "nrow", "fig",
                                         "hand_limit", "deck", "setup", "over", "phase_slots"), kind="layout",
          meaning="the entries of the layout tuple (observe.c_layout)"),
), strings=(CStrings("NAMES", ("attr", "method", "pending_name"), "NNAMES"),))


def c_layout(game) -> tuple:
    """What ``_cobserve.encode`` (the compiled twin of ``encode``) needs of this config: the entries of
    ``C_DECL``'s layout enum, by name:

    - ``size``: the observation's size (floats);
    - ``pieces``: every piece of the piece enum, in its order, as an int32 (start, size) pair (bytes;
      the C code checks each size against the dimensions below);
    - ``kind_of``: ``KIND_OF``, card -> kind (bytes); ``quarters``: a count ``n`` -> ``min(n / 4, 1)``
      (float32 bytes);
    - ``nk``, ``ncol``, ``nrow``, ``fig`` (the figure's slot value), ``hand_limit``, ``deck``;
    - ``setup``, ``over``: the ``state.phase`` values ``SETUP`` and ``OVER``;
    - ``phase_slots``: the index in the phase piece of each entry of the phase-slot enum (bytes; as
      ``_write_head`` picks them).
    """
    pieces = [(OBSERVER.pieces[name].start, OBSERVER.pieces[name].size) for name in C_DECL.enum("piece").names]
    slots = [PHASES.index(name) for name in _PHASE_SLOTS]
    assert [slots[i] for i in (2, 3, 4)] == [_PENDING_PHASE[k] for k in _PENDING_KINDS]
    return C_DECL.pack(
        "layout", size=OBSERVER.size, pieces=np.asarray(pieces, np.int32).tobytes(), kind_of=bytes(KIND_OF),
        quarters=np.asarray(_QUARTERS, np.float32).tobytes(), nk=NK, ncol=NCOL, nrow=NROW, fig=FIG,
        hand_limit=HAND_LIMIT, deck=DECK, setup=SETUP, over=OVER, phase_slots=bytes(slots))

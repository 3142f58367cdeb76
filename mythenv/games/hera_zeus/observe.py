"""What one seat of Hera and Zeus sees: the observation pieces and their encoder.

A seat sees its own hand, deck contents (not order), field (face-down cards included) and discard
pile; the opponent's face-up cards, the sizes of its hand and deck, the cards of its hand this seat
knows of (taken publicly by Sirens / Persephone or shown by Pythia until the opponent next plays a
card face down), the last hand Pythia showed it, and the opponent's discard pile as far as it can
track it (after the opponent's Hades only the top card is certain).
"""

from __future__ import annotations

import numpy as np

from mythenv.core.clayout import CDecl, CEnum, CStrings
from mythenv.core.observe import Observer, pile_counts

from .rules import DECK, FIG, HAND_LIMIT, KIND_OF, NCARDS, NCOL, NK, NROW, OVER, SETUP, HeraZeusState

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
_B_LEN = _P["pending_card"] - _B
assert _P["my_deck"] + NK == _P["my_field"] and _P["sizes"] + 4 == _P["pending_card"]
_PHASE, _TO_MOVE, _SIDE, _AP, _AP_USED = (_P[k] for k in ("phase", "to_move", "side", "action_points", "ap_used"))
_MAY, _TURN, _MY_FIELD, _OPP_FIELD = _P["may_challenge"], _P["turn"], _P["my_field"], _P["opp_field"]
_OPP_DISC, _OPP_HAND, _MEM, _SIZES = _P["opp_discard"], _P["opp_hand_known"], _P["pythia_memory"], _P["sizes"]
_PEND_CARD, _PEND_FROM, _ORDER = _P["pending_card"], _P["pending_from"], _P["order_left"]
_PENDING_PHASE = {"pegcol": 2, "order": 3, "dio": 4}
_COL_LEN = NROW * SLOT


def _add_counts(w, base: int, cards) -> None:
    """Per-kind counts / 4 (capped at 1) of ``cards`` added into ``w`` at ``base``."""
    for c in cards:
        i = base + KIND_OF[c]
        v = w[i]
        if v < 1.0:
            w[i] = v + 0.25


_QUARTERS = [min(0.25 * n, 1.0) for n in range(DECK + 1)]  # a count / 4, capped at 1 (as _add_counts)


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


# ----------------------------------------------------------------------------- incremental encoding
# Each piece is rewritten only when one of its inputs differs from the snapshot kept in the memo:
# zone lists are compared by value (C-speed list equality); for the per-card flags (who knows a
# card, face up) the cards whose flag changed are found from a bytes snapshot, and a piece is
# rewritten when one of them lies in its zones.
_ZEROS = memoryview(np.zeros(OBSERVER.size, np.float32))
_BIT_OF = [bytes((v >> s) & 1 for v in range(256)) for s in range(2)]  # vis byte -> seat s knows it
_HEAD_END = _TURN + 1
_MY_DISC_LEN = 2 * NK + 1
_OPP_DISC_LEN = 2 * NK + 2
_PEND_LEN = OBSERVER.size - _PEND_CARD
assert _PHASE == 0 and _P["my_discard_top"] == _B + NK and _P["opp_discard_top"] == _OPP_DISC + NK + 1
assert _P["order_left"] + NK == OBSERVER.size
_ALL = list(range(NCARDS))
# memo slots: snapshots of the inputs
(_M_KP, _M_KO, _M_UP, _M_HEAD, _M_HAND, _M_DECK, _M_MYD, _M_OPPD, _M_OPPH, _M_ODECK, _M_MEM,
 _M_PEND) = range(12)
_M_COLS = 12  # 3 own columns, then 3 opponent columns
_M_SIZE = _M_COLS + 2 * NCOL
_M_PILES = _M_SIZE  # last slot: pile_counts' cache of this seat's piles
_HEADS: dict[tuple, memoryview] = {}  # head key -> the head's float32 values


def _head_of(state: HeraZeusState, p: int, key: tuple) -> memoryview:
    """The head piece of this key (everything ``_write_head`` reads is in the key), cached."""
    if len(_HEADS) > 50_000:  # bounded; a real game meets a few hundred keys
        _HEADS.clear()
    buf = np.zeros(_HEAD_END, np.float32)
    _write_head(memoryview(buf), state, p)
    head = _HEADS[key] = memoryview(buf)
    return head


def _snapshot(state: HeraZeusState, p: int) -> list:
    """The memo of ``encode_update`` after a full encode of ``state``: every input as it is now."""
    o = 1 - p
    m = [None] * (_M_SIZE + 1)
    m[_M_PILES] = {}
    m[_M_KP] = state.vis.translate(_BIT_OF[p])
    m[_M_KO] = state.vis.translate(_BIT_OF[o])
    m[_M_UP] = bytes(state.up)
    m[_M_HAND] = state.hand[p][:]
    m[_M_COLS:_M_COLS + NCOL] = [col[:] for col in state.field[p]]
    m[_M_COLS + NCOL:_M_SIZE] = [col[:] for col in state.field[o]]
    m[_M_MYD] = state.disc[p][:]
    m[_M_OPPD] = state.disc[o][:]
    m[_M_OPPH] = state.hand[o][:]
    m[_M_ODECK] = len(state.deck[o])
    m[_M_MEM] = state.memory[p][:] if state.memory[p] is not None else None
    m[_M_PEND] = bool(state.pending)
    return m  # the head and the deck are rewritten at the next call (their snapshots are None)


def _clear(w, start: int, length: int) -> None:
    w[start:start + length] = _ZEROS[:length]


def _changed(new: bytes, old: bytes | None) -> list[int]:
    """The cards whose 0/1 flag differs between two snapshots (all cards when there is none)."""
    if old is None:
        return _ALL
    x = int.from_bytes(new, "little") ^ int.from_bytes(old, "little")
    out = []
    while x:
        low = x & -x
        out.append((low.bit_length() - 1) >> 3)
        x ^= low
    return out


def _hits(cards, zone: list) -> bool:
    for c in cards:
        if c in zone:
            return True
    return False


def update(state: HeraZeusState, p: int, w: memoryview, m) -> None:
    """The update step of ``snapshot_encoder`` (``Game.encode_update`` after the first call): rewrite
    the pieces of ``w`` whose inputs differ from the snapshot ``m``, and refresh ``m``."""
    piles = m[_M_PILES]
    o = 1 - p
    vis = state.vis
    hand = state.hand[p]
    # what p knows matters for the opponent's zones: a card now in p's hand (a draw) is in none
    kp = vis.translate(_BIT_OF[p])
    if kp == m[_M_KP]:
        kp_chg = ()
    else:
        kp_chg = [c for c in _changed(kp, m[_M_KP]) if c not in hand]
        m[_M_KP] = kp
    # what the opponent knows matters for p's hand only
    ko = vis.translate(_BIT_OF[o])
    ko_hit = False
    if ko != m[_M_KO]:
        ko_hit = _hits(_changed(ko, m[_M_KO]), hand)
        m[_M_KO] = ko
    # phase .. turn: a few small numbers pick one of a few hundred distinct heads (cached)
    turns = state.turns
    pending = state.pending
    key = (state.phase, pending[-1][0] if pending else None, state.current_player() == p, p, state.ap_left,
           state.ap_used, min(turns[p], 50), min(turns[o], 2), state.turn_player)
    if key != m[_M_HEAD]:
        m[_M_HEAD] = key
        head = _HEADS.get(key)
        if head is None:
            head = _head_of(state, p, key)
        w[0:_HEAD_END] = head
    # own hand (its size too) and the part of it the opponent knows
    if ko_hit or hand != m[_M_HAND]:
        m[_M_HAND] = hand[:]
        w[_A:_A + 2 * NK] = _ZEROS[:2 * NK]
        for c in hand:
            i = _A + KIND_OF[c]
            v = w[i]
            if v < 1.0:
                w[i] = v + 0.25
            if ko[c]:
                i += NK
                v = w[i]
                if v < 1.0:
                    w[i] = v + 0.25
        w[_SIZES] = len(hand) / HAND_LIMIT
    deck = state.deck[p]
    if deck != m[_M_DECK]:
        m[_M_DECK] = deck[:]
        w[_A + 2 * NK:_A + 3 * NK] = pile_counts(piles, "deck", deck, KIND_OF, _QUARTERS, NK)
        w[_SIZES + 1] = len(deck) / DECK
    # fields, column by column (face-up flags matter for p's own cards only)
    up = state.up
    field = state.field[p]
    if up != m[_M_UP]:
        up_chg = _changed(bytes(up), m[_M_UP])
        m[_M_UP] = bytes(up)
    else:
        if field == m[_M_COLS:_M_COLS + NCOL]:
            field = None
        up_chg = ()
    if field is not None:
        off = _MY_FIELD
        i = _M_COLS
        for col in field:
            if col != m[i] or up_chg and _hits(up_chg, col):
                m[i] = col[:]
                w[off:off + _COL_LEN] = _ZEROS[:_COL_LEN]
                _write_my_col(w, col, off, up)
            off += _COL_LEN
            i += 1
    field = state.field[o]
    if kp_chg or field != m[_M_COLS + NCOL:_M_SIZE]:
        bit = 1 << p
        off = _OPP_FIELD
        i = _M_COLS + NCOL
        for col in field:
            if col != m[i] or kp_chg and _hits(kp_chg, col):
                m[i] = col[:]
                w[off:off + _COL_LEN] = _ZEROS[:_COL_LEN]
                _write_opp_col(w, col, off, vis, bit)
            off += _COL_LEN
            i += 1
    # discard piles, the opponent's hand as known, Pythia's memory, sizes
    pile = state.disc[p]
    if pile != m[_M_MYD]:
        m[_M_MYD] = pile[:]
        _clear(w, _B, _MY_DISC_LEN)
        _write_my_discard(w, state, p, piles)
    pile = state.disc[o]
    if pile != m[_M_OPPD] or kp_chg and _hits(kp_chg, pile):
        m[_M_OPPD] = pile[:]
        _clear(w, _OPP_DISC, _OPP_DISC_LEN)
        _write_opp_discard(w, state, p, piles)
    ohand = state.hand[o]
    if ohand != m[_M_OPPH] or kp_chg and _hits(kp_chg, ohand):
        m[_M_OPPH] = ohand[:]
        _clear(w, _OPP_HAND, NK)
        _add_counts(w, _OPP_HAND, [c for c in ohand if kp[c]])
        w[_SIZES + 2] = min(len(ohand), HAND_LIMIT) / HAND_LIMIT
    n = len(state.deck[o])
    if n != m[_M_ODECK]:
        m[_M_ODECK] = n
        w[_SIZES + 3] = n / DECK
    mem = state.memory[p]
    if mem != m[_M_MEM]:
        m[_M_MEM] = mem[:] if mem is not None else None
        _clear(w, _MEM, NK + 1)
        _write_memory(w, mem)
    if pending or m[_M_PEND]:
        m[_M_PEND] = bool(pending)
        _clear(w, _PEND_CARD, _PEND_LEN)
        if pending:
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

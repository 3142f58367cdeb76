"""What one seat of Hera and Zeus sees: the observation pieces and their encoder.

A seat sees its own hand, deck contents (not order), field (face-down cards included) and discard
pile; the opponent's face-up cards, the sizes of its hand and deck, the cards of its hand this seat
knows of (taken publicly by Sirens / Persephone or shown by Pythia until the opponent next plays a
card face down), the last hand Pythia showed it, and the opponent's discard pile as far as it can
track it (after the opponent's Hades only the top card is certain).
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer

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
_B_LEN = _P["pending_card"] - _B
assert _P["my_deck"] + NK == _P["my_field"] and _P["sizes"] + 4 == _P["pending_card"]


def _add_counts(vals: list, base: int, cards) -> None:
    for c in cards:
        i = base + KIND_OF[c]
        if vals[i] < 1.0:
            vals[i] += 0.25


def encode(state: HeraZeusState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view of ``state``."""
    o = 1 - p
    bit = 1 << p
    vis = state.vis
    ones = []
    cur = state.current_player()
    if state.phase == OVER:
        ph = 5
    elif state.pending:
        ph = {"pegcol": 2, "order": 3, "dio": 4}[state.pending[-1][0]]
    elif state.phase == SETUP:
        ph = 0
    else:
        ph = 1
    ones.append(_P["phase"] + ph)
    if cur == p:
        ones.append(_P["to_move"])
    ones.append(_P["side"] + p)
    ones.append(_P["action_points"] + min(max(state.ap_left, 0), 4))
    ones.append(_P["ap_used"] + min(state.ap_used, 4))
    if state.turns[p] >= 2 or (state.turns[p] == 1 and state.turn_player != p and state.phase != SETUP):
        ones.append(_P["may_challenge"])
    if state.turns[o] >= 2 or (state.turns[o] == 1 and state.turn_player != o and state.phase != SETUP):
        ones.append(_P["may_challenge"] + 1)
    out[_P["turn"]] = min(state.turns[p], 50) / 50.0
    # region A: own hand, own hand known to the opponent, own deck
    hand = state.hand[p]
    va = [0.0] * (3 * NK)
    _add_counts(va, 0, hand)
    _add_counts(va, NK, [c for c in hand if vis[c] >> o & 1])
    _add_counts(va, 2 * NK, state.deck[p])
    out[_A:_A + 3 * NK] = va
    # fields (one-hot slots)
    base = _P["my_field"]
    for c, col in enumerate(state.field[p]):
        off = base + c * NROW * SLOT
        for x in col:
            if x == FIG:
                ones.append(off + NK)
            else:
                ones.append(off + KIND_OF[x])
                if state.up[x]:
                    ones.append(off + NK + 1)
            off += SLOT
    base = _P["opp_field"]
    for c, col in enumerate(state.field[o]):
        off = base + c * NROW * SLOT
        for x in col:
            if x == FIG:
                ones.append(off + NK)
            elif vis[x] & bit:
                ones.append(off + KIND_OF[x])
            else:
                ones.append(off + NK + 1)
            off += SLOT
    # region B: discard piles, known opponent hand, Pythia's memory, sizes
    vb = [0.0] * _B_LEN
    pile = state.disc[p]
    _add_counts(vb, 0, pile)
    vb[NK + (KIND_OF[pile[-1]] if pile else NK)] = 1.0
    b = _P["opp_discard"] - _B
    pile = state.disc[o]
    known = [c for c in pile if vis[c] & bit]
    _add_counts(vb, b, known)
    vb[b + NK] = (len(pile) - len(known)) / DECK
    vb[b + NK + 1 + (KIND_OF[pile[-1]] if pile else NK)] = 1.0
    _add_counts(vb, _P["opp_hand_known"] - _B, [c for c in state.hand[o] if vis[c] & bit])
    mem = state.memory[p]
    if mem is not None:
        b = _P["pythia_memory"] - _B
        for k, v in enumerate(mem):
            if v:
                vb[b + k] = min(v / 4.0, 1.0)
        vb[b + NK] = 1.0
    b = _P["sizes"] - _B
    vb[b] = len(hand) / HAND_LIMIT
    vb[b + 1] = len(state.deck[p]) / DECK
    vb[b + 2] = min(len(state.hand[o]), HAND_LIMIT) / HAND_LIMIT
    vb[b + 3] = len(state.deck[o]) / DECK
    out[_B:_B + _B_LEN] = vb
    if state.pending:
        pend = state.pending[-1]
        if pend[0] in ("pegcol", "dio"):
            card = pend[2]
            if vis[card] & bit:
                ones.append(_P["pending_card"] + KIND_OF[card])
            if pend[0] == "dio":
                ones.append(_P["pending_from"] + pend[3] * NROW + pend[4])
        elif pend[0] == "order":
            vo = [0.0] * NK
            _add_counts(vo, 0, pend[2])
            out[_P["order_left"]:_P["order_left"] + NK] = vo
    out[ones] = 1.0

"""What one seat of Mythologies sees: the observation pieces and their encoder.

Seats are listed relative to the viewer (index 0 = the viewer, then the following seats in turn
order). Everything on the table is public (pantheons including the cards under the tops, discard
piles, exiled cards, face-up sanctuary cards, placed pawns, tokens); hidden are the other seats'
cards drawn from a draw pile, face-down sanctuary cards the viewer has not seen (Loki) and the other
seats' selection commits until they are revealed.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer

from .cards import DESIGN_OF, EFFECTS, NDESIGNS, OPS
from .rules import OVER, PLACE, SEL

DECISIONS = ("commit", "pick", "turn", "place_slot", "effect", "sacrifice", "over")


def make_observer(n: int) -> Observer:
    return Observer([
        ("phase", (len(DECISIONS),), "kind of decision taken now"),
        ("to_move", (1,), "1 when this seat acts now"),
        ("round", (4,), "round one-hot"),
        ("first_player", (n,), "holder of the first-player marker (relative seat)"),
        ("turn_seat", (n,), "seat whose placement turn it is (relative)"),
        ("tokens", (n, 2), "Favors / 30, Gems / 30 (clipped)"),
        ("completion", (n, 6), "completion tokens still on the board: 3 planes, 3 columns"),
        ("trials_done", (n, 2), "Trials fulfilled"),
        ("pantheon_top", (n, 9, NDESIGNS), "visible card design per slot"),
        ("pantheon_height", (n, 9), "stack height / 5"),
        ("pantheon_below", (n, NDESIGNS), "covered cards per design / 3"),
        ("discard", (n, NDESIGNS), "discard pile per design / 3"),
        ("hand_own", (NDESIGNS,), "own selected, unplayed cards per design / 2"),
        ("hand_size", (n,), "selected, unplayed cards per seat / 2"),
        ("hand_known", (n, NDESIGNS), "other seats' unplayed cards this seat knows, per design / 2"),
        ("sanctuary", (4, 4, NDESIGNS + 2), "sanctuary position: design, face-down unknown, empty"),
        ("sanct_pawn", (4, 5, n), "selection pawns placed this round on a position (4 = draw pile)"),
        ("board_myth", (4, 8), "mythology of each board (0/1: 1st Trial start/end, 2/3: 2nd Trial)"),
        ("piles", (4, 2), "draw pile sizes: Creatures / 18, Deities / 4"),
        ("destiny", (5,), "Destiny cards revealed this round (one-hot count)"),
        ("destined", (n, 4), "board assigned to each seat by the last Destiny card"),
        ("commits", (n, 3), "this Destiny: committed (hidden), revealed pass, revealed place"),
        ("pawns_placed", (n, 3), "pawns placed this round (one-hot 0..2)"),
        ("exiled", (NDESIGNS,), "exiled cards per design / 3"),
        ("effect_source", (NDESIGNS,), "design of the card whose effect is being resolved"),
        ("effect_op", (len(OPS),), "primitive of that effect being resolved (move, sacrifice, ...)"),
        ("order_options", (8, NDESIGNS + 1), "effects to order: source design (last = a moved card's gain)"),
    ])


def encode(game, state, p: int, out: np.ndarray) -> None:
    P = game._P
    n = state.n
    bit = 1 << p
    rel = [(p + i) % n for i in range(n)]
    cur = state.current_player()
    if state.phase == OVER:
        k = 6
    elif state.phase == SEL:
        k = 0 if state.sel_step == "commit" else 1
    else:
        top = state.stack[-1] if state.stack else None
        t = top["t"] if top else "turn"
        k = {"turn": 2, "place": 3, "eff": 4, "sac": 5, "react": 4, "order": 4, "gainf": 4}[t]
    out[P["phase"] + k] = 1
    if cur == p:
        out[P["to_move"]] = 1
    out[P["round"] + min(state.round, 4) - 1] = 1
    out[P["first_player"] + (state.first - p) % n] = 1
    if state.phase == PLACE and state.turn_seat >= 0:
        out[P["turn_seat"] + (state.turn_seat - p) % n] = 1
    nd = NDESIGNS
    for i, q in enumerate(rel):
        out[P["tokens"] + 2 * i] = min(state.fav[q] / 30.0, 1.0)
        out[P["tokens"] + 2 * i + 1] = min(state.gem[q] / 30.0, 1.0)
        for j in range(6):
            out[P["completion"] + 6 * i + j] = state.comp[q][j]
        out[P["trials_done"] + 2 * i] = state.trials[q][0]
        out[P["trials_done"] + 2 * i + 1] = state.trials[q][1]
        for s, st in enumerate(state.pan[q]):
            if st:
                out[P["pantheon_top"] + (i * 9 + s) * nd + DESIGN_OF[st[-1]]] = 1
                out[P["pantheon_height"] + i * 9 + s] = min(len(st) / 5.0, 1.0)
                for c in st[:-1]:
                    o = P["pantheon_below"] + i * nd + DESIGN_OF[c]
                    out[o] = min(out[o] + 1 / 3, 1.0)
        for c in state.disc[q]:
            o = P["discard"] + i * nd + DESIGN_OF[c]
            out[o] = min(out[o] + 1 / 3, 1.0)
        out[P["hand_size"] + i] = len(state.hand[q]) / 2
        for c in state.hand[q]:
            if q == p:
                out[P["hand_own"] + DESIGN_OF[c]] += 0.5
            elif state.known[c] & bit:
                out[P["hand_known"] + i * nd + DESIGN_OF[c]] += 0.5
        b = state.dest_board[q]
        if b >= 0:
            out[P["destined"] + 4 * i + b] = 1
        if state.phase == SEL and state.sel_step in ("commit", "pick"):
            cm = state.commits[q]
            if state.sel_step == "commit":
                if state.free[q] and (cm >= 0 and q != p):
                    out[P["commits"] + 3 * i] = 1
                elif cm >= 0 and (q == p or not state.free[q]):
                    out[P["commits"] + 3 * i + 1 + cm] = 1
            elif cm >= 0:
                out[P["commits"] + 3 * i + 1 + cm] = 1
        out[P["pawns_placed"] + 3 * i + len(state.pawns[q])] = 1
        for b2, pos in state.pawns[q]:
            out[P["sanct_pawn"] + (b2 * 5 + pos) * n + i] = 1
    for pos in range(16):
        c = state.sanct[pos]
        o = P["sanctuary"] + pos * (nd + 2)
        if c < 0:
            out[o + nd + 1] = 1
        elif state.faceup[pos] or state.known[c] & bit:
            out[o + DESIGN_OF[c]] = 1
        else:
            out[o + nd] = 1
    for b in range(4):
        out[P["board_myth"] + 8 * b + state.boards[b]] = 1
        out[P["piles"] + 2 * b] = len(state.piles[2 * b]) / 18
        out[P["piles"] + 2 * b + 1] = len(state.piles[2 * b + 1]) / 4
    out[P["destiny"] + len(state.destiny)] = 1
    for c in state.exile:
        o = P["exiled"] + DESIGN_OF[c]
        out[o] = min(out[o] + 1 / 3, 1.0)
    for f in reversed(state.stack):
        if f["t"] == "eff":
            out[P["effect_source"] + DESIGN_OF[f["src"]]] = 1
            ops = EFFECTS[DESIGN_OF[f["src"]]][f["e"]].ops
            if f["pc"] < len(ops):
                out[P["effect_op"] + OPS.index(ops[f["pc"]]["op"])] = 1
            break
    if state.stack and state.stack[-1]["t"] == "order":
        for i, fr in enumerate(state.stack[-1]["frames"][:8]):
            k = nd if fr["t"] == "gainf" else DESIGN_OF[fr["src"]]
            out[P["order_options"] + i * (nd + 1) + k] = 1

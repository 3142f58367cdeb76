"""What one seat of Demigods sees: the observation pieces and their encoder.

Seats are listed relative to the viewer (row 0 = you, row 1 = the demigod on your left, ...). A seat
sees its own hand (nothing of it while it is blind, except cards revealed to everyone since), the
size of every hand, the cards of other hands it knows of (taken publicly from the discard pile,
drawn by a blind player, or given by it in a blind trade), every kingdom, every front (Guardians,
curses, Athena), the whole face-up discard pile, the deck size and the decision being taken now.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer

from .rules import (
    ATHENA,
    CATEGORY,
    CTX_NAMES,
    CURSE_NO,
    DRAW,
    GUARD_BLOCKS,
    IS_ORACLE,
    NK,
    ORACLES,
    OVER,
    RTYPE,
    VIDX,
    DemigodsState,
)

DECISIONS = ("draw", "act", "blind_act", "target", "speech", "steal", "athena", "halve", "choose_type",
             "trade", "over")
_DEC = {"target": 3, "speech": 4, "steal": 5, "athena": 6, "halve": 7, "otype": 8, "trade": 9}


def make_observer(n: int) -> Observer:
    return Observer([
        ("decision", (len(DECISIONS),), "kind of decision being taken now"),
        ("to_move", (1,), "1 when this seat acts now"),
        ("seat_to_move", (n,), "who acts now (relative seat: 0 = you, 1 = your left, ...)"),
        ("turn_seat", (n,), "whose turn it is (relative seat)"),
        ("my_hand", (NK,), "cards of your hand you can see, per kind / 4"),
        ("my_hand_unseen", (1,), "cards of your hand you cannot see (Blindness) / 10"),
        ("hand_sizes", (n,), "hand size of each seat / 10 (relative)"),
        ("known_hands", (n - 1, NK), "cards you know to be in the others' hands, per kind / 4"),
        ("kingdom", (n, 2, 3, 2), "kingdom cards per seat, type (Army, Wealth), value (500, 1000, 2000), blessed; / 10"),
        ("totals", (n, 2), "Army and Wealth totals (blessed count double) / (2 x goal), capped at 1"),
        ("front", (n, 11), "in front of each seat: Guardians blocking curse 0..4, curses 0..4, Athena"),
        ("can_claim", (n,), "the seat meets the three throne conditions now"),
        ("discard_top", (NK + 1,), "kind of the top card of the discard pile (last = empty)"),
        ("discard_pile", (NK,), "the face-up discard pile per kind / 10"),
        ("deck_size", (1,), "cards in the deck / cards in the game"),
        ("reshuffled", (1,), "the discard pile was already shuffled into the deck this turn"),
        ("pending_card", (NK,), "card being played (curse target, speech) or Oracle being resolved"),
        ("speech_context", (len(CTX_NAMES),), "what the words are for: god, curse, cure, claim"),
        ("pending_seat", (n,), "seat concerned by the decision (curse victim, robbed seat, halving seat)"),
        ("halving", (3,), "halving: type Army / Wealth, and 500s still to discard / 40"),
        ("round", (1,), "turns played / turn bound"),
        ("speech_mode", (1,), "1 when speech is explicit"),
    ])


def encode(state: DemigodsState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view of ``state``."""
    game = state.game
    P = game.obs_offsets
    n = state.n
    kind_of = game.kind_of
    bit = 1 << p
    vis = state.vis
    rel = [(p + i) % n for i in range(n)]
    ones = []
    # decision
    if state.phase == OVER:
        ones.append(P["decision"] + 10)
    else:
        cur = state.current_player()
        if state.pending:
            rec = state.pending[-1]
            ones.append(P["decision"] + _DEC[rec[0]])
        elif state.phase == DRAW:
            ones.append(P["decision"])
        else:
            ones.append(P["decision"] + (2 if state.is_blind(cur) else 1))
        if cur == p:
            ones.append(P["to_move"])
        ones.append(P["seat_to_move"] + (cur - p) % n)
        ones.append(P["turn_seat"] + (state.turn_player - p) % n)
    # hands
    base = P["my_hand"]
    unseen = 0
    for c in state.hand[p]:
        if vis[c] & bit:
            out[base + kind_of[c]] += 0.25
        else:
            unseen += 1
    out[P["my_hand_unseen"]] = min(unseen / 10.0, 1.0)
    for i, q in enumerate(rel):
        out[P["hand_sizes"] + i] = min(len(state.hand[q]) / 10.0, 1.0)
        if i:
            base = P["known_hands"] + (i - 1) * NK
            for c in state.hand[q]:
                if vis[c] & bit:
                    out[base + kind_of[c]] += 0.25
    # kingdoms, fronts
    cfg = game.config
    goals = (2.0 * cfg["army_goal"] or 1.0, 2.0 * cfg["wealth_goal"] or 1.0)
    bl = state.blessed
    for i, q in enumerate(rel):
        base = P["kingdom"] + i * 12
        for c in state.kingdom[q]:
            k = kind_of[c]
            out[base + RTYPE[k] * 6 + VIDX[k] * 2 + bl[c]] += 0.1
        for t in (0, 1):
            out[P["totals"] + i * 2 + t] = min(state.total(q, t) / goals[t], 1.0)
        base = P["front"] + i * 11
        for c in state.front[q]:
            k = kind_of[c]
            if k == ATHENA:
                ones.append(base + 10)
            elif CATEGORY[k] == "guardian":
                ones.append(base + GUARD_BLOCKS[k])
            else:
                ones.append(base + 5 + CURSE_NO[k])
        if state.can_claim(q):
            ones.append(P["can_claim"] + i)
    # piles
    pile = state.discard
    ones.append(P["discard_top"] + (kind_of[pile[-1]] if pile else NK))
    base = P["discard_pile"]
    for c in pile:
        out[base + kind_of[c]] += 0.1
    out[P["deck_size"]] = len(state.deck) / game.num_cards
    if state.reshuffled:
        ones.append(P["reshuffled"])
    # the decision's details
    if state.pending and state.phase != OVER:
        rec = state.pending[-1]
        name = rec[0]
        if name in ("target", "speech") and rec[2] >= 0:
            ones.append(P["pending_card"] + kind_of[rec[2]])
        if name == "speech":
            ones.append(P["speech_context"] + rec[3])
            if rec[4] >= 0:
                ones.append(P["pending_seat"] + (rec[4] - p) % n)
        elif name == "steal":
            ones.append(P["pending_seat"] + (rec[3][0] - p) % n)
            ones.append(P["halving"] + rec[2])
        elif name == "athena":
            ones.append(P["pending_seat"] + (rec[2] - p) % n)
        elif name == "halve":
            ones.append(P["pending_seat"] + (rec[1] - p) % n)
            ones.append(P["halving"] + rec[2])
            out[P["halving"] + 2] = min(rec[3] / 40.0, 1.0)
        elif name == "otype":
            ones.append(P["pending_card"] + rec[2])
    out[P["round"]] = min(state.turns / (cfg["max_rounds"] * n), 1.0)
    if game.explicit:
        ones.append(P["speech_mode"])
    out[ones] = 1.0
    np.minimum(out, 1.0, out=out)


__all__ = ["make_observer", "encode", "DECISIONS", "IS_ORACLE", "ORACLES"]

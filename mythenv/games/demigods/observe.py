"""What one seat of Demigods sees: the observation pieces and their encoder.

Seats are listed relative to the viewer (row 0 = you, row 1 = the demigod on your left, ...). A seat
sees its own hand (nothing of it while it is blind, except cards revealed to everyone since), the
size of every hand, the cards of other hands it knows of (taken publicly from the discard pile,
drawn by a blind player, or given by it in a blind trade), every kingdom, every front (Guardians,
curses, Athena), the whole face-up discard pile, the deck size and the decision being taken now.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer, pile_counts

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


def _sums(step: float, n: int = 128) -> list[float]:
    """``x[i]`` = the float32 value of ``i`` successive float32 additions of ``step`` to 0, capped at 1:
    the exact numbers the per-card ``+=`` of the original encoder produced (kept bit for bit)."""
    a = np.zeros(1, np.float32)
    out = []
    for _ in range(n):
        out.append(min(float(a[0]), 1.0))
        a[0] += step
    return out


QUARTERS = _sums(0.25)
TENTHS = _sums(0.1)


def _memo(state: DemigodsState) -> dict:
    memo = state._obs_memo
    if memo is None:
        memo = state._obs_memo = {}
    return memo


def _seat_block(state: DemigodsState, q: int) -> tuple:
    """Seat ``q``'s public block (the same for every viewer): kingdom counts (float32[12]), its
    totals, the front's one-hot indices and whether it can claim. Memoized on the state keyed by
    the kingdom, the front and the blessings, so it is never stale."""
    memo = _memo(state)
    key = (tuple(state.kingdom[q]), tuple(state.front[q]), bytes(state.blessed))
    hit = memo.get(q)
    if hit is not None and hit[0] == key:
        return hit
    game = state.game
    kind_of = game.kind_of
    bl = state.blessed
    cnt = [0] * 12
    for c in state.kingdom[q]:
        k = kind_of[c]
        cnt[RTYPE[k] * 6 + VIDX[k] * 2 + bl[c]] += 1
    kingdom = np.array([TENTHS[x] for x in cnt], np.float32)
    cfg = game.config
    goals = (2.0 * cfg["army_goal"] or 1.0, 2.0 * cfg["wealth_goal"] or 1.0)
    totals = (min(state.total(q, 0) / goals[0], 1.0), min(state.total(q, 1) / goals[1], 1.0))
    front = []
    for c in state.front[q]:
        k = kind_of[c]
        if k == ATHENA:
            front.append(10)
        elif CATEGORY[k] == "guardian":
            front.append(GUARD_BLOCKS[k])
        else:
            front.append(5 + CURSE_NO[k])
    hit = memo[q] = (key, kingdom, totals, front, state.can_claim(q))
    return hit


def _discard_counts(state: DemigodsState) -> memoryview:
    return pile_counts(_memo(state), "discard", state.discard, state.game.kind_of, TENTHS, NK)


def encode(state: DemigodsState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view of ``state``."""
    # single-element writes through a memoryview cost about half a numpy scalar write (a third for +=)
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    game = state.game
    P = game.obs_offsets
    n = state.n
    kind_of = game.kind_of
    bit = 1 << p
    vis = state.vis
    # decision
    if state.phase == OVER:
        w[P["decision"] + 10] = 1.0
    else:
        cur = state.current_player()
        if state.pending:
            rec = state.pending[-1]
            w[P["decision"] + _DEC[rec[0]]] = 1.0
        elif state.phase == DRAW:
            w[P["decision"]] = 1.0
        else:
            w[P["decision"] + (2 if state.is_blind(cur) else 1)] = 1.0
        if cur == p:
            w[P["to_move"]] = 1.0
        w[P["seat_to_move"] + (cur - p) % n] = 1.0
        w[P["turn_seat"] + (state.turn_player - p) % n] = 1.0
    # hands
    hand = state.hand
    cnt: dict[int, int] = {}  # kind -> count, only the kinds present
    unseen = 0
    for c in hand[p]:
        if vis[c] & bit:
            k = kind_of[c]
            cnt[k] = cnt.get(k, 0) + 1
        else:
            unseen += 1
    base = P["my_hand"]
    for k, x in cnt.items():
        w[base + k] = QUARTERS[x]
    w[P["my_hand_unseen"]] = min(unseen / 10.0, 1.0)
    sizes = P["hand_sizes"]
    known = P["known_hands"] - NK
    kingdom, totals, front, claim = P["kingdom"], P["totals"], P["front"], P["can_claim"]
    for i in range(n):
        q = (p + i) % n
        h = hand[q]
        w[sizes + i] = min(len(h) / 10.0, 1.0)
        if i:
            cnt = {}
            for c in h:
                if vis[c] & bit:
                    k = kind_of[c]
                    cnt[k] = cnt.get(k, 0) + 1
            base = known + i * NK
            for k, x in cnt.items():
                w[base + k] = QUARTERS[x]
        # kingdoms, fronts
        _, kvec, tot, fr, can = _seat_block(state, q)
        w[kingdom + i * 12:kingdom + i * 12 + 12] = memoryview(kvec)
        w[totals + 2 * i] = tot[0]
        w[totals + 2 * i + 1] = tot[1]
        base = front + i * 11
        for j in fr:
            w[base + j] = 1.0
        if can:
            w[claim + i] = 1.0
    # piles
    pile = state.discard
    w[P["discard_top"] + (kind_of[pile[-1]] if pile else NK)] = 1.0
    w[P["discard_pile"]:P["discard_pile"] + NK] = _discard_counts(state)
    w[P["deck_size"]] = len(state.deck) / game.num_cards
    if state.reshuffled:
        w[P["reshuffled"]] = 1.0
    # the decision's details
    if state.pending and state.phase != OVER:
        rec = state.pending[-1]
        name = rec[0]
        if name in ("target", "speech") and rec[2] >= 0:
            w[P["pending_card"] + kind_of[rec[2]]] = 1.0
        if name == "speech":
            w[P["speech_context"] + rec[3]] = 1.0
            if rec[4] >= 0:
                w[P["pending_seat"] + (rec[4] - p) % n] = 1.0
        elif name == "steal":
            w[P["pending_seat"] + (rec[3][0] - p) % n] = 1.0
            w[P["halving"] + rec[2]] = 1.0
        elif name == "athena":
            w[P["pending_seat"] + (rec[2] - p) % n] = 1.0
        elif name == "halve":
            w[P["pending_seat"] + (rec[1] - p) % n] = 1.0
            w[P["halving"] + rec[2]] = 1.0
            w[P["halving"] + 2] = min(rec[3] / 40.0, 1.0)
        elif name == "otype":
            w[P["pending_card"] + rec[2]] = 1.0
    w[P["round"]] = min(state.turns / (game.config["max_rounds"] * n), 1.0)
    if game.explicit:
        w[P["speech_mode"]] = 1.0


__all__ = ["make_observer", "encode", "DECISIONS", "IS_ORACLE", "ORACLES"]

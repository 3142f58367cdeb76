"""What one seat of Demigods sees: the observation pieces and their encoder.

Seats are listed relative to the viewer (row 0 = you, row 1 = the demigod on your left, ...). A seat
sees its own hand (nothing of it while it is blind, except cards revealed to everyone since), the
size of every hand, the cards of other hands it knows of (taken publicly from the discard pile,
drawn by a blind player, or given by it in a blind trade), every kingdom, every front (Guardians,
curses, Athena), the whole face-up discard pile, the deck size and the decision being taken now.

``encode`` is the reference encoder; ``_cobserve.c`` is its compiled twin, checked against it bit for
bit (``tests/conformance/test_compiled_encoders.py``). Where the twin is not used (not built,
``MYTHENV_PURE_PYTHON=1``, or a buffer it declines), ``encode`` re-encodes the whole observation.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.clayout import CDecl, CEnum, CStrings
from mythenv.core.observe import Observer, pile_counts, seats

from .rules import (
    ATHENA,
    BLINDNESS,
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
    SILENCE,
    VALUE,
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
_NEXT_QUARTER = {QUARTERS[i]: QUARTERS[i + 1] for i in range(len(QUARTERS) - 1)}  # one more card of a kind


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


def _write_head(w, state: DemigodsState, p: int, P: dict) -> None:
    """decision .. turn_seat: the decision being taken, who takes it, whose turn it is."""
    if state.phase == OVER:
        w[P["decision"] + 10] = 1.0
        return
    n = seats(state)
    cur = state.current_player()
    if state.pending:
        w[P["decision"] + _DEC[state.pending[-1][0]]] = 1.0
    elif state.phase == DRAW:
        w[P["decision"]] = 1.0
    else:
        w[P["decision"] + (2 if state.is_blind(cur) else 1)] = 1.0
    if cur == p:
        w[P["to_move"]] = 1.0
    w[P["seat_to_move"] + (cur - p) % n] = 1.0
    w[P["turn_seat"] + (state.turn_player - p) % n] = 1.0


def _write_my_hand(w, hand: list, kind_of, vis, bit: int, P: dict) -> None:
    """Own hand: the cards this seat sees, per kind, and how many it cannot see."""
    base = P["my_hand"]
    unseen = 0
    for c in hand:
        if vis[c] & bit:
            i = base + kind_of[c]
            w[i] = _NEXT_QUARTER[w[i]]
        else:
            unseen += 1
    w[P["my_hand_unseen"]] = min(unseen / 10.0, 1.0)


def _write_other_hand(w, i: int, h: list, kind_of, vis, bit: int, P: dict) -> None:
    """Relative seat ``i``'s hand size and the cards of it this seat knows."""
    w[P["hand_sizes"] + i] = min(len(h) / 10.0, 1.0)
    base = P["known_hands"] + (i - 1) * NK
    for c in h:
        if vis[c] & bit:
            j = base + kind_of[c]
            w[j] = _NEXT_QUARTER[w[j]]


def _write_seat(w, i: int, block: tuple, P: dict) -> None:
    """Relative seat ``i``'s public block (kingdom, totals, front, can claim) from ``_seat_block``."""
    _, kvec, tot, fr, can = block
    kingdom = P["kingdom"] + i * 12
    w[kingdom:kingdom + 12] = memoryview(kvec)
    w[P["totals"] + 2 * i] = tot[0]
    w[P["totals"] + 2 * i + 1] = tot[1]
    base = P["front"] + i * 11
    for j in fr:
        w[base + j] = 1.0
    if can:
        w[P["can_claim"] + i] = 1.0


def _write_pending(w, state: DemigodsState, p: int, P: dict) -> None:
    """The details of the decision on top of the pending stack."""
    n = seats(state)
    rec = state.pending[-1]
    name = rec[0]
    if name in ("target", "speech") and rec[2] >= 0:
        w[P["pending_card"] + state.game.kind_of[rec[2]]] = 1.0
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


def encode(state: DemigodsState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view of ``state``."""
    # single-element writes through a memoryview cost about half a numpy scalar write (a third for +=)
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    game = state.game
    P = game.obs_offsets
    n = seats(state)
    kind_of = game.kind_of
    bit = 1 << p
    vis = state.vis
    hand = state.hand
    _write_head(w, state, p, P)
    _write_my_hand(w, hand[p], kind_of, vis, bit, P)
    for i in range(n):
        q = (p + i) % n
        if i:
            _write_other_hand(w, i, hand[q], kind_of, vis, bit, P)
        else:
            w[P["hand_sizes"]] = min(len(hand[q]) / 10.0, 1.0)
        _write_seat(w, i, _seat_block(state, q), P)
    # piles
    pile = state.discard
    w[P["discard_top"] + (kind_of[pile[-1]] if pile else NK)] = 1.0
    w[P["discard_pile"]:P["discard_pile"] + NK] = _discard_counts(state)
    w[P["deck_size"]] = len(state.deck) / game.num_cards
    if state.reshuffled:
        w[P["reshuffled"]] = 1.0
    # the decision's details
    if state.pending and state.phase != OVER:
        _write_pending(w, state, p, P)
    w[P["round"]] = min(state.turns / (game.config["max_rounds"] * n), 1.0)
    if game.explicit:
        w[P["speech_mode"]] = 1.0


# ----------------------------------------------------------------------------- compiled encoder
#: what ``_cobserve.c`` reads, declared once: ``_clayout.h`` is generated from it
#: (``python -m mythenv.core.cheaders``) and ``c_layout`` builds the layout by its names. The pieces are
#: make_observer's (their names do not depend on the number of players), the decision records ``_DEC``'s.
C_DECL = CDecl(enums=(
    CEnum("piece", "PC_", "NPIECES", tuple(make_observer(2).pieces), kind="pieces",
          meaning="the pieces of make_observer (the ints give each its start and size)"),
    CEnum("pending_kind", "R_", "NPENDING", tuple(_DEC),
          meaning="the pending records that are decisions (observe._DEC), as pending_kind() finds them"),
    CEnum("layout_entry", "L_", "L_LEN", ("ints", "goals", "kind_of", "kingdom_slot", "front_slot", "value",
                                          "quarters", "tenths"), kind="layout",
          meaning="the entries of the layout tuple (observe.c_layout)"),
    CEnum("int_entry", "I_", "I_LEN", ("n", "size", "ncards", "nk", "draw", "over", "army_goal", "wealth_goal",
                                       "guardians", "silence_slot", "blind_slot", "round_den", "explicit",
                                       "d_draw", "d_act", "d_blind", "d_over", ("d_pending", "NPENDING"),
                                       ("pieces", "2 * NPIECES")),
          meaning="the int32 table of the layout (L_INTS; observe.c_layout)"),
    CEnum("attr", "A_", "NATTRS", ("phase", "pending", "turn_player", "hand", "kingdom", "front", "blessed", "vis",
                                   "discard", "deck", "turns", "reshuffled"), kind="attrs",
          meaning="the state's attributes, fetched at every call"),
    CEnum("method", "M_", "NMETHODS", ("current_player",), kind="methods", meaning="the state's methods"),
), strings=(CStrings("PENDING_NAMES", ("pending_kind",), "NPENDING"), CStrings("ATTR_NAMES", ("attr",), "NATTRS"),
            CStrings("METHOD_NAMES", ("method",), "NMETHODS")))


def _front_slot(k: int) -> int:
    """A kind's place in a seat's front piece, as ``_seat_block`` writes it (255: never in a front)."""
    if k == ATHENA:
        return 10
    if CATEGORY[k] == "guardian":
        return GUARD_BLOCKS[k]
    return 5 + CURSE_NO[k] if k in CURSE_NO else 255


def c_layout(game) -> tuple:
    """What ``_cobserve.encode`` (the compiled twin of ``encode``) needs of this config: the entries of
    ``C_DECL``'s layout enum (``layout_entry``), by name:

    - ``ints``: int32[], the entries of the ``int_entry`` enum: players, observation size, cards, kinds,
      the phases DRAW and OVER, army goal, wealth goal, Guardians needed (the throne conditions of
      ``can_claim``), the front places of the Silence and Blindness curses (``is_silenced``,
      ``is_blind``: curse numbers 4, 3), max_rounds x players, speech explicit (0/1), the decision index
      of draw, act, blind_act and over, then of each record of the ``pending_kind`` enum; then (start,
      size) of each piece of the ``piece`` enum (from the Observer)
    - ``goals``: float64[2], the totals' denominators ``2 x goal or 1.0`` (Army, Wealth)
    - ``kind_of``: bytes[cards], card -> kind
    - ``kingdom_slot``: bytes[kinds], kind -> its kingdom class ``RTYPE * 6 + VIDX * 2`` (+ blessed), 255
      for non-resources
    - ``front_slot``: bytes[kinds], kind -> its front place (Guardian blocking curse 0..4, curse 5..9,
      Athena 10), 255
    - ``value``: int32[kinds], kind -> VALUE (for ``total``)
    - ``quarters``: float32[], QUARTERS; ``tenths``: float32[], TENTHS (count -> encoded value)
    """
    names = C_DECL.enum("piece").names
    records = C_DECL.enum("pending_kind").names
    pieces = game.observer.pieces
    assert set(names) == set(pieces)
    assert CURSE_NO[SILENCE] == 4 and CURSE_NO[BLINDNESS] == 3  # is_silenced, is_blind: curse bits 4, 3
    cfg = game.config
    n = game.num_players
    ints = C_DECL.flat(
        "int_entry", widths={"d_pending": len(records), "pieces": 2 * len(names)},
        n=n, size=game.observer.size, ncards=game.num_cards, nk=NK, draw=DRAW, over=OVER,
        army_goal=cfg["army_goal"], wealth_goal=cfg["wealth_goal"], guardians=game.throne_guardians,
        silence_slot=5 + CURSE_NO[SILENCE], blind_slot=5 + CURSE_NO[BLINDNESS], round_den=cfg["max_rounds"] * n,
        explicit=int(game.explicit), d_draw=DECISIONS.index("draw"), d_act=DECISIONS.index("act"),
        d_blind=DECISIONS.index("blind_act"), d_over=DECISIONS.index("over"),
        d_pending=[_DEC[r] for r in records],
        pieces=[x for name in names for x in (pieces[name].start, pieces[name].size)])
    goals = (2.0 * cfg["army_goal"] or 1.0, 2.0 * cfg["wealth_goal"] or 1.0)
    return C_DECL.pack(
        "layout_entry", ints=np.asarray(ints, np.int32).tobytes(), goals=np.asarray(goals, np.float64).tobytes(),
        kind_of=bytes(game.kind_of),
        kingdom_slot=bytes(RTYPE[k] * 6 + VIDX[k] * 2 if RTYPE[k] >= 0 else 255 for k in range(NK)),
        front_slot=bytes(_front_slot(k) for k in range(NK)), value=np.asarray(VALUE, np.int32).tobytes(),
        quarters=np.asarray(QUARTERS, np.float32).tobytes(), tenths=np.asarray(TENTHS, np.float32).tobytes())


__all__ = ["make_observer", "encode", "DECISIONS", "IS_ORACLE", "ORACLES"]

"""What one seat of Mythologies sees: the observation pieces and their encoder.

Seats are listed relative to the viewer (index 0 = the viewer, then the following seats in turn
order). Everything on the table is public (pantheons including the cards under the tops, discard
piles, exiled cards, face-up sanctuary cards, placed pawns, tokens); hidden are the other seats'
cards drawn from a draw pile, face-down sanctuary cards the viewer has not seen (Loki) and the other
seats' selection commits until they are revealed.

``encode`` is the reference encoder; ``_cobserve.c`` is its compiled twin, checked against it bit for
bit (``tests/conformance/test_compiled_encoders.py``). Where the twin is not used (not built,
``MYTHENV_PURE_PYTHON=1``, or a buffer it declines), ``encode`` re-encodes the whole observation.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.clayout import CDecl, CEnum, CStrings
from mythenv.core.observe import Observer, pile_counts, seats

from .cards import BOARDS, DESIGN_OF, EFFECTS, MEASURES, NDESIGNS, OPS
from .rules import NSLOT, OVER, PLACE, SEL
from .rules.tables import COLUMN_GAIN, GAINS_OF, LINES, LINES_OF, PLANE_GAIN, ROW

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
        ("effect_slots", (NSLOT, 3), "slots of its seat's Pantheon that effect chose so far: a move's source, "
                                     "its destination, a slot picked (to sacrifice, ...)"),
        ("effect_plane", (3,), "plane chosen by that effect (or its primitive's plane)"),
        ("effect_stage", (3,), "stage of that effect's primitive (a tribute: 0 give or sacrifice, 1 sacrifice chosen)"),
        ("reacting", (1,), "the decision is a reaction window (not the effect's own choice)"),
        ("placing", (NDESIGNS,), "design of the card whose slot is being chosen (the card in the placer's "
                                 "hand; shown to another seat only once it knows the card)"),
        ("hand_slots", (2, NDESIGNS), "own selected cards by hand position, the order of the play / discard "
                                      "actions (by card id)"),
        ("trial_progress", (n, 2), "each Trial's measure in the seat's best region / its 'at least', capped at "
                                   "1 (1: met now; public, counted off the Pantheon)"),
        ("slot_preview", (NSLOT, 8), "the card being placed (shown as 'placing') on each slot of its seat's "
                                     "Pantheon: Favors and Gems of invocation / 3 (capped), completes a plane / a "
                                     "column whose token is still there, both Trials' progress with it there, "
                                     "and its immediate worth in Favors (the heuristic's one-step evaluation "
                                     "without card effects) as gain / 6 and loss / 3 (capped)"),
    ])


def _thirds(n: int = 64) -> list[float]:
    """``x[i]``: the float32 value ``i`` capped float32 additions of 1/3 produce (bit for bit what the
    per-card ``min(x + 1 / 3, 1.0)`` updates gave)."""
    a = np.zeros(1, np.float32)
    out = []
    for _ in range(n):
        out.append(float(a[0]))
        a[0] = min(a[0] + 1 / 3, 1.0)
    return out


THIRDS = _thirds(len(DESIGN_OF) + 1)


def _thirds_at(w, base: int, cards) -> None:
    """Write per-design counts / 3 (capped at 1) of ``cards`` at ``base`` (the piece is zero)."""
    if not cards:
        return
    cnt: dict[int, int] = {}
    for c in cards:
        d = DESIGN_OF[c]
        cnt[d] = cnt.get(d, 0) + 1
    for d, x in cnt.items():
        w[base + d] = THIRDS[x]


def _thirds_memo(w, base: int, state, slot, cards) -> None:
    """:func:`_thirds_at` for long piles (discards, exile), kept on the state keyed by the pile's
    contents so it is never stale (see ``pile_counts``)."""
    memo = state._obs_memo
    if memo is None:
        memo = state._obs_memo = {}
    w[base:base + NDESIGNS] = pile_counts(memo, slot, cards, DESIGN_OF, THIRDS, NDESIGNS)


def _pantheon(state, q: int) -> tuple[memoryview, memoryview, memoryview]:
    """Seat ``q``'s pantheon (public, the same for every viewer): top design per slot, stack
    heights and the covered cards, kept on the state keyed by the stacks so it is never stale."""
    memo = state._obs_memo
    if memo is None:
        memo = state._obs_memo = {}
    key = tuple(map(tuple, state.pan[q]))
    hit = memo.get(("pan", q))
    if hit is None or hit[0] != key:
        nd = NDESIGNS
        top = np.zeros(9 * nd, np.float32)
        height = np.zeros(9, np.float32)
        below = []
        for s, st in enumerate(key):
            if st:
                top[s * nd + DESIGN_OF[st[-1]]] = 1
                height[s] = min(len(st) / 5.0, 1.0)
                below += st[:-1]
        cov = np.zeros(nd, np.float32)
        _thirds_at(memoryview(cov), 0, below)
        hit = memo[("pan", q)] = (key, top, height, cov)
    return memoryview(hit[1]), memoryview(hit[2]), memoryview(hit[3])


def _header(game, state, p: int) -> list[int]:
    """Indices of the one-hot entries of the small pieces: decision, turn, round, markers, Destiny
    count, the effect being resolved, the effects to order."""
    P = game._P
    n = seats(state)
    if state.phase == OVER:
        k = 6
    elif state.phase == SEL:
        k = 0 if state.sel_step == "commit" else 1
    else:
        top = state.stack[-1] if state.stack else None
        t = top["t"] if top else "turn"
        k = _DECISION_OF[t]
    on = [P["phase"] + k]
    if state.current_player() == p:
        on.append(P["to_move"])
    on.append(P["round"] + min(state.round, 4) - 1)
    on.append(P["first_player"] + (state.first - p) % n)
    if state.phase == PLACE and state.turn_seat >= 0:
        on.append(P["turn_seat"] + (state.turn_seat - p) % n)
    on.append(P["destiny"] + len(state.destiny))
    stack = state.stack
    if stack:
        for f in reversed(stack):
            if f["t"] == "eff":
                on.append(P["effect_source"] + DESIGN_OF[f["src"]])
                ops = EFFECTS[DESIGN_OF[f["src"]]][f["e"]].ops
                if f["pc"] < len(ops):
                    on.append(P["effect_op"] + OPS.index(ops[f["pc"]]["op"]))
                # what the effect chose so far (public: announced at the table)
                v = f.get("v")
                if isinstance(v, dict):
                    plane = v.get("plane")
                    if isinstance(plane, int) and 0 <= plane < 3:
                        on.append(P["effect_plane"] + plane)
                    o = v.get("o")
                    if isinstance(o, dict):
                        plane = o.get("plane")
                        if isinstance(plane, int) and 0 <= plane < 3:
                            on.append(P["effect_plane"] + plane)
                        stage = o.get("stage")
                        if isinstance(stage, int) and 0 <= stage < 3:
                            on.append(P["effect_stage"] + stage)
                        src = o.get("src")
                        if isinstance(src, int) and 0 <= src < NSLOT:
                            on.append(P["effect_slots"] + 3 * src)
                        pend = o.get("pend")
                        for m in pend if isinstance(pend, list) else ():
                            if isinstance(m, list) and len(m) == 2:
                                for j in range(2):
                                    if isinstance(m[j], int) and 0 <= m[j] < NSLOT:
                                        on.append(P["effect_slots"] + 3 * m[j] + j)
                        picked = o.get("picked")
                        for s in picked if isinstance(picked, list) else ():
                            if isinstance(s, int) and 0 <= s < NSLOT:
                                on.append(P["effect_slots"] + 3 * s + 2)
                break
        top = stack[-1]
        if top["t"] == "react":
            on.append(P["reacting"])
        elif top["t"] == "place" and (top["c"] == p or state.known[top["cid"]] & (1 << p)):
            on.append(P["placing"] + DESIGN_OF[top["cid"]])
        if top["t"] == "order":
            nd = NDESIGNS
            for i, fr in enumerate(top["frames"][:8]):
                on.append(P["order_options"] + i * (nd + 1) + (nd if fr["t"] == "gainf" else DESIGN_OF[fr["src"]]))
    return on


_DECISION_OF = {"turn": 2, "place": 3, "eff": 4, "sac": 5, "react": 4, "order": 4, "gainf": 4}


def _tokens(w, P, state, rel) -> None:
    """Favors, Gems, completion tokens and Trials of every seat (every entry written)."""
    tokens, completion, trials = P["tokens"], P["completion"], P["trials_done"]
    for i, q in enumerate(rel):
        w[tokens + 2 * i] = min(state.fav[q] / 30.0, 1.0)
        w[tokens + 2 * i + 1] = min(state.gem[q] / 30.0, 1.0)
        o = completion + 6 * i
        for x in state.comp[q]:
            w[o] = x
            o += 1
        w[trials + 2 * i] = state.trials[q][0]
        w[trials + 2 * i + 1] = state.trials[q][1]


def _pantheon_at(w, P, state, i: int, q: int) -> None:
    """Seat ``q``'s pantheon and Trial progress in relative row ``i`` (every entry written)."""
    nd = NDESIGNS
    top, height, below = _pantheon(state, q)
    pan_top, pan_height, pan_below = P["pantheon_top"], P["pantheon_height"], P["pantheon_below"]
    w[pan_top + i * 9 * nd:pan_top + (i + 1) * 9 * nd] = top
    w[pan_height + i * 9:pan_height + i * 9 + 9] = height
    w[pan_below + i * nd:pan_below + (i + 1) * nd] = below
    _trial_progress(w, P, state, i, q)


def _slot_preview(w, P, state, p: int) -> bool:
    """What placing the card of the top ``place`` frame on each slot gives its seat, when the viewer
    sees that card (as ``placing``): the printed gain of the slot's plane, the plane / column it
    completes (a token left), the Trials' progress, and its worth: Favors + Gems / 3 gained, 0.3 for a
    slot newly filled, the tolls paid, a Trial's Favors met or lost (weighted as ``heuristic._score``),
    i.e. the heuristic's one-step evaluation without card effects (the piece is zero). True when it
    wrote them."""
    top = state.stack[-1] if state.stack else None
    if top is None or top["t"] != "place" or not (top["c"] == p or state.known[top["cid"]] & (1 << p)):
        return False
    q, c = top["c"], top["cid"]
    invoke = top["mode"] == "invoke"
    gains = GAINS_OF[c]
    pan, comp = state.pan[q], state.comp[q]
    toll = 1.0 + 0.5 / (state.n - 1)  # a Favor paid to a Troll's owner, as evaluated by the heuristic
    before = [_trial_ratio(state, q, t) >= 1.0 for t in (0, 1)]
    o = P["slot_preview"]
    for s in range(NSLOT):
        f, g = gains[ROW[s]]
        w[o] = min(f / 3.0, 1.0)
        w[o + 1] = min(g / 3.0, 1.0)
        v = f + g / 3.0 if invoke else 0.0
        if not pan[s]:
            v += 0.3
            for j, line in enumerate(LINES_OF[s]):
                if comp[line] and all(pan[x] for x in LINES[line] if x != s):
                    w[o + 2 + j] = 1
                    fv, gm = PLANE_GAIN if line < 3 else COLUMN_GAIN
                    v += fv + gm / 3.0
        v -= len(state.toll(q, s)) * toll
        for t in (0, 1):
            r = _trial_ratio(state, q, t, (s, c))
            w[o + 4 + t] = r
            if not state.trials[q][t]:
                v += (1.0 if state.round >= 3 + t else 0.4) * state.trial_favors(t) * ((r >= 1.0) - before[t])
        w[o + 6] = min((v if v > 0.0 else 0.0) / 6.0, 1.0)
        w[o + 7] = min((-v if v < 0.0 else 0.0) / 3.0, 1.0)
        o += 8
    return True


def _trial_progress(w, P, state, i: int, q: int) -> None:
    """Seat ``q``'s measure of each Trial (rules.Trials.trial_measure) over its 'at least', capped at 1."""
    for t in (0, 1):
        w[P["trial_progress"] + 2 * i + t] = _trial_ratio(state, q, t)


def _trial_ratio(state, q: int, t: int, place=None) -> float:
    """``trial_measure`` over the Trial's 'at least', capped at 1 (1 when it asks for nothing)."""
    k = BOARDS[state.boards[2 * t]].at_least
    return min(state.trial_measure(q, t, place), k) / k if k else 1.0


def _hands(w, P, state, p: int, rel) -> None:
    """Own hand (by design and by position), hand sizes and the known cards of the others (the pieces
    are zero)."""
    hand_size, hand_own, hand_known = P["hand_size"], P["hand_own"], P["hand_known"]
    known = state.known
    bit = 1 << p
    nd = NDESIGNS
    for i, q in enumerate(rel):
        w[hand_size + i] = len(state.hand[q]) / 2
        for c in state.hand[q]:
            if q == p:
                w[hand_own + DESIGN_OF[c]] += 0.5
            elif known[c] & bit:
                w[hand_known + i * nd + DESIGN_OF[c]] += 0.5
    slots = P["hand_slots"]
    for j, c in enumerate(state.hand[p][:2]):
        w[slots + j * nd + DESIGN_OF[c]] = 1


def _destined(w, P, state, rel) -> None:
    """The board each seat was assigned by the last Destiny card (the piece is zero)."""
    for i, q in enumerate(rel):
        b = state.dest_board[q]
        if b >= 0:
            w[P["destined"] + 4 * i + b] = 1


def _commits(w, P, state, p: int, rel) -> None:
    """Selection commits (the piece is zero)."""
    if not (state.phase == SEL and state.sel_step in ("commit", "pick")):
        return
    commits = P["commits"]
    for i, q in enumerate(rel):
        cm = state.commits[q]
        if state.sel_step == "commit":
            if state.free[q] and (cm >= 0 and q != p):
                w[commits + 3 * i] = 1
            elif cm >= 0 and (q == p or not state.free[q]):
                w[commits + 3 * i + 1 + cm] = 1
        elif cm >= 0:
            w[commits + 3 * i + 1 + cm] = 1


def _pawns(w, P, state, rel) -> None:
    """Pawns placed this round and where (the pieces are zero)."""
    n = state.n
    placed, sanct_pawn = P["pawns_placed"], P["sanct_pawn"]
    for i, q in enumerate(rel):
        w[placed + 3 * i + len(state.pawns[q])] = 1
        for b2, pos in state.pawns[q]:
            w[sanct_pawn + (b2 * 5 + pos) * n + i] = 1


def _sanctuary(w, P, state, p: int, positions) -> None:
    """Sanctuary positions (their entries are zero)."""
    sanct, faceup, known = state.sanct, state.faceup, state.known
    bit = 1 << p
    nd = NDESIGNS
    for pos in positions:
        so = P["sanctuary"] + pos * (nd + 2)
        c = sanct[pos]
        if c < 0:
            w[so + nd + 1] = 1
        elif faceup[pos] or known[c] & bit:
            w[so + DESIGN_OF[c]] = 1
        else:
            w[so + nd] = 1


def _boards(w, P, state) -> None:
    """Board mythologies and draw pile sizes (the board piece is zero)."""
    bm, piles = P["board_myth"], P["piles"]
    for b in range(4):
        w[bm + 8 * b + state.boards[b]] = 1
        w[piles + 2 * b] = len(state.piles[2 * b]) / 18
        w[piles + 2 * b + 1] = len(state.piles[2 * b + 1]) / 4


def encode(state, p: int, out: np.ndarray) -> None:
    # single-element writes through a memoryview cost about half a numpy scalar write (a third for +=)
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    game = state.game
    P = game._P
    n = seats(state)
    rel = [(p + i) % n for i in range(n)]
    for i in _header(game, state, p):
        w[i] = 1
    _tokens(w, P, state, rel)
    for i, q in enumerate(rel):
        _pantheon_at(w, P, state, i, q)
        _thirds_memo(w, P["discard"] + i * NDESIGNS, state, q, state.disc[q])
    _hands(w, P, state, p, rel)
    _destined(w, P, state, rel)
    _commits(w, P, state, p, rel)
    _pawns(w, P, state, rel)
    _sanctuary(w, P, state, p, range(16))
    _boards(w, P, state)
    _thirds_memo(w, P["exiled"], state, "exile", state.exile)
    _slot_preview(w, P, state, p)


# ----------------------------------------------------------------------------- compiled encoder
_MAXREG = 4  # regions in a board record (the most of an end board, rules.tables.REGIONS); C: MAXREG

#: what ``_cobserve.c`` reads, declared once: ``_clayout.h`` is generated from it
#: (``python -m mythenv.core.cheaders``), ``c_layout`` packs the layout by its names and
#: ``_trial_tables`` lays out its records by them
C_DECL = CDecl(enums=(
    CEnum("layout", "L_", "L_LEN", ("size", "n", "nd", "offsets", "design_of", "thirds", "halves", "phases",
                                    "decision_of", "decision_k", "maxe", "maxpc", "effects", "traits", "boards",
                                    "completion"), kind="layout",
          meaning="the entries of the layout tuple (observe.c_layout)"),
    CEnum("piece", "P_", "NPIECES", tuple(make_observer(2).pieces), kind="pieces",
          meaning="the pieces of make_observer(n), in its order (the layout's offsets give each its start)"),
    CEnum("phase", "PH_", "NPHASES", ("sel", "place", "over"),
          meaning="the state.phase values the C code compares (rules.SEL, PLACE, OVER: the layout's phases)"),
    CEnum("decision", "K_", "NDECISION_K", ("commit", "pick", "over"),
          meaning="the entries of the phase piece (DECISIONS) not given by a stack frame (the layout's decision_k)"),
    CEnum("trait", "T_", "TRAIT_BYTES", (("favors", 3), ("gems", 3), "deity", "myth", "all_myths", "toll"),
          meaning="a design's record in the layout's traits (observe._trial_tables)"),
    CEnum("board", "B_", "BOARD_BYTES", ("measure", "at_least", "nregions", ("regions", "2 * MAXREG"),
                                         "start_favors", "end_favors"),
          meaning="a board's record in the layout's boards (observe._trial_tables; _cobserve.c defines MAXREG)"),
    CEnum("completion", "CG_", "NCOMPLETION", (("plane", 2), ("column", 2)),
          meaning="the layout's completion: (Favors, Gems) of a plane's token, then of a column's"),
    CEnum("measure", "M_", "NMEASURES", MEASURES,
          meaning="a start board's measures (cards.MEASURES, in its order)"),
    CEnum("attr", "A_", "NATTRS", ("n", "phase", "sel_step", "stack", "round", "first", "turn_seat", "destiny",
                                   "fav", "gem", "comp", "trials", "pan", "disc", "hand", "known", "dest_board",
                                   "commits", "free", "pawns", "sanct", "faceup", "boards", "piles", "exile"),
          kind="attrs", meaning="the state's attributes, fetched at every call"),
    CEnum("method", "S_", "NMETHODS", ("current_player",), kind="methods",
          meaning="the state's methods"),
    CEnum("key", "S_", "NKEYS", ("t", "src", "e", "pc", "frames", "v", "o", "plane", "pend", "picked", "stage",
                                 "c", "cid", "mode"), start="NMETHODS",
          meaning="the keys read in a stack frame and in what an effect chose so far (its v, and v's o)"),
    CEnum("value", "S_", "NSTR", ("turn", "eff", "order", "gainf", "react", "place", "commit", "pick", "invoke"),
          start="NKEYS",
          meaning="the strings compared: a stack frame's t, state.sel_step, a place frame's mode"),
), strings=(CStrings("attr_names", ("attr",), "NATTRS"), CStrings("str_names", ("method", "key", "value"), "NSTR")))


def _effect_table() -> tuple[int, int, bytes]:
    """``EFFECTS[d][e].ops[pc]["op"]`` as OPS indices: the most effects of a design (``maxe``), the most
    primitives of an effect (``maxpc``) and per design a block of ``1 + maxe * (1 + maxpc)`` bytes: its
    number of effects, then per effect its number of primitives and their OPS indices (zero-padded)."""
    maxe = max(len(effs) for effs in EFFECTS)
    maxpc = max(len(e.ops) for effs in EFFECTS for e in effs)
    table = bytearray()
    for effs in EFFECTS:
        table.append(len(effs))
        for k in range(maxe):
            ops = [OPS.index(op["op"]) for op in effs[k].ops] if k < len(effs) else []
            table += bytes([len(ops), *ops, *[0] * (maxpc - len(ops))])
    return maxe, maxpc, bytes(table)


def _trial_tables() -> tuple[bytes, bytes]:
    """What the compiled encoder needs to count Trials (rules.Trials.trial_measure) and a slot's worth:
    per design a record of ``C_DECL``'s trait enum (the Favors and the Gems its invocation gives on each
    plane, 1 for a Deity, its mythology, 1 if it counts as every mythology, 1 if it takes a Favor for its
    slot: a Troll), and per board a record of its board enum (its start's MEASURES index and 'at least',
    its end's number of regions, then ``_MAXREG`` regions' slots as little-endian 16-bit masks, zero past
    the last, then its start's and its end's Favors)."""
    from .cards import CREATURE, DESIGNS
    from .rules.tables import REGIONS

    traits = bytearray()
    for d in DESIGNS:
        traits += bytes(C_DECL.flat(
            "trait", favors=[f for f, _ in d.gains], gems=[g for _, g in d.gains],
            deity=0 if d.type == CREATURE else 1, myth=d.myth, all_myths=1 if "all_myths" in d.flags else 0,
            toll=1 if "toll" in d.flags else 0))
    boards = bytearray()
    for b in BOARDS:
        regions = REGIONS[b.region]
        masks = b"".join((sum(1 << s for s in regions[k]) if k < len(regions) else 0).to_bytes(2, "little")
                         for k in range(_MAXREG))
        boards += bytes(C_DECL.flat(
            "board", widths={"regions": 2 * _MAXREG}, measure=MEASURES.index(b.measure), at_least=b.at_least,
            nregions=len(regions), regions=list(masks), start_favors=b.start_favors, end_favors=b.end_favors))
    return bytes(traits), bytes(boards)


def c_layout(game) -> tuple:
    """What ``_cobserve.encode`` (the compiled twin of ``encode``) needs of this config: the entries of
    ``C_DECL``'s layout enum, by name:

    - ``size``: the floats in the observation; ``n``: the seats; ``nd``: the card designs;
    - ``offsets``: the start of every piece of the piece enum, in its order;
    - ``design_of``: card -> design (bytes); ``thirds``: a count -> count / 3, capped at 1, and ``halves``:
      a count -> count / 2 (float32 bytes);
    - ``phases``: the ``state.phase`` values of the phase enum (``SEL``, ``PLACE``, ``OVER``);
    - ``decision_of``: a stack frame's ``t`` -> its entry of the phase piece (``_DECISION_OF``);
      ``decision_k``: the entries (``DECISIONS`` indices) of the decision enum's names;
    - ``maxe``, ``maxpc``, ``effects``: the effects' primitives (``_effect_table``);
    - ``traits``, ``boards``: the design and board records (``_trial_tables``);
    - ``completion``: the completion tokens' gains, a record of the completion enum (bytes).
    """
    maxe, maxpc, effects = _effect_table()
    traits, boards = _trial_tables()
    return C_DECL.pack(
        "layout", size=game.observer.size, n=game.num_players, nd=NDESIGNS,
        offsets=tuple(game._P[name] for name in C_DECL.enum("piece").names),
        design_of=bytes(DESIGN_OF), thirds=np.asarray(THIRDS, np.float32).tobytes(),
        halves=np.asarray([k / 2 for k in range(len(DESIGN_OF) + 1)], np.float32).tobytes(),
        phases=C_DECL.pack("phase", sel=SEL, place=PLACE, over=OVER), decision_of=_DECISION_OF,
        decision_k=tuple(DECISIONS.index(name) for name in C_DECL.enum("decision").names),
        maxe=maxe, maxpc=maxpc, effects=effects, traits=traits, boards=boards,
        completion=bytes(C_DECL.flat("completion", plane=PLANE_GAIN, column=COLUMN_GAIN)))

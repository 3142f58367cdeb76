"""A rule-based Demigods baseline.

It reads only its own hand and public parts of the determinized state (``view.known``):
* draw: the discard top when it is a card it wants now, else the deck;
* act: claim-enabling cards first, then cures, a first Guardian, resources where its kingdom is
  short of the throne, thefts and blessings by the value they move, curses on the leader; when
  nothing scores, it discards its least useful card;
* curses and blind trades name the leader; thefts take the largest card; halvings drop the largest
  allowed card; speech is always correct (with "Oh my goddess" when another seat holds Athena).
"""

from __future__ import annotations

from .cards import VALUES
from .rules import (
    ARES,
    ATHENA,
    CATEGORY,
    CTX_GOD,
    CURE_REMOVES,
    CURSE_NO,
    GODS,
    GUARD_BLOCKS,
    HERMES,
    O_FAVOUR,
    P_CLAIM,
    P_CURE,
    P_CURSE,
    PLUTUS,
    RTYPE,
    UNITS,
    VALUE,
    ZEUS,
)


def _progress(st, q) -> float:
    cfg = st.game.config
    a = min(st.total(q, 0) / max(cfg["army_goal"], 1), 1.0)
    w = min(st.total(q, 1) / max(cfg["wealth_goal"], 1), 1.0)
    return a + w + (0.5 if st.guardians_of(q) else 0.0)


def _leader(st, p, seats):
    return max(seats, key=lambda q: (_progress(st, q), -((q - p) % st.n)))


def _card_score(st, p, k, curses) -> float:
    """How good playing a card of kind ``k`` is now (<= 0: not worth it)."""
    cfg = st.game.config
    goals = (cfg["army_goal"], cfg["wealth_goal"])
    tot = (st.total(p, 0), st.total(p, 1))
    cat = CATEGORY[k]
    has_guard = st.guardians_of(p) > 0
    if cat in ("army", "wealth"):
        t = RTYPE[k]
        v = VALUE[k]
        new = list(tot)
        new[t] += v
        if new[0] >= goals[0] and new[1] >= goals[1] and has_guard and not curses & 16:
            return 100.0
        need = goals[t] - tot[t]
        return 10.0 + min(v, need) / 500.0 if need > 0 else 2.0 + v / 1000.0
    if cat == "guardian":
        if not has_guard:
            if tot[0] >= goals[0] and tot[1] >= goals[1] and not curses & 16:
                return 100.0
            return 14.0
        return 3.0 if not curses >> GUARD_BLOCKS[k] & 1 else 1.0
    if cat == "cure":
        return 20.0 if CURE_REMOVES[k] in (3, 4) else 17.0
    if k in (ZEUS, HERMES):
        t = 0 if k == ZEUS else 1
        gain = 0
        for q in range(st.n):
            if q != p:
                vals = [VALUE[st.kind(c)] for c in st.kingdom[q] if RTYPE[st.kind(c)] == t]
                gain += max(vals, default=0)
        return 4.0 + gain / 500.0 if gain else 0.0
    if k in (ARES, PLUTUS):
        t = 0 if k == ARES else 1
        gain = sum(VALUE[st.kind(c)] for c in st.kingdom[p] if RTYPE[st.kind(c)] == t and not st.blessed[c])
        return 3.0 + 1.5 * gain / 500.0 if gain else 0.0
    if k == ATHENA:
        return 8.0 if st.game.explicit else 0.5
    if cat == "curse":
        no = CURSE_NO[k]
        targets = [q for q in range(st.n) if q != p and not st.curses_on(q) >> no & 1]
        if not targets:
            return 0.0
        return 5.0 + 4.0 * _progress(st, _leader(st, p, targets))
    return 0.0


def _keep_value(st, p, k, curses) -> float:
    cat = CATEGORY[k]
    if cat == "cure":
        return 0.5
    if cat == "curse":
        return 2.0
    return max(_card_score(st, p, k, curses), 0.1) + (1.0 if cat in ("army", "wealth") else 0.0)


def heuristic_action(view, rng):
    la = view.legal_actions
    if len(la) == 1:
        return la[0]
    st = view.known
    g = st.game
    L = g.layout
    p = view.seat
    if st.pending:
        rec = st.pending[-1]
        name = rec[0]
        if name == "speech":
            holder = st.athena_holder()
            honor = 1 if holder >= 0 and holder != p else 0
            ctx = rec[3]
            phrase = (GODS.index(st.kind(rec[2])) if ctx == CTX_GOD else (P_CURSE, P_CURE, P_CLAIM)[ctx - 1])
            return L.speak_id(honor, phrase)
        if name in ("target", "trade"):
            seats = {(p + a - L.target + 1) % st.n: a for a in la}
            return seats[_leader(st, p, list(seats))]
        if name in ("steal", "athena"):
            cfg = g.config
            short = 0 if st.total(p, 0) - cfg["army_goal"] <= st.total(p, 1) - cfg["wealth_goal"] else 1

            def key(a):
                i = a - L.take
                t, vi, b = i // 6, (i // 2) % 3, i % 2
                return (VALUES[vi], t == short, b)
            return max(la, key=key)
        if name == "halve":
            return max(la, key=lambda a: UNITS[((a - L.take) // 2) % 3] * (2 if (a - L.take) % 2 else 1))
        if name == "otype":
            k = rec[2]
            if k == O_FAVOUR:
                gain = [sum(VALUE[st.kind(c)] for c in st.kingdom[p] if RTYPE[st.kind(c)] == t and not st.blessed[c])
                        for t in (0, 1)]
                return L.ctype + (1 if gain[1] > gain[0] else 0)
            hurt = [sum(st.total(q, t) for q in range(st.n) if q != p) for t in (0, 1)]
            return L.ctype + (1 if hurt[1] > hurt[0] else 0)
        return la[int(rng.integers(len(la)))]
    if la[0] in (L.draw_deck, L.draw_discard):
        if L.draw_discard in la and not st.is_blind(p):
            k = st.kind(st.discard[-1])
            # gods are left on the pile: taking back the god just played starts theft loops
            if (CATEGORY[k] != "god" and st.playable(p, k)
                    and _card_score(st, p, k, st.curses_on(p)) >= 11.0):
                return L.draw_discard
        return L.draw_deck if L.draw_deck in la else la[0]
    curses = st.curses_on(p)
    best, best_score = None, 1.5
    for a in la:
        if L.play <= a < L.discard:
            sc = _card_score(st, p, a - L.play, curses)
            if sc > best_score:
                best, best_score = a, sc
    if best is not None:
        return best
    discards = [a for a in la if L.discard <= a < L.discard + (L.discard - L.play)]
    if discards:
        return min(discards, key=lambda a: _keep_value(st, p, a - L.discard, curses))
    return la[0]

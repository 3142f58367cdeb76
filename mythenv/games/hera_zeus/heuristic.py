"""A rule-based Hera and Zeus baseline.

It scores every legal action with simple table-top sense and plays the best (ties broken at
random): keep the hostage out of the 1st row (behind the figure if possible), lead columns with
strong cards, open new columns for action points, challenge when the odds over the opponent's
unseen cards favour it (with a big bonus for a possible hostage and a penalty for a possible
Pandora next to its own hostage), use Pegasus and Pythia to scout, draw when the hand runs low.

It reads only what its seat knows: its own cards (real in ``view.known``), face-up and public
cards, and counts; opponent cards it cannot see are treated as a distribution over the opponent's
unseen cards.
"""

from __future__ import annotations

from .rules import (
    DECODE,
    FIELD_KINDS,
    FIG,
    K_CHAMP,
    K_HERO,
    K_HOSTAGE,
    K_MEDUSA,
    K_PANDORA,
    K_PEGASUS,
    K_PYTHIA,
    KIND_OF,
    KINDS,
    NK,
    NROW,
    OWNER_OF,
    STRENGTH,
    challenge_outcome,
)

FULL_DECK = [k.count for k in KINDS]


def _unseen_distribution(s, p: int) -> list[float]:
    """Probability per kind of an opponent card this seat cannot see (its deck, hand or face-down)."""
    o = 1 - p
    bit = 1 << p
    cnt = list(FULL_DECK)
    for c in range(len(KIND_OF)):
        if OWNER_OF[c] == o and s.vis[c] & bit:
            cnt[KIND_OF[c]] -= 1
    cnt = [max(0, x) for x in cnt]
    tot = sum(cnt) or 1
    return [x / tot for x in cnt]


def _loss_chance(ka: int, dist_or_kind) -> float:
    """Chance that the challenging card is discarded (lost, tied, or Pandora)."""
    if isinstance(dist_or_kind, int):
        dist = [0.0] * NK
        dist[dist_or_kind] = 1.0
    else:
        dist = dist_or_kind
    return sum(pr for kd, pr in enumerate(dist) if pr and kd != K_HOSTAGE
               and (kd == K_PANDORA or challenge_outcome(ka, kd) <= 0))


def _challenge_value(ka: int, dist_or_kind, my_hostage_in_col: bool) -> float:
    if isinstance(dist_or_kind, int):
        dist = [0.0] * NK
        dist[dist_or_kind] = 1.0
    else:
        dist = dist_or_kind
    v = 0.0
    for kd, pr in enumerate(dist):
        if pr == 0.0:
            continue
        if kd == K_HOSTAGE:
            v += pr * 1000
        elif kd == K_PANDORA:
            v -= pr * (1000 if my_hostage_in_col else 15)
        else:
            v += pr * 40 * challenge_outcome(ka, kd)
    return v


def heuristic_action(view, rng, lookahead: bool = True) -> int:
    """The baseline's choice; ``lookahead=False`` skips the one-action look-ahead (the cheap
    version used for search rollouts)."""
    la = view.legal_actions
    if len(la) == 1:
        return la[0]
    s = view.known
    if lookahead:
        s.legal_actions()  # computed once here and shared by the look-ahead's copies (State.clone)
    p = view.seat
    o = 1 - p
    bit = 1 << p
    mine, theirs = s.field[p], s.field[o]
    hostage_col = next((c for c in range(3) for x in mine[c] if x != FIG and KIND_OF[x] == K_HOSTAGE), -1)
    dist = _unseen_distribution(s, p)
    hostage_front = -1
    hostage_depth = -1  # cards in front of the hostage (-1: behind the figure or not on the field)
    if hostage_col >= 0 and mine[hostage_col][0] != FIG:
        hostage_depth = next(r for r, x in enumerate(mine[hostage_col]) if KIND_OF[x] == K_HOSTAGE)
        if hostage_depth == 0:
            hostage_front = hostage_col
    hand_n = len(s.hand[p])
    best, best_v = la[0], -1e18
    for a in la:
        name, idx = DECODE[a]
        v = 0.0
        if name == "draw":
            v = 22 if hand_n <= 2 else 8 if hand_n <= 5 else 1 if hand_n <= 8 else -5
            if len(s.deck[p]) < len(s.deck[o]):
                v -= 6  # do not run the deck down faster than the opponent
        elif name == "play":
            k = FIELD_KINDS[idx[0]]
            c, i = idx[1], idx[2]
            col = mine[c]
            fig = bool(col) and col[0] == FIG
            front = i == (1 if fig else 0)
            if c == hostage_col and front and k != K_HOSTAGE:
                v += {0: 150, 1: 60}.get(hostage_depth, 0)  # cover the exposed hostage
            if k == K_HOSTAGE and any(KIND_OF[x] == K_PANDORA for x in col if x != FIG):
                v -= 150
            if k == K_PANDORA and c == hostage_col:
                v -= 150
            if k == K_HOSTAGE:
                # never in the 1st row, rather not in the 2nd; deepest spot, best of all behind the figure
                depth = i - (1 if fig else 0)
                v += -200 if front else (35 + 2 * i + (15 if fig else 0) - (10 if i < len(col) else 0)
                                         - (25 if depth == 1 and not fig else 0))
            else:
                st = max(STRENGTH[k], 0)
                if k == K_CHAMP:
                    st = 9
                if k == K_MEDUSA:
                    st = 7
                v = 4
                if not col:
                    # a new column is a new action point every turn: good early, a burden late
                    my_cols = sum(1 for cc in mine if cc)
                    opp_cols = sum(1 for cc in theirs if cc)
                    good = my_cols < 2 or (my_cols <= opp_cols and len(s.deck[p]) >= len(s.deck[o])
                                           and len(s.deck[p]) > 15)
                    v += (25 if good else -40) + st
                elif front:
                    v += 3 * st - (3 * max(STRENGTH[KIND_OF[col[0]]], 0) if col[0] != FIG else 0)
                    if c == hostage_col and k == K_PANDORA:
                        v -= 100
                else:
                    v += 1
                if k == K_PANDORA and front and c != hostage_col:
                    v += 12
                n_field = s.field_cards(p)
                if n_field < 7:
                    v += 3 * (7 - n_field)  # a thin field is one bad turn from losing the game
                elif n_field >= 8 and not front:
                    v -= 6 * (n_field - 7)  # a full field leaves no way to spend action points
                if k in (K_PEGASUS, K_PYTHIA):
                    v -= 8  # keep scouts in hand
        elif name == "figure":
            # four action points every turn are a burden once cards run short: the figure is for
            # shielding the hostage's column
            v = -15 + (60 if idx[0] == hostage_col and 0 <= hostage_depth <= 1 else 0) \
                + (200 if idx[0] == hostage_front else 0)
        elif name == "remove_figure":
            v = -40
        elif name == "challenge":
            c = idx[0]
            ka = KIND_OF[mine[c][0]]
            t = theirs[c][0]
            known = s.vis[t] & bit
            v = _challenge_value(ka, KIND_OF[t] if known else dist, c == hostage_col)
            n_field = s.field_cards(p)
            if n_field <= 3:  # a thin field cannot afford to lose cards: no cards at turn start loses
                v -= (4 - n_field) * 30 * _loss_chance(ka, KIND_OF[t] if known else dist)
            if len(s.deck[p]) < 12 and len(s.deck[p]) < len(s.deck[o]):
                v += 12  # late and short of cards: a challenge spends a point without spending cards
        elif name == "pegasus_field":
            c = idx[0]
            t = theirs[c][0]
            if t == FIG:
                v = 60
            elif s.vis[t] & bit:
                v = 1000 if KIND_OF[t] == K_HOSTAGE else -8
            else:
                v = 1000 * dist[K_HOSTAGE] + 20 * (dist[KINDS_S0] + dist[KINDS_S1]) + 4
                v -= dist[K_PANDORA] * (1000 if c == hostage_col else 0)
        elif name == "pegasus_hand":
            n = max(len(s.hand[o]), 1)
            v = 8 + 600 * dist[K_HOSTAGE] / n
        elif name == "pythia_spy":
            v = 6 + len(s.hand[o])
        elif name == "pythia_reveal":
            c = idx[0]
            hidden = sum(1 for x in theirs[c] if x != FIG and not s.vis[x] & bit)
            v = 5 + 4 * hidden
        elif name == "sirens":
            v = 6 + STRENGTH[KIND_OF[s.disc[o][-1]]]
        elif name == "hades":
            k = idx[0]
            v = 5 + (20 if k in (K_PEGASUS, K_HERO, K_CHAMP) else max(STRENGTH[k], 0))
        elif name == "persephone":
            v = 2 + 6 * sum(1 for x in s.disc[p] if KIND_OF[x] == K_PEGASUS)
        elif name == "dionysus":
            c, r = idx
            x = mine[c][r]
            v = 45 if KIND_OF[x] == K_HOSTAGE and r == 0 else -6
            if len(mine[c]) == 1 and KIND_OF[x] != K_HOSTAGE:
                v += 12  # merging a lone card into another column saves an action point a turn
        elif name == "place_to":
            c, i = idx
            card = s.pending[-1][2] if s.pending else -1
            col = mine[c]
            if card >= 0 and KIND_OF[card] == K_HOSTAGE:
                v = 10 * i + (20 if col and col[0] == FIG else 0) + (5 if len(col) >= 2 else 0)
            else:
                v = -i
        elif name == "pegasus_column":
            # the caught card lands face up in front of the opponent's column: put it where our front beats it
            c = idx[0]
            card = s.pending[-1][2]
            my = mine[c]
            if my and my[0] != FIG:
                v = 10 * challenge_outcome(KIND_OF[my[0]], KIND_OF[card])
        elif name == "discard_next":
            v = 0
        if lookahead and name not in ("challenge", "pegasus_hand", "pegasus_field", "pythia_spy", "discard_next"):
            v += _tempo_penalty(s, p, a)
        v += float(rng.random()) * 0.01
        if v > best_v:
            best_v, best = v, a
    return best


def _resources(s, p: int) -> int:
    """How many actions this seat could still take from its own means: free field slots it has
    cards for, draws the deck and hand limit allow, and challenges open to it now."""
    hand = s.hand[p]
    fieldable = sum(1 for c in hand if KINDS[KIND_OF[c]].field)
    free = sum(NROW - len(col) for col in s.field[p])
    draws = min(len(s.deck[p]), 12 - len(hand))
    return min(free, fieldable + draws) + draws


def _tempo_penalty(s, p: int, a: int) -> float:
    """Look one action ahead on a copy: never walk into a turn where the action points cannot be
    spent, and keep enough cards and field room for the next turn."""
    c = s.clone()
    c.apply_action(a)
    if c.is_terminal():
        return 5000.0 if c.winner == p else -5000.0
    if c.pending:
        return 0.0
    need = c.ap_left if c.turn_player == p else 0
    need += 2 * (4 if c._has_figure(p) else max(1, sum(1 for col in c.field[p] if col)))
    spare = _resources(c, p) - need
    # capacity: room left in hand and field; every draw spends one unit for good
    capacity = (12 - len(c.hand[p])) + sum(NROW - len(col) for col in c.field[p])
    late = 1.0 if len(s.deck[p]) < 25 else 0.3
    # every column costs an action point every turn: more columns than the opponent burns cards faster
    extra_cols = sum(1 for col in c.field[p] if col) - max(1, sum(1 for col in c.field[1 - p] if col))
    burn = 8.0 * late * max(0, extra_cols) if len(s.deck[p]) <= len(s.deck[1 - p]) + 4 else 0.0
    return late * 3.0 * capacity - burn + (0.0 if spare >= 0 else -12.0 * -spare)


KINDS_S0 = next(k.index for k in KINDS if k.key == "s0")
KINDS_S1 = next(k.index for k in KINDS if k.key == "s1")
__all__ = ["heuristic_action", "NROW"]


def rollout_action(view, rng) -> int:
    return heuristic_action(view, rng, lookahead=False)

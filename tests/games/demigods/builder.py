"""Build exact Demigods situations for scenario tests."""

from __future__ import annotations

import mythenv
from mythenv.games.demigods.rules import ACT, DRAW, KINDS, DemigodsState, K


def game(**cfg):
    return mythenv.make_game("demigods_v0", **cfg)


def build(g, hands=None, kingdoms=None, fronts=None, discard=(), deck_top=(), turn=0, phase=ACT,
          seed=0, pending=(), deck_rest=True) -> DemigodsState:
    """A state of game ``g``: ``hands`` {seat: [kind keys] or a number of filler cards}, ``kingdoms`` {seat: [key or (key,
    blessed)]}, ``fronts`` {seat: [keys]}, ``discard`` bottom..top, ``deck_top`` cards drawn next
    first. Every other card goes under them in the deck (or, with ``deck_rest=False``, to the
    bottom of the discard pile). Hand cards are known to their owner."""
    s = g.new_initial_state(seed)
    pools: dict[int, list[int]] = {}
    for c, k in enumerate(g.kind_of):
        pools.setdefault(k, []).append(c)

    def take(key):
        lst = pools[K[key]]
        if not lst:
            raise ValueError(f"no copy of {key} left in a {g.num_players}-player deck")
        return lst.pop(0)

    n = g.num_players
    s.hand = [[] for _ in range(n)]
    s.kingdom = [[] for _ in range(n)]
    s.front = [[] for _ in range(n)]
    s.blessed = bytearray(g.num_cards)
    s.vis = bytearray(g.num_cards)
    fillers = {}
    for p, keys in (hands or {}).items():
        if isinstance(keys, int):
            fillers[p] = keys
            continue
        for key in keys:
            c = take(key)
            s.hand[p].append(c)
            s.vis[c] = 1 << p
    for p, keys in (kingdoms or {}).items():
        for item in keys:
            key, b = (item, 0) if isinstance(item, str) else item
            c = take(key)
            s.kingdom[p].append(c)
            s.blessed[c] = b
    for p, keys in (fronts or {}).items():
        for key in keys:
            s.front[p].append(take(key))
    disc = [take(key) for key in discard]
    filler_kinds = [k for k in range(len(pools)) if KINDS[k].category == "cure"] + \
        [k for k in range(len(pools)) if KINDS[k].category in ("army", "wealth")]
    for p, cnt in fillers.items():
        # an int hand is filled with Cures first (they do nothing without a curse), then resources
        for _ in range(cnt):
            k = next(k for k in filler_kinds if pools[k])
            c = pools[k].pop(0)
            s.hand[p].append(c)
            s.vis[c] = 1 << p
    top = [take(key) for key in deck_top]
    # the rest of the deck: Oracles at the bottom so that scenario draws do not trigger them
    rest = sorted((c for lst in pools.values() for c in lst), key=lambda c: (KINDS[g.kind_of[c]].category != "oracle", c))
    if deck_rest:
        s.discard = disc
        s.deck = rest + top[::-1]
    else:
        s.discard = rest + disc
        s.deck = top[::-1]
    s.turn_player = turn
    s.phase = phase
    s.pending = list(pending)
    s.turns = 0
    s.reshuffled = False
    s.winner = -1
    s.log = []
    s._legal = None
    s.check_invariants()
    return s


def act(s, family, *idx):
    """Apply the action ``family[idx]`` (asserting it is legal) and return the state."""
    a = s.game.codec.encode(family, *idx)
    assert a in s.legal_actions(), (s.game.codec.describe(a), [s.action_to_string(x) for x in s.legal_actions()])
    s.apply_action(a)
    return s


def legal_names(s):
    return sorted(s.game.codec.decode(a)[0] for a in s.legal_actions())


def aid(s, family, *idx):
    return s.game.codec.encode(family, *idx)


def kinds(s, cards):
    return sorted(s.game.kind_of[c] for c in cards)


def kkeys(s, cards):
    from mythenv.games.demigods.rules import KINDS
    return sorted(KINDS[s.game.kind_of[c]].key for c in cards)


__all__ = ["ACT", "DRAW", "K", "act", "aid", "build", "game", "kinds", "kkeys", "legal_names"]

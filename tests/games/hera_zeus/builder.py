"""Build exact Hera and Zeus positions for scenario tests.

Cards are named by kind key (``"s5"``, ``"pegasus"``, ``"hostage"``, ``"medusa"`` ...); a trailing
``^`` puts a field card face up; ``"FIG"`` is the figure. Cards not placed go to the decks.
"""

from __future__ import annotations

import mythenv
from mythenv.games.hera_zeus import rules
from mythenv.games.hera_zeus.rules import DECK, FIG, KIND_OF, K

GAME = mythenv.make_game("hera_zeus_v0")


def build(hands=((), ()), fields=(((), (), ()), ((), (), ())), discards=((), ()), decks=None,
          turn_player=0, turns=(2, 2), ap=None, seed=0):
    s = GAME.new_initial_state(seed=seed)
    free = [list(range(0, DECK)), list(range(DECK, 2 * DECK))]

    def take(side, key):
        k = K[key]
        for c in free[side]:
            if KIND_OF[c] == k:
                free[side].remove(c)
                return c
        raise AssertionError(f"no {key} left for side {side}")

    s.hand = [[take(p, k) for k in hands[p]] for p in range(2)]
    s.field = [[[], [], []], [[], [], []]]
    s.up = bytearray(2 * DECK)
    s.vis = bytearray(2 * DECK)
    s.seen = bytearray(2 * DECK)
    s.lost = bytearray(2 * DECK)
    for p in range(2):
        for c in s.hand[p]:
            s.vis[c] = s.seen[c] = 1 << p
        for ci, col in enumerate(fields[p]):
            for key in col:
                if key == "FIG":
                    s.field[p][ci].append(FIG)
                    continue
                up = key.endswith("^")
                c = take(p, key.rstrip("^"))
                s.field[p][ci].append(c)
                s.up[c] = int(up)
                s.vis[c] = 3 if up else 1 << p
                s.seen[c] = 3 if up else 1 << p
    s.disc = [[take(p, k) for k in discards[p]] for p in range(2)]
    for p in range(2):
        for c in s.disc[p]:
            s.vis[c] = s.seen[c] = 3
    if decks is None:
        s.deck = [list(free[0]), list(free[1])]
    else:
        s.deck = [[take(p, k) for k in decks[p]] for p in range(2)]
        extra = free[0] + free[1]  # park the rest in the discard piles bottom so cards are conserved
        for c in extra:
            s.disc[c // DECK].insert(0, c)
            s.vis[c] = s.seen[c] = 3
    s.phase = rules.PLAY
    s.pending = []
    s.turn_player = turn_player
    s.turns = list(turns)
    s.ap_used = 0
    if ap is None:
        ap = 4 if s._has_figure(turn_player) else sum(1 for col in s.field[turn_player] if col)
    s.ap_left = ap
    s.log = []
    s._legal = None
    s.check_invariants()
    return s


def find(s, side, key, where="hand"):
    """The id of a card of kind ``key`` of ``side`` in hand / field / disc / deck."""
    k = K[key]
    pools = {"hand": s.hand[side], "disc": s.disc[side], "deck": s.deck[side],
             "field": [x for col in s.field[side] for x in col if x != FIG]}
    for c in pools[where]:
        if KIND_OF[c] == k:
            return c
    raise AssertionError(f"no {key} in {where} of side {side}")


def front(s, side, col):
    x = s.field[side][col][0] if s.field[side][col] else None
    return "FIG" if x == FIG else (None if x is None else rules.KINDS[KIND_OF[x]].key)


def column(s, side, col):
    return ["FIG" if x == FIG else rules.KINDS[KIND_OF[x]].key for x in s.field[side][col]]

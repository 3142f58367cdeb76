"""Builders for Mythologies scenario tests: set up an exact situation, then play actions."""

from __future__ import annotations

from mythenv.games.mythologies import MythologiesGame
from mythenv.games.mythologies.cards import BY_NAME, DESIGN_OF, MYTHS, NCARDS
from mythenv.games.mythologies.rules import MYTH_OF, OFF, PLACE, TYPE_OF, card_name

SLOT = {"c1": 0, "c2": 1, "c3": 2, "t1": 3, "t2": 4, "t3": 5, "a1": 6, "a2": 7, "a3": 8}


def new(myths=("greek", "egyptian", "chinese", "hindu"), n=2, seed=0, reward="win"):
    """A state whose four boards are ``myths`` in this order (0/1: 1st Trial start/end, 2/3: 2nd)."""
    g = MythologiesGame(num_players=n, mythologies=",".join(myths), reward=reward)
    s = g.new_initial_state(seed)
    set_boards(s, myths)
    return s


def set_boards(s, myths, fill=True):
    ms = [MYTHS.index(m) for m in myths]
    s.boards = ms
    s.piles = [[] for _ in range(8)]
    for c in range(NCARDS):
        if MYTH_OF[c] in ms:
            s.piles[2 * ms.index(MYTH_OF[c]) + TYPE_OF[c]].append(c)
    s.sanct = [-1] * 16
    s.faceup = [1] * 16
    s.exile = []
    s.known = bytearray(len(s.known))
    if fill:
        for b in range(4):
            for pos in range(3):
                s._refill(b, pos)


def take(s, name):
    """Remove one card of design ``name`` from the draw piles / sanctuary and return its id."""
    d = BY_NAME[name]
    for pile in s.piles:
        for c in pile:
            if DESIGN_OF[c] == d:
                pile.remove(c)
                return c
    for i, c in enumerate(s.sanct):
        if c >= 0 and DESIGN_OF[c] == d:
            s.sanct[i] = -1
            s._refill(i // 4, i % 4)
            return c
    raise KeyError(f"no {name} left")


def put(s, p, slot, *names):
    """Stack the named cards (bottom first) on seat ``p``'s slot (``"t2"`` or an index)."""
    sl = SLOT.get(slot, slot)
    for nm in names:
        c = take(s, nm)
        s.pan[p][sl].append(c)
        s.known[c] = s.all
    return s.pan[p][sl][-1]


def to_discard(s, p, name):
    c = take(s, name)
    s.disc[p].append(c)
    s.known[c] = s.all
    return c


def sanct_put(s, b, pos, name):
    """Put a named card on sanctuary board ``b`` position ``pos`` (the old card goes back)."""
    old = s.sanct[4 * b + pos]
    c = take(s, name)
    if old >= 0:
        s.piles[2 * b + TYPE_OF[old]].append(old)
    s.sanct[4 * b + pos] = c
    s.faceup[4 * b + pos] = 1
    s.known[c] = s.all
    return c


def placement(s, seat, hand=(), round_=1, favors=None, gems=None):
    """Jump to ``seat``'s placement turn with the named selected cards in hand."""
    for nm in hand:
        c = take(s, nm)
        s.hand[seat].append(c)
        s.known[c] = s.all
    s.hand[seat].sort()
    if favors is not None:
        s.fav = list(favors)
    if gems is not None:
        s.gem = list(gems)
    s.round = round_
    s.phase = PLACE
    s.sel_step = "done"
    s.pawns = [[] for _ in range(s.n)]
    s.commits = [-1] * s.n
    s.free = [0] * s.n
    s.turn_idx = (seat - s.first) % s.n + 1
    s.stack = [{"t": "turn", "c": seat, "st": 0}]
    s.dec = None
    s._run()
    s.check_invariants()
    return s


def A(fam, i=None):
    return OFF[fam] if i is None else OFF[fam] + (SLOT.get(i, i) if fam in ("slot", "activate") else i)


def play(s, name):
    """Invoke the selected card called ``name``."""
    p = s.current_player()
    i = [card_name(c) for c in s.hand[p]].index(name)
    s.apply_action(OFF["play"] + i)


def do(s, *actions):
    for a in actions:
        s.apply_action(a)
    s.check_invariants()


def names(s, p):
    return [card_name(st[-1]) if st else None for st in s.pan[p]]

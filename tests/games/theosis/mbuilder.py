"""Scenario helpers for the Theosis monster tests: an Arena position of a monster mode with chosen
heroes, monsters, Stamina piles and scripted dice."""

from __future__ import annotations

import numpy as np

from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import MONSTER_INDEX, TOKENS

from .builder import A, arena, game, hexi

TOK = {t.key: t.index for t in TOKENS}
NH = rules.NH


class Dice:
    """A scripted generator: ``integers`` returns the given values in order (a d6 face is 0..5 for
    dash, two pips, four pips, sword, lightning, spade; a d4 is 1..4); ``permutation`` keeps the order."""

    def __init__(self, *vals):
        self.vals = list(vals)
        self.after = np.random.default_rng(0)  # once the script is used up (the game goes on)

    def integers(self, lo, hi=None):
        if hi is None:
            lo, hi = 0, lo
        if not self.vals:
            return int(self.after.integers(lo, hi))
        v = self.vals.pop(0)
        assert lo <= v < hi, (v, lo, hi)
        return v

    def permutation(self, n):
        return np.arange(n)


def mgame(mode="solo", n=1, **cfg):
    return game(num_players=n, mode=mode, prep="fast", **cfg)


def marena(g, heroes, hands, ranking, monsters, actor=None, turn=2, dice=(), seed=0):
    """``monsters``: [(key, (q, r), [token keys, top first])]. With ``actor`` the position is that
    hero's turn; without, it is the end of the turn, just before the monsters act."""
    run = rules.TheosisState._run
    rules.TheosisState._run = lambda self: None  # the builder runs the position: place the monsters first
    try:
        s = arena(g, heroes, hands, ranking, actor=actor, turn=turn, seed=seed)
    finally:
        rules.TheosisState._run = run
    used = []
    for m, (key, pos, stack) in enumerate(monsters):
        s.mkind[m] = MONSTER_INDEX[key]
        s.mpos[m] = hexi(*pos)
        s.mstack[m] = [TOK[k] for k in stack]
        used += s.mstack[m]
    s.tpool = sorted(t for t in range(len(TOKENS)) if t not in used)
    s.rng = Dice(*dice)
    if actor is None:
        s.q = [["turn_end"]]
        s.dec = None
        s.mact = 0
    s._legal = None
    s._run()
    return s


def act(s, fam, *idx):
    if fam == "monster":
        s.apply_action(A.A_MON + idx[0])
        return s
    from .builder import act as hact
    return hact(s, fam, *idx)


def logged(s, text):
    return any(text in m for m in s.log)

"""The rule-based Theosis baseline: ``heuristic_action(view, rng) -> action`` (the Game's
``heuristic``), one module per chapter of the rules, layered (a module imports only the layers below
it, never a module beside or above it):

- ``values``: what an item, a spell area and a Skill slot for a Mana gem are worth (the bottom);
- ``rituals``: TH § Appendix, Rituals (tokens, Mana Surge, Equilibrium, the terrain, the Mage Tower);
- ``hierapolis`` (TH § Preparation Phase), ``fast_prep`` (TH § Game Modes, Fast Action Preparation),
  ``arena`` (TH § Combat Phase), ``monsters`` (the heroes against monsters: TH § Game Modes, Heroes
  Facing Monsters Modes, and § Monsters);
- this module, the entry point: it looks at the pending decision and asks the chapter it belongs to
  (in the monster modes' co-op part ``monsters`` first); a decision no chapter answers is played
  uniformly at random.
"""

from __future__ import annotations

from ..rules import DECODE
from .arena import arena_action
from .fast_prep import fast_prep_action
from .hierapolis import hierapolis_action
from .monsters import monster_action
from .rituals import ritual_action

#: the decisions of Fast Action Preparation (the Arena's are every other one without a chapter prefix)
FAST_PREP_DECISIONS = frozenset(("offer", "gold", "mana", "draft", "place"))


def heuristic_action(view, rng):
    la = view.legal_actions
    if len(la) == 1:
        return la[0]
    s = view.known
    dec = s.dec
    kind = dec[0]
    fams = {}
    for a in la:
        fams.setdefault(DECODE[a][0], []).append(a)

    def pick(xs, key):
        best = max(key(x) for x in xs)
        top = [x for x in xs if key(x) == best]
        return top[int(rng.integers(len(top)))]

    if s.mmode and s.mphase == 0:  # the co-op part of a monster mode
        a = monster_action(s, dec, la, fams, pick)
        if a is not None:
            return a
    if kind.startswith("hp_"):
        a = hierapolis_action(s, dec, la, pick, rng)
    elif kind.startswith("r_"):
        a = ritual_action(s, dec, la)
    elif kind in FAST_PREP_DECISIONS:
        a = fast_prep_action(s, dec, la, fams, pick)
    else:
        a = arena_action(s, dec, la, fams, pick)
    return a if a is not None else la[int(rng.integers(len(la)))]


__all__ = ["FAST_PREP_DECISIONS", "heuristic_action"]

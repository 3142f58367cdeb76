"""Theosis rules (``theosis_v0``): hero selection, the Hierapolis preparation (and its co-op form
against enemy heroes), Fast Action Preparation, the hex Arena with Rituals, and the monster modes.

Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH), FAQ and errata applied. The state is a
task queue (``q``: plain lists naming the next steps of the game) plus at most one pending decision
(``dec``: the seat to act and what it decides). A decision's action runs its handler, which may put
new tasks at the front of the queue; ``_run`` then executes tasks until a decision is needed.
Everything is plain lists / ints / dicts, so the state clones and serializes exactly.

The package follows the rulebook's chapters; each module holds one mixin of ``TheosisState``'s methods
and all of them share the one state (its fields are declared in ``state.StateBase.fields``):

- ``board``: the Arena's hex geometry; ``actions``: the action families and shared constants;
- ``state``: constructor, seats and heroes' values, Health and Damage reduction, hands and knowledge,
  the task-queue engine;
- ``heroes`` (Hero Phase), ``hierapolis`` (Preparation Phase: Quests, locations, Alignment tracks,
  the Artifact auction), ``coop_prep`` (the Hierapolis preparation of the monster modes, against
  enemy heroes), ``fast_prep`` (Fast Action Preparation), ``arena`` (turns, movement, the
  action chart), ``powers`` (Blessings, Spells, Power texts), ``skills``, ``combat`` (the duel),
  ``damage`` (Damage, resistances, after-effects), ``rituals`` (Rituals in the Arena: casting, tokens,
  terrain), ``monsters/`` (Heroes Facing Monsters Modes and Monsters: a package of its own),
  ``persist`` (clone, save / load, invariants,
  ``resample_hidden``), ``texts`` (the actions, moves, decisions and the end in words).

The rules are registered by name in the core's tables (``mythenv.core.engine``): a chapter marks the
methods of its mixin with the name a state asks for them by, ``@task("hp_turn")`` (a step the queue
entry ``["hp_turn", t]`` runs), ``@decision("move")`` (what an action does at the pending decision
``["move", ...]``), ``@lister("move")`` (that decision's legal actions) and ``@handles("yes_no",
"bloodthirst")`` (the answer to the yes / no question ``["yn", seat, "bloodthirst"]``). ``TheosisState``
mixes in ``Engine``, which gathers the marks of all its bases into ``TheosisState.handlers[kind][name]``;
the engine (``state.py``) dispatches through those tables, the saved-state schema (``saved.py``) lists
their names. A chapter overriding another's rule redefines the method under the same name (and
calls ``super()``), so the table holds the override. The methods are named after their kind
(``_task_<name>``, ``_decide_<name>``, ``_options_<name>``, ``_answer_<name>``) for the reader only:
the marks, not the names, are what the engine finds. A new chapter is one more base in
``TheosisState`` below (before ``StateBase``).
"""

from __future__ import annotations

from mythenv.core.engine import Engine

# every module-level name of the rules is importable from the package (``from .rules import DIST``),
# the card tables the rules are built on included
from ..cards import ARENA, HEROES, ITEMS, MODES, POWER_INDEX, POWERS, SKILLS, skill_of
from . import actions, board
from .actions import *  # noqa: F403
from .arena import Arena
from .board import *  # noqa: F403
from .combat import Combat
from .coop_prep import CoopPrep  # --- Co-op preparation (the Hierapolis preparation of the monster modes)
from .damage import Damage
from .fast_prep import FastPrep
from .heroes import HeroPhase
from .hierapolis import Hierapolis  # --- Hierapolis
from .monsters import MAXM, Monsters  # --- Monsters
from .persist import Persist
from .powers import Powers
from .rituals import Rituals
from .skills import Skills
from .state import StateBase
from .texts import Texts


class TheosisState(Engine, Texts, Monsters, HeroPhase, CoopPrep, Hierapolis, FastPrep, Arena, Powers, Skills,
                   Combat, Damage, Rituals, Persist, StateBase):
    """The whole truth of one Theosis game (see the package docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)


__all__ = ["TheosisState", *board.__all__, *actions.__all__,
           "ARENA", "HEROES", "ITEMS", "MODES", "POWER_INDEX", "POWERS", "SKILLS", "skill_of",
           "MAXM"]  # --- Monsters

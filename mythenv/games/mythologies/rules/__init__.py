"""Mythologies: the rules (``003_4f78a05115d81413.txt``, cited as MY § Section).

Layout. A Pantheon is 3 x 3 slots ``s = 3 * plane + column`` (plane 0 celestial, 1 terrestrial,
2 abyssal); a slot holds a stack (list of card ids, bottom first, the top is visible). The sanctuary
is 4 Mythology boards (0 top-left, 1 top-right: the 1st Trial; 2 bottom-left, 3 bottom-right: the
2nd Trial), each with 3 Creature positions (0..2) and a Deity position (3). Draw piles are unordered
sets; a card is drawn from them uniformly at random by the state's RNG when needed, so they hold no
hidden order.

Everything that happens is driven by an explicit stack of frames (plain dicts): ``turn`` (a seat's
placement phase), ``place`` (invoking / calling one card), ``eff`` (running one card effect, a list of
primitive ops from ``data/cards.toml``), ``sac`` (a batch of simultaneous sacrifices), ``react`` (a
seat's reaction window), ``order`` (a seat orders its simultaneous triggers) and ``gainf`` (a moved
card's gain). A frame that needs a choice sets ``self.dec = [seat, legal actions]``; the answer is
stored in the frame and the frame runs again. Triggered infinity effects are pushed as ``eff`` frames
above the frame that caused them, so they resolve in reaction, before it continues (MY § Worked
Examples, Example 2).

The rule tables (``mythenv.core.engine``; ``MythologiesState`` mixes in ``Engine``): the method that
runs a frame of kind ``t`` is marked ``@task(t)`` (``_run`` calls ``handlers["task"][frame["t"]]``),
and the method of each effect primitive ``op`` of ``data/cards.toml`` is marked
``@handles("op", op)`` (``effects`` and ``lexicon``; an ``eff`` frame and the final scoring call
``handlers["op"][op["op"]](self, frame, op)``). ``cards.OPS`` validates the card data before any rule
exists and orders the observation; this package checks at import that the op table handles exactly
those names, so a new primitive is a name in ``OPS`` and a marked method.

Knowledge: ``known[c]`` is a bitmask of the seats that know card ``c`` where it is now (hands filled
from draw piles and face-down sanctuary cards laid by Loki are the only hidden places).

The rules are a package by the rulebook's chapters; each module holds one mixin of
``MythologiesState``'s methods and all of them share the one state (its fields are declared once,
each with its meaning, in ``state.StateBase.fields``; ``mythenv.core.fields`` generates the slots,
copies, saved states and the saved-state schema from them):

- ``tables``: the Pantheon's geometry, the card tables, the action families;
- ``state``: constructor (MY § Overall Setup), protocol queries, Pantheon queries, the frame engine
  (MY § Course of the Game);
- ``selection`` (MY § A - Selection Phase), ``two_players`` (MY § Additional Rule for 2 Players),
  ``placement`` (MY § B - Placement Phase, with § Deities' cost and the completion rule),
  ``effects`` (MY § Card Effects, § Cost of Cards, § Card Glossary), ``lexicon`` (MY § Lexicon:
  Crush, Move, Sacrifice, Invoke, Call), ``upkeep`` (MY § C - Upkeep), ``trials`` (MY § Trials),
  ``scoring`` (MY § End of Game and Final Scoring), ``persist`` (clone, save / load, invariants,
  ``resample_hidden``), ``texts`` (the actions, moves, decisions and the end in words).

Every method is defined once, so the order of the bases does not matter; a mixin that overrides
another's method goes before it.
"""

from __future__ import annotations

from mythenv.core.engine import Engine

from ..cards import BOARDS, COMPLETION, CREATURE, DEITY, DESIGN_OF, DESIGNS, MYTHS, NCARDS, OPS
from . import tables
from .effects import CardEffects
from .lexicon import Lexicon
from .persist import Persist
from .placement import PlacementPhase
from .scoring import FinalScoring
from .selection import SelectionPhase
from .state import StateBase
from .tables import *  # noqa: F403
from .tables import _cp  # noqa: F401
from .texts import Texts
from .trials import Trials
from .two_players import TwoPlayerRule
from .upkeep import Upkeep


class MythologiesState(Engine, Texts, SelectionPhase, TwoPlayerRule, PlacementPhase, CardEffects, Lexicon, Upkeep,
                       Trials, FinalScoring, Persist, StateBase):
    """The whole truth of one Mythologies position."""


# ``cards.py`` checks each effect's ops against ``OPS`` (loaded before any rule exists; its order is the
# observation's): the op table must handle exactly those
if set(MythologiesState.handled("op")) != set(OPS):
    raise TypeError(f"mythologies: cards.OPS {sorted(OPS)} and the rules' op table "
                    f"{sorted(MythologiesState.handled('op'))} differ")


__all__ = ["MythologiesState", *tables.__all__,
           "BOARDS", "COMPLETION", "CREATURE", "DEITY", "DESIGN_OF", "DESIGNS", "MYTHS", "NCARDS"]

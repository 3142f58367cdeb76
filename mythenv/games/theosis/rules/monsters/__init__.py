"""Heroes against monsters (TH § Game Modes: Solo and Co-op, Light / Heavy Semi Co-op; TH § Monsters):
the monsters' entry, Stamina Tokens, heroes attacking monsters, the monsters' turn (the skullduggery
die, targets, movement, every face of every table), their statuses, and the end of the game and the
returns of each monster mode.

A monster is one of at most three slots ``m`` (``mkind[m]``: its record in ``MONSTERS``, -1 for an
empty slot). In a combat record's ``targets`` a monster is the id ``NH + m`` (the heroes are 0..NH-1);
a Curse token lying on a monster holds ``NH + m`` in ``token``. ``mstack[m]`` is its Stamina pile, top
first: only the top token is public, and only while ``mdown[m]`` is 0 (1: face down by Diamond Skin,
flipped up by the next successful attack; 2: face down by Demonic Haste, revealed when attacked).

The chapter is a package by the rulebook's sections, one mixin each, assembled into ``Monsters``:
``setup`` (slots, constants, entry, the co-op Ranking, occupancy), ``stamina`` (heroes attacking
monsters: Monster Defense, Stamina Tokens), ``turn`` (the monsters' turn, the non-striking faces, the
heroes under monster statuses), ``targeting`` (the Monster Priority List policies, the ``targeting``
hook, movement), ``strikes`` (Monster Attacking), ``results`` (the end, returns, scores, invariants).
"""

from __future__ import annotations

from ...cards import MONSTERS, STATUSES, TOKENS
from ..actions import MONSTER_MODES
from .results import MonsterResults
from .setup import AREA_REACH, MAXM, MON_CURSE_CARDS, MON_CURSES, MON_DEF_SKILLS, ST, MonsterSetup
from .stamina import MonsterStamina
from .strikes import MonsterStrikes
from .targeting import (
    TARGETING,
    MonsterTargeting,
    _danger,
    _est,
    nearest_policy,
    priority_policy,
    register_targeting,
)
from .turn import MonsterTurn


class Monsters(MonsterSetup, MonsterStamina, MonsterTurn, MonsterTargeting, MonsterStrikes, MonsterResults):
    """Heroes against monsters (see the package docstring); each method is defined in one chapter only."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)


__all__ = ["AREA_REACH", "MAXM", "MONSTERS", "MONSTER_MODES", "MON_CURSES", "MON_CURSE_CARDS", "MON_DEF_SKILLS",
           "ST", "STATUSES", "TARGETING", "TOKENS", "Monsters", "MonsterResults", "MonsterSetup", "MonsterStamina",
           "MonsterStrikes", "MonsterTargeting", "MonsterTurn", "_danger", "_est", "nearest_policy",
           "priority_policy", "register_targeting"]

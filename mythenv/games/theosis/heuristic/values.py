"""The bottom layer of the Theosis baseline: what an item, a spell area and a Skill slot for a Mana gem
are worth, shared by the chapters above (imports nothing of the heuristic)."""

from __future__ import annotations

from ..cards import ITEMS
from ..rules import A_SLOT, FLOWER, NH

#: which Skill slot takes a Mana gem first (Fast Action Preparation, Hierapolis, a Power's Mana gain)
_GEM_ORDER = {"attack": 3, "auto": 2, "defence": 1}


def item_value(i: int) -> float:
    """What Weapon / Armor / Artifact ``i`` is worth to a hero that can equip it."""
    it = ITEMS[i]
    return it.damage + 2 * (it.attack_bonus + it.defense_bonus) + 1.5 * len(it.protection) + len(it.resistance)


def area_value(s, h: int, x: int, monster: int = 0) -> int:
    """The value of a spell area centred on hex ``x`` for hero ``h``: +1 an enemy hero, -1 an
    ally in it (``h`` itself does not count), ``monster`` a monster (the monster baseline's 2)."""
    occ = s.occupied()
    v = 0
    for c in FLOWER[x]:
        t = occ.get(c, -1)
        if monster and t >= NH:
            v += monster
        elif t >= 0 and t != h:
            v += -1 if s.allies(h, t) else 1
    return v


def gem_slot_value(s, h: int, a: int) -> int:
    """How much hero ``h`` wants a Mana gem on the Skill slot of action ``a`` (a ``slot`` action)."""
    return _GEM_ORDER.get(s.skill(h, a - A_SLOT).kind, 0)

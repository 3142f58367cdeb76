"""The Theosis baseline in Fast Action Preparation (TH § Game Modes, Fast Action Preparation: the
Power draft, the Weapon / Armor / Artifact offers, gold, Mana gems, placing the heroes): draft Spells
and Curses, take the best item, put a gem on an attack Skill first, place the heroes near the centre."""

from __future__ import annotations

from ..cards import POWERS
from ..rules import A_CARD, A_DONE, A_HEX, A_ITEM, CENTER, DIST
from .values import gem_slot_value, item_value


def fast_prep_action(s, dec, la, fams, pick):
    """The baseline's action for a Fast Action Preparation decision ``dec``, or None for another one."""
    kind = dec[0]
    if kind == "offer":
        return pick(fams["item"], lambda a: item_value(a - A_ITEM))
    if kind == "gold":
        return la[0] if "hero" in fams else A_DONE
    if kind == "mana":
        h = dec[2]
        return pick(fams["slot"], lambda a: gem_slot_value(s, h, a))
    if kind == "draft":
        return pick(fams["card"], lambda a: POWERS[a - A_CARD].type in ("spell", "curse"))
    if kind == "place":
        return pick(fams["hex"], lambda a: -DIST[a - A_HEX][CENTER])
    return None

"""The Theosis baseline in the Arena (TH § Combat Phase: Hero Actions, Movement and Range, Attack and
Defense, Damage and Resistances, Powers and Skills): heroes head for the centre hex (the turn-nine
victory), attack the weakest enemy in reach with their best attack Power, defend with their best
defense Power and spend Mana on attack Skills; a move weighs the Ritual tokens on its hex
(``rituals.terrain_value``)."""

from __future__ import annotations

from ..cards import POWERS
from ..rules import A_CARD, A_DIR, A_HERO, A_HEX, A_NUM, A_ROW, A_SLOT, ATTACK_SPELLS, CENTER, DECODE, DIST
from .rituals import terrain_value
from .values import area_value, gem_slot_value

_YES = {"bloodthirst": None, "oppress_att": 1, "confusion_att": 1, "equalize_att": 1, "equalize_def": 0,
        "oppress_def": 1, "confusion_def": 1, "push": 1, "follow": 0, "twin": 1, "celerity": 1, "tenacity": 1,
        "lifeswap": None, "incinerate": 0, "translocate_teleport": 0, "force_sunder": 0, "purloin": 0}


def arena_action(s, dec, la, fams, pick):
    """The baseline's action for an Arena decision ``dec``, or None for one it leaves to the caller."""
    kind, p = dec[0], dec[1]
    if kind == "move":
        h, mode = dec[2], dec[3]
        opts = [DECODE[a][1] if DECODE[a][0] == "hex" else s.pos[h] for a in la]
        enemies = [t for t in range(12) if s.alive(t) and not s.allies(h, t)] if s.owner[h] == p else []
        if mode == "tentacles" and s.team[p] != s.hteam(h):
            return la[max(range(len(la)), key=lambda k: DIST[opts[k]][CENTER])]

        def score(k):
            x = opts[k]
            if x == CENTER:
                return 100
            near = min((DIST[x][s.pos[t]] for t in enemies), default=9)
            terrain = terrain_value(s, h, x) if s.rtok else 0.0  # --- Rituals
            return -2 * DIST[x][CENTER] - 0.3 * near + terrain
        return la[max(range(len(la)), key=score)]
    if kind == "row":
        rows = [DECODE[a][1] for a in la]
        h = dec[2]
        for r in (5, 4, 3, 2):
            if r in rows and (r != 3 or any(c in ATTACK_SPELLS or POWERS[c].key in ("healing", "cleansing_rain")
                                              for c in s.hand[p])):
                return A_ROW + r
        if 1 in rows and s.hp[h] > 4:
            return A_ROW + 1
        return A_ROW + rows[0]
    if kind == "commit":
        h, i = dec[2], dec[3]
        cards = fams["card"]
        if i < 0:
            return pick(cards, lambda a: (POWERS[a - A_CARD].attack, -POWERS[a - A_CARD].defense))
        return pick(cards, lambda a: (POWERS[a - A_CARD].defense, -POWERS[a - A_CARD].attack))
    if kind == "discard":
        return pick(fams["card"], lambda a: -abs(POWERS[a - A_CARD].attack - POWERS[a - A_CARD].defense))
    if kind in ("atk_target", "sk_target"):
        return pick(fams["hero"], lambda a: -s.hp[a - A_HERO])
    if kind == "spell_area":
        h = dec[2]
        return pick(fams["hex"], lambda a: area_value(s, h, a - A_HEX))
    if kind == "sk_dir":
        h, key = dec[2], dec[3]
        area = s.skill(h, s.skill_slot(h, key)).area

        def sd(a):
            ts = s.area_targets(h, s.area_cells(h, area, a - A_DIR))
            return sum(-1 if s.allies(h, t) else 1 for t in ts)
        return pick(fams["dir"], sd)
    if kind == "skill_use":
        h = dec[2]
        order = {"attack": 3, "auto": 2, "utility": 1, "ritual": 1}
        return pick(fams["slot"], lambda a: order.get(s.skill(h, a - A_SLOT).kind, 0))
    if kind == "yn":
        what = dec[2]
        v = _YES.get(what, 1)
        if what == "bloodthirst":
            v = 1 if s.cb and s.hp[s.cb["du"]["a"]] >= 6 else 0
        elif what == "lifeswap":
            du = s.cb["du"]
            me = du["a"] if s.owner[du["a"]] == p else du["d"]
            other = du["d"] if me == du["a"] else du["a"]
            v = 1 if s.hp[me] < s.hp[other] else 0
        return A_NUM + v
    if kind == "mana_gain":
        h = dec[2]
        return pick(fams["slot"], lambda a: gem_slot_value(s, h, a))
    if kind == "defskill":
        return fams["slot"][0] if "slot" in fams else la[0]
    if kind == "bless_target":
        return pick(fams["hero"], lambda a: s.hp[a - A_HERO])
    return None

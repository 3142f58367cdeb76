"""The heroes' side of the Theosis baseline against monsters (TH § Game Modes, Heroes Facing Monsters
Modes, and § Monsters; the entry point asks it first in the monster modes' co-op part): close in on
the monsters (melee heroes next to one, ranged heroes three to five hexes away), attack them with the
Power of the best Attack against monsters (Warcraft and Lightning Strike count 5), spend Mana on
attack Skills, defend with the best Defense against monsters (Last Stand counts 5), reroll a high
monster die with Confusion / Oppress, and send a tough active Stamina Token under the pile."""

from __future__ import annotations

from ..cards import HEROES, ITEMS, POWERS, TOKENS
from ..rules import (
    A_CARD,
    A_DIR,
    A_DONE,
    A_HERO,
    A_HEX,
    A_ITEM,
    A_NUM,
    A_PICK,
    A_ROW,
    A_SLOT,
    ACID,
    ATTACK_SPELLS,
    DECODE,
    DIST,
    MAXHP,
    NH,
    PK,
)
from ..rules.actions import A_MON
from .values import area_value

_VS = {"warcraft": (5, 0), "lightning_strike": (5, 0), "last_stand": (0, 5)}
_PICK = {"norn": 3, "garav": 3, "lug": 3, "gurth": 3, "rochon": 3, "edhel": 4, "sauth": 2, "raug": 2}
_DRAFT = {"warcraft": 5, "fiery_purge": 3, "incinerating_fury": 2, "enervation": 5, "fireball": 2, "vortex": 2,
          "nova": 2, "hailstorm": 2, "lightning_strike": 5, "bloodthirst": 3, "healing": 5, "pain_spike": 3,
          "lifeswap": 2, "rejuvenation": 2, "last_stand": 5, "blazing_sun": 4, "frigid_night": 2, "despair": 3,
          "tactics": 3, "equalize": 3, "confusion": 3, "oppress": 3}


def _item_vs_monsters(i: int) -> float:
    it = ITEMS[i]
    return (it.damage * (2 if it.slaying else 1) + 3 * it.attack_bonus + 2 * it.defense_bonus
            + 1.5 * len(it.protection) + len(it.resistance) + (2 if ACID in it.resistance | it.protection else 0))


def _vals(c: int) -> tuple[int, int]:
    p = POWERS[c]
    return _VS.get(p.key, (p.attack, p.defense))


def _threshold(s, m: int) -> int:
    st = s.mstack[m]
    return TOKENS[st[0]].damage if st and not s.mdown[m] else 3


def monster_action(s, dec, la, fams, pick):
    """An action for the decision ``dec`` of a monster mode, or None to leave it to the general
    baseline."""
    kind, p = dec[0], dec[1]
    if kind == "draft":
        # each draft round offers one value slot: the Powers that matter against monsters first
        return pick(fams["card"], lambda a: _DRAFT.get(POWERS[a - A_CARD].key, 0))
    if kind == "offer":
        return pick(fams["item"], lambda a: _item_vs_monsters(a - A_ITEM))
    if kind == "pick":
        # heroes who hit hard against Stamina Tokens: heavy melee weapons, a bow, an attack Skill bonus
        return pick(la, lambda a: _PICK.get(HEROES[(a - A_PICK) // 2].key, 0))
    if kind == "equip_hero":
        it = dec[2]

        def gain(a):
            h = a - A_HERO
            cur = [s.eq[h][k] for k in s.can_equip(h, it)]
            return _item_vs_monsters(it) - min((_item_vs_monsters(i) if i >= 0 else 0) for i in cur)
        return pick(fams["hero"], gain)
    if kind == "m_rank":
        # the hardest hitters act first (weapons, artifact Attack, Mana for a Skill)
        return pick(fams["hero"], lambda a: sum(ITEMS[i].damage + 2 * ITEMS[i].attack_bonus for i in s.weapons(a - A_HERO))
                    + sum(s.mana[a - A_HERO]))
    mons = s.monsters_alive()
    if not mons:
        return None
    if kind == "move":
        h = dec[2]
        if s.owner[h] != p:
            return None
        opts = [DECODE[a][1] if DECODE[a][0] == "hex" else s.pos[h] for a in la]
        ranged = s.attack_range(h) > 1

        def score(k):
            d = min(DIST[opts[k]][s.mpos[m]] for m in mons)
            if ranged:
                return -abs(d - 5) - (3 if d == 1 else 0)
            return -d
        return la[max(range(len(la)), key=score)]
    if kind == "row":
        rows = [DECODE[a][1] for a in la]
        h = dec[2]
        hand = s.hand[p]
        # attack only with a fair chance against 2 + 1D4 (ties go to the hero): a weak hand is
        # cycled instead (its Powers come back when the last one is used)
        best = max((_vals(c)[0] for c in hand), default=0) + s.art_attack(h) + s._ritual_bonus(h, "attack") \
            + (1 if s.token[PK["valor"]] == h else 0)
        strong = best >= 4
        if 5 in rows and any(s._skill_ok(h, k) and s.skill(h, k).kind == "auto" for k in range(3)):
            return A_ROW + 5
        if 5 in rows and (strong or best >= 3) and any(
                s._skill_ok(h, k) and s.skill(h, k).kind == "attack" for k in range(3)):
            return A_ROW + 5
        if 4 in rows and strong and s.mon_targets(h, s.attack_range(h)):
            return A_ROW + 4
        if 3 in rows and any(c in ATTACK_SPELLS for c in hand) and strong:
            return A_ROW + 3
        hurt = sum(MAXHP - s.hp[t] for t in range(NH) if s.alive(t) and s.allies(h, t))
        if 3 in rows and hurt >= 6 and any(POWERS[c].key == "healing" for c in hand):
            return A_ROW + 3
        if 2 in rows and any(POWERS[c].key in ("valor", "aegis") for c in hand):
            return A_ROW + 2
        if 1 in rows and s.hp[h] >= 8 and not s.mana_slots(h):
            return A_ROW + 1
        return A_ROW + rows[0]
    if kind == "spell_card":
        h = dec[2]
        hurt = sum(MAXHP - s.hp[t] for t in range(NH) if s.alive(t) and s.allies(h, t))
        return pick(fams["card"], lambda a: (POWERS[a - A_CARD].key == "healing" and hurt >= 6,
                                             a - A_CARD in ATTACK_SPELLS))
    if kind in ("atk_target", "sk_target"):
        ms = fams.get("monster")
        if ms:
            return pick(ms, lambda a: (-_threshold(s, a - A_MON), -len(s.mstack[a - A_MON])))
        return None
    if kind == "commit" and dec[3] < 0 and s.cb is not None and any(t >= NH for t in s.cb["targets"]):
        return pick(fams["card"], lambda a: (_vals(a - A_CARD)[0], -_vals(a - A_CARD)[1]))
    if kind == "discard":
        # keep the strong attack and the strong defence Powers: discard a 1/1 first, then the weakest
        return pick(fams["card"], lambda a: -max(_vals(a - A_CARD)) * 10 - sum(_vals(a - A_CARD)))
    if kind == "m_commit":
        return pick(fams["card"], lambda a: (_vals(a - A_CARD)[1], -_vals(a - A_CARD)[0]))
    if kind == "m_defskill":
        return fams["slot"][0] if "slot" in fams else A_DONE
    if kind == "m_tactics":
        i = dec[3]
        cards = fams.get("card", [])
        if not cards:
            return A_DONE
        k = 0 if i < 0 else 1
        best = max(cards, key=lambda a: _vals(a - A_CARD)[k])
        return best if _vals(best - A_CARD)[k] > 1 else A_DONE
    if kind == "m_raise":
        i = dec[3]
        cards = fams.get("card", [])
        k = 0 if i < 0 else 1
        return max(cards, key=lambda a: _vals(a - A_CARD)[k]) if cards else A_DONE
    if kind == "yn":
        what = dec[2]
        if what == "m_bottom":
            m = dec[3]
            return A_NUM + int(_threshold(s, m) >= 3)
        if what == "m_reroll_def":
            return A_NUM + int(s.cb["mdu"]["roll"] >= 3)
        if what == "m_reroll_att":
            return A_NUM + int(s.mcb["rolls"][dec[3]] >= 3)
        if what == "m_bloodthirst":
            return A_NUM + int(s.hp[s.cb["att"]] >= 6)
        return None
    if kind == "spell_area":
        h = dec[2]
        return pick(fams["hex"], lambda a: area_value(s, h, a - A_HEX, monster=2))
    if kind == "sk_dir":
        h, key = dec[2], dec[3]
        area = s.skill(h, s.skill_slot(h, key)).area
        return pick(fams["dir"], lambda a: len(s.area_targets(h, s.area_cells(h, area, a - A_DIR))))
    if kind == "skill_use":
        h = dec[2]
        order = {"attack": 3, "auto": 2, "utility": 1}
        return pick(fams["slot"], lambda a: order.get(s.skill(h, a - A_SLOT).kind, 0))
    return None

"""The Theosis baseline in Hierapolis (TH § Preparation Phase, also the co-op preparation against the
enemy heroes): steer the Alignment tracks towards its own heroes' sides, take the richest rewards
(gold, equipment that improves a hero, Mana gems, a full heal where it is needed), bid on Artifacts it
can equip with part of its purse, and equip what it gets where it helps most."""

from __future__ import annotations

from ..cards import ALIGNMENTS, HEROES, HIERAPOLIS
from ..rules import A_DONE, A_HERO, A_ITEM, A_NUM, A_RITUAL, A_SEAT, A_SLOT, A_SPOT, DECODE, MAXHP
from ..rules.hierapolis import LOCATIONS, NQ, STEER
from .rituals import choose_ritual, choose_turn
from .values import gem_slot_value, item_value

_STEER_WEIGHT = 2.5  # gold a step of a track is worth per hero (a step is 10 gold of the final bonus)


def _gain(s, p: int, it: int) -> tuple[float, int, int]:
    """The best improvement equipping ``it`` brings to one of ``p``'s standing heroes: (gain, hero, slot)."""
    best = (-99.0, -1, -1)
    for h in s.standing_of(p):
        for slot in s.can_equip(h, it):
            old = s.eq[h][slot]
            g = item_value(it) - (item_value(old) if old >= 0 else 0.0)
            if g > best[0]:
                best = (g, h, slot)
    return best


def _steer(s, p: int, al: int) -> float:
    """What a step towards Alignment ``al`` is worth to ``p``: its own heroes on that side gain, on
    the other side lose; the opponents' heroes count the other way (shared among them)."""
    if s.mmode:  # --- Co-op preparation: the Alignment bonus does not reach the monster Arena
        return 0.0  # (the players choose the Initiative order)
    t, sign = STEER[al]
    tr = HIERAPOLIS["tracks"][t]
    if abs(s.track[t] + sign) > tr["length"] or abs(s.track[t]) == tr["length"] and s.track[t] * sign > 0:
        return 0.0
    opp = ALIGNMENTS.index(tr["right"] if sign > 0 else tr["left"])
    v = 0.0
    others = max(1, s.n - 1)
    for h in range(12):
        if not s.standing(h):
            continue
        a = ALIGNMENTS.index(HEROES[h].alignment)
        if a not in (al, opp):
            continue
        w = 1.0 if s.team[s.owner[h]] == s.team[p] else -1.0 / others
        v += w if a == al else -w
    return _STEER_WEIGHT * v


def _empty_skills(s, p: int) -> int:
    return sum(len(s.empty_slots(h)) for h in s.standing_of(p))


def _spot_value(s, p: int, i: int) -> float:
    if i < NQ:
        q = HIERAPOLIS["quests"][ALIGNMENTS[i]]
        v = q["gold"] + _steer(s, p, i)
        eff = q["effect"]
        if eff == "damage":
            v += 1.0
        elif eff == "initiative":
            v += 0.5 if s.initiative != p else 0.0
        elif eff == "steal_gold":
            v += 2 * min(3, max((s.purse[q_] for q_ in s.enemy_seats(p)), default=0))
        elif eff == "draw":
            v += 1.5
        elif eff == "market_steal":
            v += max([max(0.0, _gain(s, p, it)[0]) for it in s.offer], default=0.0)
        elif eff == "gems":
            v += 2.0 * min(2, _empty_skills(s, p))
        return v
    if i < 2 * NQ:
        return _steer(s, p, i - NQ)
    key = LOCATIONS[i - 2 * NQ]
    if key == "tavern":
        return 0.5 if s.initiative != p else 0.0
    if key == "cathedral":
        hurt = max((MAXHP - s.hp[h] for h in s.standing_of(p)), default=0)
        return 0.6 * hurt + 1.5 * min(2, _empty_skills(s, p))
    if key == "thieves_guild":
        return 1.2
    if key == "mercenary_camp":
        return 2.5
    if key == "market":
        return max([max(0.0, _gain(s, p, it)[0]) for it in s.offer], default=0.0)
    if key == "mage_tower":  # a first Ritual (a Wall of Fire's 4 Damage, a heal for all) beats a
        # track step for one or two heroes; a second one is worth little more than the draw
        if not s.rdeck:
            return 0.0
        return 6.0 if not s.prepared[p] else 1.0
    return 0.0


def _bid_target(s, p: int) -> int:
    g = _gain(s, p, s.bart)[0]
    if g <= 0:
        return 0
    # --- Co-op preparation: the enemy heroes bid all their (public) gold: outbid the highest by one,
    # or keep the gold (a losing bid is paid too)
    ebids = [s.egold[k] for k in range(len(s.ehero)) if s.enemy_alive(k) and s.egold[k] > 0]
    if ebids:
        need = max(ebids) + 1
        return need if need <= s.purse[p] else 0
    return min(s.purse[p], max(1, s.purse[p] * 2 // 5))


def hierapolis_action(s, dec, la, pick, rng):
    """The baseline's action for a Hierapolis decision ``dec``, or None for one it leaves to the caller."""
    kind, p = dec[0], dec[1]
    if kind == "hp_spot":
        return pick(la, lambda a: _spot_value(s, p, a - A_SPOT))
    if kind == "hp_hurt":
        return pick(la, lambda a: -s.hp[a - A_HERO])
    if kind == "hp_steal":
        return pick(la, lambda a: s.purse[a - A_SEAT])
    if kind == "hp_keep":
        it = dec[2]
        heroes = [a for a in la if a != A_DONE]
        if A_DONE in la and _gain(s, p, it)[0] <= 0:
            return A_DONE
        return pick(heroes, lambda a: max(item_value(it) - (item_value(s.eq[a - A_HERO][x]) if s.eq[a - A_HERO][x] >= 0
                                                            else 0.0) for x in s.can_equip(a - A_HERO, it)))
    if kind == "hp_eslot":
        h, it = dec[2], dec[3]
        return pick(la, lambda a: -(item_value(s.eq[h][a - A_SLOT]) if s.eq[h][a - A_SLOT] >= 0 else 0.0))
    if kind == "hp_market":
        items = [a for a in la if a != A_DONE]
        best = pick(items, lambda a: _gain(s, p, a - A_ITEM)[0]) if items else A_DONE
        if A_DONE in la and (not items or _gain(s, p, best - A_ITEM)[0] <= 0):
            return A_DONE
        return best
    if kind in ("hp_gem", "hp_gslot"):
        opts = [a for a in la if a != A_DONE]
        if kind == "hp_gem":
            return pick(opts, lambda a: len(s.empty_slots(a - A_HERO)))
        h = dec[2]
        return pick(opts, lambda a: gem_slot_value(s, h, a))
    if kind == "hp_mtarget":
        return pick(la, lambda a: len(s.mana_slots(a - A_HERO)))
    if kind == "hp_heal":
        return pick(la, lambda a: MAXHP - s.hp[a - A_HERO])
    if kind == "hp_ritual":
        return A_RITUAL + choose_ritual(s, p, [a - A_RITUAL for a in la])
    if kind == "hp_rturn":
        return A_NUM + choose_turn(s, p, s.mdraw[0], [a - A_NUM for a in la])
    if kind == "hp_join":
        return A_NUM + (1 if s.bart >= 0 and _bid_target(s, p) > 0 else 0)
    if kind == "hp_bid":
        pos, partial = dec[2], dec[3]
        want = _bid_target(s, p)
        d = (want // 10 ** pos) % 10 if want // 10 ** (pos + 1) == partial else 9
        legal = [DECODE[a][1] for a in la]
        return A_NUM + max(x for x in legal if x <= d) if any(x <= d for x in legal) else la[0]
    if kind == "hp_power":
        return la[int(rng.integers(len(la)))]
    return None


__all__ = ["hierapolis_action"]

"""The Theosis baseline's Rituals (TH § Appendix, Rituals): where to put a token (a Wall of Fire on
enemies, the Banner, Fortifications, Guardian Angel and Mana Spring under or near its own heroes, a
Death Swamp in the enemies' way), whom Mana Surge feeds, which token Equilibrium / Terrashaper remove
and place, how a move weighs the terrain (``terrain_value``, asked by ``arena``), and which Ritual
and turn to prepare at the Mage Tower (``choose_ritual``, ``choose_turn``, asked by ``hierapolis``)."""

from __future__ import annotations

from ..cards import RITUAL_INDEX, RITUALS
from ..rules import A_DONE, A_HERO, A_RITUAL, A_RPLACE, CENTER, DIST, NH
from ..rules.rituals import PLACE_AT

#: the Mage Tower preference (most wanted first) and the Arena turn each is best cast on: tokens early,
#: when the heroes close in on the centre; healing and Consecration once blows were traded
PREFERENCE = ("wall_of_fire", "banner_of_victory", "guardian_angel", "fortifications", "mana_surge",
              "purification", "consecration", "mana_spring", "death_swamp", "flesh_and_blood")
BEST_TURN = {"wall_of_fire": 3, "banner_of_victory": 2, "guardian_angel": 2, "fortifications": 2,
             "mana_surge": 2, "purification": 5, "consecration": 4, "mana_spring": 2, "death_swamp": 2,
             "flesh_and_blood": 4}


def choose_ritual(state, p: int, options) -> int:
    """The Ritual (index) seat ``p`` keeps among ``options`` (the Mage Tower's draw)."""
    return min(options, key=lambda ri: (PREFERENCE.index(RITUALS[ri].key), ri))


def choose_turn(state, p: int, ri: int, turns=range(1, 10)) -> int:
    """The turn marker for Ritual ``ri`` among the ``turns`` left: the nearest to its best turn."""
    best = BEST_TURN[RITUALS[ri].key]
    return min(turns, key=lambda t: (abs(t - best), t))


def _sides(s, p):
    team = s.team[p]
    mine = [h for h in range(NH) if s.alive(h) and s.hteam(h) == team]
    foes = [h for h in range(NH) if s.alive(h) and s.hteam(h) != team]
    return team, mine, foes


def place_score(s, p: int, ri: int, i: int) -> float:
    """How much seat ``p`` likes Ritual ``ri``'s token at placement ``i``."""
    cells, blocked = PLACE_AT[ri][i]
    rit = RITUALS[ri]
    team, mine, foes = _sides(s, p)
    on = {s.pos[h]: h for h in mine + foes}

    def near(hs, c):
        return min((DIST[c][s.pos[h]] for h in hs), default=9)

    if rit.damage:
        v = sum(3 if s.hteam(on[c]) != team else -4 for c in cells if c in on)
        return v - 0.2 * min(near(foes, c) for c in cells) + 0.1 * min(near(mine, c) for c in cells)
    if rit.move_cost > 1:
        return -min(near(foes, c) for c in cells) + 0.3 * min(near(mine, c) for c in cells)
    free = [c for c in cells if c not in blocked]
    v = sum(2 if s.hteam(on[c]) == team else -2 for c in free if c in on)
    return v - 0.3 * min(DIST[c][CENTER] for c in free) - 0.4 * min(near(mine, c) for c in free)


def terrain_value(s, h: int, x: int) -> float:
    """What ending a move on hex ``x`` is worth to hero ``h`` for the Ritual tokens there."""
    v = s.rhex[x]
    if v < 0:
        return 0.0
    ri = v >> 1
    rit = RITUALS[ri]
    if rit.damage:
        return 0.0 if s.r_shielded(h, ri) else -4.0
    if rit.attack or rit.defense:
        return 1.5
    if rit.heal:
        return 1.0 + (9 - s.hp[h]) * 0.3
    if rit.mana:
        return 1.0 if s.empty_slots(h) else 0.0
    return 0.0


def ritual_action(s, dec, la):
    """The baseline's action for a Ritual decision ``dec`` in the Arena, or None for another one."""
    kind, p = dec[0], dec[1]
    if kind == "r_place":
        ri = dec[2]
        return max(la, key=lambda a: (place_score(s, p, ri, a - A_RPLACE), -a))
    if kind == "r_surge":
        heroes = [a for a in la if a != A_DONE]
        if not heroes:
            return A_DONE
        return max(heroes, key=lambda a: (len(s.empty_slots(a - A_HERO)), -a))
    if kind == "r_remove":
        team, mine, _foes = _sides(s, p)

        def harm(a):  # how much the token helps the enemies / hurts us
            ri = a - A_RITUAL
            rit = RITUALS[ri]
            v = 0.0
            for h in range(NH):
                if s.alive(h) and s.rhex[s.pos[h]] >= 0 and s.rhex[s.pos[h]] >> 1 == ri:
                    ours = s.hteam(h) == team
                    bad = rit.damage or rit.move_cost > 1
                    v += (2 if ours else -1) if bad else (-2 if ours else 2)
            return v + (1 if rit.damage else 0)
        return max(la, key=lambda a: (harm(a), -a))
    if kind == "r_unused":
        def best(a):
            ri = a - A_RITUAL
            opts = s._r_place_opts(ri)
            top = max((place_score(s, p, ri, i) for i in opts), default=-99.0)
            return top + (2 if RITUALS[ri].damage else 0)
        return max(la, key=lambda a: (best(a), -a))
    return None


__all__ = ["BEST_TURN", "PREFERENCE", "RITUAL_INDEX", "choose_ritual", "choose_turn", "place_score",
           "ritual_action", "terrain_value"]

"""Heroes against monsters, Monster Selecting Targets (TH § Monster Priority List): the target
policies (the ``targeting`` config hook: ``TARGETING``, ``register_targeting``) and the monsters'
movement toward their targets."""

from __future__ import annotations

from ...cards import ITEMS, MONSTERS
from ..actions import (
    MAXHP,
    NH,
    PK,
)
from ..board import DIST, HEXES, NHEX, expand, hex_list


# ---------------------------------------------------------------- targeting policies (config hook)
def _est(s, h, strike) -> int:
    """Damage a strike would deal to ``h`` with an average die against an average defence (the
    monster's die 2.5 + bonus against a defence of 2, designed), after ``h``'s armor."""
    if strike.effect in ("slay", "devour"):
        return MAXHP
    diff = max(0, strike.bonus + 2 - 2)
    return max(1, s.reduce(h, diff + strike.damage, strike.dtype))


def _danger(s, h) -> int:
    return s.art_attack(h) + sum(ITEMS[i].damage for i in s.weapons(h)) + sum(s.mana[h])


def priority_policy(s, m, strike, cands) -> list[int]:
    """TH § Monster Selecting Targets, the Monster Priority List, as one deterministic order: (1) a
    hero the strike can kill (its estimated damage reaches the hero's Health), (2) the most damage
    after the hero's Resistances, (3) the most dangerous hero (artifact attack + weapon damage + Mana
    gems), (4) "just attack someone": the nearest, then the highest in the Ranking. Only public
    information is read (Health, armor, weapons, Mana, positions, Ranking)."""
    pos = s.mpos[m]

    def key(h):
        e = _est(s, h, strike)
        return (-(e >= s.hp[h]), -e, -_danger(s, h), DIST[pos][s.pos[h]] if pos >= 0 and s.pos[h] >= 0 else 99,
                s.rank_of(h))
    return sorted(cands, key=key)


def nearest_policy(s, m, strike, cands) -> list[int]:
    """An alternative hook: the nearest hero, then the highest in the Ranking."""
    pos = s.mpos[m]
    return sorted(cands, key=lambda h: (DIST[pos][s.pos[h]] if pos >= 0 and s.pos[h] >= 0 else 99, s.rank_of(h)))


#: name -> policy(state, monster slot, strike, candidate heroes) -> candidates best first. Register
#: more with ``register_targeting`` before building a game with ``targeting=name``.
TARGETING = {"priority": priority_policy, "nearest": nearest_policy}


def register_targeting(name: str, fn) -> None:
    TARGETING[name] = fn


class MonsterTargeting:
    """Target choice and movement (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ---- movement (designed: the deterministic policy below)
    def _m_reach(self, m) -> dict:
        """Free hexes the monster can end its move on, with their distance in steps (TH § Monster
        Stat Blocks: Speed; Fly passes over heroes and monsters; Teleport goes anywhere)."""
        mon = MONSTERS[self.mkind[m]]
        speed = 1 if self.token[PK["entangling_roots"]] == NH + m else mon.speed  # "will slow a monster down"
        occ = self.occupied()
        start = self.mpos[m]
        if mon.teleport and speed > 1:
            return {x: DIST[start][x] for x in range(NHEX) if x not in occ or x == start}
        # a breadth-first walk on bit sets (bit x = hex x), a layer per step; a flyer passes over the
        # occupied hexes without ending there (every caller orders the hexes itself)
        taken = 0
        for y in occ:
            taken |= 1 << y
        block = 0 if mon.fly else taken
        out = {start: 0}
        seen = frontier = 1 << start
        for step in range(1, speed + 1):
            frontier = expand(frontier) & ~(seen | block)
            if not frontier:
                break
            seen |= frontier
            for x in hex_list(frontier & ~taken):
                out[x] = step
        return out

    def _m_move(self, m, x) -> None:
        if x != self.mpos[m]:
            self.mpos[m] = x
            self._log(f"{MONSTERS[self.mkind[m]].name} moves to {HEXES[x]}")

    def _policy(self):
        return TARGETING[self.game.config["targeting"]]

    def _candidates(self, reach_from, rng) -> list[int]:
        owner, hp, pos, d = self.owner, self.hp, self.pos, DIST[reach_from]  # ``alive`` inlined
        return [h for h in range(NH) if owner[h] >= 0 and hp[h] > 0 and pos[h] >= 0 and d[pos[h]] <= rng]
    def _second(self, m, strike, cands, face) -> int:
        """The second strike of a two-strike face: the policy's choice; Spit and Impale prefers the
        hero the first strike hit (its +1 Attack Bonus), Dual Icy Claws the same hero (two hits slay)."""
        prev, hit = self.mcb["prev"]
        if prev in cands and ((face.special == "impale" and hit) or (face.special == "slay_if_both" and hit)):
            return prev
        return self._policy()(self, m, strike, cands)[0]

    def _m_approach(self, m, heroes, strike) -> None:
        """No hero in reach: move toward the policy's first choice (designed)."""
        spots = self._m_reach(m)
        t = self._policy()(self, m, strike, heroes)[0]
        best = min(spots, key=lambda x: (DIST[x][self.pos[t]], spots[x], x))
        self._m_move(m, best)

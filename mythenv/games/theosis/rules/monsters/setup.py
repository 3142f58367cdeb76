"""Heroes against monsters, setup (TH § Game Modes: Solo and Co-op, Light / Heavy Semi Co-op; TH §
Setting Up the Arena (Monster Modes)): the monster slots and the constants of the chapter, the
monsters' entry on the centre, the Initiative order the cooperating players choose, occupancy."""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ...cards import HEROES, MONSTERS, STATUSES, TOKENS
from ..actions import (
    A_HERO,
    MAXM,
    NH,
    PK,
)
from ..board import CENTER, FLOWER
from ..state import StateBase

_heroes_occupied = StateBase._occupied_now  # the heroes' part of ``occupied`` (``_occupied_now``)

ST = {k: i for i, k in enumerate(STATUSES)}
#: Curses that stay on a monster (TH § Monster Battles: Fiery Purge, Entangling Roots; the Cleanse
#: faces remove "All Curses", so Curses lie on monsters)
MON_CURSES = ("fiery_purge", "poison", "terror", "pacify", "entangling_roots")
MON_CURSE_CARDS = tuple(PK[k] for k in MON_CURSES)
#: Defense Skills that matter against a monster's strike (the others affect Mana or a Power of the
#: attacker, which a monster does not have: TH § Monster Battles)
MON_DEF_SKILLS = ("resonating_scales", "combat_kata", "unearthly_beauty", "regeneration", "unholy_armor")
AREA_REACH = ("all", "spell", "ring", "charge")


class MonsterSetup:
    """The monsters' slots, entry and the co-op Ranking (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    def m_alive(self, m: int) -> bool:
        return self.mkind[m] >= 0 and self.mpos[m] >= 0

    def monsters_alive(self) -> list[int]:
        return [m for m in range(MAXM) if self.mkind[m] >= 0 and self.mpos[m] >= 0]

    @task("arena_start")
    def _task_arena_start(self) -> None:
        super()._task_arena_start()
        if self.mmode:
            self._m_enter()

    def _m_enter(self) -> None:
        """TH § Setting Up the Arena (Monster Modes): the monsters "occupy seven hexes with the same
        layout that a spell occupies, and enter at the center of the Arena. If more than one monster
        enters the Arena, all monsters are situated adjacent to each other". Each monster stands on
        one hex inside the centre's seven-hex Spell area: the first on the centre, the others on
        neighbouring hexes of it and of each other (designed). Stamina stacks are drawn at random
        from the 13 tokens (TH § Monster Stamina: "selected randomly")."""
        spec = self.game.encounter_monsters
        boss = self.game.encounter_boss
        kinds = []
        for k, _n in spec:
            if k >= 0:
                kinds.append(k)
        for i, (k, _n) in enumerate(spec):
            if k < 0:
                pool = [x.index for x in MONSTERS if x.boss == boss and x.index not in kinds]
                kinds.insert(i, pool[int(self.rng.integers(len(pool)))])
        order = [int(x) for x in self.rng.permutation(len(TOKENS))]
        centre = FLOWER[CENTER]
        spots = [centre[0], centre[1], centre[2]]  # the centre and two neighbours adjacent to each other
        for m, (k, (_k, n)) in enumerate(zip(kinds, spec)):
            self.mkind[m] = k
            self.mpos[m] = spots[m]
            self.mstack[m] = order[:n]
            order = order[n:]
            self._log(f"{MONSTERS[k].name} enters the Arena with {n} Stamina Tokens")
        self.tpool = sorted(order)

    # ================================================================== the Initiative order
    @task("gold_start")
    def _task_gold_start(self) -> None:
        """TH § Setting Up the Arena (Monster Modes): "The cooperating players assign their Hero
        Initiative order as they prefer": no gold allocation; the Ranking is chosen position by
        position (designed: the seat choosing position k is the k-th from the initiative holder,
        clockwise, and may place any hero, its own or an ally's)."""
        if not self.mmode:
            super()._task_gold_start()
            return
        self.phase = "gold"
        self.ranking = []
        hs = [h for h in range(NH) if self.owner[h] >= 0]
        self.q.extend(["m_rank_pick", k] for k in range(len(hs)))
        self.q.append(["m_rank_done"])

    @task("m_rank_pick")
    def _task_m_rank_pick(self, k) -> None:
        left = [h for h in range(NH) if self.owner[h] >= 0 and h not in self.ranking]
        if len(left) == 1:
            self.ranking.append(left[0])
            return
        self._ask("m_rank", (self.initiative + k) % self.n, k)

    @lister("m_rank")
    def _options_m_rank(self, p, k):
        return [A_HERO + h for h in range(NH) if self.owner[h] >= 0 and h not in self.ranking]

    @decision("m_rank")
    def _decide_m_rank(self, fam, h, p, k):
        self.ranking.append(h)
        self._log(f"P{p} ranks {HEROES[h].name} {k + 1}")

    @task("m_rank_done")
    def _task_m_rank_done(self) -> None:
        self.phase = "place"
        for h in reversed(self.ranking):  # lowest rank is placed first (errata page 14)
            self.q.append(["place_one", h])
        self.q.append(["arena_start"])

    # ================================================================== occupancy
    def _occupied_now(self) -> dict:
        occ = _heroes_occupied(self)  # StateBase's, called directly: this runs for every move and area
        if self.mkind[0] >= 0:
            for m in range(MAXM):
                if self.mkind[m] >= 0 and self.mpos[m] >= 0:
                    occ[self.mpos[m]] = NH + m
        return occ

    def monster_at(self, x: int) -> int:
        for m in range(MAXM):
            if self.mkind[m] >= 0 and self.mpos[m] == x:
                return m
        return -1

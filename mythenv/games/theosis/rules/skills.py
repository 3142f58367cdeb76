"""Skills (TH § Appendix Skills): when each Skill can be used, its aim and its effect."""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import HEROES
from .actions import A_CARD, A_DIR, A_DONE, A_HERO, A_HEX, A_MON, A_NUM, A_SLOT, FIRE, ICE, LIGHT, NH, VOID
from .board import AREA_BITS, DISK, DIST, HEXES, NEIGH, NHEX, R


class Skills:
    """Skills (TH § Appendix Skills): when each Skill can be used, its aim and its effect."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ---- Skills (TH § Appendix Skills)
    CHARGE = ("northern_twin_strike", "smite", "avenge")
    LEAP = ("wings_of_wrath",)

    def _skill_range(self, h: int, key: str) -> int:
        if key == "far_sight":
            return 99
        if key == "chains_of_sorrow":
            return 5
        return self.attack_range(h)

    def _skill_targets_from(self, h: int, key: str, x: int) -> list[int]:
        rng = self._skill_range(h, key)  # --- Monsters: a monster is NH + m
        return self.single_targets(h, rng, at=x) + [NH + m for m in self.mon_targets(h, rng, at=x)]

    def _charge_dests(self, h: int, key: str, leap: bool) -> list[int]:
        """Where ``h`` may charge / leap to: a hex it can reach with a target of the Skill in range
        (``_skill_targets_from`` there)."""
        dests = self.reach(h, self.speed(h), leap=leap)
        if key == "resurgence" or not dests:
            return dests
        rng = min(self._skill_range(h, key), 2 * R)  # the whole board from anywhere beyond its diameter
        zone = 0  # the hexes with a target in range: the disks around every target
        for t in self.single_targets(h, 99):
            zone |= DISK[rng][self.pos[t]]
        for m in self.mon_targets(h, 99):
            zone |= DISK[rng][self.mpos[m]]
        return [x for x in dests if zone >> x & 1]

    def _area_target_bits(self, h: int) -> int:
        """The hexes holding what an area Skill of ``h`` hits (``area_any``'s test) as a bit set:
        a monster, or an enemy hero outside the starting triads of turn 1."""
        owner, team = self.owner, self.team
        mine = team[owner[h]]
        turn1 = self.turn == 1
        bits = 0
        for x, t in self.occupied().items():
            if t >= NH or t != h and team[owner[t]] != mine and not (turn1 and self.in_start_triad(t)):
                bits |= 1 << x
        return bits

    def _dirs_with_enemy(self, h: int, area: str) -> list[int]:
        return [d for d in range(6) if self.area_any(h, self.area_cells(h, area, d))]

    def _skill_ok(self, h: int, s: int) -> bool:
        if not self.mana[h][s]:
            return False
        sk = self.skill(h, s)
        key = sk.key
        if sk.kind == "defence":
            return False
        if sk.kind == "ritual":  # --- Rituals: Equilibrium, Terrashaper (rituals.py)
            return self.r_skill_ok(h, key)
        if sk.kind in ("attack", "auto") and self.pacified(h):
            return False
        if sk.kind == "attack":
            if sk.area == "single":
                rng = self._skill_range(h, key)  # ``_skill_targets_from`` not empty:
                if self.single_targets(h, rng) or self.mon_targets(h, rng):
                    return True
                return (key in self.CHARGE or key in self.LEAP) and bool(self._charge_dests(h, key, key in self.LEAP))
            # a Ring, Line or Cone: ``area_any`` over its cells (in any direction), by bit sets
            cells = AREA_BITS.get(sk.area)
            return cells is not None and bool(cells[self.pos[h]] & self._area_target_bits(h))
        if sk.kind == "auto":
            return True
        if key == "teleport":
            return self.can_move(h)
        if key == "vile_surge":
            return any(self.alive(t) and not self.allies(h, t) and self.mana_slots(t) for t in range(NH))
        if key == "blackout":
            return any(self.alive(t) and t != h and not self.acted[t] for t in range(NH))
        if key == "holy_surge":
            return any(self.alive(t) and t != h and self.empty_slots(t) for t in range(NH))
        if key == "crimson_offering":
            return not self.pacified(h) and bool(self._crimson_allies(h))
        if key == "stealth":
            return not self.stealth[h]
        return True

    def _crimson_allies(self, h):
        return [t for t in NEIGH[self.pos[h]] for t in [self.occupant(t)]
                if t >= 0 and t != h and self.allies(h, t) and self.hp[t] >= 2]

    @lister("skill_use")
    def _options_skill_use(self, p, h):
        return [A_SLOT + s for s in range(3) if self._skill_ok(h, s)]

    @decision("skill_use")
    def _decide_skill_use(self, fam, s, p, h):
        sk = self.skill(h, s)
        key = sk.key
        self.mana[h][s] = 0  # the Mana gem is removed (TH § Hero Actions, row six)
        self._log(f"{HEROES[h].name} uses {sk.name}")
        if key == "stealth":
            self.stealth[h] = 1  # the gem sits on the hero's base
        if sk.kind == "attack":
            if key in self.CHARGE or key in self.LEAP:
                self._push(["ask", "move", p, h, "leap" if key in self.LEAP else "charge", key],
                           ["sk_aim", h, key])
            else:
                self._push(["sk_aim", h, key])
            return
        # auto-damage and utility Skills still use a Power face down (the chart's sixth row)
        self._push(["ask", "discard", p, h, 0], ["sk_effect", h, key])

    @task("sk_aim")
    def _task_sk_aim(self, h, key) -> None:
        sk = self.skill(h, self.skill_slot(h, key))
        p = self.owner[h]
        if sk.area == "single":
            if self._skill_targets_from(h, key, self.pos[h]):
                self._ask("sk_target", p, h, key)
            else:
                self._log(f"{sk.name} finds no target")
                self._push(["ask", "discard", p, h, 0])
        elif sk.area == "ring":
            self._start_combat(h, "skill", key, -1, self.area_targets(h, NEIGH[self.pos[h]]), False)
        else:
            self._ask("sk_dir", p, h, key)

    @lister("sk_target")
    def _options_sk_target(self, p, h, key):
        return [A_HERO + t if t < NH else A_MON + t - NH for t in self._skill_targets_from(h, key, self.pos[h])]

    @decision("sk_target")
    def _decide_sk_target(self, fam, t, p, h, key):
        if fam == "monster":  # --- Monsters
            self._start_combat(h, "skill", key, -1, [NH + t], False)
            return
        self._start_combat(h, "skill", key, -1, [t], DIST[self.pos[h]][self.pos[t]] == 1)

    @lister("sk_dir")
    def _options_sk_dir(self, p, h, key):
        area = self.skill(h, self.skill_slot(h, key)).area
        return [A_DIR + d for d in self._dirs_with_enemy(h, area)] or [A_DIR + d for d in range(6)]

    @decision("sk_dir")
    def _decide_sk_dir(self, fam, d, p, h, key):
        area = self.skill(h, self.skill_slot(h, key)).area
        self._start_combat(h, "skill", key, -1, self.area_targets(h, self.area_cells(h, area, d)), False)

    @task("sk_effect")
    def _task_sk_effect(self, h, key) -> None:
        p = self.owner[h]
        sk = self.skill(h, self.skill_slot(h, key))
        if sk.kind == "auto":
            # "All enemies automatically take two damage", reduced by armor and shields only
            self._push(*[["hurt", h, t, 2, sk.dtype, 1, [], sk.name, 0] for t in sorted(range(NH), key=self.rank_of)
                         if self.alive(t) and not self.allies(h, t) and not self.in_start_triad(t)],
                       *[["m_hurt", h, m, 2, sk.dtype] for m in self.monsters_alive()])  # --- Monsters
            return
        if key == "resurgence":
            self._push(["ask", "move", p, h, "leap", key], ["ask", "mana_gain", p, h])
        elif key == "teleport":
            self._push(["ask", "teleport", p, h])
        elif key == "vile_surge":
            self._ask("vile_target", p, h)
        elif key == "blackout":
            self._ask("blackout", p, h)
        elif key == "lay_on_hands":
            self._ask("lay_target", p, h)
        elif key == "catharsis":
            group = [h] + [t for t in (self.occupant(x) for x in NEIGH[self.pos[h]])
                           if t >= 0 and self.allies(h, t)]
            for t in group:
                self.heal(t, 1)
            self._push(*[["ask", "uncurse", self.owner[t], t] for t in group if self.curses_on(t)])
        elif key == "panacea":
            group = [t for t in sorted(range(NH), key=self.rank_of) if self.alive(t) and self.allies(h, t)]
            for t in group:
                self.heal(t, 2)
            self._push(*[["ask", "mana_gain", self.owner[t], t] for t in group])
        elif key == "holy_surge":
            self._ask("holy_target", p, h)
        elif key == "cure":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.heal(t, 3)
        elif key == "martyrdom":
            self.martyr[h] = 1
            self.kill(h, "Martyrdom")
            for t in range(NH):
                if self.alive(t) and self.allies(h, t) and t != h:
                    self.heal(t, 6)
                    for s in self.empty_slots(t):  # up to 3 gems fill every empty skill
                        self.mana[t][s] = 1
        elif key == "crimson_offering":
            self._ask("crimson_target", p, h)
        elif key == "bondage":
            self.bondage = h
        elif key in ("equilibrium", "terrashaper"):  # --- Rituals (rituals.py)
            self.r_skill_effect(h, key)
        elif key == "cleansing_wind":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.remove_curses(t)

    HURT_SKILLS = ("resonating_scales", "regeneration")

    @task("hurt")
    def _task_hurt(self, src, t, amount, dt, reducible, prot, why, record) -> None:
        """Damage outside a combat duel. FAQ (Resonating Scales): Defense Skills can be used whenever
        the hero is about to take damage, so a hero with Resonating Scales or Regeneration ready
        is asked first."""
        if not self.alive(t) or amount <= 0:
            return
        opts = [s for s in range(3) if self.mana[t][s] and self.skill(t, s).key in self.HURT_SKILLS]
        if reducible == 0:  # damage no protection reduces: only Regeneration helps
            opts = [s for s in opts if self.skill(t, s).key == "regeneration"]
        if opts:
            self._ask("hurt_def", self.owner[t], src, t, amount, dt, reducible, prot, why, record)
        else:
            self._hurt(t, amount, dt, reducible, prot, why, record, "")

    @lister("hurt_def")
    def _options_hurt_def(self, p, src, t, amount, dt, reducible, prot, why, record):
        keys = self.HURT_SKILLS if reducible else ("regeneration",)
        return [A_SLOT + s for s in range(3) if self.mana[t][s] and self.skill(t, s).key in keys] + [A_DONE]

    @decision("hurt_def")
    def _decide_hurt_def(self, fam, s, p, src, t, amount, dt, reducible, prot, why, record):
        key = ""
        if fam == "slot":
            key = self.skill(t, s).key
            self.mana[t][s] = 0
        self._hurt(t, amount, dt, reducible, prot, why, record, key)

    def _hurt(self, t, amount, dt, reducible, prot, why, record, defkey):
        if reducible:
            extra = tuple(prot) + ((LIGHT, VOID, FIRE, ICE) if defkey == "resonating_scales" else ())
            amount = self.reduce(t, amount, dt, extra_prot=extra)
        if record and self.cb is not None and self.cb["du"] is not None:
            self.cb["du"]["back"] = min(amount, self.hp[t])
        self.lose_hp(t, amount, why)
        if defkey == "regeneration" and self.alive(t):
            self.heal(t, 4)

    @lister("teleport")
    def _options_teleport(self, p, h):
        occ = self.occupied()
        return [A_HEX + x for x in range(NHEX) if x not in occ and not self.r_blocked(x)]

    @decision("teleport")
    def _decide_teleport(self, fam, x, p, h):
        self.pos[h] = x
        self._log(f"{HEROES[h].name} teleports to {HEXES[x]}")
        self.r_arrive(h)
        if any(self.alive(t) and t != h and self.mana_slots(t) for t in range(NH)):
            self._ask("steal_from", p, h)

    @lister("steal_from")
    def _options_steal_from(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and self.mana_slots(t)] + [A_DONE]

    @decision("steal_from")
    def _decide_steal_from(self, fam, t, p, h):
        if fam == "done":
            return
        self._ask("steal_slot", p, h, t)

    @lister("steal_slot")
    def _options_steal_slot(self, p, h, t):
        return [A_SLOT + s for s in self.mana_slots(t)]

    @decision("steal_slot")
    def _decide_steal_slot(self, fam, s, p, h, t):
        self.mana[t][s] = 0
        self._push(["ask", "mana_gain", p, h])

    @lister("vile_target")
    def _options_vile_target(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and not self.allies(h, t) and self.mana_slots(t)]

    @decision("vile_target")
    def _decide_vile_target(self, fam, t, p, h):
        """Vile Surge: a skill slot holds one gem, so "up to 3" empties every skill (designed:
        removing fewer is never better for the caster)."""
        self.mana[t] = [0, 0, 0]

    @lister("blackout")
    def _options_blackout(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and not self.acted[t]]

    @decision("blackout")
    def _decide_blackout(self, fam, t, p, h):
        self.blackout[t] = 1

    @lister("lay_target")
    def _options_lay_target(self, p, h):
        return [A_HERO + t for t in [h] + [self.occupant(x) for x in NEIGH[self.pos[h]]]
                if t >= 0 and self.allies(h, t)]

    @decision("lay_target")
    def _decide_lay_target(self, fam, t, p, h):
        self.heal(t, 4)
        self.remove_curses(t)

    @lister("uncurse")
    def _options_uncurse(self, p, t):
        return [A_CARD + c for c in self.curses_on(t)] + [A_DONE]

    @decision("uncurse")
    def _decide_uncurse(self, fam, c, p, t):
        if fam == "card":
            self.token[c] = -1

    @lister("holy_target")
    def _options_holy_target(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and self.empty_slots(t)]

    @decision("holy_target")
    def _decide_holy_target(self, fam, t, p, h):
        """Holy Surge: up to 3 gems; each skill holds one, so every empty skill fills (the receiver
        has no allocation left to decide)."""
        for s in self.empty_slots(t)[:3]:
            self.mana[t][s] = 1

    @lister("crimson_target")
    def _options_crimson_target(self, p, h):
        return [A_HERO + t for t in self._crimson_allies(h)]

    @decision("crimson_target")
    def _decide_crimson_target(self, fam, t, p, h):
        self._ask("crimson_amount", self.owner[t], h, t)

    @lister("crimson_amount")
    def _options_crimson_amount(self, p, h, t):
        return [A_NUM + k for k in range(0, min(9, self.hp[t] - 1) + 1)]

    @decision("crimson_amount")
    def _decide_crimson_amount(self, fam, k, p, h, t):
        """Crimson Offering: the willing ally picks the damage, never below 1 Health (errata p.36)."""
        if k:
            self.hp[t] -= k
            self.heal(h, 2 * k)

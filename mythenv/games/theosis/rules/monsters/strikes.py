"""Heroes against monsters, Monster Attacking (TH § Monster Attacking, § Monster Battles): one
strike of a face, the heroes' face-down defence Powers and Defense Skills, the monster's attack
die, the outcome and the strike's effects, Sick Duel."""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister, task

from ...cards import HEROES, ITEMS, MONSTERS, POWERS
from ..actions import (
    A_CARD,
    A_DONE,
    A_SLOT,
    ARM,
    NH,
    OFF,
    PHYS,
    PK,
    VOID,
    W,
)
from ..board import DIST, FLOWER, LINE, NHEX, NMASK
from .setup import MON_DEF_SKILLS


class MonsterStrikes:
    """The monsters' strikes (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)


    @task("m_strike")
    def _task_m_strike(self, m, tb, f, j) -> None:
        """One strike of a face: choose the targets (and move first, before the first strike), then
        every target commits a Power face down (and may answer with a Defense Skill), then the
        monster's attack die is rolled for each (TH § Monster Attacking)."""
        if not self.m_alive(m) or self.mcb is None:
            return
        face = MONSTERS[self.mkind[m]].faces[tb][f]
        strike = face.strikes[j]
        pol = self._policy()
        mc = self.mcb
        owner, hp, hpos = self.owner, self.hp, self.pos  # ``alive`` inlined
        heroes = [h for h in range(NH) if owner[h] >= 0 and hp[h] > 0 and hpos[h] >= 0]
        if not heroes:
            return
        targets: list[int] = []
        reach = strike.reach
        if reach == "adjacent":
            if j == 0:
                spots = self._m_reach(m)
                near = 0  # the hexes next to a spot (bit x = hex x): a hero there can be struck
                for x in spots:
                    near |= NMASK[x]
                cands = [h for h in heroes if near >> self.pos[h] & 1]
                if cands:
                    t = pol(self, m, strike, cands)[0]
                    best = min((x for x in spots if DIST[x][self.pos[t]] == 1), key=lambda x: (spots[x], x))
                    self._m_move(m, best)
                    targets = [t]
                else:
                    self._m_approach(m, heroes, strike)
            else:
                cands = self._candidates(self.mpos[m], 1)
                if cands:
                    targets = [self._second(m, strike, cands, face)]
        elif reach == "ranged":
            if j == 0 and not self._candidates(self.mpos[m], 5):
                self._m_approach(m, heroes, strike)
            cands = self._candidates(self.mpos[m], 5)
            if face.special == "apart3" and j == 1:
                first = mc["first"]
                cands = [h for h in cands if h != first and (first < 0 or DIST[self.pos[h]][self.pos[first]] >= 3)]
            if cands:
                targets = [self._second(m, strike, cands, face) if j else pol(self, m, strike, cands)[0]]
        elif reach == "all":
            targets = [h for h in heroes if not self.in_start_triad(h)]
        elif reach == "spell":
            top = pol(self, m, strike, heroes)[0]

            def hits(x):
                return [h for h in heroes if self.pos[h] in FLOWER[x] and not self.in_start_triad(h)]
            x = max(range(NHEX), key=lambda x: (len(hits(x)), top in hits(x), -x))
            targets = hits(x)
        elif reach == "ring":
            spots = self._m_reach(m)

            def adj(x):
                return [h for h in heroes if DIST[x][self.pos[h]] == 1 and not self.in_start_triad(h)]
            x = max(spots, key=lambda x: (len(adj(x)), -spots[x], -x))
            if adj(x):
                self._m_move(m, x)
            targets = adj(self.mpos[m])
        elif reach == "charge":
            pos = self.mpos[m]

            def line(d):
                return [h for h in heroes if self.pos[h] in LINE[pos][d] and not self.in_start_triad(h)]
            d = max(range(6), key=lambda d: (len(line(d)), -d))
            targets = line(d)
        targets = sorted(targets, key=self.rank_of)
        if j == 0 and targets:
            mc["first"] = targets[0]
        mc.update(j=j, targets=targets, dcards=[-1] * len(targets), dskills=[""] * len(targets),
                  dvals=[[-1, -1] for _ in targets], rolls=[0] * len(targets), hits=[0] * len(targets))
        if not targets:
            self._log(f"{MONSTERS[self.mkind[m]].name}'s {face.name} finds no target")
            return
        tasks = []
        for i, h in enumerate(targets):
            tasks += [["ask", "m_commit", self.owner[h], h, i], ["m_defskill", i]]
        tasks += [["m_duel", i] for i in range(len(targets))]
        tasks.append(["m_strike_end"])
        self._push(*tasks)

    @lister("m_commit")
    def _options_m_commit(self, p, h, i):
        return [A_CARD + c for c in self.hand_of(h)]

    @decision("m_commit")
    def _decide_m_commit(self, fam, c, p, h, i):
        self.commit_card(p, c)
        self.mcb["dcards"][i] = c

    def _mdef_opts(self, h) -> list[int]:
        return [s for s in self.mana_slots(h) if self.skill(h, s).key in MON_DEF_SKILLS]

    @task("m_defskill")
    def _task_m_defskill(self, i) -> None:
        h = self.mcb["targets"][i]
        if self.alive(h) and self._mdef_opts(h):
            self._ask("m_defskill", self.owner[h], h, i)

    @lister("m_defskill")
    def _options_m_defskill(self, p, h, i):
        return [A_SLOT + s for s in self._mdef_opts(h)] + [A_DONE]

    @decision("m_defskill")
    def _decide_m_defskill(self, fam, s, p, h, i):
        if fam == "slot":
            self.mcb["dskills"][i] = self.skill(h, s).key

    @task("m_duel")
    def _task_m_duel(self, i) -> None:
        mc = self.mcb
        h = mc["targets"][i]
        m = mc["m"]
        c = mc["dcards"][i]
        if not self.alive(h) or not self.m_alive(m) or c < 0:
            return
        self.reveal(c)
        dkey = mc["dskills"][i]
        if dkey:
            self.mana[h][self.skill_slot(h, dkey)] = 0
            self._log(f"{HEROES[h].name} answers with {self.skill(h, self.skill_slot(h, dkey)).name}")
        mc["rolls"][i] = int(self.rng.integers(1, 5))
        mc["dvals"][i] = self._m_values(c, "defence")
        self._push(["m_outcome", i])
        self._m_dtext(i)

    def _m_dtext(self, i) -> None:
        """The defender's Power text against a monster's strike (TH § Monster Battles): Equalize turns
        the die into a 1, Confusion / Oppress force a reroll, Tactics picks another Power after the
        roll; none of them with a Defense Skill (the Power then gives its values only)."""
        mc = self.mcb
        h = mc["targets"][i]
        if mc["dskills"][i]:
            return
        key = POWERS[mc["dcards"][i]].key
        p = self.owner[h]
        if key == "equalize":
            mc["rolls"][i] = 1
        elif key in ("confusion", "oppress"):
            self._ask("yn", p, "m_reroll_att", i)
        elif key == "tactics":
            self._ask("m_tactics", p, h, i)
        elif key == "raise_the_dead" and self.disc[p]:
            self._ask("m_raise", p, h, i)

    @handles("yes_no", "m_reroll_att")
    def _answer_m_reroll_att(self, yes, p, du, i):
        if yes:
            self.mcb["rolls"][i] = int(self.rng.integers(1, 5))
            self._log(f"the monster rerolls its attack die: {self.mcb['rolls'][i]}")

    @task("m_outcome")
    def _task_m_outcome(self, i) -> None:
        mc = self.mcb
        h = mc["targets"][i]
        m = mc["m"]
        if not self.alive(h) or not self.m_alive(m):
            return
        mon = MONSTERS[self.mkind[m]]
        face = mon.faces[mc["tb"]][mc["f"]]
        strike = face.strikes[mc["j"]]
        at = mc["rolls"][i] + strike.bonus - (1 if self.token[PK["terror"]] == NH + m else 0)
        if face.special == "impale" and mc["j"] == 1 and mc["prev"] == [h, 1]:
            at += 1  # "If first is successful, the second on the same target gets +1 Attack Bonus"
        dkey = mc["dskills"][i]
        vals = mc["dvals"][i]
        base = vals[1]
        if dkey == "combat_kata":
            base = max(vals)
        elif dkey == "unearthly_beauty":
            base = int(self.rng.integers(1, 5))
        c = mc["dcards"][i]
        df = base + self.art_defense(h) + self._ritual_bonus(h, "defense")
        if self.token[PK["aegis"]] == h:
            df += 1
        if self.token[PK["poison"]] == h:
            df -= 1
        win = at > df  # ties go to the hero: monsters rank below every hero
        self._log(f"{mon.name}'s {face.name} on {HEROES[h].name}: {at} vs {df} -> {'hit' if win else 'defended'}")
        mc["hits"][i] = int(win)
        dtext = "" if dkey else POWERS[c].key
        if not win:
            if dtext == "last_stand":
                r = self.rank_of(h)
                if 0 < r < len(self.ranking):
                    self.ranking[r - 1], self.ranking[r] = self.ranking[r], self.ranking[r - 1]
            if dkey == "regeneration":
                self.heal(h, 4)
            return
        eff = strike.effect
        prev = mc["prev"]
        both = face.special == "slay_if_both" and mc["j"] == 1 and prev == [h, 1]
        if eff in ("slay", "devour") or both:
            if eff == "devour":
                self.martyr[h] = 1  # "They can not be resurrected"
                self._m_gain(m, 1)  # "Gain 1 Stamina Tile"
            self.kill(h, f"{mon.name}'s {face.name}")
            return
        prot = self.protections(h, c if not dkey else -1, dkey)
        amount = max(0, at - df) + strike.damage
        dealt = self.reduce(h, amount, strike.dtype, extra_prot=prot)
        if dtext == "despair":
            dealt //= 2
        dealt = max(1, dealt)  # the victorious attacker always inflicts at least one Damage
        got = min(dealt, self.hp[h])
        self.lose_hp(h, dealt, f"{mon.name}'s {face.name}")
        tasks = []
        if got and dtext == "pain_spike":
            # "Pain Spike may end up removing a Stamina Token": half the damage, ignoring Resistance
            tasks.append(["m_spike", m, got // 2, h])
        if got and dkey == "unholy_armor":
            tasks.append(["m_hurt", h, m, got // 2, VOID])
        if got and dtext == "lifeswap" and len(self.mstack[m]) > 1:
            tasks.append(["ask", "yn", self.owner[h], "m_bottom", m])
        if dkey == "regeneration" and self.alive(h):
            self.heal(h, 4)
        if self.alive(h):
            self._m_effect(h, m, eff)
        if tasks:
            self._push(*tasks)

    @task("m_spike")
    def _task_m_spike(self, m, amount, h) -> None:
        if self.m_alive(m) and amount > 0:
            self._log(f"Pain Spike: {MONSTERS[self.mkind[m]].name} takes {amount}")
            self.m_wound(m, amount, self.owner[h])

    def _m_effect(self, h, m, eff) -> None:
        name = HEROES[h].name
        if eff == "paralyze":
            self.para[h] = 1  # flips the Ranking Token: does not act next turn
        elif eff == "swallow":
            self.swal[h] = m + 1
            self.pos[h] = -1  # inside the monster: off the board until freed
        elif eff == "enslave":
            self.ensl[h] = 1
        elif eff == "anchor":
            self.anchor[h] = m + 1
        elif eff == "destroy_weapon":
            for s in (W, OFF):
                i = self.eq[h][s]
                if i >= 0 and ITEMS[i].weapon:
                    self.eq[h][s] = -1
                    self.gone.append(i)
                    break
        elif eff == "destroy_armor":
            for s in (ARM, OFF):
                i = self.eq[h][s]
                if i >= 0 and not ITEMS[i].weapon:
                    self.eq[h][s] = -1
                    self.gone.append(i)
        elif eff == "burn_mana":
            self.mana[h] = [0, 0, 0]
        if eff:
            self._log(f"{name}: {eff.replace('_', ' ')}")

    @task("m_strike_end")
    def _task_m_strike_end(self) -> None:
        mc = self.mcb
        if mc is None:
            return
        for h, c in zip(mc["targets"], mc["dcards"]):
            p = self.owner[h]
            if c >= 0 and c in self.inplay[p]:
                self.to_discard(p, c, hidden=False)
        for p in range(self.n):
            for c in list(self.inplay[p]):
                self.to_discard(p, c, hidden=not (self.vis[c] == self._all_bits()))
        if mc["targets"]:
            t0 = mc["targets"][0]
            mc["prev"] = [t0, mc["hits"][0]]

    # ---- Sick Duel
    def _best_attack_card(self, p) -> int:
        self.refill(p)
        return max(self.hand[p], key=lambda c: (POWERS[c].attack, -POWERS[c].defense, -c))

    def _sick_duel(self, m) -> None:
        """Sick Duel: "Target two Heroes that can both attack each other. Both Heroes must immediately
        attack each other simultaneously with their highest Attack Power Card." Designed: the pair is
        the first in Ranking order (heroes of two players first) where each is in the other's attack
        range; each plays its highest-Attack Power, and each attack compares that Power's Attack with
        the other's Defense (simultaneous: one card each), values only."""
        hs = [h for h in sorted(range(NH), key=self.rank_of) if self.alive(h)]
        pairs = [(x, y) for i, x in enumerate(hs) for y in hs[i + 1:]
                 if DIST[self.pos[x]][self.pos[y]] <= min(self.attack_range(x), self.attack_range(y))]
        if not pairs:
            return
        pairs.sort(key=lambda xy: self.owner[xy[0]] == self.owner[xy[1]])
        x, y = pairs[0]
        px, py = self.owner[x], self.owner[y]
        cx = self._best_attack_card(px)
        self.commit_card(px, cx)
        cy = self._best_attack_card(py)
        self.commit_card(py, cy)
        self.reveal(cx)
        self.reveal(cy)
        for a, d, ca, cd in ((x, y, cx, cy), (y, x, cy, cx)):
            at = POWERS[ca].attack + self.art_attack(a)
            df = POWERS[cd].defense + self.art_defense(d)
            if at > df or (at == df and self.rank_of(a) < self.rank_of(d)):
                chunks = [[at - df, POWERS[ca].dtype]] + [[ITEMS[i].damage, ITEMS[i].dtype if ITEMS[i].dtype != PHYS
                                                          else POWERS[ca].dtype] for i in self.weapons(a)]
                by: dict[int, int] = {}
                for amt, dt in chunks:
                    by[dt] = by.get(dt, 0) + amt
                dealt = max(1, sum(self.reduce(d, amt, dt) for dt, amt in by.items()))
                self.lose_hp(d, dealt, f"Sick Duel with {HEROES[a].name}")
        for p, c in ((px, cx), (py, cy)):
            if c in self.inplay[p]:
                self.to_discard(p, c, hidden=False)

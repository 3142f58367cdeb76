"""Heroes against monsters, the monsters' turn (TH § Monster Stat Blocks, § Monster Action Die):
the monsters act after all heroes, the Action Die of each table, every non-striking face
(statuses, Cleanse, Stamina gain, area damage), and the heroes under monster statuses
(paralysed, enslaved, Pain Anchor, swallowed)."""

from __future__ import annotations

from mythenv.core.engine import task

from ...cards import HEROES, ITEMS, MONSTERS, STATUSES
from ..actions import (
    NC,
    NH,
    PHYS,
    PK,
    TURNS,
    VOID,
)
from ..board import DIST
from .setup import MAXM, ST


class MonsterTurn:
    """The monsters' turn and its statuses (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ================================================================== the monsters' turn
    @task("turn_end")
    def _task_turn_end(self) -> None:
        """TH § Setting Up the Arena (Monster Modes): "The opposing monsters always act at the end of
        each turn after all Heroes have acted"; then the swallowed heroes lose 1D4."""
        if self.mmode and self.mphase == 0:
            if self.mact != self.turn:
                self.mact = self.turn
                tasks = []
                for m in range(MAXM):
                    if self.mkind[m] >= 0:
                        for tb in range(len(MONSTERS[self.mkind[m]].tables)):
                            tasks.append(["m_act", m, tb, 1])
                self._push(*tasks, ["m_endturn"], ["turn_end"])
                return
            if self.turn >= TURNS:
                self._m_over(False, "a monster still stands at the end of turn 9")
                return
            if self.bondage >= 0:
                self.bondage = -1
            self._push(["turn_start"])
            return
        super()._task_turn_end()

    @task("m_endturn")
    def _task_m_endturn(self) -> None:
        for h in sorted(range(NH), key=self.rank_of):
            if self.swal[h] and self.hp[h] > 0:
                k = int(self.rng.integers(1, 5))
                self.hp[h] = max(0, self.hp[h] - k)
                self._log(f"{HEROES[h].name} loses {k} inside {MONSTERS[self.mkind[self.swal[h] - 1]].name}")
                if self.hp[h] == 0:
                    self.swal[h] = 0
                    self.kill(h, "swallowed")

    @task("m_act")
    def _task_m_act(self, m, tb, regular) -> None:
        if not self.m_alive(m) or self.winner != -2:
            return
        if regular and tb == 0:
            self.mstat[m] = [0] * len(STATUSES)  # statuses last until the monster acts again
        f = int(self.rng.integers(0, 6))
        self.mlast[m][tb] = f
        mon = MONSTERS[self.mkind[m]]
        face = mon.faces[tb][f]
        self._log(f"{mon.name} ({mon.tables[tb]}) rolls {face.name}")
        self._push(["m_face", m, tb, f])

    @task("m_face")
    def _task_m_face(self, m, tb, f) -> None:
        mon = MONSTERS[self.mkind[m]]
        face = mon.faces[tb][f]
        sp = face.special
        if face.strikes:
            if self.token[PK["pacify"]] == NH + m:
                self._log(f"{mon.name} is pacified and cannot attack")
                return
            self.mcb = {"m": m, "tb": tb, "f": f, "j": 0, "targets": [], "dcards": [], "dskills": [], "dvals": [],
                        "rolls": [], "prev": [-1, 0], "first": -1}
            self._push(*[["m_strike", m, tb, f, j] for j in range(len(face.strikes))], ["m_face_end"])
            return
        self._m_special(m, sp)

    @task("m_face_end")
    def _task_m_face_end(self) -> None:
        self.mcb = None

    def _cleanse(self, m) -> None:
        for c in range(NC):
            if self.token[c] == NH + m:
                self.token[c] = -1

    def _m_special(self, m, sp) -> None:
        name = MONSTERS[self.mkind[m]].name
        heroes = [h for h in sorted(range(NH), key=self.rank_of) if self.alive(h)]
        if sp == "diamond_skin":
            self._cleanse(m)
            if self.mstack[m]:
                self.mdown[m] = 1
        elif sp == "evolving_skin":
            self._cleanse(m)
            if self.mgone[m]:
                tok = self.mgone[m].pop()  # designed: the token removed last
                for q in range(self.n):
                    if tok in self.kept[q]:
                        self.kept[q].remove(tok)
                self.mstack[m].insert(0, tok)
                self.mdown[m] = 0
        elif sp in ST:
            self.mstat[m][ST[sp]] = 1
            if sp == "demonic_haste" and self.mstack[m]:
                # "all Stamina Tokens are randomized and flipped down"
                self.mstack[m] = [self.mstack[m][int(j)] for j in self.rng.permutation(len(self.mstack[m]))]
                self.mdown[m] = 2
        elif sp == "symbiotic_regeneration":
            self._cleanse(m)
            self._m_gain(m, 2)
        elif sp == "heroic_might":
            # "Roll the Action Die again, once for the Dragon and once for the Rider"
            self._push(["m_act", m, 0, 0], ["m_act", m, 1, 0])
        elif sp == "pandemonium":
            # errata p.47: "All Heroes receive Damage equal to the total Damage bonus of the weapons
            # they have equipped. Resistance and Protection do not reduce this damage."
            for h in heroes:
                dmg = sum(ITEMS[i].damage for i in self.weapons_eq(h))
                if dmg:
                    self.lose_hp(h, dmg, "Pandemonium")
        elif sp == "numbness":
            for h in heroes:
                if DIST[self.pos[h]][self.mpos[m]] == 1:
                    self.para[h] = 1
                    self._log(f"{HEROES[h].name} is paralyzed")
        elif sp == "arcane_breath":
            from ..actions import FIRE, ICE, LIGHT
            self._push(*[["hurt", -1, h, 2, dt, 1, [], "Arcane Breath", 0] for h in heroes
                         if not self.in_start_triad(h) for dt in (LIGHT, VOID, FIRE, ICE)])
        elif sp == "rain_of_spines":
            self._push(*[["hurt", -1, h, 6, PHYS, 1, [], "Rain of Spines", 0] for h in heroes
                         if not self.in_start_triad(h)])
        elif sp == "sick_duel":
            self._sick_duel(m)
        self._log(f"{name}: {sp.replace('_', ' ')}")

    def _m_gain(self, m, k) -> None:
        """Gain Stamina Tiles (Devour the Soul, Symbiotic Regeneration): drawn at random from the unused
        tokens, placed under the pile (designed: the top stays the one the heroes see)."""
        for _ in range(k):
            if not self.tpool:
                return
            tok = self.tpool.pop(int(self.rng.integers(len(self.tpool))))
            self.mstack[m].append(tok)

    # ================================================================== heroes under statuses
    @task("hero_turn")
    def _task_hero_turn(self, h) -> None:
        if self.mkind[0] >= 0 and self.alive(h):
            if self.para[h]:
                self.para[h] = 0  # the Ranking Token flips back after this turn
                self._log(f"{HEROES[h].name} is paralyzed this turn")
                self._push(["hero_end", h])
                if self.rtok:  # --- Rituals: a paralysed hero still starts its turn on the Wall of Fire (errata p.45)
                    self._push(["r_turn_fire", h])
                return
            if self.ensl[h]:
                self.ensl[h] = 0
                self._push(["m_enslaved", h], ["hero_end", h])
                if self.rtok:  # --- Rituals: so does an enslaved one
                    self._push(["r_turn_fire", h])
                return
        super()._task_hero_turn(h)

    @task("m_enslaved")
    def _task_m_enslaved(self, h) -> None:
        """Enslave (FAQ): "A hero resolving the Enslave ability will make a normal attack by playing a
        Power Card from their hand to initiate combat. The defender then will also play a Power Card
        to defend. If the attack is successful, the attacker rolls a D4 and the result is the final
        Damage this attack deals." The closest ally (designed: ties to the higher Ranking; any
        distance, no move)."""
        if not self.alive(h):
            return
        allies = [t for t in range(NH) if t != h and self.alive(t) and self.allies(h, t)]
        if not allies:
            self._log(f"{HEROES[h].name} is enslaved but has no ally to attack")
            return
        t = min(allies, key=lambda t: (DIST[self.pos[h]][self.pos[t]], self.rank_of(t)))
        self._log(f"{HEROES[h].name} is enslaved and attacks {HEROES[t].name}")
        self._start_combat(h, "power", "", -1, [t], False)
        self.cb["enslave"] = 1

    def lose_hp(self, h: int, amount: int, why: str) -> None:
        if amount > 0 and self.anchor[h] and self.alive(h):
            self.anchor[h] = 0  # Pain Anchor ends: "until they're wounded" (FAQ: any damage)
        super().lose_hp(h, amount, why)

    def kill(self, h: int, why: str) -> None:
        super().kill(h, why)
        self.para[h] = self.ensl[h] = self.anchor[h] = self.swal[h] = 0

"""Attack and Defense (TH § Attack and Defense): starting a combat, the commits, Defense Skills, each
duel and its Attack and Defense totals, hit or miss.
"""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import HEROES, POWERS
from .actions import A_CARD, A_DONE, A_SLOT, DEF_SKILLS, NH, PK, SPELL_HERO
from .board import DIST


class Combat:
    """Attack and Defense (TH § Attack and Defense): the combat and each duel up to hit or miss."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    def _start_combat(self, h, src, key, card, targets, melee) -> None:
        """TH § Attack and Defense: the attacker commits a Power face down (a face-up Spell is its
        own Power), every targeted hero commits a different Power face down, then each duel is
        revealed and resolved in Ranking order."""
        targets = self._divert(h, targets)  # --- Monsters: Pain Anchor
        self.cb = {"att": h, "src": src, "skill": key, "spell": card, "targets": list(targets),
                   "melee": bool(melee and len(targets) == 1), "acard": -1,
                   "dcards": [-1] * len(targets), "dskills": [""] * len(targets), "aover": None,
                   "stealthed": self.stealth[h], "dbl": self.dbl[h], "second": 0, "du": None}
        self.dbl[h] = 0
        if any(t >= NH or not self.allies(h, t) for t in targets):  # --- Monsters: NH + m
            self.stealth[h] = 0  # Stealth ends when the hero attacks an enemy
        self._push(["c_begin"])

    @task("c_begin")
    def _task_c_begin(self) -> None:
        cb = self.cb
        h = cb["att"]
        if cb["src"] != "spell":
            self._push(["ask", "commit", self.owner[h], h, -1], ["c_defs", 0])
        else:
            self._push(["c_defs", 0])

    @lister("commit")
    def _options_commit(self, p, h, i):
        return [A_CARD + c for c in self.hand_of(h)]

    @decision("commit")
    def _decide_commit(self, fam, c, p, h, i):
        self.commit_card(p, c)
        if i < 0:
            self.cb["acard"] = c
        else:
            self.cb["dcards"][i] = c

    @task("c_defs")
    def _task_c_defs(self, i) -> None:
        cb = self.cb
        if i >= len(cb["targets"]):
            self._push(["c_duel", 0])
            return
        t = cb["targets"][i]
        self._push(["c_defs", i + 1])
        if t < NH and self.alive(t):  # --- Monsters: a monster defends with its die
            self._push(["ask", "commit", self.owner[t], t, i], ["c_defskill", i])

    def _def_skill_opts(self, t: int, a: int) -> list[int]:
        out = []
        adj = DIST[self.pos[t]][self.pos[a]] == 1
        for s in self.mana_slots(t):
            key = self.skill(t, s).key
            if key not in DEF_SKILLS:
                continue
            if key in ("counter_attack", "arrow_retaliation"):
                if self.pacified(t) or (key == "counter_attack") != adj:
                    continue
            out.append(s)
        return out

    @task("c_defskill")
    def _task_c_defskill(self, i) -> None:
        cb = self.cb
        t = cb["targets"][i]
        if self.alive(t) and self._def_skill_opts(t, cb["att"]):
            self._ask("defskill", self.owner[t], t, i)

    @lister("defskill")
    def _options_defskill(self, p, t, i):
        return [A_SLOT + s for s in self._def_skill_opts(t, self.cb["att"])] + [A_DONE]

    @decision("defskill")
    def _decide_defskill(self, fam, s, p, t, i):
        if fam == "slot":
            self.cb["dskills"][i] = self.skill(t, s).key  # hidden until the reveal

    # ---- one duel per defending hero
    @task("c_duel")
    def _task_c_duel(self, i) -> None:
        cb = self.cb
        if i >= len(cb["targets"]):
            self._push(["c_end"])
            return
        self._push(["c_duel", i + 1])
        t = cb["targets"][i]
        a = cb["att"]
        if t >= NH:  # --- Monsters
            self._push(["m_hduel", i])
            return
        if not self.alive(t) or not self.alive(a) or cb["dcards"][i] < 0:
            return
        # Spell Ward keeps later Spells off (spell_targets); every target of this Spell was
        # attacked when it was cast, so a Ward revealed in one of its duels shields none of them
        # (TH § Warmonger Powers, Spell Ward: "does not affect Heroes who were attacked by a Spell
        # Power before this Power was activated")
        ac = cb["spell"] if cb["src"] == "spell" else cb["acard"]
        dc = cb["dcards"][i]
        self.reveal(ac)
        self.reveal(dc)
        dkey = cb["dskills"][i]
        if dkey:
            self.mana[t][self.skill_slot(t, dkey)] = 0
            self._log(f"{HEROES[t].name} answers with {self.skill(t, self.skill_slot(t, dkey)).name}")
        du = {"i": i, "a": a, "d": t, "ac": ac, "dc": dc, "askill": cb["skill"], "dskill": dkey,
              "atext": cb["src"] == "power", "abase": None, "dbase": None, "a_eq": 0, "d_eq": 0,
              "hit": 0, "dealt": 0, "back": 0, "nodmg": 0, "swap": 0, "counter": 0,
              # a defender using a Defense Skill uses its Power only for the values (TH § Powers
              # and Skills: "You only use the facedown Power for the Attack or Defense value")
              "dtext": not dkey}
        if dkey in ("counter_attack", "arrow_retaliation"):
            # the defender attacks with its defence Power; the attacker defends with its attack Power
            # (whose text is active only if it attacked with the Power's text)
            du.update(a=t, d=a, ac=dc, dc=ac, askill=dkey, dskill="", atext=False, counter=1,
                      dtext=cb["src"] == "power")
        cb["du"] = du
        self._push(["d_atext"], ["d_dtext"], *([["r_duel"]] if self.rtok else []), ["d_outcome"])
        if dkey == "profane_armor":
            self._push(["profane", t, a, 2])

    @task("profane")
    def _task_profane(self, t, a, k) -> None:
        if k <= 0 or not self.mana_slots(a):
            return
        if len(self.mana_slots(a)) <= k:
            self.mana[a] = [0, 0, 0]
            return
        self._push(["profane", t, a, k - 1])
        self._ask("profane_slot", self.owner[t], t, a)

    @lister("profane_slot")
    def _options_profane_slot(self, p, t, a):
        return [A_SLOT + s for s in self.mana_slots(a)]

    @decision("profane_slot")
    def _decide_profane_slot(self, fam, s, p, t, a):
        self.mana[a][s] = 0

    # ---- values, outcome, damage
    def attack_total(self, du) -> int:
        cb = self.cb
        a, d = du["a"], du["d"]
        ac = du["ac"]
        key = du["askill"]
        # the (Attack, Defense) values of the attacker's Power; Equalize makes both 1, also for a
        # Skill that reads the Defense value (Reckless Attack) or rolls a d4 in its place (Chocking)
        if du["a_eq"]:
            vals = (1, 1)
        elif du["abase"] is not None:
            vals = du["abase"]
        elif cb["aover"] is not None and not du["counter"]:
            vals = cb["aover"]
        elif cb["src"] == "spell" and not du["counter"]:
            vals = (4 if SPELL_HERO.get(ac, -2) == a else POWERS[ac].attack, POWERS[ac].defense)
        else:
            vals = (POWERS[ac].attack, POWERS[ac].defense)
        base = vals[0]
        if key == "reckless_attack":
            base = vals[1]
        elif key == "chocking" and not du["a_eq"]:
            base = du.setdefault("d4a", int(self.rng.integers(1, 5)))
        total = base + self.art_attack(a)
        if key and not du["counter"]:
            sk = self.skill(a, self.skill_slot(a, key))
            total += sk.bonus
            if key in ("rend", "flaming_arrow") and not self.has_shield(d):
                total += 2
        if self.rtok:  # --- Rituals: the Banner of Victory (rituals.py)
            total += self.ritual_attack_bonus(a, d)
        if self.token[PK["valor"]] == a:
            total += 1
        if self.token[PK["terror"]] == a:
            total -= 1
        return total

    def defense_total(self, du) -> int:
        d, dc = du["d"], du["dc"]
        # the (Attack, Defense) values of the defender's Power; Equalize makes both 1, also for
        # Combat Kata (the Attack value) and Unearthly Beauty (a d4 in place of the Defense value)
        if du["d_eq"]:
            vals = (1, 1)
        elif du["dbase"] is not None:
            vals = du["dbase"]
        elif du["counter"] and self.cb["aover"] is not None:
            vals = self.cb["aover"]
        else:
            vals = (POWERS[dc].attack, POWERS[dc].defense)
        base = vals[1]
        if du["dskill"] == "combat_kata":
            base = max(vals[1], vals[0])
        elif du["dskill"] == "unearthly_beauty" and not du["d_eq"]:
            base = du.setdefault("d4d", int(self.rng.integers(1, 5)))
        total = base + self.art_defense(d)
        if self.rtok:  # --- Rituals: Fortifications (rituals.py)
            total += self.ritual_defense_bonus(d, du["a"])
        if self.token[PK["aegis"]] == d:
            total += 1
        if self.token[PK["poison"]] == d:
            total -= 1
        return total

    @task("d_outcome")
    def _task_d_outcome(self) -> None:
        du = self.cb["du"]
        a, d = du["a"], du["d"]
        if not self.alive(d) or (not self.alive(a) and not du.get("zombie")):
            return
        at, df = self.attack_total(du), self.defense_total(du)
        win = at > df or (at == df and self.rank_of(a) < self.rank_of(d))
        curse = du["atext"] and POWERS[du.get("keep_text", du["ac"])].type == "curse"
        if win and du["dskill"] == "crystal_soul" and curse:
            win = False
            self._log("Crystal Soul negates the cursed attack")
        du["at"], du["df"], du["hit"] = at, df, int(win)
        self._log(f"{HEROES[a].name} attacks {HEROES[d].name}: {at} vs {df} -> {'hit' if win else 'defended'}")
        if win:
            self._push(["d_hit"])
        else:
            self._push(["d_miss"])

    @task("d_miss")
    def _task_d_miss(self) -> None:
        du = self.cb["du"]
        d = du["d"]
        if self._dtext_key(du) == "last_stand" and self.alive(d):
            r = self.rank_of(d)
            if 0 < r < len(self.ranking):  # TH: increase the Ranking by one position
                self.ranking[r - 1], self.ranking[r] = self.ranking[r], self.ranking[r - 1]
        if du["dskill"] == "regeneration" and self.alive(d):
            self.heal(d, 4)

    @task("d_hit")
    def _task_d_hit(self) -> None:
        du = self.cb["du"]
        a, d = du["a"], du["d"]
        pa = self.owner[a]
        key = du["askill"]
        akey = self._atext_key(du)
        if key == "heart_seeker" or (key == "assassinate" and self.cb["stealthed"]):
            self.kill(d, HEROES[a].name + "'s " + ("Heart Seeker" if key == "heart_seeker" else "Assassinate"))
            return
        self._push(["d_damage"], ["d_after"])
        if akey == "force_sunder" and self.weapons_eq(d):
            self._ask("yn", pa, "force_sunder")
        elif akey == "combat_purloin" and self._purloin_items(a, d):
            self._ask("yn", pa, "purloin")
        if self.dec is None:
            self._lifeswap_check()

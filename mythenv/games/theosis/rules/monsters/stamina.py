"""Heroes against monsters, Monster Stamina and Monster Defense (TH § Monster Stamina, § Monster
Defense, § Monster Battles): the monsters a hero's attack reaches, a hero's duel against a monster,
the monster's defence, Damage to the top Stamina Token, removed tokens and the heroes who keep them."""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister, task

from ...cards import HEROES, ITEMS, MONSTERS, POWERS, TOKENS
from ..actions import (
    A_CARD,
    A_DONE,
    MAXHP,
    NC,
    NH,
    PHYS,
    PK,
)
from ..board import CENTER, DIST, NEIGH, NHEX
from .setup import MAXM, MON_CURSE_CARDS, ST


class MonsterStamina:
    """Heroes attacking monsters (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ================================================================== targets for heroes
    def mon_targets(self, h: int, rng: int, at: int = -1) -> list[int]:
        """Monsters a single-target attack of ``h`` reaches (TH § Combat Ranges)."""
        if self.mkind[0] < 0:
            return []
        x = self.pos[h] if at < 0 else at
        return [m for m in range(MAXM) if self.mkind[m] >= 0 and self.mpos[m] >= 0
                and (rng >= 99 or DIST[x][self.mpos[m]] <= rng)]

    def mon_in_cells(self, cells) -> list[int]:
        if self.mkind[0] < 0:
            return []
        cs = set(cells)
        return [NH + m for m in range(MAXM) if self.mkind[m] >= 0 and self.mpos[m] in cs]

    def _divert(self, h: int, targets: list) -> list:
        """Pain Anchor: "Any attack on Mikitas is diverted to this Hero until they're wounded" (TH §
        Mikitas; FAQ: until the next time the hero takes any damage). A hero's own attack is not
        diverted to itself (designed: a hero never attacks itself)."""
        if self.mkind[0] < 0 or not any(self.anchor):
            return targets
        out = []
        for t in targets:
            if t >= NH:
                held = [x for x in range(NH) if self.anchor[x] == t - NH + 1 and self.alive(x) and x != h]
                if held:
                    t = min(held, key=self.rank_of)
            if t not in out:
                out.append(t)
        return out

    def _tgt_alive(self, t: int) -> bool:
        return self.m_alive(t - NH) if t >= NH else self.alive(t)

    def _tgt_pos(self, t: int) -> int:
        return self.mpos[t - NH] if t >= NH else self.pos[t]

    # ================================================================== a hero attacks a monster
    def _ritual_bonus(self, h: int, what: str) -> int:
        """The Ritual Effect Bonus of TH § Monster Defense ("Power Attack Value + Artifact Bonus +
        Blessing Bonus + Ritual Effect Bonus + Skill Bonus"): the Rituals chapter's, when it exists."""
        fn = getattr(self, "ritual_attack_bonus" if what == "attack" else "ritual_defense_bonus", None)
        return int(fn(h)) if fn is not None else 0

    def _m_values(self, c: int, role: str, h: int = -1, text: bool = True) -> list:
        """A Power's (Attack, Defense) against monsters (TH § Monster Battles): Warcraft (5.0), Last
        Stand (0.5), Lightning Strike (5.0); an element Spell on its hero's turn attacks with 4.
        Lightning Strike's 5 is its text ("as all monsters draw lightning to themselves like metal
        armor", the text's condition): attacking with its text only; defending, or under a Skill
        (``text`` False: "You only use the facedown Power for the Attack or Defense value", TH §
        Powers and Skills), it has its printed values."""
        key = POWERS[c].key
        if key == "lightning_strike":
            return [5, 0] if text and role != "defence" else [POWERS[c].attack, POWERS[c].defense]
        if key == "warcraft":
            return [5, 0]
        if key == "last_stand":
            return [0, 5]
        from ..actions import SPELL_HERO
        if role == "spell" and SPELL_HERO.get(c, -2) == h:
            return [4, POWERS[c].defense]
        return [POWERS[c].attack, POWERS[c].defense]

    @task("m_hduel")
    def _task_m_hduel(self, i) -> None:
        cb = self.cb
        a = cb["att"]
        m = cb["targets"][i] - NH
        if not self.alive(a) or not self.m_alive(m):
            return
        spell = cb["src"] == "spell"
        ac = cb["spell"] if spell else cb["acard"]
        self.reveal(ac)
        atext = cb["src"] == "power"
        key = POWERS[ac].key if atext else ""
        area = spell or (cb["src"] == "skill" and self.skill(a, self.skill_slot(a, cb["skill"])).area != "single")
        ranged = area or DIST[self.pos[a]][self.mpos[m]] > 1
        st = self.mstat[m]
        if st[ST["flying_terror"]] and not ranged:
            self._log(f"Flying Terror: only ranged attacks can hit {MONSTERS[self.mkind[m]].name}")
            return
        if st[ST["shadow"]] and not area:
            self._log(f"Shadow in Darkness: only area attacks can hit {MONSTERS[self.mkind[m]].name}")
            return
        if self.mdown[m] == 2:
            self.mdown[m] = 0  # Demonic Haste: "until he is attacked and the Token is revealed"
        if key == "lightning_strike" and not cb.get("allmon"):
            # "Lightning Strike will hit all monsters as a (5.0) Power Card"
            cb["allmon"] = 1
            for k in self.monsters_alive():
                if NH + k not in cb["targets"]:
                    cb["targets"].append(NH + k)
        vals = self._m_values(ac, "spell" if spell else "power", a, text=atext)
        cb["mdu"] = {"i": i, "m": m, "ac": ac, "key": key, "vals": vals, "roll": int(self.rng.integers(1, 5)),
                     "bt": 0, "d4a": 0}
        if key == "equalize":
            cb["mdu"]["roll"] = 1  # "Equalize allows you to turn a die roll into a 1"
        p = self.owner[a]
        if key == "bloodthirst":
            self._ask("yn", p, "m_bloodthirst")
        elif key in ("confusion", "oppress"):
            self._ask("yn", p, "m_reroll_def")
        elif key == "tactics":
            self._ask("m_tactics", p, a, -1)
        elif key == "raise_the_dead" and self.disc[p]:
            self._ask("m_raise", p, a, -1)
        self._push(["m_houtcome"])

    @handles("yes_no", "m_bloodthirst")
    def _answer_m_bloodthirst(self, yes, p, du):
        if yes:
            md = self.cb["mdu"]
            md["vals"] = [5, 2]
            md["bt"] = 1  # the three Damage: the attack continues, then the hero takes them

    @handles("yes_no", "m_reroll_def")
    def _answer_m_reroll_def(self, yes, p, du):
        """Confusion / Oppress "allow you to force the monster to reroll the die"."""
        if yes:
            self.cb["mdu"]["roll"] = int(self.rng.integers(1, 5))
            self._log(f"the monster rerolls its defence die: {self.cb['mdu']['roll']}")

    @lister("m_tactics")
    def _options_m_tactics(self, p, h, i):
        return [A_CARD + c for c in self.hand[p]] + [A_DONE]

    @decision("m_tactics")
    def _decide_m_tactics(self, fam, c, p, h, i):
        """Tactics "enables you to select another card after the monster die roll is made": the new
        Power gives its values (and its text against monsters, as in a duel of heroes)."""
        if fam == "done":
            return
        rec = self.cb["mdu"] if i < 0 else self.mcb
        old = rec["ac"] if i < 0 else self.mcb["dcards"][i]
        self.commit_card(p, c)
        self.reveal(c)
        if old in self.inplay[p]:
            self.to_discard(p, old, hidden=False)
        if i < 0:
            cb = self.cb
            if cb["src"] != "spell":
                cb["acard"] = c
            rec["ac"] = c
            rec["key"] = POWERS[c].key
            rec["vals"] = self._m_values(c, "power", h)
            if rec["key"] == "equalize":
                rec["roll"] = 1
        else:
            self.mcb["dcards"][i] = c
            self.mcb["dvals"][i] = self._m_values(c, "defence")
            self._m_dtext(i)

    @lister("m_raise")
    def _options_m_raise(self, p, h, i):
        return [A_CARD + c for c in self.disc[p]] + [A_DONE]

    @decision("m_raise")
    def _decide_m_raise(self, fam, c, p, h, i):
        """Raise the Dead: a discarded Power's Attack and Defense values (shown, as against heroes)."""
        if fam == "done":
            return
        self.reveal(c)
        if i < 0:
            self.cb["mdu"]["vals"] = [POWERS[c].attack, POWERS[c].defense]
        else:
            self.mcb["dvals"][i] = [POWERS[c].attack, POWERS[c].defense]

    def m_defence(self, m: int, roll: int) -> int:
        """TH § Monster Defense: "a constant defense value plus the roll of the d4 die" (Feel No Pain:
        3 + 1D4; Poison -1)."""
        base = MONSTERS[self.mkind[m]].defence
        if self.mstat[m][ST["feel_no_pain"]]:
            base = max(base, 3)
        return base + roll - (1 if self.token[PK["poison"]] == NH + m else 0)

    @task("m_houtcome")
    def _task_m_houtcome(self) -> None:
        cb = self.cb
        md = cb.get("mdu")
        if md is None:
            return
        a = cb["att"]
        m = md["m"]
        if not self.alive(a) or not self.m_alive(m):
            cb["mdu"] = None
            return
        key = cb["skill"]
        vals = md["vals"]
        base = vals[0]
        if key == "reckless_attack":
            base = vals[1]
        elif key == "chocking":
            base = md["d4a"] = int(self.rng.integers(1, 5))
        at = base + self.art_attack(a) + self._ritual_bonus(a, "attack")
        if key:
            sk = self.skill(a, self.skill_slot(a, key))
            at += sk.bonus
            if key in ("rend", "flaming_arrow"):
                at += 2  # "If your target does not have a Shield equipped": a monster has none
        if self.token[PK["valor"]] == a:
            at += 1
        if self.token[PK["terror"]] == a:
            at -= 1
        df = self.m_defence(m, md["roll"])
        name = MONSTERS[self.mkind[m]].name
        win = at >= df  # "when a Hero ties in combat with a monster, the Hero wins"
        self._log(f"{HEROES[a].name} attacks {name}: {at} vs {df} (die {md['roll']}) -> {'hit' if win else 'defended'}")
        md["at"], md["df"] = at, df
        if win:
            self._m_hit(a, m, md, at, df)
        cb["mdu"] = None
        if md["bt"]:
            self.lose_hp(a, 3, "Bloodthirst")

    def _m_chunks(self, a, md, at, df) -> list:
        """Difference + weapon damage (TH § Monster Defense: "(Attack - Defense) + Weapon Damage"); a
        slaying weapon deals double weapon damage (TH § Weapons Slaying), as do Enervation (TH §
        Monster Battles), Heavy Metal and Incinerating Fury's doubled attack."""
        cb = self.cb
        key = cb["skill"]
        if key == "pain_brutality":
            return [[MAXHP - self.hp[a], PHYS]]
        if key:
            sk = self.skill(a, self.skill_slot(a, key))
            t = sk.dtype
        else:
            t = POWERS[md["ac"]].dtype
        mult = 2 if key == "heavy_metal" or cb["dbl"] or md["key"] == "enervation" else 1
        chunks = [[at - df, t]]
        for i in self.weapons(a):
            it = ITEMS[i]
            chunks.append([it.damage * mult * (2 if it.slaying else 1), t if it.dtype == PHYS else it.dtype])
        return chunks

    def m_reduce(self, m: int, amount: int, dt: int, ignore_phys: bool = False) -> int:
        """Damage of one type after the top Stamina Token's Protection / Resistance (Thick Hide adds
        Physical Protection)."""
        if amount <= 0:
            return 0
        if ignore_phys and dt == PHYS:
            return amount
        st = self.mstack[m]
        tok = TOKENS[st[0]] if st else None
        if dt == PHYS and self.mstat[m][ST["thick_hide"]]:
            return 0
        if tok is not None and dt in tok.protection:
            return 0
        if tok is not None and dt in tok.resistance:
            return amount // 2
        return amount

    def _m_hit(self, a, m, md, at, df) -> None:
        cb = self.cb
        p = self.owner[a]
        by: dict[int, int] = {}
        chunks = self._m_chunks(a, md, at, df)
        if len(chunks) > 2 and cb["skill"] != "pain_brutality":
            # dual wield: the attacker picks the remainder's type (FAQ); designed: the best one
            types = sorted({c[1] for c in chunks})
            best = max(types, key=lambda t: self.m_reduce(m, chunks[0][0], t))
            chunks[0][1] = best
        for amt, dt in chunks:
            by[dt] = by.get(dt, 0) + amt
        total = sum(self.m_reduce(m, amt, dt, ignore_phys=cb["skill"] == "ferocity") for dt, amt in by.items())
        total = max(1, total)  # the victorious attacker always inflicts at least one Damage
        fp = PK["fiery_purge"]
        if self.token[fp] == NH + m:
            total += 1  # "An active Fiery Purge Curse will add one damage to the next successful attack"
            self.token[fp] = -1
        self._log(f"{MONSTERS[self.mkind[m]].name} takes {total}")
        removed = self.m_wound(m, total, p)
        if cb["skill"] == "blood_drain":
            self.heal(a, total)
        if self.mstat[m][ST["agony_shield"]] and self.alive(a):
            self.lose_hp(a, total, "Agony Shield")  # "any damage received is also inflicted to Attacker"
        key = md["key"]
        if key and POWERS[md["ac"]].type == "curse" and self.m_alive(m) and md["ac"] in MON_CURSE_CARDS:
            self.token[md["ac"]] = NH + m
            self._log(f"{POWERS[md['ac']].name} curses {MONSTERS[self.mkind[m]].name}")
        if key in ("blind", "lifeswap") and self.m_alive(m) and len(self.mstack[m]) > 1 and not removed:
            # Blind: "move the active Stamina Tile to the bottom ... after damage is calculated";
            # Lifeswap: "may move the active Stamina Token to the bottom of the Pile"
            self._push(["ask", "yn", p, "m_bottom", m])

    @handles("yes_no", "m_bottom")
    def _answer_m_bottom(self, yes, p, du, m):
        if yes and self.m_alive(m) and self.mstack[m]:
            st = self.mstack[m]
            st.append(st.pop(0))
            self.mdown[m] = 0
            self._log(f"the active Stamina Token of {MONSTERS[self.mkind[m]].name} goes to the bottom")

    def m_wound(self, m: int, dealt: int, seat: int) -> bool:
        """Damage reaches the top Stamina Token: enough of it removes the token (one per attack; the
        rest is lost: TH § Monster Defense example, "not enough ... essentially has no effect"). A
        token face down by Diamond Skin is flipped up instead ("It may now be removed on the next
        successful attack"). Returns whether a token was removed."""
        if not self.m_alive(m) or not self.mstack[m]:
            return False
        if self.mdown[m] == 1:
            self.mdown[m] = 0
            self._log(f"{MONSTERS[self.mkind[m]].name}'s Stamina Token is flipped visible again")
            return False
        self.mdown[m] = 0
        if dealt < TOKENS[self.mstack[m][0]].damage:
            return False
        tok = self.mstack[m].pop(0)
        self.mgone[m].append(tok)
        if self.mode == "semi_coop_light" and seat >= 0:
            self.kept[seat].append(tok)  # "the player controlling the Hero receives that Token"
        name = MONSTERS[self.mkind[m]].name
        self._log(f"{name} loses a Stamina Token ({len(self.mstack[m])} left)")
        self._m_free(m)
        if not self.mstack[m]:
            self._log(f"{name} is defeated")
            self.mpos[m] = -1
            for c in range(NC):
                if self.token[c] == NH + m:
                    self.token[c] = -1
            for h in range(NH):
                if self.anchor[h] == m + 1:
                    self.anchor[h] = 0
        return True

    def _m_free(self, m: int) -> None:
        """Swallow Whole: "Freed when Stamina Token is removed": on a free hex next to the monster
        (designed; anywhere free if none)."""
        for h in range(NH):
            if self.swal[h] == m + 1 and self.hp[h] > 0:
                self.swal[h] = 0
                occ = self.occupied()
                at = self.mpos[m] if self.mpos[m] >= 0 else CENTER
                near = [x for x in NEIGH[at] if x not in occ] or [x for x in range(NHEX) if x not in occ]
                self.pos[h] = near[0]
                self._log(f"{HEROES[h].name} is freed")

    @task("m_hurt")
    def _task_m_hurt(self, src, m, amount, dt) -> None:
        """Damage that is no attack (automatic Skill damage: "All enemies automatically take two ...
        Damage"; Pain Spike; Unholy Armor) against the top Stamina Token."""
        if not self.m_alive(m) or amount <= 0:
            return
        dealt = self.m_reduce(m, amount, dt)
        self._log(f"{MONSTERS[self.mkind[m]].name} takes {dealt}")
        self.m_wound(m, dealt, self.owner[src] if src >= 0 else -1)

"""Damage and resistances (TH § Damage and Resistances) and what happens after a duel: Damage types
and protections, the after-effects of Power texts and Skills, the end of a combat.
"""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister, task

from ..cards import HEROES, ITEMS, POWERS
from .actions import (
    A_CARD,
    A_DONE,
    A_HEX,
    A_ITEM,
    A_NUM,
    A_SLOT,
    ARM,
    FIRE,
    ICE,
    LIGHT,
    MAXHP,
    OFF,
    PHYS,
    VOID,
    W,
)
from .board import DIST, NEIGH, STEP


class Damage:
    """Damage, resistances and the after-effects of a duel; the end of a combat."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    def weapons_eq(self, h: int) -> list[int]:
        return [self.eq[h][s] for s in (W, OFF) if self.eq[h][s] >= 0 and ITEMS[self.eq[h][s]].weapon]

    def _purloin_items(self, a, d):
        return [i for i in self.eq[d] if i >= 0 and not ITEMS[i].artifact and self.can_equip(a, i)]

    @handles("yes_no", "force_sunder")
    def _answer_force_sunder(self, yes, p, du):
        if yes:
            du["nodmg"] = 1
            for s in (W, OFF):
                i = self.eq[du["d"]][s]
                if i >= 0 and ITEMS[i].weapon:
                    self.eq[du["d"]][s] = -1
                    self.gone.append(i)
                    self._log(f"Force Sunder destroys {ITEMS[i].name}")
                    break
        self._lifeswap_check()

    @handles("yes_no", "purloin")
    def _answer_purloin(self, yes, p, du):
        if yes:
            du["nodmg"] = 1
            self._ask("purloin_item", p, du["a"], du["d"])
        else:
            self._lifeswap_check()

    @lister("purloin_item")
    def _options_purloin_item(self, p, a, d):
        return [A_ITEM + i for i in self._purloin_items(a, d)]

    @decision("purloin_item")
    def _decide_purloin_item(self, fam, it, p, a, d):
        for s in range(3):
            if self.eq[d][s] == it:
                self.eq[d][s] = -1
        slots = self.can_equip(a, it)
        s = next((x for x in slots if self.eq[a][x] < 0), slots[0])
        self.equip(a, it, s)  # a displaced item is discarded to the pouch
        self._log(f"Combat Purloin steals {ITEMS[it].name}")

    def _lifeswap_check(self) -> None:
        du = self.cb["du"]
        if du["nodmg"]:
            return
        a, d = du["a"], du["d"]
        for h, key in ((a, self._atext_key(du)), (d, self._dtext_key(du))):
            if key == "lifeswap" and self.alive(a) and self.alive(d):
                self._push(["ask", "yn", self.owner[h], "lifeswap"])
                return

    @handles("yes_no", "lifeswap")
    def _answer_lifeswap(self, yes, p, du):
        if yes:
            a, d = du["a"], du["d"]
            self.hp[a], self.hp[d] = self.hp[d], self.hp[a]
            self._log("Lifeswap: the heroes exchange Health")

    def attack_dtype(self, du) -> int:
        key = du["askill"]
        a, d = du["a"], du["d"]
        if du["counter"]:
            return PHYS
        if key:
            sk = self.skill(a, self.skill_slot(a, key))
            if key == "flaming_arrow" and not self.has_shield(d):
                return FIRE
            return sk.dtype
        c = du.get("keep_text", du["ac"])
        return POWERS[c].dtype

    def damage_chunks(self, du, rem_type: int = -1) -> list:
        """Difference + weapon damage (TH § Damage and Resistances). A Physical weapon deals the
        attack's damage type (the worked example: a sword under Fiery Purge deals Fire); an
        elemental weapon deals its own type; when dual wielding, the remainder's type is chosen
        (FAQ)."""
        a = du["a"]
        key = du["askill"]
        t = self.attack_dtype(du)
        if key == "pain_brutality":
            return [[MAXHP - self.hp[a], PHYS]]
        mult = 2 if key == "heavy_metal" or self.cb["dbl"] else 1
        chunks = [[du["at"] - du["df"], t if rem_type < 0 else rem_type]]
        for i in self.weapons(a):
            it = ITEMS[i]
            chunks.append([it.damage * mult, t if it.dtype == PHYS else it.dtype])
        return chunks

    def remainder_types(self, du) -> list[int]:
        ws = self.weapons(du["a"])
        if len(ws) < 2 or du["askill"] == "pain_brutality":
            return []
        opts = sorted({self.attack_dtype(du)} | {ITEMS[i].dtype for i in ws if ITEMS[i].dtype != PHYS})
        return opts if len(opts) > 1 else []

    @task("d_damage")
    def _task_d_damage(self) -> None:
        du = self.cb["du"]
        if du["nodmg"] or not self.alive(du["d"]):
            return
        opts = self.remainder_types(du)
        if opts:
            self._ask("dtype", self.owner[du["a"]])
        else:
            self._deal(-1)

    @lister("dtype")
    def _options_dtype(self, p):
        return [A_NUM + k for k in range(len(self.remainder_types(self.cb["du"])))]

    @decision("dtype")
    def _decide_dtype(self, fam, k, p):
        self._deal(self.remainder_types(self.cb["du"])[k])

    def protections(self, h: int, c: int, skill: str) -> tuple:
        out = []
        key = self._card_key(c)
        if key == "blazing_sun":
            out += [PHYS, VOID, ICE]
        elif key == "frigid_night":
            out += [FIRE]
        if skill == "resonating_scales":
            out += [LIGHT, VOID, FIRE, ICE]
        return tuple(out)

    def _deal(self, rem_type: int) -> None:
        du = self.cb["du"]
        a, d = du["a"], du["d"]
        prot = self.protections(d, du["dc"] if du["dtext"] else -1, du["dskill"])
        ferocity = du["askill"] == "ferocity"
        # Resistance halves the total Damage of its type, not each part (TH § Monsters, Monster
        # Defense example: difference 2 + weapon 4 = 6 Physical, "the half would have been 3")
        by_type: dict[int, int] = {}
        for amt, dt in self.damage_chunks(du, rem_type):
            by_type[dt] = by_type.get(dt, 0) + amt
        total = 0
        for dt, amt in by_type.items():
            total += self.reduce(d, amt, dt, extra_prot=prot, ignore_phys=ferocity)
        if self._dtext_key(du) == "despair":
            total //= 2
        total = max(1, total)  # a victorious attacker always inflicts at least one Damage
        if self.cb.get("enslave"):  # --- Monsters: Enslave (FAQ): a D4 "is the final Damage"
            total = int(self.rng.integers(1, 5))
        du["dealt"] = min(total, self.hp[d])
        self.lose_hp(d, total, f"attack of {HEROES[a].name}")

    @task("d_after")
    def _task_d_after(self) -> None:
        """Effects after a successful attack: attacker's text and Skill first, then the defender's."""
        du = self.cb["du"]
        a, d = du["a"], du["d"]
        pa, pd = self.owner[a], self.owner[d]
        key = du["askill"]
        akey = self._atext_key(du)
        dealt = du["dealt"]
        tasks = []
        if key == "blood_drain" and dealt:
            self.heal(a, dealt)
        if self.alive(d):
            cc = du.get("keep_text", du["ac"])
            if akey and POWERS[cc].type == "curse":
                self.token[cc] = d  # a Curse affects one hero at a time
                self._log(f"{POWERS[cc].name} curses {HEROES[d].name}")
            if akey == "warcraft":
                r = self.rank_of(d)  # errata p.38: switch places with the hero one slot below
                if r + 1 < len(self.ranking):
                    self.ranking[r], self.ranking[r + 1] = self.ranking[r + 1], self.ranking[r]
            elif akey == "enervation":
                self.mana[d] = [0, 0, 0]
            elif akey == "blind":
                self.refill(pd)
                for c in self.hand[pd]:
                    self.vis[c] |= self.team_bits(pa)
                if self.hand[pd]:
                    tasks.append(["ask", "blind", pa, d])
            elif akey == "neutralize":
                self.refill(pd)
                if self.hand[pd]:
                    c = self.hand[pd][int(self.rng.integers(len(self.hand[pd])))]
                    self.to_discard(pd, c, hidden=True, seen=self.team_bits(pa))
            elif akey == "incinerating_fury" and self.armors_eq(a):
                tasks.append(["ask", "yn", pa, "incinerate"])
            if key == "sunder_weapon":
                self.flip_w[d] = 1
            elif key == "sunder_armor":
                self.flip_a[d] = 1
            elif key in ("dreadful_strike", "grievous_strike", "fiery_expel", "freezing_dispel"):
                self.remove_blessings(d)
            elif key == "shock" and self.mana_slots(d):
                tasks.append(["ask", "shock_give", pd, d, a])
            elif key == "translocation" and self.alive(a):
                self.pos[a], self.pos[d] = self.pos[d], self.pos[a]
                self.r_arrive(a)
                self.r_arrive(d)
                if self.has_mana(a, "teleport") and self.can_move(a):
                    tasks.append(["ask", "yn", pa, "translocate_teleport", a])
            elif key == "chains_of_sorrow" and self.alive(a) and self._pull_hexes(a):
                tasks.append(["ask", "pull", pa, a, d])
            if self.cb["src"] == "spell" and not du["counter"] and self._card_key(du["ac"]) == "damnation":
                self.remove_blessings(d)
        # the defender's text and Skill
        if dealt and self.alive(a):
            if self._dtext_key(du) == "pain_spike":  # ignores Resistance and Protection
                tasks.append(["hurt", d, a, dealt // 2, PHYS, 0, [], "Pain Spike", 0])
            if du["dskill"] == "unholy_armor":
                aprot = self.protections(a, du.get("keep_text", du["ac"]) if du["atext"] else -1, "")
                tasks.append(["hurt", d, a, dealt // 2, VOID, 1, list(aprot), "Unholy Armor", 1])
                if akey == "pain_spike":
                    tasks.append(["pain_back"])
        if du["dskill"] == "regeneration" and self.alive(d):
            self.heal(d, 4)
        # push back after a melee attack (TH § Combat Ranges: Melee)
        melee = (self.cb["melee"] and not du["counter"]) or du["askill"] == "counter_attack"
        if melee and (self.alive(a) or du.get("zombie")) and self.alive(d) \
                and DIST[self.pos[a]][self.pos[d]] == 1 and du["dskill"] != "rabid_hardiness" \
                and self._push_hex(a, d) >= 0:
            if self._dtext_key(du) == "tenacity":
                tasks.append(["ask", "yn", pd, "tenacity"])
            tasks.append(["push_offer"])
        if tasks:
            self._push(*tasks)

    @task("pain_back")
    def _task_pain_back(self) -> None:
        """The attacker's Pain Spike: the defender dealt damage back (Unholy Armor) this combat."""
        du = self.cb["du"]
        if du["back"] and self.alive(du["d"]):
            self._push(["hurt", du["a"], du["d"], du["back"] // 2, PHYS, 0, [], "Pain Spike", 0])

    def armors_eq(self, h: int) -> list[int]:
        return [s for s in (OFF, ARM) if self.eq[h][s] >= 0 and not ITEMS[self.eq[h][s]].weapon]

    @handles("yes_no", "incinerate")
    def _answer_incinerate(self, yes, p, du):
        if yes:
            self._ask("incinerate_slot", p, du["a"])

    @lister("incinerate_slot")
    def _options_incinerate_slot(self, p, a):
        return [A_SLOT + s for s in self.armors_eq(a)]

    @decision("incinerate_slot")
    def _decide_incinerate_slot(self, fam, s, p, a):
        self.gone.append(self.eq[a][s])
        self._log(f"Incinerating Fury destroys {ITEMS[self.eq[a][s]].name}")
        self.eq[a][s] = -1
        self.dbl[a] = 1

    @lister("blind")
    def _options_blind(self, p, d):
        return [A_CARD + c for c in self.hand[self.owner[d]]]

    @decision("blind")
    def _decide_blind(self, fam, c, p, d):
        """Blind: "look at your Opponent's hand and select a Power. Discard this Power to your
        Opponent's Discard Pile": the pile is face down (TH § Power Management), so the chosen Power
        is known to the two teams who saw it, not to a third player."""
        pd = self.owner[d]
        self.to_discard(pd, c, hidden=True, seen=self.team_bits(p))

    @lister("shock_give")
    def _options_shock_give(self, p, d, a):
        return [A_SLOT + s for s in self.mana_slots(d)]

    @decision("shock_give")
    def _decide_shock_give(self, fam, s, p, d, a):
        self.mana[d][s] = 0
        if self.alive(a) and self.empty_slots(a):
            self._ask("mana_gain", self.owner[a], a)

    @handles("yes_no", "translocate_teleport")
    def _answer_translocate_teleport(self, yes, p, du, a):
        if yes:
            self.mana[a][self.skill_slot(a, "teleport")] = 0
            self._ask("teleport", p, a)

    def _pull_hexes(self, a):
        occ = self.occupied()
        return [x for x in NEIGH[self.pos[a]] if x not in occ and not self.r_blocked(x)]

    @lister("pull")
    def _options_pull(self, p, a, d):
        return [A_HEX + x for x in self._pull_hexes(a)] + [A_DONE]

    @decision("pull")
    def _decide_pull(self, fam, x, p, a, d):
        if fam == "hex" and self.alive(d):
            self.pos[d] = x
            self.r_arrive(d)

    def _push_hex(self, a, d) -> int:
        pa, pd = self.pos[a], self.pos[d]
        for k in range(6):
            if STEP[pa][k] == pd:
                y = STEP[pd][k]
                return y if y >= 0 and y not in self.occupied() and not self.r_blocked(y) else -1  # --- Monsters: occupied() has the monsters
        return -1

    @handles("yes_no", "tenacity")
    def _answer_tenacity(self, yes, p, du):
        if yes:
            du["stay"] = 1

    @task("push_offer")
    def _task_push_offer(self) -> None:
        du = self.cb["du"]
        if du.get("stay") or not ((self.alive(du["a"]) or du.get("zombie")) and self.alive(du["d"])):
            return
        if self._push_hex(du["a"], du["d"]) >= 0:
            self._ask("yn", self.owner[du["a"]], "push")

    @handles("yes_no", "push")
    def _answer_push(self, yes, p, du):
        if yes:
            a, d = du["a"], du["d"]
            old = self.pos[d]
            self.pos[d] = self._push_hex(a, d)
            self.r_arrive(d)
            self._ask("yn", p, "follow", old)

    @handles("yes_no", "follow")
    def _answer_follow(self, yes, p, du, old):
        if yes and self.occupant(old) < 0:
            self.pos[du["a"]] = old
            self.r_arrive(du["a"])

    @task("c_end")
    def _task_c_end(self) -> None:
        """Every Power used in the combat goes face down to its owner's discard pile (attacker first,
        then the defenders in Ranking order)."""
        cb = self.cb
        a = cb["att"]
        pa = self.owner[a]
        cards = []
        if cb["src"] == "spell":
            cards.append((pa, cb["spell"]))
        elif cb["acard"] >= 0:
            cards.append((pa, cb["acard"]))
        for t, c in zip(cb["targets"], cb["dcards"]):
            if c >= 0:
                cards.append((self.owner[t], c))
        for p in range(self.n):  # anything else still in play (replaced cards) goes too
            for c in list(self.inplay[p]):
                if (p, c) not in cards:
                    cards.append((p, c))
        for p, c in cards:
            if c in self.inplay[p]:
                self.to_discard(p, c, hidden=not (self.vis[c] == self._all_bits()))
        du = cb["du"]
        if du is not None and du.get("zombie") and self.hp[du["a"]] == 0 and self.pos[du["a"]] >= 0:
            self.kill(du["a"], "Bloodthirst")  # its attack is over
        key = cb["skill"]
        self.cb = None
        feed = {"lance_of_ice": "spikes_of_frost", "scorching_ring": "rain_of_fire"}.get(key)
        if feed and self.alive(a):  # "You gain a Mana Gem in the ... Skill if able"
            slot = self.skill_slot(a, feed)
            if slot >= 0 and not self.mana[a][slot]:
                self.mana[a][slot] = 1
        t0 = cb["targets"][0] if cb["targets"] else -1
        if key == "northern_twin_strike" and not cb["second"] and self.alive(a) and t0 >= 0 \
                and self._tgt_alive(t0) and DIST[self.pos[a]][self._tgt_pos(t0)] == 1 \
                and not self.pacified(a):  # --- Monsters: t0 may be a monster (NH + m)
            self._ask("yn", pa, "twin", a, t0)
        elif key == "celerity" and self.alive(a):
            self._ask("yn", pa, "celerity", a)

    @handles("yes_no", "twin")
    def _answer_twin(self, yes, p, du, a, t):
        """Northern Twin Strike: another attack against the same target, Ice Damage again."""
        if yes:
            self._start_combat(a, "skill", "northern_twin_strike", -1, [t], True)
            self.cb["second"] = 1

    @handles("yes_no", "celerity")
    def _answer_celerity(self, yes, p, du, a):
        """Celerity: a complete additional turn right after this one."""
        if yes:
            for k, task in enumerate(self.q):
                if task[0] == "hero_end" and task[1] == a:
                    self.q.insert(k + 1, ["hero_turn", a])
                    break

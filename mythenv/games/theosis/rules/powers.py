"""Powers (TH § Powers and Skills, § Resolve Order of Powers and Skills): Blessings, Spells,
attacking with a Power, and the Power texts that resolve in a duel (with their yes / no questions).
"""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister, task

from ..cards import HEROES, ITEMS, POWERS
from .actions import A_CARD, A_DONE, A_HERO, A_HEX, A_MON, A_NUM, A_SLOT, ATTACK_SPELLS, NH, PHYS, PK
from .board import DIST, NEIGH, NHEX


class Powers:
    """Powers: Blessings, Spells, attacks with a Power and the Power texts of a duel."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    @lister("discard")
    def _options_discard(self, p, h, dmg):
        return [A_CARD + c for c in self.hand_of(h)]

    @decision("discard")
    def _decide_discard(self, fam, c, p, h, dmg):
        self.to_discard(p, c, hidden=True)
        if dmg:
            self.lose_hp(h, 1, "placing a Mana gem")

    @lister("mana_gain")
    def _options_mana_gain(self, p, h):
        return [A_SLOT + s for s in self.empty_slots(h)]

    @decision("mana_gain")
    def _decide_mana_gain(self, fam, s, p, h):
        self.mana[h][s] = 1

    # ---- Blessings face up
    @lister("bless_card")
    def _options_bless_card(self, p, h):
        return [A_CARD + c for c in self.hand_of(h) if POWERS[c].type == "blessing"]

    @decision("bless_card")
    def _decide_bless_card(self, fam, c, p, h):
        """The Blessing is used face up (TH § Hero Actions chart): it is on the table, seen by all,
        while its target is chosen."""
        self.commit_card(p, c)
        self.reveal(c)
        self._ask("bless_target", p, h, c)

    @lister("bless_target")
    def _options_bless_target(self, p, h, c):
        return [A_HERO + t for t in range(NH) if self.alive(t) and self.allies(h, t)]

    @decision("bless_target")
    def _decide_bless_target(self, fam, t, p, h, c):
        """TH § Types of Powers: the Blessing token goes on one Hero; using the card again moves it."""
        self.token[c] = t
        self._log(f"{POWERS[c].name} blesses {HEROES[t].name}")
        self.to_discard(p, c, hidden=False)

    # ---- Spells face up
    def _spell_ok(self, h: int, c: int) -> bool:
        if POWERS[c].type != "spell":
            return False
        if c in ATTACK_SPELLS:
            return not self.pacified(h)
        if c == PK["resurrection"]:
            return bool(self._res_mana_targets(h) or self._res_dead(h))
        return True

    def _res_mana_targets(self, h):
        return [t for t in range(NH) if self.alive(t) and self.allies(h, t) and self.empty_slots(t)]

    def _res_dead(self, h):
        if not self._free_hexes_near(h):
            return []
        return [t for t in range(NH) if self.owner[t] >= 0 and self.hp[t] <= 0 and not self.martyr[t]]

    def _free_hexes_near(self, h):
        occ = self.occupied()
        near = [x for x in NEIGH[self.pos[h]] if x not in occ and not self.r_blocked(x)]
        return near or [x for x in range(NHEX) if x not in occ and not self.r_blocked(x)]

    @lister("spell_card")
    def _options_spell_card(self, p, h):
        return [A_CARD + c for c in self.hand_of(h) if self._spell_ok(h, c)]

    @decision("spell_card")
    def _decide_spell_card(self, fam, c, p, h):
        self.commit_card(p, c)
        self.reveal(c)
        self._log(f"{HEROES[h].name} casts {POWERS[c].name}")
        key = POWERS[c].key
        if c in ATTACK_SPELLS:
            self._ask("spell_area", p, h, c)
            return
        self._push(["spell_done", p, c])
        if key == "healing":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.heal(t, 4)
        elif key == "cleansing_rain":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.heal(t, 1)
                    self.remove_curses(t)
        elif key == "resurrection":
            opts = []
            if self._res_mana_targets(h):
                opts.append(0)
            if self._res_dead(h):
                opts.append(1)
            if len(opts) == 1:
                self._res_mode(p, h, opts[0])
            else:
                self._ask("res_mode", p, h)
        elif key == "ungrave":
            if self.disc[p]:
                self._ask("ungrave", p, h)

    @task("spell_done")
    def _task_spell_done(self, p, c) -> None:
        if c in self.inplay[p]:
            self.to_discard(p, c, hidden=False)

    @lister("res_mode")
    def _options_res_mode(self, p, h):
        return [A_NUM + 0, A_NUM + 1]

    @decision("res_mode")
    def _decide_res_mode(self, fam, i, p, h):
        self._res_mode(p, h, i)

    def _res_mode(self, p, h, mode):
        if mode == 0:
            self._ask("res_mana", p, h)
        else:
            self._ask("res_dead", p, h)

    @lister("res_mana")
    def _options_res_mana(self, p, h):
        return [A_HERO + t for t in self._res_mana_targets(h)]

    @decision("res_mana")
    def _decide_res_mana(self, fam, t, p, h):
        self._ask("mana_gain", self.owner[t], t)

    @lister("res_dead")
    def _options_res_dead(self, p, h):
        return [A_HERO + t for t in self._res_dead(h)]

    @decision("res_dead")
    def _decide_res_dead(self, fam, t, p, h):
        self._ask("res_place", p, h, t)

    @lister("res_place")
    def _options_res_place(self, p, h, t):
        return [A_HEX + x for x in self._free_hexes_near(h)]

    @decision("res_place")
    def _decide_res_place(self, fam, x, p, h, t):
        """Resurrection: back to four Health with no Mana, Blessings or Curses; designed: the caster
        places the risen hero on a free hex next to the caster (anywhere free if none)."""
        self.hp[t] = 4
        self.pos[t] = x
        self.mana[t] = [0, 0, 0]
        self._log(f"{HEROES[t].name} is resurrected")
        self.r_arrive(t)

    @lister("ungrave")
    def _options_ungrave(self, p, h):
        return [A_CARD + c for c in self.disc[p]]

    @decision("ungrave")
    def _decide_ungrave(self, fam, c, p, h):
        """Ungrave: "search your Discard pile and select a Power. Take the selected Power to your
        hand". The pile is face down (TH § Power Management) and the text shows the Power to
        nobody: only the caster's team knows which one came back, so the other teams no longer know
        which of the pile's Powers are still there (with one Power in the pile there is nothing to
        tell apart)."""
        alone = len(self.disc[p]) == 1
        self.disc[p].remove(c)
        self.hand[p] = sorted(self.hand[p] + [c])
        if not alone:
            tb = self.team_bits(p)
            for x in self.disc[p] + [c]:
                self.vis[x] &= tb

    @lister("spell_area")
    def _options_spell_area(self, p, h, c):
        """The centres whose Spell area holds an enemy ``spell_targets`` keeps (else every hex): the
        hexes at most one step from such an enemy's hex, found from the occupants once."""
        occ = self.occupied()
        hot = []
        for x, t in occ.items():
            if t < NH and t != h and not self.allies(h, t) and not self.in_start_triad(t) \
                    and not self.ward[self.hteam(t)]:
                hot.append(x)
        hot += [self.mpos[m - NH] for m in self.mon_in_cells(range(NHEX))]  # --- Monsters: always enemies
        near = set(hot)
        for x in hot:
            near.update(NEIGH[x])
        return [A_HEX + x for x in sorted(near)] or [A_HEX + x for x in range(NHEX)]

    @decision("spell_area")
    def _decide_spell_area(self, fam, x, p, h, c):
        targets = self.spell_targets(h, x)
        self._start_combat(h, "spell", "", c, targets, False)

    # ---- attack with a Power face down
    @lister("atk_target")
    def _options_atk_target(self, p, h):
        return [A_HERO + t for t in self.single_targets(h, self.attack_range(h))] + [
            A_MON + m for m in self.mon_targets(h, self.attack_range(h))]  # --- Monsters

    @decision("atk_target")
    def _decide_atk_target(self, fam, t, p, h):
        if fam == "monster":  # --- Monsters: monsters are not pushed back (designed)
            self._start_combat(h, "power", "", -1, [NH + t], False)
            return
        self._start_combat(h, "power", "", -1, [t], DIST[self.pos[h]][self.pos[t]] == 1)

    def _card_key(self, c: int) -> str:
        return POWERS[c].key if c >= 0 else ""

    def _atext_key(self, du) -> str:
        """The attacker's active Power text: none with a Skill or a Spell; after a defending Oppress /
        Confusion the replaced Power's (the new one gives "Attack and Defense Values, not the text
        or the Damage type", TH § Deceitful Powers)."""
        return self._card_key(du.get("keep_text", du["ac"])) if du["atext"] else ""

    def _dtext_key(self, du) -> str:
        """The defender's active Power text: none when it defends with a Skill."""
        return self._card_key(du["dc"]) if du["dtext"] else ""

    @task("d_atext")
    def _task_d_atext(self) -> None:
        """The attacker's Power text resolves first (TH § Resolve Order)."""
        du = self.cb["du"]
        if not du["atext"]:
            return
        a, d = du["a"], du["d"]
        key = self._card_key(du["ac"])
        pa = self.owner[a]
        if key in ("oppress", "confusion"):
            self._ask("yn", pa, key + "_att")
        elif key == "bloodthirst":
            self._ask("yn", pa, "bloodthirst")
        elif key == "tactics":
            self._ask("tactics", pa, a, "a")
        elif key == "raise_the_dead" and self.disc[pa]:
            self._ask("raise", pa, a, "a")
        elif key == "equalize":
            self._ask("yn", pa, "equalize_att")
        elif key == "lightning_strike":
            if any(ITEMS[i].metal and PHYS in ITEMS[i].protection for i in self.armors(d)):
                du["abase"] = [5, 2]
        elif key == "spell_ward":
            self.ward[self.hteam(a)] = 1
        elif key == "gaias_escutcheon":  # --- Rituals (rituals.py)
            self.r_gaia(a)

    @task("d_dtext")
    def _task_d_dtext(self) -> None:
        du = self.cb["du"]
        if not du["dtext"]:
            return
        d = du["d"]
        key = self._card_key(du["dc"])
        pd = self.owner[d]
        if key in ("oppress", "confusion"):
            self._ask("yn", pd, key + "_def")
        elif key == "tactics":
            self._ask("tactics", pd, d, "d")
        elif key == "raise_the_dead" and self.disc[pd]:
            self._ask("raise", pd, d, "d")
        elif key == "equalize":
            self._ask("yn", pd, "equalize_def")
        elif key == "spell_ward":
            self.ward[self.hteam(d)] = 1
        elif key == "gaias_escutcheon":  # --- Rituals (rituals.py)
            self.r_gaia(d)

    @lister("yn")
    def _options_yn(self, p, what, *args):
        return [A_NUM + 0, A_NUM + 1]

    @decision("yn")
    def _decide_yn(self, fam, yes, p, what, *args):
        du = self.cb["du"] if self.cb else None
        self.handlers["yes_no"][what](self, yes, p, du, *args)  # the rule marked @handles("yes_no", what)

    @handles("yes_no", "bloodthirst")
    def _answer_bloodthirst(self, yes, p, du):
        """Bloodthirst: "You may deal three Damage to your Hero. This Attack continues even if this
        drops your Hero's Health to less than one": a hero brought to 0 Health still completes this
        attack (values, Damage, push back) and falls when its combat ends (``_task_c_end``); until
        then the game does not end for want of its team (``_check_elimination``)."""
        if yes:
            a = du["a"]
            du["abase"] = [5, 2]
            self.hp[a] = max(0, self.hp[a] - 3)
            self._log(f"{HEROES[a].name} loses 3 (Bloodthirst), health {self.hp[a]}")
            if self.hp[a] == 0:
                du["zombie"] = 1

    @handles("yes_no", "equalize_att")
    def _answer_equalize_att(self, yes, p, du):
        if yes:
            du["d_eq"] = 1

    @handles("yes_no", "equalize_def")
    def _answer_equalize_def(self, yes, p, du):
        if yes:
            du["a_eq"] = 1

    def _swap_card(self, owner_hero: int, role: str, new: int) -> None:
        """Replace a revealed combat Power (the old one goes to its owner's discard pile)."""
        du, cb = self.cb["du"], self.cb
        p = self.owner[owner_hero]
        old = du["ac"] if role == "a" else du["dc"]
        self.commit_card(p, new)
        self.reveal(new)
        if old in self.inplay[p]:
            self.to_discard(p, old, hidden=False)
        if role == "a":
            du["ac"] = new
        else:
            du["dc"] = new
        # keep the combat record pointing at the live card
        if not du["counter"]:
            if role == "a" and cb["src"] != "spell":
                cb["acard"] = new
            elif role == "d":
                cb["dcards"][du["i"]] = new
        else:
            if role == "a":
                cb["dcards"][du["i"]] = new
            else:
                cb["acard"] = new

    @handles("yes_no", "oppress_att")
    def _answer_oppress_att(self, yes, p, du):
        if yes:  # the defender selects a different Power; its text then resolves
            pd = self.owner[du["d"]]
            self.refill(pd)
            self._ask("replace", pd, du["d"])

    @lister("replace")
    def _options_replace(self, p, d):
        return [A_CARD + c for c in self.hand_of(d)]

    @decision("replace")
    def _decide_replace(self, fam, c, p, d):
        self._swap_card(d, "d", c)
        self.cb["du"]["d_eq"] = 0

    @handles("yes_no", "confusion_att")
    def _answer_confusion_att(self, yes, p, du):
        if yes:
            pd = self.owner[du["d"]]
            self.refill(pd)
            c = self.hand[pd][int(self.rng.integers(len(self.hand[pd])))]
            self._swap_card(du["d"], "d", c)

    def _def_rerandom(self, du):
        """Oppress / Confusion while defending: the attacker's Power is discarded and a random one
        from its hand gives the Attack and Defense values only (text and damage type stay)."""
        a = du["a"]
        pa = self.owner[a]
        if du["counter"] or (self.cb["src"] != "spell" and du["ac"] not in self.inplay[pa]):
            return
        self.refill(pa)
        if not self.hand[pa]:
            return
        c = self.hand[pa][int(self.rng.integers(len(self.hand[pa])))]
        vals = [POWERS[c].attack, POWERS[c].defense]
        self.commit_card(pa, c)
        self.reveal(c)
        old = du["ac"]
        if old in self.inplay[pa]:
            self.to_discard(pa, old, hidden=False)
        if self.cb["src"] != "spell":
            self.cb["acard"] = c
            du["ac"] = c
            du["keep_text"] = old
        self.cb["aover"] = vals
        du["abase"] = vals

    @handles("yes_no", "oppress_def")
    def _answer_oppress_def(self, yes, p, du):
        if yes:
            self._def_rerandom(du)

    @handles("yes_no", "confusion_def")
    def _answer_confusion_def(self, yes, p, du):
        if yes:
            self._def_rerandom(du)

    @lister("tactics")
    def _options_tactics(self, p, h, role):
        return [A_CARD + c for c in self.hand[p]] + [A_DONE]


    @decision("tactics")
    def _decide_tactics(self, fam, c, p, h, role):
        if fam == "done":
            return
        self._swap_card(h, role, c)
        self._push(["d_atext"] if role == "a" else ["d_dtext"])

    @lister("raise")
    def _options_raise(self, p, h, role):
        return [A_CARD + c for c in self.disc[p]] + [A_DONE]

    @decision("raise")
    def _decide_raise(self, fam, c, p, h, role):
        if fam == "done":
            return
        self.reveal(c)
        du = self.cb["du"]
        du["abase" if role == "a" else "dbase"] = [POWERS[c].attack, POWERS[c].defense]

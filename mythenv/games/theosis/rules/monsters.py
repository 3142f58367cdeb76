"""Heroes against monsters (TH § Game Modes: Solo and Co-op, Light / Heavy Semi Co-op; TH § Monsters):
the monsters' entry, Stamina Tokens, heroes attacking monsters, the monsters' turn (the skullduggery
die, targets, movement, every face of every table), their statuses, and the end of the game and the
returns of each monster mode.

A monster is one of at most three slots ``m`` (``mkind[m]``: its record in ``MONSTERS``, -1 for an
empty slot). In a combat record's ``targets`` a monster is the id ``NH + m`` (the heroes are 0..NH-1);
a Curse token lying on a monster holds ``NH + m`` in ``token``. ``mstack[m]`` is its Stamina pile, top
first: only the top token is public, and only while ``mdown[m]`` is 0 (1: face down by Diamond Skin,
flipped up by the next successful attack; 2: face down by Demonic Haste, revealed when attacked).
"""

from __future__ import annotations

from ..cards import HEROES, ITEMS, POWERS
from ..mdata import MONSTERS, STATUSES, TOKENS
from .actions import (
    A_CARD,
    A_DONE,
    A_HERO,
    A_SLOT,
    ARM,
    MAXHP,
    MONSTER_MODES,
    NC,
    NH,
    OFF,
    PHYS,
    PK,
    TURNS,
    VOID,
    W,
)
from .board import CENTER, DIST, FLOWER, HEXES, LINE, NEIGH, NHEX

MAXM = 3
ST = {k: i for i, k in enumerate(STATUSES)}
#: Curses that stay on a monster (TH § Monster Battles: Fiery Purge, Entangling Roots; the Cleanse
#: faces remove "All Curses", so Curses lie on monsters)
MON_CURSES = ("fiery_purge", "poison", "terror", "pacify", "entangling_roots")
MON_CURSE_CARDS = tuple(PK[k] for k in MON_CURSES)
#: Defense Skills that matter against a monster's strike (the others affect Mana or a Power of the
#: attacker, which a monster does not have: TH § Monster Battles)
MON_DEF_SKILLS = ("resonating_scales", "combat_kata", "unearthly_beauty", "regeneration", "unholy_armor")
AREA_REACH = ("all", "spell", "ring", "charge")


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


class Monsters:
    """Heroes against monsters (see the module docstring)."""

    # ================================================================== setup
    def __init__(self, game, seed=None, _empty: bool = False):
        if not _empty:
            n = game.config["num_players"]
            self.mkind = [-1] * MAXM
            self.mpos = [-1] * MAXM
            self.mdown = [0] * MAXM
            self.mstack = [[] for _ in range(MAXM)]
            self.mstat = [[0] * len(STATUSES) for _ in range(MAXM)]
            self.mlast = [[-1, -1] for _ in range(MAXM)]
            self.mgone = [[] for _ in range(MAXM)]
            self.tpool = []
            self.kept = [[] for _ in range(n)]
            self.para = [0] * NH
            self.swal = [0] * NH
            self.ensl = [0] * NH
            self.anchor = [0] * NH
            self.mphase = 0
            self.mlost = 0
            self.mact = 0
            self.mcb = None
        super().__init__(game, seed, _empty)

    @property
    def mmode(self) -> bool:
        return self.mode in MONSTER_MODES

    def m_alive(self, m: int) -> bool:
        return self.mkind[m] >= 0 and self.mpos[m] >= 0

    def monsters_alive(self) -> list[int]:
        return [m for m in range(MAXM) if self.mkind[m] >= 0 and self.mpos[m] >= 0]

    def _T_arena_start(self) -> None:
        super()._T_arena_start()
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
    def _T_gold_start(self) -> None:
        """TH § Setting Up the Arena (Monster Modes): "The cooperating players assign their Hero
        Initiative order as they prefer": no gold allocation; the Ranking is chosen position by
        position (designed: the seat choosing position k is the k-th from the initiative holder,
        clockwise, and may place any hero, its own or an ally's)."""
        if not self.mmode:
            super()._T_gold_start()
            return
        self.phase = "gold"
        self.ranking = []
        hs = [h for h in range(NH) if self.owner[h] >= 0]
        self.q.extend(["m_rank_pick", k] for k in range(len(hs)))
        self.q.append(["m_rank_done"])

    def _T_m_rank_pick(self, k) -> None:
        left = [h for h in range(NH) if self.owner[h] >= 0 and h not in self.ranking]
        if len(left) == 1:
            self.ranking.append(left[0])
            return
        self._ask("m_rank", (self.initiative + k) % self.n, k)

    def _L_m_rank(self, p, k):
        return [A_HERO + h for h in range(NH) if self.owner[h] >= 0 and h not in self.ranking]

    def _D_m_rank(self, fam, h, p, k):
        self.ranking.append(h)
        self._log(f"P{p} ranks {HEROES[h].name} {k + 1}")

    def _T_m_rank_done(self) -> None:
        self.phase = "place"
        for h in reversed(self.ranking):  # lowest rank is placed first (errata page 14)
            self.q.append(["place_one", h])
        self.q.append(["arena_start"])

    # ================================================================== occupancy
    def occupied(self) -> dict:
        occ = super().occupied()
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
        from .actions import SPELL_HERO
        if role == "spell" and SPELL_HERO.get(c, -2) == h:
            return [4, POWERS[c].defense]
        return [POWERS[c].attack, POWERS[c].defense]

    def _T_m_hduel(self, i) -> None:
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

    def _yn_m_bloodthirst(self, yes, p, du):
        if yes:
            md = self.cb["mdu"]
            md["vals"] = [5, 2]
            md["bt"] = 1  # the three Damage: the attack continues, then the hero takes them

    def _yn_m_reroll_def(self, yes, p, du):
        """Confusion / Oppress "allow you to force the monster to reroll the die"."""
        if yes:
            self.cb["mdu"]["roll"] = int(self.rng.integers(1, 5))
            self._log(f"the monster rerolls its defence die: {self.cb['mdu']['roll']}")

    def _L_m_tactics(self, p, h, i):
        return [A_CARD + c for c in self.hand[p]] + [A_DONE]

    def _D_m_tactics(self, fam, c, p, h, i):
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

    def _L_m_raise(self, p, h, i):
        return [A_CARD + c for c in self.disc[p]] + [A_DONE]

    def _D_m_raise(self, fam, c, p, h, i):
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

    def _T_m_houtcome(self) -> None:
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

    def _yn_m_bottom(self, yes, p, du, m):
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

    def _T_m_hurt(self, src, m, amount, dt) -> None:
        """Damage that is no attack (automatic Skill damage: "All enemies automatically take two ...
        Damage"; Pain Spike; Unholy Armor) against the top Stamina Token."""
        if not self.m_alive(m) or amount <= 0:
            return
        dealt = self.m_reduce(m, amount, dt)
        self._log(f"{MONSTERS[self.mkind[m]].name} takes {dealt}")
        self.m_wound(m, dealt, self.owner[src] if src >= 0 else -1)

    # ================================================================== the monsters' turn
    def _T_turn_end(self) -> None:
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
        super()._T_turn_end()

    def _T_m_endturn(self) -> None:
        for h in sorted(range(NH), key=self.rank_of):
            if self.swal[h] and self.hp[h] > 0:
                k = int(self.rng.integers(1, 5))
                self.hp[h] = max(0, self.hp[h] - k)
                self._log(f"{HEROES[h].name} loses {k} inside {MONSTERS[self.mkind[self.swal[h] - 1]].name}")
                if self.hp[h] == 0:
                    self.swal[h] = 0
                    self.kill(h, "swallowed")

    def _T_m_act(self, m, tb, regular) -> None:
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

    def _T_m_face(self, m, tb, f) -> None:
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

    def _T_m_face_end(self) -> None:
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
            from .actions import FIRE, ICE, LIGHT
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
        seen = {start: 0}
        frontier = [start]
        for step in range(1, speed + 1):
            nxt = []
            for x in frontier:
                for y in NEIGH[x]:
                    if y in seen or (y in occ and not mon.fly):
                        continue
                    seen[y] = step
                    nxt.append(y)
            frontier = nxt
        return {x: d for x, d in seen.items() if x not in occ or x == start}

    def _m_move(self, m, x) -> None:
        if x != self.mpos[m]:
            self.mpos[m] = x
            self._log(f"{MONSTERS[self.mkind[m]].name} moves to {HEXES[x]}")

    def _policy(self):
        return TARGETING[self.game.config["targeting"]]

    def _candidates(self, reach_from, rng) -> list[int]:
        return [h for h in range(NH) if self.alive(h) and DIST[reach_from][self.pos[h]] <= rng]

    def _T_m_strike(self, m, tb, f, j) -> None:
        """One strike of a face: choose the targets (and move first, before the first strike), then
        every target commits a Power face down (and may answer with a Defense Skill), then the
        monster's attack die is rolled for each (TH § Monster Attacking)."""
        if not self.m_alive(m) or self.mcb is None:
            return
        face = MONSTERS[self.mkind[m]].faces[tb][f]
        strike = face.strikes[j]
        pol = self._policy()
        mc = self.mcb
        heroes = [h for h in range(NH) if self.alive(h)]
        if not heroes:
            return
        targets: list[int] = []
        reach = strike.reach
        if reach == "adjacent":
            if j == 0:
                spots = self._m_reach(m)
                cands = [h for h in heroes if any(DIST[x][self.pos[h]] == 1 for x in spots)]
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

    def _L_m_commit(self, p, h, i):
        return [A_CARD + c for c in self.hand_of(h)]

    def _D_m_commit(self, fam, c, p, h, i):
        self.commit_card(p, c)
        self.mcb["dcards"][i] = c

    def _mdef_opts(self, h) -> list[int]:
        return [s for s in self.mana_slots(h) if self.skill(h, s).key in MON_DEF_SKILLS]

    def _T_m_defskill(self, i) -> None:
        h = self.mcb["targets"][i]
        if self.alive(h) and self._mdef_opts(h):
            self._ask("m_defskill", self.owner[h], h, i)

    def _L_m_defskill(self, p, h, i):
        return [A_SLOT + s for s in self._mdef_opts(h)] + [A_DONE]

    def _D_m_defskill(self, fam, s, p, h, i):
        if fam == "slot":
            self.mcb["dskills"][i] = self.skill(h, s).key

    def _T_m_duel(self, i) -> None:
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

    def _yn_m_reroll_att(self, yes, p, du, i):
        if yes:
            self.mcb["rolls"][i] = int(self.rng.integers(1, 5))
            self._log(f"the monster rerolls its attack die: {self.mcb['rolls'][i]}")

    def _T_m_outcome(self, i) -> None:
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

    def _T_m_spike(self, m, amount, h) -> None:
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

    def _T_m_strike_end(self) -> None:
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

    # ================================================================== heroes under statuses
    def _T_hero_turn(self, h) -> None:
        if self.mkind[0] >= 0 and self.alive(h):
            if self.para[h]:
                self.para[h] = 0  # the Ranking Token flips back after this turn
                self._log(f"{HEROES[h].name} is paralyzed this turn")
                self._push(["hero_end", h])
                return
            if self.ensl[h]:
                self.ensl[h] = 0
                self._push(["m_enslaved", h], ["hero_end", h])
                return
        super()._T_hero_turn(h)

    def _T_m_enslaved(self, h) -> None:
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

    # ================================================================== the end
    def _m_over(self, won: bool, why: str) -> None:
        self.winner = 0 if won else -1
        self.mlost = 0 if won else 1
        self.reason = why
        self.phase = "over"
        self.dec = None
        self._log(f"game over: {why}")

    def _check_elimination(self) -> bool:
        if not self.mmode or self.mphase == 1:
            return super()._check_elimination()
        cb = self.cb
        if cb is not None and cb["du"] is not None and cb["du"].get("zombie"):
            return False
        if not any(k >= 0 and x >= 0 for k, x in zip(self.mkind, self.mpos)):  # ``monsters_alive``
            if self.mode == "semi_coop_heavy":
                # "after all monsters are eliminated, the normal competitive mode continues"
                self.mphase = 1
                self.team = list(range(self.n))
                self.nteams = self.n
                self.ward = [0] * self.n
                self._log("every monster is defeated: the competitive game goes on")
                return super()._check_elimination()
            self._m_over(True, "every monster is defeated")
            return True
        # a hero in the Arena or swallowed (``alive`` inlined: this runs before every task)
        pos, swal = self.pos, self.swal
        for h, (o, hp) in enumerate(zip(self.owner, self.hp)):
            if o >= 0 and hp > 0 and (pos[h] >= 0 or swal[h]):
                return False
        self._m_over(False, "every hero fell")
        return True

    def returns(self) -> list[float]:
        """Monster modes (TH § Game Modes): co-op, solo and light semi co-op: +1 for every player when
        every monster falls before the end of turn 9, -1 for every player otherwise (light semi co-op:
        "all players are considered victorious"; the Most Valuable Player is in ``scores()``). Heavy
        semi co-op: -1 for all if the monsters survive or kill every hero; after the monsters fall, the
        competitive game's returns (+1 the winner, -1 the others, 0 on a tie)."""
        if self.mmode and self.mlost:
            return [-1.0] * self.n
        return super().returns()

    def scores(self) -> list[float]:
        """Monster modes: Stamina Tokens kept per player (light semi co-op; the most is the Most
        Valuable Player); other modes: the returns."""
        if not self.mmode:
            return super().scores()
        return [float(len(k)) for k in self.kept]

    def final_info(self) -> dict:
        """Monster modes: the Stamina Tokens each player kept and the Most Valuable Player(s) (light
        semi co-op), whether the monsters were all defeated."""
        if not self.mmode:
            return {}
        out = {"monsters_defeated": not self.monsters_alive()}
        if self.mode == "semi_coop_light":
            out.update(stamina_tokens=[len(k) for k in self.kept], mvp=self.mvp())
        return out

    def mvp(self) -> list[int]:
        """The Most Valuable Players of light semi co-op: the players with the most kept tokens."""
        best = max((len(k) for k in self.kept), default=0)
        return [p for p in range(self.n) if len(self.kept[p]) == best] if best else []

    # ================================================================== invariants, determinization
    def _check_monsters(self, seen: set) -> None:
        """Every Stamina Token in exactly one place (a pile, removed, unused); monsters on free hexes;
        the heroes' monster statuses name monsters that exist."""
        from mythenv.core.errors import StateError
        toks = self.tpool + [t for m in range(MAXM) for t in self.mstack[m] + self.mgone[m]]
        if self.mkind[0] >= 0 and sorted(toks) != list(range(len(TOKENS))):
            raise StateError("theosis_v0: Stamina Token conservation broken")
        kept = [t for k in self.kept for t in k]
        if len(set(kept)) != len(kept) or not set(kept) <= set(t for m in range(MAXM) for t in self.mgone[m]):
            raise StateError("theosis_v0: a kept Stamina Token was never removed")
        for m in range(MAXM):
            if self.mkind[m] < 0:
                if self.mpos[m] >= 0 or self.mstack[m]:
                    raise StateError(f"theosis_v0: empty monster slot {m} has a position or Stamina")
                continue
            if self.mpos[m] >= 0:
                if self.mpos[m] in seen:
                    raise StateError("theosis_v0: a monster shares a hex")
                seen.add(self.mpos[m])
                if not self.mstack[m]:
                    raise StateError("theosis_v0: a monster in the Arena has no Stamina Token")
            elif self.mstack[m]:
                raise StateError("theosis_v0: a defeated monster keeps Stamina Tokens")
        for h in range(NH):
            for what, v in (("swallowed", self.swal[h]), ("anchored", self.anchor[h])):
                if v and not (1 <= v <= MAXM and self.mkind[v - 1] >= 0):
                    raise StateError(f"theosis_v0: {HEROES[h].key} is {what} by no monster")
            if self.swal[h] and self.pos[h] >= 0:
                raise StateError(f"theosis_v0: {HEROES[h].key} is swallowed and on the board")

    def _resample_tokens(self, rng) -> None:
        """The Stamina Tokens nobody sees (TH § Monster Stamina: "They cannot look through the stack"):
        each pile below its top (the whole pile when the top lies face down) and the unused tokens,
        redistributed among those places."""
        if self.mkind[0] < 0:
            return
        places = [("p", 0, i) for i in range(len(self.tpool))]
        for m in range(MAXM):
            st = self.mstack[m]
            for i in range(len(st)):
                if i > 0 or self.mdown[m]:
                    places.append(("s", m, i))
        if len(places) < 2:
            return
        cards = sorted(self.tpool[i] if k == "p" else self.mstack[m][i] for k, m, i in places)
        perm = rng.permutation(len(cards))
        for (k, m, i), j in zip(places, perm):
            if k == "p":
                self.tpool[i] = cards[j]
            else:
                self.mstack[m][i] = cards[j]
        self.tpool.sort()

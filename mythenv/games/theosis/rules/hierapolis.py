"""The Preparation Phase in Hierapolis (TH § Preparation Phase, § Quests, § Hierapolis Locations,
§ Artifacts, § Alignment and Ranking, with the FAQ and errata): six turns of assigning heroes to
Quests and locations, the Power piles, the artifact bidding, the Market refresh, then the Alignment
bonus before the gold allocation and the Ranking (``fast_prep``'s ``gold_start``).

State (declared in ``state.StateBase.fields``, block ``# --- Hierapolis``): ``pturn`` (0..6),
``pfirst`` (this turn's first player), ``pquota`` / ``spots`` (heroes to place and who stands where),
``track`` (the three markers), ``msupply`` (Cathedral gems, FAQ), ``arow`` (the face-down Artifacts),
``aseen`` (Artifacts seen outside the row), ``bart`` / ``bjoin`` / ``bid`` / ``brev`` / ``bpart``
(the bidding), ``pdraw`` (a token drawn from the pouch), ``rdeck`` / ``prepared`` / ``mdraw`` /
``mseat`` (the Mage Tower). The numbers and the board's capacities are ``cards.HIERAPOLIS``.
"""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import ALIGNMENTS, HEROES, HIERAPOLIS, ITEMS, POWERS, RITUALS
from .actions import (
    A_CARD,
    A_DONE,
    A_HERO,
    A_ITEM,
    A_NUM,
    A_RITUAL,
    A_SEAT,
    A_SLOT,
    A_SPOT,
    MAXHP,
    NC,
    NH,
    SPOT_NAMES,
    TURNS,
)

HP = HIERAPOLIS
NQ = 6  # Quests, one per Alignment (ALIGNMENTS order)
PREP_TURNS = HP["setup"]["turns"]  # the preparation's turns
LOCATIONS = HP["location_keys"]  # tavern, cathedral, thieves_guild, mercenary_camp, market, mage_tower
NSPOT = 2 * NQ + len(LOCATIONS)  # golden slots 0..5, plain slots 6..11, locations 12..17
assert NSPOT == len(SPOT_NAMES)
THIEVES = 2 * NQ + LOCATIONS.index("thieves_guild")


def spot_capacity(i: int) -> int:
    if i < NQ:
        return HP["capacity"]["quest_golden"]["slots"]
    if i < 2 * NQ:
        return HP["capacity"]["quest_plain"]["slots"]
    return HP["capacity"][LOCATIONS[i - 2 * NQ]]["slots"]


def spot_cost(i: int) -> int:
    if i < 2 * NQ:
        return HP["capacity"]["quest_golden" if i < NQ else "quest_plain"]["cost"]
    return HP["capacity"][LOCATIONS[i - 2 * NQ]]["cost"]


# per spot its capacity and its cost, read from the data once (the legal spots need them every turn)
SPOT_CAP = tuple(spot_capacity(i) for i in range(NSPOT))
SPOT_COST = tuple(spot_cost(i) for i in range(NSPOT))


# which track an Alignment steers, and the sign of a step towards it
STEER = {}
for _t, _tr in enumerate(HP["tracks"]):
    STEER[ALIGNMENTS.index(_tr["left"])] = (_t, 1)
    STEER[ALIGNMENTS.index(_tr["right"])] = (_t, -1)


class Hierapolis:
    """The Preparation Phase in Hierapolis (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ------------------------------------------------------------------ helpers
    def standing(self, h: int) -> bool:
        """A chosen hero still in the game during the preparation (a hero at 0 is out, TH § Quests)."""
        return self.owner[h] >= 0 and self.hp[h] > 0

    def standing_of(self, p: int) -> list[int]:
        return [h for h in self.heroes_of(p) if self.hp[h] > 0]

    def enemy_heroes(self, p: int) -> list[int]:
        return [h for h in range(NH) if self.standing(h) and self.team[self.owner[h]] != self.team[p]]

    def enemy_seats(self, p: int) -> list[int]:
        return [q for q in range(self.n) if self.team[q] != self.team[p]]

    def prep_hurt(self, h: int, amount: int, why: str) -> None:
        """Damage during the preparation: a hero at 0 is removed from the game (TH § Warmonger Quest,
        § Thieves Guild)."""
        self.hp[h] = max(0, self.hp[h] - amount)
        self._log(f"{HEROES[h].name} loses {amount} ({why}), health {self.hp[h]}")
        if self.hp[h] == 0:
            self.kill(h, why)

    def _draw_pouch(self) -> int:
        """A random token from the pouch, shown to the table (an Artifact among them is then known
        not to lie in the face-down row)."""
        x = self.pouch[int(self.rng.integers(len(self.pouch)))]
        if ITEMS[x].artifact and x not in self.aseen:
            self.aseen.append(x)
            self.aseen.sort()
        return x

    def _equippers(self, p: int, it: int) -> list[int]:
        return [h for h in self.standing_of(p) if self.can_equip(h, it)]

    def _hp_equip(self, h: int, it: int, s: int) -> None:
        if it == self.pdraw:
            self.pdraw = -1
            self.pouch.remove(it)
        elif it == self.bart:
            self.bart = -1
        if ITEMS[it].artifact and it not in self.aseen:
            self.aseen.append(it)
            self.aseen.sort()
        self.equip(h, it, s)  # from the Market (``offer``) when it is there; the replaced token to the pouch

    # ------------------------------------------------------------------ setup and turns
    @task("hp_start")
    def _task_hp_start(self) -> None:
        """TH § Setting up the Hierapolis Board (errata p.4): six Artifacts face down on the Artifact
        locations, the rest in the pouch; six Weapon / Armor tokens in the Market, the rest in the
        pouch; the Alignment cubes on 0; the Rituals shuffled face down in the Mage Tower. The
        player who chose first holds the initiative (TH § Assigning Heroes to Locations)."""
        self.phase = "prep"
        arts = sorted(i for i in self.pouch if ITEMS[i].artifact)
        kit = sorted(i for i in self.pouch if not ITEMS[i].artifact)
        ka = min(HP["setup"]["artifact_row"], len(arts))
        self.arow = [arts[j] for j in self.rng.permutation(len(arts))[:ka]]
        km = min(HP["setup"]["market"], len(kit))
        self.offer = sorted(kit[j] for j in self.rng.permutation(len(kit))[:km])
        self.pouch = sorted(set(self.pouch) - set(self.arow) - set(self.offer))
        self.track = [HP["setup"]["track_start"]] * len(HP["tracks"])
        exp = self.game.config["expansion"]
        self.rdeck = [r.index for r in RITUALS if exp or not r.expansion]
        self.initiative = 0
        self._push(*[["hp_turn", t] for t in range(1, PREP_TURNS + 1)], ["hp_end"])

    @task("hp_turn")
    def _task_hp_turn(self, t) -> None:
        """One turn in Hierapolis: the initiative holder at the turn's beginning plays first, then
        clockwise; each player places one hero at a time (TH § Assigning Heroes to Locations)."""
        self.pturn = t
        self.pfirst = self.initiative
        self.order = [(self.pfirst + k) % self.n for k in range(self.n)]
        self.pquota = [len(self.standing_of(p)) for p in range(self.n)]
        self.spots = [[] for _ in range(NSPOT)]
        exp = self.game.config["expansion"]
        self.pool = [c for c in range(NC) if POWERS[c].value_slot == t - 1 and (exp or not POWERS[c].expansion)]
        self._log(f"Hierapolis turn {t}: P{self.pfirst} plays first")
        rounds = max(self.pquota, default=0)
        tasks = []
        for k in range(rounds):
            tasks += [["hp_place", p, k] for p in self.order if self.pquota[p] > k]
            if k == 0:
                tasks.append(["hp_powers_out"])
        if rounds == 0:
            tasks.append(["hp_powers_out"])
        self._push(*tasks, ["hp_bidding"], ["hp_refresh"])

    @task("hp_powers_out")
    def _task_hp_powers_out(self) -> None:
        """"When all players have allocated their first Hero, remove any Power that was not selected
        for this round" (TH § Assigning Heroes to Locations; errata p.4: an untaken Expansion card
        too)."""
        if self.pool:
            self._log("Powers not taken leave the game: " + ", ".join(POWERS[c].name for c in self.pool))
        self.pool = []

    def placed(self, p: int) -> int:
        return sum(s.count(p) for s in self.spots)

    @task("hp_place")
    def _task_hp_place(self, p, k) -> None:
        if self._options_hp_spot(p, k):
            self._ask("hp_spot", p, k)

    @lister("hp_spot")
    def _options_hp_spot(self, p, k):
        """The first hero must take a free golden slot (errata p.7, p.10: "When allocating your first
        Hero, you must choose one of the golden slots in the Quest Locations"); the others take plain
        slots or locations ("You can only assign one Hero each turn to the golden circle spaces")."""
        if k == 0:
            gold = [A_SPOT + i for i in range(NQ) if len(self.spots[i]) < SPOT_CAP[i]]
            if gold:
                return gold
        spots, purse = self.spots, self.purse[p]
        return [A_SPOT + i for i in range(NQ, NSPOT) if len(spots[i]) < SPOT_CAP[i] and purse >= SPOT_COST[i]]

    @decision("hp_spot")
    def _decide_hp_spot(self, fam, i, p, k):
        self.spots[i].append(p)
        cost = spot_cost(i)
        self.purse[p] -= cost
        self._log(f"P{p} sends a hero to the {SPOT_NAMES[i]}" + (f" (pays {cost})" if cost else ""))
        if i < 2 * NQ:
            al = i % NQ
            t, sign = STEER[al]
            ln = HP["tracks"][t]["length"]
            self.track[t] = max(-ln, min(ln, self.track[t] + sign))
            if i < NQ:
                self._golden(p, al)
            return
        self._location(p, LOCATIONS[i - 2 * NQ])

    # ------------------------------------------------------------------ Quests
    def _golden(self, p: int, al: int) -> None:
        """The golden slot: the Power on top of the Quest's pile (the Expansion card beside it: the
        taker chooses, the other leaves the game, errata p.4), then the Quest's reward."""
        q = HP["quests"][ALIGNMENTS[al]]
        tasks = []
        if q["gold"]:
            tasks.append(["hp_gold", p, q["gold"]])
        tasks.append(["hp_effect", p, q["effect"], q["amount"]])
        self._push(*tasks)
        top = [c for c in self.pool if POWERS[c].alignment == al]
        if len(top) > 1:
            self._ask("hp_power", p, al)
        elif top:
            self._take_power(p, top[0])

    @lister("hp_power")
    def _options_hp_power(self, p, al):
        return [A_CARD + c for c in self.pool if POWERS[c].alignment == al]

    @decision("hp_power")
    def _decide_hp_power(self, fam, c, p, al):
        self._take_power(p, c)
        for x in [x for x in self.pool if POWERS[x].alignment == al]:
            self.pool.remove(x)
            self._log(f"{POWERS[x].name} leaves the game")

    def _take_power(self, p: int, c: int) -> None:
        self.pool.remove(c)
        self.cowner[c] = p
        self.hand[p] = sorted(self.hand[p] + [c])
        self.vis[c] = self._all_bits()  # taken face up from the pile
        self._log(f"P{p} takes {POWERS[c].name}")

    @task("hp_gold")
    def _task_hp_gold(self, p, amount) -> None:
        self.purse[p] += amount
        self._log(f"P{p} gains {amount} gold")

    @task("hp_effect")
    def _task_hp_effect(self, p, effect, amount) -> None:
        if effect == "damage":
            if self.enemy_heroes(p):
                self._ask("hp_hurt", p, amount)
        elif effect == "initiative":
            self.initiative = p  # takes effect at the beginning of the next turn (``pfirst``)
            self._log(f"P{p} takes the Initiative Marker")
        elif effect == "steal_gold":
            if self.enemy_seats(p):
                self._ask("hp_steal", p, amount)
        elif effect == "draw":
            if self.pouch:
                self.pdraw = self._draw_pouch()
                self._log(f"P{p} draws {ITEMS[self.pdraw].name} from the pouch")
                self._ask_keep(p, self.pdraw, optional=1)
        elif effect == "market_steal":
            if self._market_ok(p):
                self._ask("hp_market", p, 1)
        elif effect == "gems":
            self._push(["hp_gems", p, amount, 1])
        elif effect == "cathedral":
            self.msupply[p] += amount
            self._log(f"P{p} puts {amount} Mana gems in its supply")
            if self.standing_of(p):
                self._ask("hp_heal", p)
        elif effect == "d6":
            face = int(self.rng.integers(len(HP["faces"])))
            f = HP["faces"][face]
            self._log(f"P{p} rolls the Thieves' Guild die: {f['key']}")
            self._push(["hp_face", p, f["key"], f["amount"]])
        elif effect == "d4":
            roll = int(self.rng.integers(1, 5))
            self._log(f"P{p} rolls {roll} at the Mercenary Camp")
            self.purse[p] += roll
        elif effect == "market":
            if self._market_ok(p):
                self._ask("hp_market", p, 0)
        elif effect == "ritual":
            self._mage_tower(p, amount)

    def _location(self, p: int, key: str) -> None:
        loc = HP["locations"][key]
        self._push(["hp_effect", p, loc["effect"], loc["amount"]])

    @task("hp_face")
    def _task_hp_face(self, p, key, amount) -> None:
        """The Thieves' Guild die (TH § Thieves Guild; the sixth face ``fence`` is designed)."""
        if key == "steal_mana":
            if any(self.mana_slots(h) for h in self.enemy_heroes(p)):
                self._ask("hp_mtarget", p)
        elif key == "damage":
            self._task_hp_effect(p, "damage", amount)
        elif key in ("steal_gold_2", "steal_gold_4"):
            self._task_hp_effect(p, "steal_gold", amount)
        elif key == "initiative":
            self._task_hp_effect(p, "initiative", 0)
        elif key == "fence":
            self._task_hp_effect(p, "draw", 1)

    # ---- Damage (Warmonger Quest, Thieves' Guild)
    @lister("hp_hurt")
    def _options_hp_hurt(self, p, amount):
        return [A_HERO + h for h in self.enemy_heroes(p)]

    @decision("hp_hurt")
    def _decide_hp_hurt(self, fam, h, p, amount):
        self.prep_hurt(h, amount, f"P{p} in Hierapolis")

    # ---- gold stealing (Deceitful Quest, Thieves' Guild)
    @lister("hp_steal")
    def _options_hp_steal(self, p, amount):
        """"Choose a player" (an opponent: team mates may not trade anything, TH § Team vs Team)."""
        return [A_SEAT + q for q in self.enemy_seats(p)]

    @decision("hp_steal")
    def _decide_hp_steal(self, fam, q, p, amount):
        """"Steal as many gold tokens as they have up to" the amount (taking fewer than "up to three"
        allows is never better, so the whole amount is taken)."""
        got = min(amount, self.purse[q])
        self.purse[q] -= got
        self.purse[p] += got
        self._log(f"P{p} steals {got} gold from P{q}")

    # ---- a token from the pouch (Righteous Quest, the fence) or the Market, equipped at once
    def _ask_keep(self, p: int, it: int, optional: int) -> None:
        """A drawn token (``optional``) is always offered, even when only "discard it" is left: the
        table sees it either way, and whether its drawer is asked must not tell which token it was
        (the pouch's Artifacts are partly unknown)."""
        if optional or self._equippers(p, it):
            self._ask("hp_keep", p, it, optional)
        else:
            self._drop(it)

    def _drop(self, it: int) -> None:
        """Back to the pouch: a drawn token declined, an Artifact nobody wins or nobody can equip."""
        if it == self.pdraw:
            self.pdraw = -1
        elif it == self.bart:
            self.bart = -1
            self.pouch = sorted(self.pouch + [it])
        self._log(f"{ITEMS[it].name} goes to the pouch")

    @lister("hp_keep")
    def _options_hp_keep(self, p, it, optional):
        return [A_HERO + h for h in self._equippers(p, it)] + ([A_DONE] if optional else [])

    @decision("hp_keep")
    def _decide_hp_keep(self, fam, h, p, it, optional):
        if fam == "done":
            self._drop(it)
            return
        slots = self.can_equip(h, it)
        if len(slots) == 1:
            self._hp_equip(h, it, slots[0])
        else:
            self._ask("hp_eslot", p, h, it)

    @lister("hp_eslot")
    def _options_hp_eslot(self, p, h, it):
        return [A_SLOT + s for s in self.can_equip(h, it)]

    @decision("hp_eslot")
    def _decide_hp_eslot(self, fam, s, p, h, it):
        self._hp_equip(h, it, s)

    def _market_ok(self, p: int) -> list[int]:
        return self.equippable(self.standing_of(p))  # fast_prep.py

    @lister("hp_market")
    def _options_hp_market(self, p, optional):
        return [A_ITEM + i for i in self._market_ok(p)] + ([A_DONE] if optional else [])

    @decision("hp_market")
    def _decide_hp_market(self, fam, it, p, optional):
        """Vengeful Quest: "choose one to steal. If you decide to do so, you must immediately equip
        it"; Market: "Select and gain one Market item. You must immediately equip it"."""
        if fam == "done":
            return
        self._ask("hp_keep", p, it, 0)

    # ---- Mana gems (Merciful Quest, the Cathedral's supply, the stolen gem)
    @task("hp_gems")
    def _task_hp_gems(self, p, left, optional) -> None:
        if left > 0 and any(self.empty_slots(h) for h in self.standing_of(p)):
            self._ask("hp_gem", p, left, optional)

    @lister("hp_gem")
    def _options_hp_gem(self, p, left, optional):
        return [A_HERO + h for h in self.standing_of(p) if self.empty_slots(h)] + ([A_DONE] if optional == 1 else [])

    @decision("hp_gem")
    def _decide_hp_gem(self, fam, h, p, left, optional):
        if fam == "done":
            return
        slots = self.empty_slots(h)
        if len(slots) == 1:
            self._put_gem(p, h, slots[0], left, optional)
        else:
            self._ask("hp_gslot", p, h, left, optional)

    @lister("hp_gslot")
    def _options_hp_gslot(self, p, h, left, optional):
        return [A_SLOT + s for s in self.empty_slots(h)]

    @decision("hp_gslot")
    def _decide_hp_gslot(self, fam, s, p, h, left, optional):
        self._put_gem(p, h, s, left, optional)

    def _put_gem(self, p, h, s, left, optional) -> None:
        self.mana[h][s] = 1
        if optional == 2:  # from the supply
            self.msupply[p] -= 1
        self._log(f"{HEROES[h].name} takes a Mana gem")
        self._push(["hp_gems", p, left - 1, optional])

    # ---- steal one Mana (Thieves' Guild)
    @lister("hp_mtarget")
    def _options_hp_mtarget(self, p):
        return [A_HERO + h for h in self.enemy_heroes(p) if self.mana_slots(h)]

    @decision("hp_mtarget")
    def _decide_hp_mtarget(self, fam, h, p):
        slots = self.mana_slots(h)
        if len(slots) == 1:
            self._steal_gem(p, h, slots[0])
        else:
            self._ask("hp_mslot", p, h)

    @lister("hp_mslot")
    def _options_hp_mslot(self, p, h):
        return [A_SLOT + s for s in self.mana_slots(h)]

    @decision("hp_mslot")
    def _decide_hp_mslot(self, fam, s, p, h):
        self._steal_gem(p, h, s)

    def _steal_gem(self, p, h, s) -> None:
        """"Immediately place it in one of your Hero's skills. If you do not have an empty skill for
        the Mana gem, then discard it.\""""
        self.mana[h][s] = 0
        self._log(f"P{p} steals a Mana gem from {HEROES[h].name}")
        self._push(["hp_gems", p, 1, 0])

    # ---- the Cathedral's heal
    @lister("hp_heal")
    def _options_hp_heal(self, p):
        return [A_HERO + h for h in self.standing_of(p)]

    @decision("hp_heal")
    def _decide_hp_heal(self, fam, h, p):
        self.hp[h] = MAXHP
        self._log(f"{HEROES[h].name} is healed to {MAXHP}")

    # ---- the Mage Tower
    def _mage_tower(self, p: int, k: int) -> None:
        """"Shuffle the Rituals and randomly take six, or if the deck is running low, as many as are
        available. Study the Rituals and select one to prepare. Shuffle the rest of the Rituals back
        into the deck." The draw is seen by the player's team only (TH § Team vs Team). With no turn
        marker left to put on a Ritual (``free_turns``) there is nothing to prepare: never with the
        designed one Mage Tower slot a turn (six studies, nine markers), but a swapped data file may
        allow more."""
        if not self.rdeck or not self.free_turns():
            return
        k = min(k, len(self.rdeck))
        idx = self.rng.permutation(len(self.rdeck))[:k]
        self.mdraw = sorted(self.rdeck[j] for j in idx)
        self.mseat = p
        self.rdeck = sorted(set(self.rdeck) - set(self.mdraw))
        self._ask("hp_ritual", p)

    @lister("hp_ritual")
    def _options_hp_ritual(self, p):
        return [A_RITUAL + r for r in self.mdraw]

    @decision("hp_ritual")
    def _decide_hp_ritual(self, fam, r, p):
        self.rdeck = sorted(self.rdeck + [x for x in self.mdraw if x != r])
        self.mdraw = [r]
        self._ask("hp_rturn", p)

    def free_turns(self) -> list[int]:
        """The turn markers still free: TH § Components List, "9x Turn Markers", one per Arena turn
        (§ Combat Turns: "Combat in the Arena consists of nine turns"), shared by the table: a marker
        lying on any seat's prepared Ritual is taken for everyone (and is seen to be: it lies face up
        on top of the card, ``observe._rituals``)."""
        taken = {t for x in self.prepared for _r, t in x}
        return [t for t in range(1, TURNS + 1) if t not in taken]

    @lister("hp_rturn")
    def _options_hp_rturn(self, p):
        """"Select one turn token and place it on top of your Ritual indicating the turn the Ritual
        will be cast during the Arena Phase" (errata p.5: "Turn Marker"): one of the markers no seat
        has taken (``free_turns``)."""
        return [A_NUM + t for t in self.free_turns()]

    @decision("hp_rturn")
    def _decide_hp_rturn(self, fam, t, p):
        self.prepared[p].append([self.mdraw[0], t])
        self.mdraw = []
        self.mseat = -1
        self._log(f"P{p} prepares a Ritual")

    # ------------------------------------------------------------------ the Artifact bidding
    @task("hp_bidding")
    def _task_hp_bidding(self) -> None:
        """TH § Artifacts: the leftmost face-down Artifact is revealed; the players who take part
        declare their total gold (here: they say they take part; every purse is public), then bid in
        secret, all at once (sequential hidden commits), then all bids are revealed."""
        if not self.arow:
            return
        self.bart = self.arow.pop(0)
        if self.bart not in self.aseen:
            self.aseen = sorted(self.aseen + [self.bart])
        self.bjoin = [0] * self.n
        self.bid = [-1] * self.n
        self.brev = 0
        self._log(f"the Artifact of turn {self.pturn}: {ITEMS[self.bart].name}")
        self._push(*[["hp_join", p] for p in self.order], ["hp_bids"])

    @task("hp_join")
    def _task_hp_join(self, p) -> None:
        self._ask("hp_join", p)

    @lister("hp_join")
    def _options_hp_join(self, p):
        return [A_NUM, A_NUM + 1]

    @decision("hp_join")
    def _decide_hp_join(self, fam, i, p):
        self.bjoin[p] = i
        if i:
            self._log(f"P{p} bids, declaring {self.purse[p]} gold")

    @task("hp_bids")
    def _task_hp_bids(self) -> None:
        tasks = [["hp_bid_ask", p, len(str(self.purse[p])) - 1, 0] for p in self.order if self.bjoin[p]]
        self._push(*tasks, ["hp_reveal"])

    @task("hp_bid_ask")
    def _task_hp_bid_ask(self, p, pos, partial) -> None:
        self.bpart = partial
        self._ask("hp_bid", p, pos, partial)

    @lister("hp_bid")
    def _options_hp_bid(self, p, pos, partial):
        """A bid is written digit by digit, the most significant first: as many digits as the
        (public) purse has, so how long a bid takes tells nothing of its value."""
        unit = 10 ** pos
        return [A_NUM + d for d in range(10) if (partial * 10 + d) * unit <= self.purse[p]]

    @decision("hp_bid")
    def _decide_hp_bid(self, fam, d, p, pos, partial):
        v = partial * 10 + d
        if pos > 0:
            self._push(["hp_bid_ask", p, pos - 1, v])
            return
        self.bid[p] = v
        self.bpart = -1

    @task("hp_reveal")
    def _task_hp_reveal(self) -> None:
        """"All bids are simultaneously revealed. The highest bid wins the Artifact. All gold from all
        bids, winning or losing, is returned to the gold pile. In the case of a tie, the Artifact is
        discarded into the pouch"."""
        self.brev = 1
        bids = [(self.bid[p], p) for p in range(self.n) if self.bjoin[p]]
        for b, p in bids:
            self.purse[p] -= b
        if bids:
            self._log("bids: " + ", ".join(f"P{p} {b}" for b, p in bids))
        top = max((b for b, _p in bids), default=-1)
        win = [p for b, p in bids if b == top]
        it = self.bart
        if len(win) != 1:
            self._log("no single highest bid" if bids else "nobody bids")
            self._drop(it)
            return
        w = win[0]
        self._log(f"P{w} wins {ITEMS[it].name}")
        self._ask_keep(w, it, optional=0)

    # ------------------------------------------------------------------ the Market refresh
    @task("hp_refresh")
    def _task_hp_refresh(self) -> None:
        """"As soon as Artifact bidding is over, randomly choose six new Weapon and Armor tokens from
        the pouch to refresh the Market. If an Artifact was randomly selected, show it to the rest of
        the players then shuffle it back into the pouch. All unclaimed Weapons and Armors from this
        turn are shuffled back into the pouch after the new Weapons and Armors are drawn"."""
        old = self.offer
        new = []
        while len(new) < HP["setup"]["market"] and any(not ITEMS[i].artifact for i in self.pouch):
            x = self._draw_pouch()
            if not ITEMS[x].artifact:
                self.pouch.remove(x)
                new.append(x)
        self.offer = sorted(new)
        self.pouch = sorted(self.pouch + old)

    # ------------------------------------------------------------------ invariants
    def _hp_invariants(self) -> None:
        """The preparation's fields: spots within their capacities and each player's quota, markers
        on their tracks, a drawn token in the pouch, the face-down row of Artifacts, every Ritual of
        the deck in one place, bids within purses."""
        from mythenv.core.errors import StateError
        if len(self.spots) != NSPOT or any(len(x) > spot_capacity(i) for i, x in enumerate(self.spots)):
            raise StateError("theosis_v0: a Hierapolis spot holds more heroes than it has slots")
        left = [0] * self.n  # the heroes each player still places this turn (queued, or being placed)
        for t in self.q + ([self.dec] if self.dec is not None else []):
            if t[0] in ("hp_place", "hp_spot"):
                left[t[1]] += 1
        if any(self.placed(p) + left[p] > self.pquota[p] for p in range(self.n)):
            raise StateError("theosis_v0: fields spots, pquota and q disagree: a player places more heroes than it "
                             "has this turn")
        ending = any(t[0] == "hp_end" for t in self.q)  # (after it, the turn is 0 again)
        if self.pturn == 0 and any(self.spots):
            raise StateError("theosis_v0: fields spots and pturn disagree: heroes on Hierapolis spots outside a turn")
        if [t[1] for t in self.q if t[0] == "hp_turn"] != list(range(self.pturn + 1, PREP_TURNS + 1)
                                                               if ending else ()):
            raise StateError(f"theosis_v0: fields q and pturn disagree: the Hierapolis turns queued after turn "
                             f"{self.pturn} are not the turns left")
        if any(abs(v) > tr["length"] for v, tr in zip(self.track, HP["tracks"])) or len(self.track) != len(HP["tracks"]):
            raise StateError(f"theosis_v0: Alignment markers {self.track} off their tracks")
        d = self.dec
        if d is not None and d[0] in ("hp_keep", "hp_eslot") and d[-2 if d[0] == "hp_keep" else -1] not in (
                self.pdraw, self.bart, *self.offer):
            raise StateError(f"theosis_v0: fields dec, pdraw, bart and offer disagree: {d!r} takes an item that was "
                             "neither drawn, won nor in the Market")
        for t in self.q + ([d] if d is not None else []):
            if t[0] in ("hp_bid_ask", "hp_bid"):  # a bid written digit by digit within the purse
                p, pos, partial = t[1:4]
                if pos >= len(str(self.purse[p])) or partial * 10 ** (pos + 1) > self.purse[p]:
                    raise StateError(f"theosis_v0: fields {'dec' if t is d else 'q'} and purse disagree: {t!r} "
                                     f"writes a bid beyond the purse of {self.purse[p]}")
        if d is not None and d[0] == "hp_bid" and d[3] != self.bpart:
            raise StateError(f"theosis_v0: fields dec and bpart disagree: the bid written so far is {self.bpart}")
        if self.pdraw >= 0 and self.pdraw not in self.pouch:
            raise StateError("theosis_v0: the token drawn from the pouch is not in the pouch")
        if any(not ITEMS[i].artifact for i in self.arow + ([self.bart] if self.bart >= 0 else [])):
            raise StateError("theosis_v0: a Weapon or Armor lies on the Artifact row")
        if self.phase == "prep":  # (the Arena's Rituals are ``rituals._check_rituals``')
            exp = self.game.config["expansion"]
            rits = self.rdeck + self.mdraw + [pr[0] for x in self.prepared for pr in x]
            if sorted(rits) != [r.index for r in RITUALS if exp or not r.expansion]:
                raise StateError("theosis_v0: the Rituals of the Mage Tower deck are not each in one place")
        if any(self.bid[p] > self.purse[p] + (self.bid[p] if self.brev else 0) for p in range(self.n)):
            raise StateError("theosis_v0: a bid exceeds its purse")

    # ------------------------------------------------------------------ determinization
    def _hp_resample(self, player: int, rng) -> None:
        """Redraw (in place, on a clone) what ``player``'s team cannot see of the preparation: the
        other teams' sealed bids (uniformly up to each bidder's purse) and the digits of a bid being
        written; another team's Mage Tower draw among the Rituals of the deck (the prepared Rituals
        are ``rituals._r_resample``'s, which runs first); the face-down Artifacts among those not yet
        seen (the row's and the unseen ones in the pouch)."""
        mine = self.team[player]
        other = [q for q in range(self.n) if self.team[q] != mine]
        if not self.brev:
            for q in other:
                if self.bid[q] >= 0:
                    self.bid[q] = int(rng.integers(self.purse[q] + 1))
        d = self.dec
        if d is not None and d[0] == "hp_bid" and self.team[d[1]] != mine:
            top = self.purse[d[1]] // 10 ** (d[2] + 1)
            d[3] = int(rng.integers(top + 1))
            self.bpart = d[3]
        # another team's Mage Tower draw (while it chooses), among the deck's Rituals
        if self.mseat >= 0 and self.team[self.mseat] != mine and self.mdraw:
            pool = sorted(self.rdeck + self.mdraw)
            perm = [pool[j] for j in rng.permutation(len(pool))]
            self.mdraw = sorted(perm[:len(self.mdraw)])
            self.rdeck = sorted(perm[len(self.mdraw):])
        # the face-down Artifacts
        if self.arow:
            unseen = [i for i in self.pouch if ITEMS[i].artifact and i not in self.aseen]
            cands = sorted(self.arow + unseen)
            perm = [cands[j] for j in rng.permutation(len(cands))]
            self.arow = perm[:len(self.arow)]
            self.pouch = sorted(set(self.pouch) - set(unseen) | set(perm[len(self.arow):]))

    # ------------------------------------------------------------------ after turn 6
    @task("hp_end")
    def _task_hp_end(self) -> None:
        """The gems of the Cathedral wait in the player's supply (FAQ); they are placed in empty
        skills when the preparation ends (designed: the FAQ does not say when), those that find no
        empty skill are lost. Then TH § Alignment and Ranking, step 1: every hero in play favouring
        the side a marker ended on gains 10, 20 or 30 gold; then step 2 (``gold_start``)."""
        self.pturn = 0
        self.spots = [[] for _ in range(NSPOT)]
        self.pouch = sorted(self.pouch + self.offer)
        self.offer = []
        tasks = [["hp_gems", p, self.msupply[p], 2] for p in self.order if self.msupply[p]]
        self._push(*tasks, ["hp_align"])

    @task("hp_align")
    def _task_hp_align(self) -> None:
        self.msupply = [0] * self.n
        for t, tr in enumerate(HP["tracks"]):
            v = self.track[t]
            if v == 0:
                continue
            side = ALIGNMENTS.index(tr["left"] if v > 0 else tr["right"])
            bonus = tr["bonus"][abs(v) - 1]
            for h in range(NH):
                if self.standing(h) and ALIGNMENTS.index(HEROES[h].alignment) == side:
                    self.gold[h] += bonus
                    self._log(f"{HEROES[h].name} gains {bonus} gold ({ALIGNMENTS[side]})")
        self._push(["gold_start"])


__all__ = ["Hierapolis", "LOCATIONS", "NQ", "NSPOT", "PREP_TURNS", "THIEVES", "spot_capacity", "spot_cost"]

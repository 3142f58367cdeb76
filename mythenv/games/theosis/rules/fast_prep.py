"""Fast Action Preparation (TH § Fast Action Preparation): the Power draft, Mana, the item and
Artifact offers, equipping, gold, the Ranking and the placement in the starting rows.
"""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import HEROES, ITEMS, POWERS
from .actions import A_CARD, A_DONE, A_HERO, A_HEX, A_ITEM, A_SLOT, ARM, NC, NH, OFF, W

# EQUIP_SLOTS[h][it]: the equipment slots of hero h that take item it (weapon, off-hand, armor)
EQUIP_SLOTS = tuple(tuple(tuple(s for s, kinds in ((W, hero.weapon), (OFF, hero.offhand), (ARM, hero.armor))
                                if item.kind in kinds) for item in ITEMS) for hero in HEROES)
# DRAFT_POOL[expansion][v]: the Powers of value slot v in the draft's round v (with / without the expansion)
DRAFT_POOL = tuple(tuple(tuple(c for c in range(NC) if POWERS[c].value_slot == v and (exp or not POWERS[c].expansion))
                         for v in range(6)) for exp in (False, True))


class FastPrep:
    """Fast Action Preparation (TH § Fast Action Preparation), from the draft to the placement."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    @task("draft_start")
    def _task_draft_start(self) -> None:
        """TH § Fast Action Preparation: every player drafts a full set (4.0 / 3.1 / 2.2 / 1.1 /
        1.3 / 0.4). Designed: one round per value in that order, snake order as in hero selection."""
        self.phase = "draft"
        self._push(*[["draft_round", v] for v in range(6)], ["mana_start"])

    @task("draft_round")
    def _task_draft_round(self, v) -> None:
        self.pool = list(DRAFT_POOL[bool(self.game.config["expansion"])][v])
        seats = list(range(self.n))
        self.order = seats if v % 2 == 0 else seats[::-1]
        self._push(["draft_pick"])

    @task("draft_pick")
    def _task_draft_pick(self) -> None:
        if not self.order:
            self.pool = []  # cards nobody drafted leave the game
            return
        self._ask("draft", self.order[0])

    @lister("draft")
    def _options_draft(self, p):
        return [A_CARD + c for c in self.pool]

    @decision("draft")
    def _decide_draft(self, fam, c, p):
        self.pool.remove(c)
        self.cowner[c] = p
        self.hand[p].append(c)
        self.hand[p].sort()
        self.vis[c] = self._all_bits()
        self.order.pop(0)
        self._log(f"P{p} drafts {POWERS[c].name}")
        self._push(["draft_pick"])

    @task("mana_start")
    def _task_mana_start(self) -> None:
        """Each Hero receives one Mana crystal in a skill slot of its player's choice."""
        self.phase = "mana"
        for p in range(self.n):
            for h in self.heroes_of(p):
                self.q.append(["mana_one", h])
        self.q.append(["offer_start", "artifact"])

    @task("mana_one")
    def _task_mana_one(self, h) -> None:
        self._ask("mana", self.owner[h], h)

    @lister("mana")
    def _options_mana(self, p, h):
        return [A_SLOT + s for s in self.empty_slots(h)]

    @decision("mana")
    def _decide_mana(self, fam, s, p, h):
        self.mana[h][s] = 1

    # ---- artifact and item offers
    @task("offer_start")
    def _task_offer_start(self, kind) -> None:
        """TH § Fast Action Preparation: one random Artifact per Hero (at most six), then two random
        items per Hero, each offer taken in turns (designed: from the first player clockwise)."""
        self.phase = kind
        nheroes = self.n * self.hpp
        if kind == "artifact":
            cands = sorted(i for i in self.pouch if ITEMS[i].artifact)
            k = min(6, nheroes, len(cands))
        else:
            cands = sorted(i for i in self.pouch if not ITEMS[i].artifact)
            k = min(2 * nheroes, len(cands))
        idx = self.rng.permutation(len(cands))[:k]
        self.offer = sorted(cands[j] for j in idx)
        for i in self.offer:
            self.pouch.remove(i)
        self.order = [self.initiative]
        self._push(["offer_turn", kind, 0])

    def can_equip(self, h: int, it: int) -> list[int]:
        """Equipment slots of hero ``h`` that take item ``it``."""
        return list(EQUIP_SLOTS[h][it])

    def equippable(self, heroes: list[int]) -> list[int]:
        """The offered items one of ``heroes`` can equip (``can_equip`` inlined: its slots per item)."""
        rows = [EQUIP_SLOTS[h] for h in heroes]
        return [i for i in self.offer if any(row[i] for row in rows)]

    def _offer_ok(self, p: int) -> list[int]:
        return self.equippable(self.heroes_of(p))

    @task("offer_turn")
    def _task_offer_turn(self, kind, passes) -> None:
        if not self.offer or passes >= self.n:
            for i in self.offer:  # nobody can equip these: back to the pouch
                self.pouch.append(i)
            self.pouch.sort()
            self.offer = []
            if kind == "artifact":
                self._push(["offer_start", "item"])
            else:
                self._push(["gold_start"])
            return
        p = self.order[0]
        self.order = [(p + 1) % self.n]
        if not self._offer_ok(p):
            self._push(["offer_turn", kind, passes + 1])
            return
        self._ask("offer", p, kind)

    @lister("offer")
    def _options_offer(self, p, kind):
        return [A_ITEM + i for i in self._offer_ok(p)]

    @decision("offer")
    def _decide_offer(self, fam, it, p, kind):
        self._push(["offer_turn", kind, 0])
        hs = [h for h in self.heroes_of(p) if self.can_equip(h, it)]
        if len(hs) == 1:
            self._equip_choose(p, hs[0], it)
        else:
            self._ask("equip_hero", p, it)

    @lister("equip_hero")
    def _options_equip_hero(self, p, it):
        return [A_HERO + h for h in self.heroes_of(p) if self.can_equip(h, it)]

    @decision("equip_hero")
    def _decide_equip_hero(self, fam, h, p, it):
        self._equip_choose(p, h, it)

    def _equip_choose(self, p, h, it):
        slots = self.can_equip(h, it)
        if len(slots) == 1:
            self.equip(h, it, slots[0])
        else:
            self._ask("equip_slot", p, h, it)

    @lister("equip_slot")
    def _options_equip_slot(self, p, h, it):
        return [A_SLOT + s for s in self.can_equip(h, it)]

    @decision("equip_slot")
    def _decide_equip_slot(self, fam, s, p, h, it):
        self.equip(h, it, s)

    def equip(self, h: int, it: int, s: int) -> None:
        if it in self.offer:
            self.offer.remove(it)
        old = self.eq[h][s]
        if old >= 0:  # the replaced token goes back to the pouch (TH § Market)
            self.pouch.append(old)
            self.pouch.sort()
        self.eq[h][s] = it
        self._log(f"{HEROES[h].name} equips {ITEMS[it].name}")

    # ---- gold and ranking
    @task("gold_start")
    def _task_gold_start(self) -> None:
        """TH § Alignment and Ranking, step 2 (with the 3 starting gold of errata page 6): from the
        player right of the initiative holder counter-clockwise, players put gold on their heroes."""
        self.phase = "gold"
        for k in range(1, self.n + 1):
            self.q.append(["gold_turn", (self.initiative - k) % self.n])
        self.q.append(["rank"])

    @task("gold_turn")
    def _task_gold_turn(self, p) -> None:
        if self.purse[p] > 0 and self._gold_heroes(p):
            self._ask("gold", p)

    def _gold_heroes(self, p) -> list[int]:
        """The player's heroes in play: a hero fallen in Hierapolis "is removed from the game" (TH §
        Quests), so it gets no gold, as it gets no Alignment bonus."""
        return [h for h in self.heroes_of(p) if self.hp[h] > 0]

    @lister("gold")
    def _options_gold(self, p):
        return [A_HERO + h for h in self._gold_heroes(p)] + [A_DONE]

    @decision("gold")
    def _decide_gold(self, fam, h, p):
        if fam == "done":
            return
        self.purse[p] -= 1
        self.gold[h] += 1
        self._push(["gold_turn", p])

    @task("rank")
    def _task_rank(self) -> None:
        """Step 3: the most gold ranks first; ties by initiative order (FAQ: ties in Theosis are
        resolved by initiative), then (designed) by the order the heroes were selected."""
        hs = [h for h in range(NH) if self.owner[h] >= 0]
        hs.sort(key=lambda h: (-self.gold[h], (self.owner[h] - self.initiative) % self.n, self.pickno[h]))
        self.ranking = hs
        self.phase = "place"
        for h in reversed(hs):  # lowest rank is placed first (errata page 14)
            self.q.append(["place_one", h])
        self.q.append(["arena_start"])

    @task("place_one")
    def _task_place_one(self, h) -> None:
        if self.hp[h] <= 0:  # --- Hierapolis: a hero fallen in the preparation is out of the game
            return
        self._ask("place", self.owner[h], h)

    @lister("place")
    def _options_place(self, p, h):
        occ = self.occupied()
        return [A_HEX + x for x in self.triad[p] if x not in occ]

    @decision("place")
    def _decide_place(self, fam, x, p, h):
        self.pos[h] = x

"""The Hierapolis preparation in the monster modes (TH § Game Modes, "Hierapolis Preparation"): the
players play the whole preparation together (the same locations, Quests, bidding and gold allocation
rules as the competitive game, all players on one team), and

- with nine or fewer heroes, the three unchosen heroes hinder them: the Deceitful Quest and the
  Thieves' Guild are closed to the players' heroes; after every player has placed its heroes the three
  enemy heroes act, in order: the first on the Deceitful Quest steals from the richest player, the
  second on the Vengeful Quest (the Quest Location whose reward is a Market weapon) or, if its golden
  slot is taken, the Market takes the Market weapon dealing the most damage, the third on the Thieves'
  Guild (no cost) rolls the die against the richest player; at the Artifact bidding each enemy hero
  bids all its own gold;
- with ten to twelve heroes there are no enemy heroes, and the Mana gems are balanced among all
  heroes when the preparation ends (``_cp_balance``).

The enemy heroes are rules, not seats: nobody is asked for their actions, their random choices (ties,
the die, which three of more than three unchosen heroes) come from the state's generator, and all they
do is public. State: ``ehero`` (the enemy heroes, first to third; empty with ten or more heroes),
``egold`` (each one's own gold), ``espot`` (the spot each took this turn, -1 none). Their Health is
``hp`` (a player's Warmonger Quest may wound them; at 0 an enemy hero is removed from the game).
"""

from __future__ import annotations

from mythenv.core.engine import lister, task

from ..cards import ALIGNMENTS, HEROES, ITEMS
from .actions import A_SPOT, MAXHP, MONSTER_MODES, NH
from .hierapolis import HP as BOARD
from .hierapolis import LOCATIONS, NQ, STEER, THIEVES, spot_capacity

#: TH errata p.6 ("All Players start with 3 Gold pieces"), read as each enemy hero's own pool
#: (they "cannot combine their gold")
ENEMY_GOLD = 3
#: the balance rule with ten to twelve heroes: no hero in play ends with more than this many Mana gems
#: above another hero in play
BALANCE_GAP = 1


class CoopPrep:
    """The co-op Hierapolis preparation of the monster modes (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ------------------------------------------------------------------ helpers
    @property
    def coop_prep(self) -> bool:
        return self.mode in MONSTER_MODES and self.game.config["prep"] == "hierapolis"

    def enemy_alive(self, k: int) -> bool:
        return self.hp[self.ehero[k]] > 0

    def _richest(self) -> int:
        """"The richest player (randomly decide if two players are tied)": the most gold in its purse,
        a tie drawn from the state's generator."""
        top = max(self.purse)
        tied = [p for p in range(self.n) if self.purse[p] == top]
        return tied[int(self.rng.integers(len(tied)))] if len(tied) > 1 else tied[0]

    def enemy_heroes(self, p: int) -> list[int]:
        """In the co-op preparation a player's enemies are the enemy heroes still in the game (none with
        ten or more heroes): the other players are allies."""
        if self.coop_prep:
            return [h for h in self.ehero if self.hp[h] > 0]
        return super().enemy_heroes(p)

    def prep_hurt(self, h: int, amount: int, why: str) -> None:
        """An enemy hero wounded by a Warmonger Quest: at 0 it "is removed from the game" (it acts and
        bids no more; it never owned anything in the Arena)."""
        if h in self.ehero and self.owner[h] < 0:
            self.hp[h] = max(0, self.hp[h] - amount)
            self._log(f"enemy {HEROES[h].name} loses {amount} ({why}), health {self.hp[h]}")
            if self.hp[h] == 0:
                self._log(f"enemy {HEROES[h].name} is removed from the game")
            return
        super().prep_hurt(h, amount, why)

    # ------------------------------------------------------------------ setup and turns
    @task("hp_start")
    def _task_hp_start(self) -> None:
        """"In case of nine or fewer Heroes, the three unchosen Heroes participate": with exactly nine
        chosen they are the other three; with fewer, three of the unchosen heroes drawn from the
        state's generator, in a drawn order (first, second, third enemy hero), in view of all."""
        super()._task_hp_start()
        if not self.coop_prep:
            return
        free = [h for h in range(NH) if self.owner[h] < 0]
        if len(free) < 3:
            return
        idx = self.rng.permutation(len(free))[:3]
        self.ehero = [free[int(j)] for j in idx]
        self.egold = [ENEMY_GOLD] * 3
        self.espot = [-1] * 3
        self._log("the enemy heroes: " + ", ".join(HEROES[h].name for h in self.ehero))

    @task("hp_turn")
    def _task_hp_turn(self, t) -> None:
        """"The enemy Heroes always act last": after every player's heroes are placed, before the
        Artifact bidding."""
        super()._task_hp_turn(t)
        if self.ehero:
            self.espot = [-1] * 3
            i = self.q.index(["hp_bidding"])
            self.q[i:i] = [["cp_enemy", k] for k in range(3)]

    @lister("hp_spot")
    def _options_hp_spot(self, p, k):
        """"The Deceitful Quest and the Thieves' Guild are not accessible by the players' Heroes"
        (both of the Deceitful Quest's slots)."""
        legal = super()._options_hp_spot(p, k)
        if not self.ehero:
            return legal
        d = ALIGNMENTS.index("deceitful")
        shut = {A_SPOT + d, A_SPOT + NQ + d, A_SPOT + THIEVES}
        out = [a for a in legal if a not in shut]
        if k == 0 and not out:  # only the closed golden slot is free: the first hero goes as the others
            out = [a for a in super()._options_hp_spot(p, 1) if a not in shut]
        return out

    def _free(self, i: int) -> bool:
        return len(self.spots[i]) + self.espot.count(i) < spot_capacity(i)

    @task("cp_enemy")
    def _task_cp_enemy(self, k) -> None:
        if not self.enemy_alive(k):
            return
        h = self.ehero[k]
        name = f"enemy {HEROES[h].name}"
        if k == 0:
            al = ALIGNMENTS.index("deceitful")
            self._cp_go(k, al, name)
            q = self._richest()
            got = min(BOARD["quests"]["deceitful"]["amount"], self.purse[q])
            self.purse[q] -= got
            self.egold[k] += got
            self._log(f"{name} steals {got} gold from P{q} (the Deceitful Quest)")
        elif k == 1:
            al = ALIGNMENTS.index("vengeful")
            if self._free(al):
                self._cp_go(k, al, name)
                self.egold[k] += BOARD["quests"]["vengeful"]["gold"]
            else:
                mk = 2 * NQ + LOCATIONS.index("market")
                if not self._free(mk):
                    self._log(f"{name} finds the Vengeful Quest and the Market full")
                    return
                self.espot[k] = mk
                self._log(f"{name} goes to the Market")
            ws = [i for i in self.offer if ITEMS[i].weapon]
            if not ws:
                self._log(f"{name} finds no weapon in the Market")
                return
            top = max(ITEMS[i].damage for i in ws)
            best = [i for i in ws if ITEMS[i].damage == top]
            it = best[int(self.rng.integers(len(best)))] if len(best) > 1 else best[0]
            self.offer.remove(it)
            self.gone = sorted(self.gone + [it])
            self._log(f"{name} takes {ITEMS[it].name} out of the game")
        else:
            self.espot[k] = THIEVES
            face = BOARD["faces"][int(self.rng.integers(len(BOARD["faces"])))]
            q = self._richest()
            self._log(f"{name} rolls the Thieves' Guild die: {face['key']}, against P{q}")
            self._cp_face(k, q, face["key"], face["amount"], name)

    def _cp_go(self, k: int, al: int, name: str) -> None:
        """An enemy hero on a Quest's golden slot steers that Quest's marker towards its Alignment
        ("Heroes assigned to Quests will steer the markers", errata p.4); the round's Powers are gone
        already (they are removed once every first hero is placed), so it takes none."""
        self.espot[k] = al
        t, sign = STEER[al]
        ln = BOARD["tracks"][t]["length"]
        self.track[t] = max(-ln, min(ln, self.track[t] + sign))
        self._log(f"{name} goes to the {ALIGNMENTS[al].capitalize()} Quest")

    def _cp_face(self, k: int, q: int, key: str, amount: int, name: str) -> None:
        """The third enemy hero's roll, aimed at player ``q`` (choices among ``q``'s heroes drawn
        from the state's generator). The stolen gem and a fenced token leave the game with the enemy
        hero; its Initiative face does nothing (the enemy heroes always act last, the marker stays)."""
        rng = self.rng
        if key == "steal_mana":
            hs = [h for h in self.standing_of(q) if self.mana_slots(h)]
            if hs:
                h = hs[int(rng.integers(len(hs)))]
                slots = self.mana_slots(h)
                s = slots[int(rng.integers(len(slots)))]
                self.mana[h][s] = 0
                self._log(f"{name} steals a Mana gem from {HEROES[h].name}")
        elif key == "damage":
            hs = self.standing_of(q)
            if hs:
                h = hs[int(rng.integers(len(hs)))]
                self.prep_hurt(h, amount, name)
        elif key in ("steal_gold_2", "steal_gold_4"):
            got = min(amount, self.purse[q])
            self.purse[q] -= got
            self.egold[k] += got
            self._log(f"{name} steals {got} gold from P{q}")
        elif key == "fence" and self.pouch:
            it = self._draw_pouch()
            self.pouch.remove(it)
            self.gone = sorted(self.gone + [it])
            self._log(f"{name} takes {ITEMS[it].name} from the pouch out of the game")

    # ------------------------------------------------------------------ the bidding
    @task("hp_reveal")
    def _task_hp_reveal(self) -> None:
        """"At the end of the Bidding Phase, each enemy Hero will bid all their remaining gold for the
        Artifact. They cannot combine their gold": every enemy hero in the game with gold bids it all,
        alongside the players' bids; all bids are paid; the single highest bid wins; an enemy hero's
        Artifact leaves the game with it."""
        ebids = [(self.egold[k], k) for k in range(len(self.ehero)) if self.enemy_alive(k) and self.egold[k] > 0]
        if not ebids:
            super()._task_hp_reveal()
            return
        self.brev = 1
        bids = [(self.bid[p], p) for p in range(self.n) if self.bjoin[p]]
        for b, p in bids:
            self.purse[p] -= b
        for _b, k in ebids:
            self.egold[k] = 0
        self._log("bids: " + ", ".join([f"P{p} {b}" for b, p in bids]
                                       + [f"enemy {HEROES[self.ehero[k]].name} {b}" for b, k in ebids]))
        top = max(b for b, _x in bids + ebids)
        win = [("p", p) for b, p in bids if b == top] + [("e", k) for b, k in ebids if b == top]
        it = self.bart
        if len(win) != 1:
            self._log("no single highest bid")
            self._drop(it)
            return
        who, x = win[0]
        if who == "p":
            self._log(f"P{x} wins {ITEMS[it].name}")
            self._ask_keep(x, it, optional=0)
            return
        self.bart = -1
        self.gone = sorted(self.gone + [it])
        self._log(f"enemy {HEROES[self.ehero[x]].name} wins {ITEMS[it].name}: it leaves the game")

    # ------------------------------------------------------------------ the end of the preparation
    @task("hp_align")
    def _task_hp_align(self) -> None:
        """With ten to twelve heroes, "the resources should be distributed among all Heroes so that
        balance is achieved" (``_cp_balance``, before the Alignment bonus); the enemy heroes leave
        Hierapolis (their Health back to full: they never enter the Arena)."""
        if self.coop_prep:
            if not self.ehero:
                self._cp_balance()
            for h in self.ehero:
                self.hp[h] = MAXHP
            self.espot = [-1] * len(self.ehero)
        super()._task_hp_align()

    def _cp_balance(self) -> None:
        """Designed balance rule: while a hero in play has more than ``BALANCE_GAP`` Mana gems above
        another hero in play, the one with the most gems (ties: the latest selected) gives its gem of
        the highest skill slot to the one with the fewest (ties: the earliest selected), in its lowest
        empty skill slot. Mana gems are the resource every hero can use alike (any gem fits any skill,
        TH § Skills), unlike items (bound to slot types) and Powers (each player's deck), and gold does
        not reach the monster Arena (the players choose the Initiative order)."""
        hs = sorted((h for h in range(NH) if self.owner[h] >= 0 and self.hp[h] > 0), key=lambda h: self.pickno[h])
        while hs:
            cnt = {h: sum(self.mana[h]) for h in hs}
            rich = max(hs, key=lambda h: (cnt[h], self.pickno[h]))
            poor = min(hs, key=lambda h: (cnt[h], self.pickno[h]))
            if cnt[rich] - cnt[poor] <= BALANCE_GAP:
                return
            s = max(self.mana_slots(rich))
            t = min(self.empty_slots(poor))
            self.mana[rich][s] = 0
            self.mana[poor][t] = 1
            self._log(f"balance: a Mana gem goes from {HEROES[rich].name} to {HEROES[poor].name}")

    # ------------------------------------------------------------------ invariants and copies
    def _cp_invariants(self) -> None:
        from mythenv.core.errors import StateError
        if len(self.ehero) not in (0, 3) or len(self.egold) != len(self.ehero) or len(self.espot) != len(self.ehero):
            raise StateError("theosis_v0: the co-op preparation has three enemy heroes or none")
        if any(self.owner[h] >= 0 for h in self.ehero) or len(set(self.ehero)) != len(self.ehero):
            raise StateError("theosis_v0: an enemy hero of the preparation is a player's hero")
        if self.ehero and not self.coop_prep:
            raise StateError("theosis_v0: enemy heroes outside the co-op Hierapolis preparation")
        if any(t[0] == "cp_enemy" for t in self.q) and not self.ehero:
            raise StateError("theosis_v0: fields q and ehero disagree: an enemy hero's turn queued without enemies")


__all__ = ["BALANCE_GAP", "ENEMY_GOLD", "CoopPrep"]

"""The Arena (TH § Combat Phase): turns, a hero's turn, movement and range, the action chart and
targets.
"""

from __future__ import annotations

from mythenv.core.engine import decision, lister, task

from ..cards import HEROES, POWERS
from .actions import A_DONE, A_HEX, A_ROW, NH, PHYS, PK, ROW_NAMES, TURNS
from .board import CENTER, CONE, DISK, DIST, FLOWER, HEXES, LINE, NEIGH, R, expand, hex_list

RANGE = tuple(5 if hero.ranged else 1 for hero in HEROES)  # a hero's attack range (TH § Combat Ranges)
BLESSINGS = frozenset(c for c, pw in enumerate(POWERS) if pw.type == "blessing")  # the action chart's row 2
SPELLS = frozenset(c for c, pw in enumerate(POWERS) if pw.type == "spell")  # row 3 (``_spell_ok``)


class Arena:
    """The Arena (TH § Combat Phase): turns, hero turns, movement and the action chart."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    @task("arena_start")
    def _task_arena_start(self) -> None:
        self.phase = "arena"
        self._log("the heroes enter the Arena")
        self._push(["turn_start"])

    @task("turn_start")
    def _task_turn_start(self) -> None:
        self.turn += 1
        self.flip_w = [0] * NH  # Sunder effects end before the beginning of the next turn
        self.flip_a = [0] * NH
        self.ward = [0] * self.nteams
        self.acted = [0] * NH
        self._log(f"-- Arena turn {self.turn}")
        self._push(["r_turn"], ["next_actor"])  # the Rituals come first (rituals.py)

    @task("next_actor")
    def _task_next_actor(self) -> None:
        for h in self.ranking:
            if not self.acted[h] and self.alive(h):
                self.acted[h] = 1
                self._push(["hero_turn", h], ["next_actor"])
                return
        self._push(["turn_end"])

    @task("turn_end")
    def _task_turn_end(self) -> None:
        if self.bondage >= 0:
            self.bondage = -1  # Bondage ends at the end of the turn, its Mana gem discarded
        if self.turn >= TURNS:
            occ = self.occupant(CENTER)
            if occ >= 0:
                self.winner = self.hteam(occ)
                self.reason = f"{HEROES[occ].name} holds the centre hex at the end of turn 9"
            else:
                self.winner = -1
                self.reason = "end of turn 9 with nobody on the centre hex: a tie"
            self.phase = "over"
            self._log(f"game over: {self.reason}")
            return
        self._push(["turn_start"])

    @task("hero_turn")
    def _task_hero_turn(self, h) -> None:
        if not self.alive(h):
            return
        tb = PK["tentacles_black"]
        if self.blackout[h]:
            self.blackout[h] = 0  # errata p.34: flips the token face up and does nothing else
            self._log(f"{HEROES[h].name} is blacked out this turn")
            self._push(["hero_end", h])
        elif self.token[tb] == h and self.cowner[tb] >= 0 and self.can_move(h):
            self._push(["h_move", h, "tentacles"], ["h_row", h], ["hero_end", h])
        else:
            self._push(["h_move", h, "move"], ["h_row", h], ["hero_end", h])
        if self.rtok:  # --- Rituals: a Wall of Fire under the hero burns first (errata page 45)
            self._push(["r_turn_fire", h])

    @task("hero_end")
    def _task_hero_end(self, h) -> None:
        if not self.alive(h):
            return
        if self.rtok:  # --- Rituals: Guardian Angel, Mana Spring (rituals.py)
            self.r_hero_end(h)
        if self.token[PK["rejuvenation"]] == h:  # resolved before Fiery Purge
            self.heal(h, 1)
        tasks = []
        if self.token[PK["fiery_purge"]] == h:
            tasks.append(["hurt", -1, h, 1, PHYS, 0, [], "Fiery Purge", 0])
        if self.token[PK["thalassic_favour"]] == h:
            tasks.append(["ask", "mana_gain", self.owner[h], h])
        self._push(*tasks)

    # ---- movement
    def bound(self, h: int) -> bool:
        b = self.bondage
        return b >= 0 and b != h and self.alive(b) and DIST[self.pos[h]][self.pos[b]] == 1

    def can_move(self, h: int) -> bool:
        return not self.bound(h)

    def reach(self, h: int, steps: int, leap: bool = False) -> list[int]:
        """Hexes ``h`` can end on: through allies, not enemies (FAQ); a Leap ignores obstacles."""
        if self.bound(h):
            return []
        if self.rtok:  # --- Rituals: blocked hexes, Death Swamp (rituals.py ``r_reach``)
            return self.r_reach(h, steps, leap)
        # a breadth-first walk on bit sets (bit x = hex x): ``seen`` the hexes reached, ``block`` the
        # occupied hexes a walk may not enter
        team, owner = self.team, self.owner
        mine = team[owner[h]]
        taken = block = 0
        for y, o in self.occupied().items():
            taken |= 1 << y
            # ``allies`` inlined; --- Monsters: an occupant NH + m blocks
            if not leap and (o >= NH or team[owner[o]] != mine):
                block |= 1 << y
        start = self.pos[h]
        if 0 < steps <= 2 * R and not block & DISK[steps - 1][start]:
            # nothing blocks nearer than ``steps``: every hex within ``steps`` has a free shortest
            # path (the board is a hexagon: a shortest path between two of its hexes stays on it)
            return hex_list(DISK[steps][start] & ~taken)
        seen = frontier = 1 << start
        for _ in range(steps):
            frontier = expand(frontier) & ~(seen | block)
            if not frontier:
                break
            seen |= frontier
        return hex_list(seen & ~taken)

    def can_step(self, h: int, steps: int) -> bool:
        """``reach(h, steps)`` is not empty: a free hex next to ``h`` without a Ritual token is
        enough, else the whole walk decides."""
        if steps < 1 or self.bound(h):
            return False
        occ = self.occupied()
        rhex = self.rhex
        tokens = bool(self.rtok)
        for y in NEIGH[self.pos[h]]:
            if y not in occ and not (tokens and rhex[y] >= 0):
                return True
        return bool(self.reach(h, steps))

    @task("h_move")
    def _task_h_move(self, h, mode, asked=0) -> None:
        if not self.alive(h) or not self.can_move(h):
            return
        if self.rtok and not asked and self.r_move_window(h, mode):  # --- Rituals: Nature's Grace
            return
        if not self.can_step(h, self.speed(h)):
            return
        who = self.cowner[PK["tentacles_black"]] if mode == "tentacles" else self.owner[h]
        self._ask("move", who, h, mode)

    @lister("move")
    def _options_move(self, p, h, mode, key=""):
        if mode in ("charge", "leap"):
            stay = key == "resurgence" or bool(self._skill_targets_from(h, key, self.pos[h]))
            return [A_HEX + x for x in self._charge_dests(h, key, mode == "leap")] + ([A_DONE] if stay else [])
        return [A_HEX + x for x in self.reach(h, self.speed(h))] + [A_DONE]

    @decision("move")
    def _decide_move(self, fam, x, p, h, mode, key=""):
        if fam == "hex":
            self._log(f"{HEROES[h].name} moves to {HEXES[x]}")
            if self.rtok:  # --- Rituals: Wall of Fire steps (rituals.py)
                self.r_moved(h, x, mode)
            else:
                self.pos[h] = x

    # ---- the six actions (TH § Hero Actions chart)
    def pacified(self, h: int) -> bool:
        return self.token[PK["pacify"]] == h

    def hand_of(self, h: int) -> list[int]:
        return self.hand[self.owner[h]]

    def attack_range(self, h: int) -> int:
        return RANGE[h]

    def targetable(self, h: int, t: int) -> bool:
        """A single-target attack: an enemy on the board, not in Stealth."""
        return t != h and self.alive(t) and not self.allies(h, t) and not self.stealth[t]

    def single_targets(self, h: int, rng: int, at: int = -1) -> list[int]:
        """The heroes ``h`` may attack singly from its hex (or ``at``) within ``rng``, in hero order:
        ``targetable`` inlined over ``occupied`` (whose heroes come in hero order; this runs for
        every action chart)."""
        owner, team, stealth = self.owner, self.team, self.stealth
        d = DIST[self.pos[h] if at < 0 else at]
        mine = team[owner[h]]
        return [t for x, t in self.occupied().items() if t < NH and t != h and team[owner[t]] != mine
                and not stealth[t] and (rng >= 99 or d[x] <= rng)]

    def area_cells(self, h: int, area: str, d: int = 0, at: int = -1) -> list[int]:
        x = self.pos[h] if at < 0 else at
        if area == "ring":
            return NEIGH[x]
        if area == "line":
            return LINE[x][d]
        if area == "cone":
            return CONE[x][d]
        return []

    def area_targets(self, h: int, cells) -> list[int]:
        """The enemy heroes in a Ring / Line / Cone Skill's area, except those on a starting triad
        on turn 1 (errata page 14); resolved in Ranking order. Every area Skill's text says
        "enemies" ("Attack all adjacent enemies ...", "all enemies in a cone / line"), and the
        Corona example has "all enemy Heroes ... defend" (TH § Powers and Skills), so the text
        narrows the range rule's "may also affect your other Heroes with friendly Fire"; Spells
        keep friendly fire (``spell_targets``)."""
        occ = self.occupied()
        out = [occ[c] for c in cells if c in occ and occ[c] != h and occ[c] < NH and not self.allies(h, occ[c])
               and not self.in_start_triad(occ[c])]
        return sorted(out, key=self.rank_of) + self.mon_in_cells(cells)  # --- Monsters: after every hero

    def area_any(self, h: int, cells) -> bool:
        """``area_targets(h, cells)`` is not empty (without listing them in Ranking order)."""
        occ = self.occupied()
        for c in cells:
            t = occ.get(c, -1)
            if t >= NH or t >= 0 and t != h and not self.allies(h, t) and not self.in_start_triad(t):
                return True  # --- Monsters: NH + m
        return False

    def spell_targets(self, h: int, centre: int) -> list[int]:
        occ = self.occupied()
        out = []
        for c in FLOWER[centre]:
            t = occ.get(c, -1)
            if t < 0 or t == h or t >= NH or self.in_start_triad(t):  # --- Monsters: added below
                continue
            if self.ward[self.hteam(t)] and not self.allies(h, t):
                continue
            out.append(t)
        return sorted(out, key=self.rank_of) + self.mon_in_cells(FLOWER[centre])  # --- Monsters

    def _rows(self, h: int) -> list[int]:
        """The rows of the action chart ``h`` may take (listed at every hero's action: ``hand_of``,
        ``empty_slots`` and the card types inlined, loops instead of any())."""
        hand = self.hand[self.owner[h]]
        mana = self.mana[h]
        rows = [0] if mana[0] and mana[1] and mana[2] else [0, 1]
        if not BLESSINGS.isdisjoint(hand):
            rows.append(2)
        for c in hand:
            if c in SPELLS and self._spell_ok(h, c):
                rows.append(3)
                break
        if not self.pacified(h) and (self.single_targets(h, RANGE[h])
                                     or self.mon_targets(h, RANGE[h])):  # --- Monsters
            rows.append(4)
        for s in range(3):
            if self._skill_ok(h, s):
                rows.append(5)
                break
        return rows

    @task("h_row")
    def _task_h_row(self, h) -> None:
        if self.alive(h):
            self._ask("row", self.owner[h], h)

    @lister("row")
    def _options_row(self, p, h):
        return [A_ROW + r for r in self._rows(h)]

    @decision("row")
    def _decide_row(self, fam, r, p, h):
        self._log(f"{HEROES[h].name}: {ROW_NAMES[r]}")
        if r == 0:
            self._ask("discard", p, h, 0)
        elif r == 1:
            self._push(["ask", "mana_gain", p, h], ["ask", "discard", p, h, 1])
        elif r == 2:
            self._ask("bless_card", p, h)
        elif r == 3:
            self._ask("spell_card", p, h)
        elif r == 4:
            self._ask("atk_target", p, h)
        else:
            self._ask("skill_use", p, h)

    @task("ask")
    def _task_ask(self, kind, p, *args) -> None:
        if kind == "mana_gain" and not (self.alive(args[0]) and self.empty_slots(args[0])):
            return
        self._ask(kind, p, *args)

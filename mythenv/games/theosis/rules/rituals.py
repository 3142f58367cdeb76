"""Rituals in the Arena (TH § Rituals, printed pages 44-45; § Combat Turns; FAQ; errata pages 14, 44
and 45; the Ritual cards are ``data/rituals.toml``): casting the prepared Rituals at the start of
their Arena turn, Ritual tokens and where they may be placed, the terrain they make (blocked hexes,
Movement cost, Attack and Defense bonuses, healing, Mana, Fire) and what shields a Hero from a Ritual
(the starting triads on turn 1, Nature's Grace, Gaia's Escutcheon). Equilibrium and Terrashaper,
the Skills that move tokens, are resolved here too.

State (declared in ``state.StateBase.fields``): ``prepared[p]`` the ``[ritual, turn]`` pairs seat ``p``
prepared (the card hidden from other teams, its turn marker public), ``rdue`` the ``[seat, ritual]`` pairs revealed at the start of
this turn and not yet resolved, ``rshown`` every Ritual card face up (cast or negated), ``rtok`` the
tokens in the Arena (``[ritual, placement, caster]``), ``rhex`` per hex the token on it
(``-1``, else ``2 * ritual + blocked``), ``rimm`` per hero the Rituals it is immune to this turn
(Nature's Grace, a bit per Ritual), ``gaia`` per hero the last Arena turn Gaia's Escutcheon
protects it (0: none).
"""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister, task
from mythenv.core.errors import StateError

from ..cards import HEROES, RITUALS
from .actions import A_DONE, A_HERO, A_RITUAL, A_RPLACE, FIRE, LIGHT, NH, PK, TURNS
from .board import CENTER, DISK, HEX_INDEX, HEXES, NEIGH, NHEX, R, expand, hex_list

NR = len(RITUALS)
RK = {r.key: r.index for r in RITUALS}


def _turn(off, k):
    """The axial offset ``off`` turned by ``k`` steps of 60 degrees."""
    q, r = off
    for _ in range(k):
        q, r = -r, q + r
    return q, r


def _placements():
    """Per Ritual, every placement of its token (TH § Placing Rituals: "the Ritual must fit inside
    the Arena; no Hexes of the Ritual can be outside the Arena"; "The token may not occupy the center
    Arena Hex"): ``(action index = hex * 6 + rotation, hexes, blocked hexes)``; turns of a symmetric
    token that cover the same hexes the same way are listed once (the lowest rotation)."""
    out = []
    for rit in RITUALS:
        opts = []
        seen = set()
        for x, (q0, r0) in enumerate(HEXES if rit.token else ()):
            for k in range(6):
                cells = [HEX_INDEX.get((q0 + dq, r0 + dr)) for dq, dr in (_turn(o, k) for o in rit.hexes)]
                if None in cells or CENTER in cells:
                    continue
                blocked = tuple(sorted(cells[rit.hexes.index(b)] for b in rit.blocked))
                sig = (tuple(sorted(cells)), blocked)
                if sig not in seen:
                    seen.add(sig)
                    opts.append((x * 6 + k, tuple(cells), blocked))
        out.append(tuple(opts))
    return tuple(out)


PLACEMENTS = _placements()
#: per Ritual: placement index -> (hexes, blocked hexes)
PLACE_AT = tuple({i: (cells, blocked) for i, cells, blocked in opts} for opts in PLACEMENTS)
#: per Ritual: placement index -> (its hexes, its blocked hexes) as bit sets (bit x = hex x)
PLACE_BITS = tuple({i: (sum(1 << x for x in cells), sum(1 << x for x in blocked)) for i, (cells, blocked) in at.items()}
                   for at in PLACE_AT)
TOKEN_RITUALS = tuple(r.index for r in RITUALS if r.token)


def ritual_deck(expansion: bool) -> list[int]:
    """The Mage Tower's Ritual deck (unshuffled): the nine Ritual cards, and Flesh and Blood with the
    expansion (TH § Expansion Cards)."""
    return [r.index for r in RITUALS if expansion or not r.expansion]


def rhex_of(rtok) -> list[int]:
    """The per-hex token map of a list of tokens (``-1`` none, else ``2 * ritual + blocked``)."""
    out = [-1] * NHEX
    for ri, i, _p in rtok:
        cells, blocked = PLACE_AT[ri][i]
        for x in cells:
            out[x] = 2 * ri + (x in blocked)
    return out


class Rituals:
    """Rituals in the Arena (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ---------------------------------------------------------------- terrain
    def r_token_at(self, x: int) -> int:
        """The Ritual whose token covers hex ``x`` (-1: none)."""
        v = self.rhex[x]
        return v >> 1 if v >= 0 else -1

    def r_blocked(self, x: int) -> bool:
        """A hex of a token no Hero may occupy (the Banner's flag, the Fortifications' wall, the
        Guardian Angel's Golden Light; TH § Rituals)."""
        return self.rhex[x] >= 0 and self.rhex[x] & 1 == 1

    def r_shielded(self, h: int, ri: int) -> bool:
        """``h`` is shielded from Ritual ``ri``'s negative effects: Gaia's Escutcheon (TH § Expansion
        Cards: "protects the Hero who used it from any negative Ritual Effect"; designed: from its
        reveal to the end of the next Arena turn) or Nature's Grace ("Gain immunity to that effect
        this turn")."""
        return self.gaia[h] >= self.turn > 0 or bool(self.rimm[h] >> ri & 1)

    def _r_free_effect(self, h: int, field: str, against: int) -> int:
        if not self.rtok or self.pos[h] < 0:
            return 0
        v = self.rhex[self.pos[h]]
        if v < 0 or v & 1:
            return 0
        ri = v >> 1
        if against >= 0 and self.r_shielded(against, ri):
            return 0
        return getattr(RITUALS[ri], field)

    def ritual_attack_bonus(self, h: int, against: int = -1) -> int:
        """The "Ritual Effect Bonus" of an attack (TH § Monsters, Monster Defense: "Power Attack Value
        + Artifact Bonus + Blessing Bonus + Ritual Effect Bonus + Skill Bonus"): the Banner of
        Victory's +1 while ``h`` stands on one of its free hexes. None against a Hero shielded from
        the Banner (Gaia's Escutcheon: "Attacks from the Banner of Victory do not have a bonus
        against them"; Nature's Grace: "nor would enemies receive an Attack Bonus against you from
        Rituals"); ``against`` -1: no Hero defends (a monster)."""
        return self._r_free_effect(h, "attack", against)

    def ritual_defense_bonus(self, h: int, against: int = -1) -> int:
        """Fortifications' +1 Defense while ``h`` stands on one of its free hexes; none against an
        attacker shielded from it (Gaia's Escutcheon: "Heroes using Fortifications do not get a
        bonus to their defense against the protected Hero"; Nature's Grace)."""
        return self._r_free_effect(h, "defense", against)

    def _fire_token(self) -> int:
        for ri, _i, _p in self.rtok:
            if RITUALS[ri].damage:
                return ri
        return -1

    def r_reach(self, h: int, steps: int, leap: bool = False, avoid: int = 0) -> list[int]:
        """The hexes of ``r_paths`` without the Wall of Fire count (``Arena.reach`` with tokens in the
        Arena): the hexes whose cheapest Movement is at most ``steps``, a Death Swamp hex costing
        its ``move_cost`` to enter; ``avoid``: hexes (a bit set) a walk may not step onto either. On
        bit sets (bit x = hex x): ``within[c]`` the hexes reached with at most c Movement; a hex of
        entering cost k is reached with c when it is next to a hex reached with c - k."""
        walled = 0  # blocked hexes: never entered without a Leap, never ended on
        dear: dict[int, int] = {}  # entering cost k > 1 -> the hexes of that cost
        for ri, i, _p in self.rtok:  # ``rhex`` as bit sets (tokens never overlap: errata page 44)
            cells, blocked = PLACE_BITS[ri][i]
            walled |= blocked
            k = RITUALS[ri].move_cost
            if k > 1 and not leap and not self.r_shielded(h, ri):
                dear[k] = dear.get(k, 0) | cells & ~blocked
        taken = block = 0
        for y, o in self.occupied().items():
            taken |= 1 << y
            if not leap and not self.allies(o, h):
                block |= 1 << y
        start = self.pos[h]
        slow = 0
        for bits in dear.values():
            slow |= bits
        stop = block | (0 if leap else walled) | avoid
        if 0 < steps <= 2 * R and not stop & DISK[steps - 1][start] and not slow & DISK[steps][start]:
            # nothing blocks or slows within reach: every hex within ``steps`` has a free shortest
            # path of ``steps`` at most (``Arena.reach``)
            return hex_list(DISK[steps][start] & ~(taken | walled | avoid))
        cheap = ~(stop | slow)
        within = [1 << start]
        near = [expand(within[0])]  # near[c]: the hexes next to within[c]
        for c in range(1, steps + 1):
            got = within[c - 1] | near[c - 1] & cheap
            for k, bits in dear.items():
                if c >= k:
                    got |= near[c - k] & bits & ~(block | avoid)
            new = got & ~within[c - 1]
            within.append(got)
            near.append(near[c - 1] | expand(new) if new else near[c - 1])
        return hex_list(within[steps] & ~(taken | walled))

    def r_paths(self, h: int, steps: int, leap: bool = False, worst: bool = False) -> dict:
        """Every hex ``h`` can end a move of ``steps`` Movement on, with the Wall of Fire hexes its
        path steps onto (TH § Rituals). Movement goes through allies, not enemies (FAQ), never onto
        or through a blocked hex; entering a Death Swamp hex costs two Movement, leaving it one
        (FAQ); a Hero shielded from the swamp pays one (Gaia's Escutcheon: "can stand or walk over
        terrain effects without their movement being affected"). A Leap ("ignoring any obstacles on
        the hexes you move through") flies over enemies, blocked hexes and swamps and steps only onto
        the hex it lands on. Of the paths to a hex the one the mover prefers is taken: the fewest
        Wall of Fire steps, or the most when an enemy moves the Hero (``worst``: Tentacles Black)."""
        occ = self.occupied()
        rhex = self.rhex
        start = self.pos[h]
        pick = max if worst else min
        fire = self._fire_token()
        layers = [{start: 0}] + [{} for _ in range(steps)]
        # layers[c]: the hexes a walk of exactly c Movement ends on, with its preferred Wall of Fire
        # count. A hex met again in a later layer with a count no better than the one it was
        # expanded with earlier is not expanded again: every walk on from it is also open to the
        # earlier walk, with as much Movement left and a count at least as good, so the result is
        # the same as expanding every walk (and each hex is expanded about once).
        done: dict = {}
        for c in range(steps):
            for x, f in layers[c].items():
                b = done.get(x)
                if b is not None and pick(b, f) == b:
                    continue
                done[x] = f
                for y in NEIGH[x]:
                    v = rhex[y]
                    cost, hot = 1, 0
                    if not leap:
                        o = occ.get(y, -1)
                        if o >= 0 and not self.allies(o, h) or v >= 0 and v & 1:
                            continue
                        if v >= 0:
                            rit = RITUALS[v >> 1]
                            if rit.move_cost > 1 and not self.r_shielded(h, v >> 1):
                                cost = rit.move_cost
                            hot = int(v >> 1 == fire)
                    if c + cost > steps:
                        continue
                    nf = f + hot
                    layer = layers[c + cost]
                    old = layer.get(y)
                    layer[y] = nf if old is None else pick(old, nf)
        out: dict = {}
        for layer in layers[1:]:
            for y, f in layer.items():
                if y in occ or rhex[y] >= 0 and rhex[y] & 1:
                    continue
                if leap:
                    f = int(fire >= 0 and rhex[y] >> 1 == fire)
                old = out.get(y)
                out[y] = f if old is None else pick(old, f)
        return out

    def r_moved(self, h: int, x: int, mode: str) -> None:
        """``h`` moves to ``x`` (``_decide_move``): it suffers the Wall of Fire once per step onto it
        (TH errata page 45: "Every time a Hero steps onto a Hex with a Wall of Fire ... they
        immediately suffer this Damage")."""
        fire = self._fire_token()
        if fire < 0:
            self.pos[h] = x
            return
        steps = self.speed(h)
        fire_cells = next(PLACE_BITS[ri][i][0] for ri, i, _p in self.rtok if ri == fire)
        if not fire_cells & DISK[min(steps, 2 * R)][self.pos[h]]:  # no walk of ``steps`` comes near it
            self.pos[h] = x
            return
        leap = mode == "leap"
        mover = self.cowner[PK["tentacles_black"]] if mode == "tentacles" else self.owner[h]
        worst = self.team[mover] != self.hteam(h)
        if not leap and not worst and x in self.r_reach(h, steps, avoid=fire_cells):
            n = 0  # a walk that never steps onto the Wall of Fire ends on x: the fewest steps onto it
        else:
            n = self.r_paths(h, steps, leap, worst).get(x, 0)
        self.pos[h] = x
        self._push(*[["r_affect", fire, h, "fire", 0] for _ in range(n)])

    def r_move_window(self, h: int, mode: str) -> bool:
        """Nature's Grace before a move that a Death Swamp slows (its "Ritual Effect would affect
        you"): asked when the swamp changes where the Hero can go; the move is asked again after."""
        if not self.has_mana(h, "natures_grace"):
            return False
        for ri, _i, _p in self.rtok:
            if RITUALS[ri].move_cost > 1 and not self.r_shielded(h, ri):
                slow = self.r_reach(h, self.speed(h))
                self.rimm[h] |= 1 << ri
                fast = self.r_reach(h, self.speed(h))
                self.rimm[h] &= ~(1 << ri)
                if slow != fast:
                    self._push(["h_move", h, mode, 1])
                    self._ask("yn", self.owner[h], "grace", h, ri)
                    return True
        return False

    @task("r_duel")
    def _task_r_duel(self) -> None:
        """Nature's Grace in a duel, after the reveal: an enemy's Banner bonus against Nimloth, or a
        defender's Fortifications bonus against Nimloth's attack ("nor would enemies receive an
        Attack Bonus against you from Rituals")."""
        du = self.cb["du"]
        a, d = du["a"], du["d"]
        for me, other, bonus in ((d, a, self.ritual_attack_bonus(a, d)), (a, d, self.ritual_defense_bonus(d, a))):
            if bonus and self.alive(me) and self.has_mana(me, "natures_grace"):
                self._ask("yn", self.owner[me], "grace", me, self.r_token_at(self.pos[other]))
                return

    def r_arrive(self, h: int) -> None:
        """``h`` was put on its hex by a push, a pull, an exchange, a follow, a Teleport or a
        Resurrection: arriving on a Wall of Fire hex is stepping onto it."""
        if self.rtok and self.alive(h):
            v = self.rhex[self.pos[h]]
            if v >= 0 and RITUALS[v >> 1].damage:
                self._push(["r_affect", v >> 1, h, "fire", 0])

    @task("r_turn_fire")
    def _task_r_turn_fire(self, h) -> None:
        """Errata page 45: a Hero who starts its turn on a Wall of Fire hex suffers its Damage."""
        if self.rtok and self.alive(h):
            v = self.rhex[self.pos[h]]
            if v >= 0 and RITUALS[v >> 1].damage:
                self._push(["r_affect", v >> 1, h, "fire", 0])

    def r_hero_end(self, h: int) -> None:
        """The end of ``h``'s turn on a free token hex: Guardian Angel heals two (errata page 45:
        "as longs the Hero has at least one Health"), resolved with Rejuvenation before Fiery Purge;
        the Mana Spring (designed) gives a Mana gem for an empty Skill."""
        v = self.rhex[self.pos[h]]
        if v < 0 or v & 1:
            return
        rit = RITUALS[v >> 1]
        if rit.heal and self.hp[h] >= 1:
            self.heal(h, rit.heal)
        if rit.mana and self.empty_slots(h):
            self._push(["ask", "mana_gain", self.owner[h], h])

    # ---------------------------------------------------------------- casting
    @task("r_turn")
    def _task_r_turn(self) -> None:
        """TH § Combat Turns: "The first thing that happens in the Arena each turn is the Rituals. If
        there is a Ritual with a turn marker matching the current turn, it is activated by the player
        casting it. Then each Hero acts". Every Ritual of this turn is revealed at once; they are
        resolved seat by seat from the initiative holder clockwise (FAQ: "Most ties in Theosis are
        resolved by initiative order"), a seat's own in the order it prepared them (designed)."""
        self.rimm = [0] * NH  # Nature's Grace lasts "this turn"
        for k in range(self.n):
            p = (self.initiative + k) % self.n
            due = [ri for ri, t in self.prepared[p] if t == self.turn]
            if due:
                self.prepared[p] = [e for e in self.prepared[p] if e[1] != self.turn]
                for ri in due:
                    self.rdue.append([p, ri])
                    self.rshown.append(ri)
                    self._log(f"P{p} casts the Ritual {RITUALS[ri].name}")
        if self.rdue:
            self._push(["r_next"])

    @task("r_next")
    def _task_r_next(self) -> None:
        if not self.rdue:
            return
        p, ri = self.rdue.pop(0)
        self._push(["r_next"])
        self._cast(p, ri)

    def _cast(self, p: int, ri: int) -> None:
        rit = RITUALS[ri]
        key = rit.key
        team = self.team[p]
        if rit.token:
            if self._r_place_opts(ri):
                self._ask("r_place", p, ri, "cast")
            else:
                self._log(f"{rit.name} finds no room in the Arena")
            return
        heroes = [t for t in sorted(range(NH), key=self.rank_of) if self.alive(t)]
        if key == "consecration":
            # "Remove all Blessings on all enemy Heroes and deal one Light Damage to them"
            self._push(*[["r_affect", ri, t, "consecrate", 0] for t in heroes if self.hteam(t) != team])
        elif key == "mana_surge":
            self._push(["r_surge", p, rit.mana])
        elif key == "purification":
            # "All allied Heroes with at least one Health Heal two Damage and all Curse tokens ... removed"
            for t in heroes:
                if self.hteam(t) == team:
                    self.heal(t, rit.heal)
                    self.remove_curses(t)
        elif key == "flesh_and_blood":
            # "All Weapons, Armor, Shields, and Artifacts are flipped facedown for this turn"
            self._push(*[["r_affect", ri, t, "flesh", 0] for t in heroes])

    @task("r_affect")
    def _task_r_affect(self, ri, t, what, asked) -> None:
        """A negative Ritual effect reaches ``t``: not on a starting triad during turn 1 (errata page
        14: "cannot be harmed by any Rituals"), not when shielded (Gaia's Escutcheon, Nature's Grace);
        Nature's Grace may be activated first ("immediately after any Ritual Effect would affect
        you")."""
        if not self.alive(t) or self.in_start_triad(t) or self.r_shielded(t, ri):
            return
        if not asked and self.has_mana(t, "natures_grace"):
            self._push(["r_affect", ri, t, what, 1])
            self._ask("yn", self.owner[t], "grace", t, ri)
            return
        rit = RITUALS[ri]
        if what == "consecrate":
            self.remove_blessings(t)
            self._push(["hurt", -1, t, rit.damage, LIGHT, 1, [], rit.name, 0])
        elif what == "fire":
            self._push(["hurt", -1, t, rit.damage, FIRE, 1, [], rit.name, 0])
        elif what == "flesh":
            self.flip_w[t] = 1
            self.flip_a[t] = 1

    @handles("yes_no", "grace")
    def _answer_grace(self, yes, p, du, t, ri):
        """Nature's Grace: "Gain immunity to that effect this turn" (its Mana gem is removed)."""
        if yes:
            self.mana[t][self.skill_slot(t, "natures_grace")] = 0
            self.rimm[t] |= 1 << ri
            self._log(f"{HEROES[t].name} is immune to {RITUALS[ri].name} this turn (Nature's Grace)")

    @task("r_surge")
    def _task_r_surge(self, p, left) -> None:
        """Mana Surge: "Offer to any number of allied Heroes a total of up to four Mana gems
        distributed as you like. The receiving Heroes must place the Mana gems in skills
        immediately": one gem at a time, the receiver's player places it."""
        if left > 0 and self._surge_heroes(p):
            self._ask("r_surge", p, left)

    def _surge_heroes(self, p):
        return [t for t in range(NH) if self.alive(t) and self.hteam(t) == self.team[p] and self.empty_slots(t)]

    @lister("r_surge")
    def _options_r_surge(self, p, left):
        return [A_HERO + t for t in self._surge_heroes(p)] + [A_DONE]

    @decision("r_surge")
    def _decide_r_surge(self, fam, t, p, left):
        if fam == "hero":
            self._push(["ask", "mana_gain", self.owner[t], t], ["r_surge", p, left - 1])

    # ---------------------------------------------------------------- placing tokens
    def _r_place_opts(self, ri: int) -> list[int]:
        """TH § Placing Rituals: anywhere "including on top of Hexes occupied by other Heroes", inside
        the Arena, off the centre hex (``PLACEMENTS``); "you cannot place the token so a Hero is on top
        of those restricted Hexes"; errata page 44: "you cannot place a Ritual token in a way that it
        overlaps another Ritual token"."""
        tokens = 0  # on bit sets (bit x = hex x): the hexes under a token, the occupied hexes
        for rj, j, _p in self.rtok:
            tokens |= PLACE_BITS[rj][j][0]
        taken = 0
        for x in self.occupied():
            taken |= 1 << x
        return [i for i, (cells, blocked) in PLACE_BITS[ri].items() if not cells & tokens and not blocked & taken]

    @lister("r_place")
    def _options_r_place(self, p, ri, src):
        return [A_RPLACE + i for i in self._r_place_opts(ri)]

    @decision("r_place")
    def _decide_r_place(self, fam, i, p, ri, src):
        """The token goes down; "If the Ritual affects those Heroes, it is immediately resolved.
        Placing a Wall of Fire, for example, might immediately Damage a Hero" (TH § Placing
        Rituals)."""
        self.r_put(ri, i, p)
        x, k = divmod(i, 6)
        self._log(f"P{p} places {RITUALS[ri].name} at {HEXES[x]} (turned {k})")
        if src == "terrashaper":
            self._r_negate(ri)
        if RITUALS[ri].damage:
            cells = PLACE_AT[ri][i][0]
            self._push(*[["r_affect", ri, t, "fire", 0] for t in sorted(range(NH), key=self.rank_of)
                         if self.alive(t) and self.pos[t] in cells])

    def r_put(self, ri: int, i: int, p: int) -> None:
        """Put Ritual ``ri``'s token down at placement ``i`` (``PLACE_AT``) for seat ``p``."""
        self.rtok.append([ri, i, p])
        cells, blocked = PLACE_AT[ri][i]
        for x in cells:
            self.rhex[x] = 2 * ri + (x in blocked)

    def r_remove(self, ri: int) -> None:
        self.rtok = [t for t in self.rtok if t[0] != ri]
        self.rhex = [-1 if v >= 0 and v >> 1 == ri else v for v in self.rhex]
        self._log(f"the {RITUALS[ri].name} token leaves the Arena")

    def _r_negate(self, ri: int) -> None:
        """Terrashaper: "This immediately negates the prepared Ritual with this effect and the Ritual
        card with the selected effect is turned faced up"."""
        for q in range(self.n):
            if any(e[0] == ri for e in self.prepared[q]):
                self.prepared[q] = [e for e in self.prepared[q] if e[0] != ri]
                self.rshown.append(ri)
                self._log(f"P{q}'s prepared {RITUALS[ri].name} is negated")

    # ---------------------------------------------------------------- Equilibrium, Terrashaper
    def r_skill_ok(self, h: int, key: str) -> bool:
        """Equilibrium and Terrashaper need a token in the Arena ("Remove a Ritual Effect that has a
        permanent token placed in the Arena"); Nature's Grace is only ever a reaction."""
        return key != "natures_grace" and bool(self.rtok)

    def r_skill_effect(self, h: int, key: str) -> None:
        self._ask("r_remove", self.owner[h], h, key)

    def _terra_opts(self, h: int, removed: int) -> list[int]:
        """Terrashaper: "place any other currently unused permanent token" (a token Ritual whose token
        is not in the Arena, other than the one removed) where it fits."""
        used = {t[0] for t in self.rtok}
        return [ri for ri in TOKEN_RITUALS if ri not in used and ri != removed and self._r_place_opts(ri)]

    @lister("r_remove")
    def _options_r_remove(self, p, h, key):
        return sorted(A_RITUAL + t[0] for t in self.rtok)

    @decision("r_remove")
    def _decide_r_remove(self, fam, ri, p, h, key):
        self.r_remove(ri)
        if key == "equilibrium":
            # "you and any allies with at least one health Heal 4 damage and gain 2 Mana Gems to place
            # into Skills immediately"
            group = [t for t in sorted(range(NH), key=self.rank_of) if self.alive(t) and self.allies(h, t)]
            for t in group:
                self.heal(t, 4)
            self._push(*[["ask", "mana_gain", self.owner[t], t] for t in group for _ in range(2)])
        elif self._terra_opts(h, ri):
            self._ask("r_unused", p, h, ri)

    @lister("r_unused")
    def _options_r_unused(self, p, h, removed):
        return [A_RITUAL + ri for ri in self._terra_opts(h, removed)]

    @decision("r_unused")
    def _decide_r_unused(self, fam, ri, p, h, removed):
        self._ask("r_place", p, ri, "terrashaper")

    # ---------------------------------------------------------------- Gaia's Escutcheon
    def r_gaia(self, h: int) -> None:
        """Gaia's Escutcheon's text is active (revealed with its text): designed duration, to the end
        of the next Arena turn, so that it covers the Hero's next move and turn start."""
        self.gaia[h] = min(TURNS + 1, self.turn + 1)
        self._log(f"{HEROES[h].name} is protected from negative Ritual effects (Gaia's Escutcheon)")

    # ---------------------------------------------------------------- saved states
    def _check_rituals(self) -> None:
        """Each Ritual card in one place at most (prepared, being cast, face up), a prepared one on a
        turn 1..9 still to come, Flesh and Blood only with the expansion, the tokens where they may
        lie and the per-hex map matching them, no Hero on a blocked hex."""
        prep = [e[0] for x in self.prepared for e in x]
        if len(set(prep)) != len(prep) or set(prep) & set(self.rshown) or len(set(self.rshown)) != len(self.rshown):
            raise StateError("theosis_v0: a Ritual card is in two places")
        marks = [e[1] for x in self.prepared for e in x]
        if len(set(marks)) != len(marks):
            raise StateError(f"theosis_v0: saved state field prepared: two Rituals under one turn marker {marks} "
                             "(one marker per Arena turn, TH § Components List)")
        arena = self.phase in ("arena", "over")
        if not arena and (self.rshown or self.rdue or self.rtok):
            raise StateError(f"theosis_v0: fields rshown, rdue, rtok and phase disagree: a Ritual cast in phase "
                             f"{self.phase!r}, before the Arena")
        for x in self.prepared:
            for ri, t in x:
                if not 0 <= ri < NR or not 1 <= t <= TURNS or arena and t <= self.turn:
                    raise StateError(f"theosis_v0: prepared Ritual {ri} on turn {t} (Arena turn {self.turn})")
        cards = prep + self.rshown
        if not self.game.config.get("expansion") and RK["flesh_and_blood"] in cards:
            raise StateError("theosis_v0: Flesh and Blood is an Expansion card (expansion=False)")
        if any(not (0 <= p < self.n and ri in self.rshown) for p, ri in self.rdue):
            raise StateError("theosis_v0: a Ritual being cast is not face up")
        toks = [t[0] for t in self.rtok]
        if len(set(toks)) != len(toks) or any(not 0 <= ri < NR or i not in PLACE_AT[ri] or not 0 <= p < self.n
                                              for ri, i, p in self.rtok):
            raise StateError("theosis_v0: a Ritual token lies where it cannot")
        if rhex_of(self.rtok) != self.rhex:
            raise StateError("theosis_v0: the Ritual hex map does not match the tokens")
        if any(self.alive(h) and self.r_blocked(self.pos[h]) for h in range(NH)):
            raise StateError("theosis_v0: a hero stands on a hex no Hero may occupy")

    # ---------------------------------------------------------------- determinization
    def _r_resample(self, s, player: int, rng) -> None:
        """``resample_hidden``'s part for Rituals: which card each other team prepared is hidden (TH §
        Mage Tower: "Place the Ritual you are preparing face down next to your Hero mat"), its turn
        is not: "Select one turn token and place it on top of your Ritual", a marker of the table's
        nine that everyone sees taken (``hierapolis.free_turns``). The cards are redrawn from those
        ``player`` has not seen (the other teams' prepared cards and the Mage Tower deck, which is
        reshuffled); each keeps its seat and its turn marker."""
        mine = self.team[player]
        slots = [(q, k) for q in range(self.n) if self.team[q] != mine for k in range(len(self.prepared[q]))]
        deck = getattr(s, "rdeck", None)
        if not slots and not deck:
            return
        pool = sorted([s.prepared[q][k][0] for q, k in slots] + list(deck or ()))
        pool = [pool[j] for j in rng.permutation(len(pool))]
        for j, (q, k) in enumerate(slots):
            s.prepared[q][k][0] = int(pool[j])
        if deck is not None:
            s.rdeck[:] = sorted(int(x) for x in pool[len(slots):])  # the deck is kept sorted

"""Theosis rules (``theosis_v0``): hero selection, Fast Action Preparation and the hex Arena.

Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH), FAQ and errata applied. The state is a
task queue (``q``: plain lists naming the next steps of the game) plus at most one pending decision
(``dec``: the seat to act and what it decides). A decision's action runs its handler, which may put
new tasks at the front of the queue; ``_run`` then executes tasks until a decision is needed.
Everything is plain lists / ints / dicts, so the state clones and serializes exactly.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.actions import ActionCodec
from mythenv.core.errors import StateError
from mythenv.core.game import TERMINAL, State, rng_from_json, rng_to_json

from .cards import ARENA, HEROES, ITEMS, MODES, POWER_INDEX, POWERS, SKILLS, skill_of

NH = len(HEROES)
NC = len(POWERS)
NI = len(ITEMS)
R = ARENA["radius"]
PHYS, LIGHT, FIRE, VOID, ICE, ACID = range(6)
DT_NAMES = ("Physical", "Light", "Fire", "Void", "Ice", "Acid")
MAXHP = 9
TURNS = 9
W, OFF, ARM = 0, 1, 2  # equipment slots (ranged heroes leave OFF empty)

# ------------------------------------------------------------------ board geometry
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEXES = [(q, r) for q in range(-R, R + 1) for r in range(-R, R + 1) if abs(q + r) <= R]
HEX_INDEX = {h: i for i, h in enumerate(HEXES)}
NHEX = len(HEXES)
CENTER = HEX_INDEX[(0, 0)]


def _add(h, d, k=1):
    return (h[0] + k * d[0], h[1] + k * d[1])


def hex_dist(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DIST = [[hex_dist(a, b) for b in range(NHEX)] for a in range(NHEX)]
NEIGH = [[HEX_INDEX[_add(h, d)] for d in DIRS if _add(h, d) in HEX_INDEX] for h in HEXES]
# STEP[h][d]: the hex one step from h in direction d (or -1 off the board)
STEP = [[HEX_INDEX.get(_add(h, d), -1) for d in DIRS] for h in HEXES]
LINE = [[[HEX_INDEX[_add(h, DIRS[d], k)] for k in range(1, 6) if _add(h, DIRS[d], k) in HEX_INDEX]
         for d in range(6)] for h in HEXES]


def _cone(h, d):
    f = _add(h, DIRS[d])
    cells = [f, _add(f, DIRS[d]), _add(f, DIRS[(d - 1) % 6]), _add(f, DIRS[(d + 1) % 6])]
    return [HEX_INDEX[c] for c in cells if c in HEX_INDEX]


# Cone (designed): the hex in front, then the three hexes fanning out behind it (TH § Combat Ranges
# shows the cone only as a picture).
CONE = [[_cone(h, d) for d in range(6)] for h in HEXES]
# Spell area: 7 hexes, a hex and its six neighbours (TH § Combat Ranges: Spell)
FLOWER = [[i] + NEIGH[i] for i in range(NHEX)]
CORNERS = [HEX_INDEX[(R * DIRS[k][0], R * DIRS[k][1])] for k in range(6)]


def _triad(k):
    c = HEXES[CORNERS[k]]
    # a triangle of three mutually adjacent hexes: the corner, its outer-ring neighbour, and the
    # inner hex touching both
    return [CORNERS[k], HEX_INDEX[_add(c, DIRS[(k + 2) % 6])], HEX_INDEX[_add(c, DIRS[k], -1)]]


TRIADS = tuple(tuple(_triad(k)) for k in range(6))  # fixed by the board: no state may change them

# ------------------------------------------------------------------ actions
FAMILIES = [
    ("pick", (NH, 2)),      # hero selection: hero, archetype
    ("card", (NC,)),        # a Power card (draft, commit, discard, select)
    ("hero", (NH,)),        # a hero (target, equip, gold)
    ("slot", (3,)),         # a skill slot (mana, skill use) or an equipment slot
    ("hex", (NHEX,)),       # a hex (move, place, spell centre, teleport, pull)
    ("dir", (6,)),          # a direction (line, cone)
    ("item", (NI,)),        # an item of the artifact / item offer
    ("row", (6,)),          # one of the six actions of the chart
    ("num", (10,)),         # a number or a choice (0 = no / first option, 1 = yes, ...)
    ("done", (1,)),         # stop / stay / none
]
CODEC = ActionCodec(FAMILIES)
_OFF = CODEC.offsets
NUM_ACTIONS = CODEC.size
A_PICK, A_CARD, A_HERO, A_SLOT, A_HEX, A_DIR, A_ITEM, A_ROW, A_NUM, A_DONE = (
    _OFF[n] for n in ("pick", "card", "hero", "slot", "hex", "dir", "item", "row", "num", "done"))
DECODE = CODEC.flat_table
ROW_NAMES = ("do nothing (discard a Power face down)", "place a Mana gem (discard face down, take 1 Damage)",
             "use a Blessing face up", "use a Spell face up", "attack with a Power face down (its text)",
             "use a Skill (a Power face down for values)")
SPELL_HERO = {POWER_INDEX["fireball"]: 1, POWER_INDEX["vortex"]: 5, POWER_INDEX["nova"]: 7,
              POWER_INDEX["hailstorm"]: 11}
ATTACK_SPELLS = frozenset(SPELL_HERO) | {POWER_INDEX["damnation"]}
PK = POWER_INDEX
SK = {s.key: (s.hero, s.archetype, s.slot) for s in SKILLS}
DEF_SKILLS = {s.key for s in SKILLS if s.kind == "defence"}


def describe_action(a: int) -> str:
    fam, i = DECODE[a]
    if fam == "pick":
        h, ar = divmod(i, 2)
        return f"pick {HEROES[h].name} ({HEROES[h].archetypes[ar]})"
    if fam == "card":
        p = POWERS[i]
        return f"power {p.name} ({p.attack}/{p.defense})"
    if fam == "hero":
        return f"hero {HEROES[i].name}"
    if fam == "slot":
        return f"slot {i + 1}"
    if fam == "hex":
        return f"hex {HEXES[i]}"
    if fam == "dir":
        return f"direction {i}"
    if fam == "item":
        return f"item {ITEMS[i].name}"
    if fam == "row":
        return f"action: {ROW_NAMES[i]}"
    if fam == "num":
        return f"choice {i}"
    return "done / none"


def team_of_seat(mode: str, n: int, p: int) -> int:
    t = MODES[mode]["teams"]
    return p if t == 0 else p % t


def heroes_per_player(mode: str, variant: str, n: int) -> int:
    m = MODES[mode]
    if n >= 5:
        return m["five_six"]
    return m["normal"] if variant == "normal" else m["blitz"]


# ------------------------------------------------------------------ the state
_LIST_FIELDS = ("owner", "arch", "pickno", "hp", "pos", "gold", "flip_w", "flip_a", "stealth", "dbl", "martyr",
                "blackout", "acted", "cowner", "vis", "token", "offer", "pouch", "gone", "ranking", "ward",
                "pool", "order", "hpp_left")


class TheosisState(State):
    """The whole truth of one Theosis game (see the module docstring)."""

    def __init__(self, game, seed: int | None = None, _empty: bool = False):
        self.game = game
        cfg = game.config
        self.n = cfg["num_players"]
        self.mode = cfg["mode"]
        self.hpp = heroes_per_player(self.mode, cfg["variant"], self.n)
        self.team = [team_of_seat(self.mode, self.n, p) for p in range(self.n)]
        self.nteams = max(self.team) + 1
        self.triad = [list(TRIADS[c]) for c in ARENA["triads"][self.n]]  # each state's own rows
        self._legal = None
        if _empty:
            return
        self.rng = np.random.default_rng(seed)
        self.phase = "select"
        self.turn = 0
        self.initiative = 0
        self.owner = [-1] * NH
        self.arch = [0] * NH
        self.pickno = [-1] * NH
        self.hp = [MAXHP] * NH
        self.pos = [-1] * NH
        self.gold = [0] * NH
        self.mana = [[0, 0, 0] for _ in range(NH)]
        self.eq = [[-1, -1, -1] for _ in range(NH)]
        self.flip_w = [0] * NH
        self.flip_a = [0] * NH
        self.stealth = [0] * NH
        self.dbl = [0] * NH
        self.martyr = [0] * NH
        self.blackout = [0] * NH
        self.acted = [0] * NH
        self.ranking = []
        self.hand = [[] for _ in range(self.n)]
        self.disc = [[] for _ in range(self.n)]
        self.inplay = [[] for _ in range(self.n)]
        self.ret = [[] for _ in range(self.n)]  # Powers in play recycled to the hand (``_recycle``)
        self.purse = [3] * self.n  # TH errata page 6: all players start with 3 gold
        self.cowner = [-1] * NC
        self.vis = [0] * NC
        self.token = [-1] * NC
        self.pool = []
        self.offer = []
        self.pouch = [i for i in range(NI)]
        self.gone = []
        self.ward = [0] * self.nteams
        self.bondage = -1
        self.order = []
        self.hpp_left = [0] * self.n
        self.q = []
        self.dec = None
        self.cb = None
        self.winner = -2  # -2 running, -1 tie, else the winning team
        self.reason = ""
        self.log = []
        self.steps = 0
        # snake order (TH § Hero Phase): clockwise, then counter-clockwise, then clockwise again
        order = []
        for rnd in range(self.hpp):
            seats = list(range(self.n))
            order += seats if rnd % 2 == 0 else seats[::-1]
        self.order = order
        self.q = [["select"]]
        self._run()

    # ------------------------------------------------------------------ basics
    def current_player(self) -> int:
        if self.winner != -2:
            return TERMINAL
        return self.dec[1]

    def is_terminal(self) -> bool:
        return self.winner != -2

    def returns(self) -> list[float]:
        """+1 the winning team, -1 the others, 0 for all on a tie. Players are not terminated when
        their heroes fall: Resurrection can bring any fallen hero back, so nobody is out before the end."""
        if self.winner == -2 or self.winner == -1:
            return [0.0] * self.n
        return [1.0 if self.team[p] == self.winner else -1.0 for p in range(self.n)]

    def _log(self, msg: str) -> None:
        self.log.append(msg)
        if len(self.log) > 30:
            del self.log[:-30]

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = [] if self.winner != -2 else sorted(self._compute_legal())
        return self._legal

    def action_to_string(self, action: int) -> str:
        return describe_action(action)

    # ------------------------------------------------------------------ helpers: heroes
    def alive(self, h: int) -> bool:
        return self.owner[h] >= 0 and self.hp[h] > 0 and self.pos[h] >= 0

    def hteam(self, h: int) -> int:
        return self.team[self.owner[h]]

    def allies(self, a: int, b: int) -> bool:
        return self.team[self.owner[a]] == self.team[self.owner[b]]

    def occupant(self, x: int) -> int:
        for h in range(NH):
            if self.pos[h] == x and self.owner[h] >= 0 and self.hp[h] > 0:
                return h
        return -1

    def occupied(self) -> dict:
        return {self.pos[h]: h for h in range(NH) if self.alive(h)}

    def rank_of(self, h: int) -> int:
        return self.ranking.index(h) if h in self.ranking else 99

    def skill(self, h: int, slot: int):
        return skill_of(h, self.arch[h], slot)

    def skill_slot(self, h: int, key: str) -> int:
        hero, ar, slot = SK[key]
        return slot if hero == h and self.arch[h] == ar else -1

    def has_mana(self, h: int, key: str) -> bool:
        s = self.skill_slot(h, key)
        return s >= 0 and self.mana[h][s] == 1

    def speed(self, h: int) -> int:
        if self.token[PK["entangling_roots"]] == h:
            return 1
        return HEROES[h].speed

    def weapons(self, h: int) -> list[int]:
        """Active weapons: main hand, and a second one-handed weapon when not two-handed."""
        if self.flip_w[h]:
            return []
        out = []
        m = self.eq[h][W]
        if m >= 0:
            out.append(m)
        o = self.eq[h][OFF]
        if o >= 0 and ITEMS[o].kind == "melee1" and not (m >= 0 and ITEMS[m].hands == 2):
            out.append(o)
        return out

    def armors(self, h: int) -> list[int]:
        """Active armor and shield (a shield is unusable beside a two-handed weapon)."""
        if self.flip_a[h]:
            return []
        out = []
        a = self.eq[h][ARM]
        if a >= 0:
            out.append(a)
        o = self.eq[h][OFF]
        m = self.eq[h][W]
        if o >= 0 and ITEMS[o].kind == "shield" and not (m >= 0 and ITEMS[m].hands == 2):
            out.append(o)
        return out

    def has_shield(self, h: int) -> bool:
        return any(ITEMS[i].kind == "shield" for i in self.armors(h))

    def art_attack(self, h: int) -> int:
        return sum(ITEMS[i].attack_bonus for i in self.weapons(h))

    def art_defense(self, h: int) -> int:
        return sum(ITEMS[i].defense_bonus for i in self.armors(h))

    def in_start_triad(self, h: int) -> bool:
        """TH errata page 14: "Heroes standing on the starting triads of Hexes during turn 1 cannot
        be harmed by any Rituals, Skills or Powers that have an Area of Effect": any player's
        starting triad, not only the hero's own (the triads of the players at the table: the Spell
        range rule speaks of "the initial positions of the Heroes on turn 1")."""
        return self.turn == 1 and any(self.pos[h] in t for t in self.triad)

    def team_alive(self) -> list[int]:
        return sorted({self.hteam(h) for h in range(NH) if self.alive(h)})

    def blessings_on(self, h: int) -> list[int]:
        return [c for c in range(NC) if self.token[c] == h and POWERS[c].type == "blessing"]

    def curses_on(self, h: int) -> list[int]:
        return [c for c in range(NC) if self.token[c] == h and POWERS[c].type == "curse"]

    def remove_blessings(self, h: int) -> None:
        for c in self.blessings_on(h):
            self.token[c] = -1

    def remove_curses(self, h: int) -> None:
        for c in self.curses_on(h):
            self.token[c] = -1

    def heal(self, h: int, amount: int) -> None:
        if self.alive(h):
            self.hp[h] = min(MAXHP, self.hp[h] + amount)

    def empty_slots(self, h: int) -> list[int]:
        return [s for s in range(3) if not self.mana[h][s]]

    def mana_slots(self, h: int) -> list[int]:
        return [s for s in range(3) if self.mana[h][s]]

    # ------------------------------------------------------------------ helpers: damage and death
    def lose_hp(self, h: int, amount: int, why: str) -> None:
        if amount <= 0 or not self.alive(h):
            return
        self.hp[h] = max(0, self.hp[h] - amount)
        self._log(f"{HEROES[h].name} loses {amount} ({why}), health {self.hp[h]}")
        if self.hp[h] == 0:
            self.kill(h, why)

    def kill(self, h: int, why: str) -> None:
        """A hero at zero Health leaves the Arena (TH § Warmonger Quest: removed from the game);
        Resurrection may bring it back with no Mana, Blessings or Curses."""
        self.hp[h] = 0
        self.pos[h] = -1
        self.mana[h] = [0, 0, 0]
        self.stealth[h] = 0
        self.blackout[h] = 0
        for c in range(NC):
            if self.token[c] == h:
                self.token[c] = -1
        if self.bondage == h:
            self.bondage = -1
        self._log(f"{HEROES[h].name} falls ({why})")

    def reduce(self, h: int, amount: int, dt: int, extra_prot=(), ignore_phys=False, armor_only=False) -> int:
        """Damage of one type after Protection (none) / Resistance (half, rounded down)."""
        if amount <= 0:
            return 0
        if ignore_phys and dt == PHYS:
            return amount
        if dt in extra_prot:
            return 0
        prot = res = False
        for i in self.armors(h):
            it = ITEMS[i]
            if dt in it.protection:
                prot = True
            if dt in it.resistance:
                res = True
        if prot:
            return 0
        if res:
            return amount // 2
        return amount

    # ------------------------------------------------------------------ helpers: powers
    def _sort_hand(self, p: int) -> None:
        self.hand[p].sort()

    def refill(self, p: int) -> None:
        """An empty hand that must choose takes every discarded Power back. The recycle happens as
        the last Power leaves the hand (``_recycle``), so a full game never gets here; this keeps a
        hand pick well defined on a hand-built position."""
        if not self.hand[p] and self.disc[p]:
            self._recycle(p, -1)

    def _recycle(self, p: int, last: int) -> None:
        """TH § Power Management: "whenever you use or discard the last Power in your hand, you
        immediately, before anything else occurs, take the other five Power cards back into your
        hand. The Power you just used or Discarded will remain in the Discard pile."

        Every discarded Power but ``last`` comes back at once. A Power of the seat still in play
        beside ``last`` (an area attack: one Power per defending hero) is one of the "other five":
        it comes back to the hand when its combat is over (``ret``), so that "the last card to be
        placed in your discard pile stays there" and five return (FAQ, Area of Effect answer).
        Knowledge carries over: the whole pile comes back, so a seat that knew a Power was in the
        pile now knows it is in the hand; a seat that did not know (a face-down discard) still
        does not, and cannot tell which unknown Power stayed."""
        back = [x for x in self.disc[p] if x != last]
        self.disc[p] = [x for x in self.disc[p] if x == last]
        self.hand[p] = sorted(self.hand[p] + back)
        self.ret[p] += [x for x in self.inplay[p] if x != last and x not in self.ret[p]]

    def _all_bits(self) -> int:
        return (1 << self.n) - 1

    def team_bits(self, p: int) -> int:
        t = self.team[p]
        b = 0
        for q in range(self.n):
            if self.team[q] == t:
                b |= 1 << q
        return b

    def commit_card(self, p: int, c: int) -> None:
        """A card leaves the hand face down (known only to its team until revealed); the last one
        recycles the others at once."""
        self.hand[p].remove(c)
        self.inplay[p].append(c)
        self._blur_hand(p)
        self.vis[c] = self.team_bits(p)
        if not self.hand[p]:
            self._recycle(p, c)

    def _blur_hand(self, p: int, keep: int = 0) -> None:
        """A card left the hand face down: seats outside its team (and ``keep``, the seats that saw
        which card it was) no longer know which cards remain."""
        tb = self.team_bits(p) | keep
        for x in self.hand[p]:
            self.vis[x] &= tb

    def reveal(self, c: int) -> None:
        self.vis[c] = self._all_bits()

    def to_discard(self, p: int, c: int, hidden: bool, seen: int = 0) -> None:
        """A card lands face down in the discard pile (TH § Power Management: "Powers are always
        placed facedown into your Discard pile regardless of why they are Discarded"); ``hidden``:
        only its team and the seats in ``seen`` know which card it is. The last card of the hand
        recycles the others (``_recycle``); a card recycled while in play goes back to the hand."""
        knows = self.team_bits(p) | seen if hidden else self._all_bits()
        if c in self.inplay[p] and c in self.ret[p]:
            self.inplay[p].remove(c)
            self.ret[p].remove(c)
            self.hand[p] = sorted(self.hand[p] + [c])
            self.vis[c] = knows
            return
        if c in self.hand[p]:
            self.hand[p].remove(c)
            if hidden:
                self._blur_hand(p, seen)
        elif c in self.inplay[p]:
            self.inplay[p].remove(c)
        self.disc[p].append(c)
        self.vis[c] = knows
        if not self.hand[p] and len(self.disc[p]) > 1:
            self._recycle(p, c)

    # ------------------------------------------------------------------ engine
    HAND_PICKS = frozenset(("commit", "discard", "bless_card", "spell_card", "tactics", "replace", "row"))

    def _ask(self, kind: str, seat: int, *args) -> None:
        if kind in self.HAND_PICKS:
            self.refill(seat)  # TH § Power Management: an empty hand takes the other Powers back
        self.dec = [kind, seat] + list(args)

    def _push(self, *tasks) -> None:
        self.q[0:0] = [list(t) for t in tasks]

    def _run(self) -> None:
        while self.dec is None and self.winner == -2:
            if self.phase == "arena" and self._check_elimination():
                return
            if not self.q:
                raise StateError("theosis_v0: the task queue ran dry")
            task = self.q.pop(0)
            getattr(self, "_T_" + task[0])(*task[1:])
        self._legal = None

    def _check_elimination(self) -> bool:
        cb = self.cb
        if cb is not None and cb["du"] is not None and cb["du"].get("zombie"):
            return False  # a Bloodthirst attack at 0 Health continues (``_yn_bloodthirst``)
        teams = self.team_alive()
        if len(teams) <= 1:
            self.winner = teams[0] if teams else -1
            self.reason = "last team standing" if teams else "every hero fell"
            self.phase = "over"
            self.dec = None
            self._log(f"game over: {self.reason}")
            return True
        return False

    def _apply(self, a: int) -> None:
        fam, i = DECODE[a]
        d = self.dec
        self.dec = None
        self._legal = None
        self.steps += 1
        getattr(self, "_D_" + d[0])(fam, i, *d[1:])
        self._run()

    def _compute_legal(self) -> list[int]:
        d = self.dec
        return getattr(self, "_L_" + d[0])(*d[1:])

    # ================================================================== hero selection
    def _T_select(self) -> None:
        if len(self.order) == 0:
            self._push(["draft_start"])
            return
        self._ask("pick", self.order[0])

    def _L_pick(self, p):
        return [A_PICK + h * 2 + a for h in range(NH) if self.owner[h] < 0 for a in range(2)]

    def _D_pick(self, fam, i, p):
        h, ar = divmod(i, 2)
        self.owner[h] = p
        self.arch[h] = ar
        self.pickno[h] = sum(1 for x in self.owner if x >= 0) - 1
        self.order.pop(0)
        self._log(f"P{p} picks {HEROES[h].name} ({HEROES[h].archetypes[ar]})")
        self._push(["select"])

    def heroes_of(self, p: int) -> list[int]:
        return sorted((h for h in range(NH) if self.owner[h] == p), key=lambda h: self.pickno[h])

    # ================================================================== Fast Action Preparation
    def _T_draft_start(self) -> None:
        """TH § Fast Action Preparation: every player drafts a full set (4.0 / 3.1 / 2.2 / 1.1 /
        1.3 / 0.4). Designed: one round per value in that order, snake order as in hero selection."""
        self.phase = "draft"
        self._push(*[["draft_round", v] for v in range(6)], ["mana_start"])

    def _T_draft_round(self, v) -> None:
        exp = self.game.config["expansion"]
        self.pool = [c for c in range(NC) if POWERS[c].value_slot == v and (exp or not POWERS[c].expansion)]
        seats = list(range(self.n))
        self.order = seats if v % 2 == 0 else seats[::-1]
        self._push(["draft_pick"])

    def _T_draft_pick(self) -> None:
        if not self.order:
            self.pool = []  # cards nobody drafted leave the game
            return
        self._ask("draft", self.order[0])

    def _L_draft(self, p):
        return [A_CARD + c for c in self.pool]

    def _D_draft(self, fam, c, p):
        self.pool.remove(c)
        self.cowner[c] = p
        self.hand[p].append(c)
        self.hand[p].sort()
        self.vis[c] = self._all_bits()
        self.order.pop(0)
        self._log(f"P{p} drafts {POWERS[c].name}")
        self._push(["draft_pick"])

    def _T_mana_start(self) -> None:
        """Each Hero receives one Mana crystal in a skill slot of its player's choice."""
        self.phase = "mana"
        for p in range(self.n):
            for h in self.heroes_of(p):
                self.q.append(["mana_one", h])
        self.q.append(["offer_start", "artifact"])

    def _T_mana_one(self, h) -> None:
        self._ask("mana", self.owner[h], h)

    def _L_mana(self, p, h):
        return [A_SLOT + s for s in self.empty_slots(h)]

    def _D_mana(self, fam, s, p, h):
        self.mana[h][s] = 1

    # ---- artifact and item offers
    def _T_offer_start(self, kind) -> None:
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
        hero, kind = HEROES[h], ITEMS[it].kind
        out = []
        if kind in hero.weapon:
            out.append(W)
        if kind in hero.offhand:
            out.append(OFF)
        if kind in hero.armor:
            out.append(ARM)
        return out

    def _offer_ok(self, p: int) -> list[int]:
        return [i for i in self.offer if any(self.can_equip(h, i) for h in self.heroes_of(p))]

    def _T_offer_turn(self, kind, passes) -> None:
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

    def _L_offer(self, p, kind):
        return [A_ITEM + i for i in self._offer_ok(p)]

    def _D_offer(self, fam, it, p, kind):
        self._push(["offer_turn", kind, 0])
        hs = [h for h in self.heroes_of(p) if self.can_equip(h, it)]
        if len(hs) == 1:
            self._equip_choose(p, hs[0], it)
        else:
            self._ask("equip_hero", p, it)

    def _L_equip_hero(self, p, it):
        return [A_HERO + h for h in self.heroes_of(p) if self.can_equip(h, it)]

    def _D_equip_hero(self, fam, h, p, it):
        self._equip_choose(p, h, it)

    def _equip_choose(self, p, h, it):
        slots = self.can_equip(h, it)
        if len(slots) == 1:
            self.equip(h, it, slots[0])
        else:
            self._ask("equip_slot", p, h, it)

    def _L_equip_slot(self, p, h, it):
        return [A_SLOT + s for s in self.can_equip(h, it)]

    def _D_equip_slot(self, fam, s, p, h, it):
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
    def _T_gold_start(self) -> None:
        """TH § Alignment and Ranking, step 2 (with the 3 starting gold of errata page 6): from the
        player right of the initiative holder counter-clockwise, players put gold on their heroes."""
        self.phase = "gold"
        for k in range(1, self.n + 1):
            self.q.append(["gold_turn", (self.initiative - k) % self.n])
        self.q.append(["rank"])

    def _T_gold_turn(self, p) -> None:
        if self.purse[p] > 0:
            self._ask("gold", p)

    def _L_gold(self, p):
        return [A_HERO + h for h in self.heroes_of(p)] + [A_DONE]

    def _D_gold(self, fam, h, p):
        if fam == "done":
            return
        self.purse[p] -= 1
        self.gold[h] += 1
        self._push(["gold_turn", p])

    def _T_rank(self) -> None:
        """Step 3: the most gold ranks first; ties by initiative order (FAQ: ties in Theosis are
        resolved by initiative), then (designed) by the order the heroes were selected."""
        hs = [h for h in range(NH) if self.owner[h] >= 0]
        hs.sort(key=lambda h: (-self.gold[h], (self.owner[h] - self.initiative) % self.n, self.pickno[h]))
        self.ranking = hs
        self.phase = "place"
        for h in reversed(hs):  # lowest rank is placed first (errata page 14)
            self.q.append(["place_one", h])
        self.q.append(["arena_start"])

    def _T_place_one(self, h) -> None:
        self._ask("place", self.owner[h], h)

    def _L_place(self, p, h):
        occ = self.occupied()
        return [A_HEX + x for x in self.triad[p] if x not in occ]

    def _D_place(self, fam, x, p, h):
        self.pos[h] = x

    # ================================================================== the Arena
    def _T_arena_start(self) -> None:
        self.phase = "arena"
        self._log("the heroes enter the Arena")
        self._push(["turn_start"])

    def _T_turn_start(self) -> None:
        self.turn += 1
        self.flip_w = [0] * NH  # Sunder effects end before the beginning of the next turn
        self.flip_a = [0] * NH
        self.ward = [0] * self.nteams
        self.acted = [0] * NH
        self._log(f"-- Arena turn {self.turn}")
        self._push(["next_actor"])

    def _T_next_actor(self) -> None:
        for h in self.ranking:
            if not self.acted[h] and self.alive(h):
                self.acted[h] = 1
                self._push(["hero_turn", h], ["next_actor"])
                return
        self._push(["turn_end"])

    def _T_turn_end(self) -> None:
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

    def _T_hero_turn(self, h) -> None:
        if not self.alive(h):
            return
        if self.blackout[h]:
            self.blackout[h] = 0  # errata p.34: flips the token face up and does nothing else
            self._log(f"{HEROES[h].name} is blacked out this turn")
            self._push(["hero_end", h])
            return
        tb = PK["tentacles_black"]
        if self.token[tb] == h and self.cowner[tb] >= 0 and self.can_move(h):
            self._push(["h_move", h, "tentacles"], ["h_row", h], ["hero_end", h])
        else:
            self._push(["h_move", h, "move"], ["h_row", h], ["hero_end", h])

    def _T_hero_end(self, h) -> None:
        if not self.alive(h):
            return
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
        occ = self.occupied()
        start = self.pos[h]
        seen = {start}
        frontier = [start]
        for _ in range(steps):
            nxt = []
            for x in frontier:
                for y in NEIGH[x]:
                    if y in seen:
                        continue
                    o = occ.get(y, -1)
                    if o >= 0 and not leap and not self.allies(o, h):
                        continue
                    seen.add(y)
                    nxt.append(y)
            frontier = nxt
        return sorted(x for x in seen if x not in occ)

    def _T_h_move(self, h, mode) -> None:
        if not self.alive(h) or not self.can_move(h):
            return
        dests = self.reach(h, self.speed(h))
        if not dests:
            return
        who = self.cowner[PK["tentacles_black"]] if mode == "tentacles" else self.owner[h]
        self._ask("move", who, h, mode)

    def _L_move(self, p, h, mode, key=""):
        if mode in ("charge", "leap"):
            stay = key == "resurgence" or bool(self._skill_targets_from(h, key, self.pos[h]))
            return [A_HEX + x for x in self._charge_dests(h, key, mode == "leap")] + ([A_DONE] if stay else [])
        return [A_HEX + x for x in self.reach(h, self.speed(h))] + [A_DONE]

    def _D_move(self, fam, x, p, h, mode, key=""):
        if fam == "hex":
            self._log(f"{HEROES[h].name} moves to {HEXES[x]}")
            self.pos[h] = x

    # ---- the six actions (TH § Hero Actions chart)
    def pacified(self, h: int) -> bool:
        return self.token[PK["pacify"]] == h

    def hand_of(self, h: int) -> list[int]:
        return self.hand[self.owner[h]]

    def attack_range(self, h: int) -> int:
        return 5 if HEROES[h].ranged else 1

    def targetable(self, h: int, t: int) -> bool:
        """A single-target attack: an enemy on the board, not in Stealth."""
        return t != h and self.alive(t) and not self.allies(h, t) and not self.stealth[t]

    def single_targets(self, h: int, rng: int, at: int = -1) -> list[int]:
        x = self.pos[h] if at < 0 else at
        return [t for t in range(NH) if self.targetable(h, t) and (rng >= 99 or DIST[x][self.pos[t]] <= rng)]

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
        out = [occ[c] for c in cells if c in occ and occ[c] != h and not self.allies(h, occ[c])
               and not self.in_start_triad(occ[c])]
        return sorted(out, key=self.rank_of)

    def _area_has_enemy(self, h, targets) -> bool:
        return any(not self.allies(h, t) for t in targets)

    def spell_targets(self, h: int, centre: int) -> list[int]:
        occ = self.occupied()
        out = []
        for c in FLOWER[centre]:
            t = occ.get(c, -1)
            if t < 0 or t == h or self.in_start_triad(t):
                continue
            if self.ward[self.hteam(t)] and not self.allies(h, t):
                continue
            out.append(t)
        return sorted(out, key=self.rank_of)

    def _rows(self, h: int) -> list[int]:
        hand = self.hand_of(h)
        rows = [0]
        if self.empty_slots(h):
            rows.append(1)
        if any(POWERS[c].type == "blessing" for c in hand):
            rows.append(2)
        if any(self._spell_ok(h, c) for c in hand):
            rows.append(3)
        if not self.pacified(h) and self.single_targets(h, self.attack_range(h)):
            rows.append(4)
        if any(self._skill_ok(h, s) for s in range(3)):
            rows.append(5)
        return rows

    def _T_h_row(self, h) -> None:
        if self.alive(h):
            self._ask("row", self.owner[h], h)

    def _L_row(self, p, h):
        return [A_ROW + r for r in self._rows(h)]

    def _D_row(self, fam, r, p, h):
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

    def _T_ask(self, kind, p, *args) -> None:
        if kind == "mana_gain" and not (self.alive(args[0]) and self.empty_slots(args[0])):
            return
        self._ask(kind, p, *args)

    def _L_discard(self, p, h, dmg):
        return [A_CARD + c for c in self.hand_of(h)]

    def _D_discard(self, fam, c, p, h, dmg):
        self.to_discard(p, c, hidden=True)
        if dmg:
            self.lose_hp(h, 1, "placing a Mana gem")

    def _L_mana_gain(self, p, h):
        return [A_SLOT + s for s in self.empty_slots(h)]

    def _D_mana_gain(self, fam, s, p, h):
        self.mana[h][s] = 1

    # ---- Blessings face up
    def _L_bless_card(self, p, h):
        return [A_CARD + c for c in self.hand_of(h) if POWERS[c].type == "blessing"]

    def _D_bless_card(self, fam, c, p, h):
        """The Blessing is used face up (TH § Hero Actions chart): it is on the table, seen by all,
        while its target is chosen."""
        self.commit_card(p, c)
        self.reveal(c)
        self._ask("bless_target", p, h, c)

    def _L_bless_target(self, p, h, c):
        return [A_HERO + t for t in range(NH) if self.alive(t) and self.allies(h, t)]

    def _D_bless_target(self, fam, t, p, h, c):
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
        near = [x for x in NEIGH[self.pos[h]] if x not in occ]
        return near or [x for x in range(NHEX) if x not in occ]

    def _L_spell_card(self, p, h):
        return [A_CARD + c for c in self.hand_of(h) if self._spell_ok(h, c)]

    def _D_spell_card(self, fam, c, p, h):
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

    def _T_spell_done(self, p, c) -> None:
        if c in self.inplay[p]:
            self.to_discard(p, c, hidden=False)

    def _L_res_mode(self, p, h):
        return [A_NUM + 0, A_NUM + 1]

    def _D_res_mode(self, fam, i, p, h):
        self._res_mode(p, h, i)

    def _res_mode(self, p, h, mode):
        if mode == 0:
            self._ask("res_mana", p, h)
        else:
            self._ask("res_dead", p, h)

    def _L_res_mana(self, p, h):
        return [A_HERO + t for t in self._res_mana_targets(h)]

    def _D_res_mana(self, fam, t, p, h):
        self._ask("mana_gain", self.owner[t], t)

    def _L_res_dead(self, p, h):
        return [A_HERO + t for t in self._res_dead(h)]

    def _D_res_dead(self, fam, t, p, h):
        self._ask("res_place", p, h, t)

    def _L_res_place(self, p, h, t):
        return [A_HEX + x for x in self._free_hexes_near(h)]

    def _D_res_place(self, fam, x, p, h, t):
        """Resurrection: back to four Health with no Mana, Blessings or Curses; designed: the caster
        places the risen hero on a free hex next to the caster (anywhere free if none)."""
        self.hp[t] = 4
        self.pos[t] = x
        self.mana[t] = [0, 0, 0]
        self._log(f"{HEROES[t].name} is resurrected")

    def _L_ungrave(self, p, h):
        return [A_CARD + c for c in self.disc[p]]

    def _D_ungrave(self, fam, c, p, h):
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

    def _L_spell_area(self, p, h, c):
        return [A_HEX + x for x in range(NHEX) if self._area_has_enemy(h, self.spell_targets(h, x))] or \
            [A_HEX + x for x in range(NHEX)]

    def _D_spell_area(self, fam, x, p, h, c):
        targets = self.spell_targets(h, x)
        self._start_combat(h, "spell", "", c, targets, False)

    # ---- attack with a Power face down
    def _L_atk_target(self, p, h):
        return [A_HERO + t for t in self.single_targets(h, self.attack_range(h))]

    def _D_atk_target(self, fam, t, p, h):
        self._start_combat(h, "power", "", -1, [t], DIST[self.pos[h]][self.pos[t]] == 1)

    # ---- Skills (TH § Appendix Skills)
    CHARGE = ("northern_twin_strike", "smite", "avenge")
    LEAP = ("wings_of_wrath",)

    def _skill_range(self, h: int, key: str) -> int:
        if key == "far_sight":
            return 99
        if key == "chains_of_sorrow":
            return 5
        return self.attack_range(h)

    def _skill_targets_from(self, h: int, key: str, x: int) -> list[int]:
        return self.single_targets(h, self._skill_range(h, key), at=x)

    def _charge_dests(self, h: int, key: str, leap: bool) -> list[int]:
        dests = self.reach(h, self.speed(h), leap=leap)
        if key == "resurgence":
            return dests
        return [x for x in dests if self._skill_targets_from(h, key, x)]

    def _dirs_with_enemy(self, h: int, area: str) -> list[int]:
        return [d for d in range(6) if self._area_has_enemy(h, self.area_targets(h, self.area_cells(h, area, d)))]

    def _skill_ok(self, h: int, s: int) -> bool:
        if not self.mana[h][s]:
            return False
        sk = self.skill(h, s)
        key = sk.key
        if sk.kind in ("defence", "ritual"):
            return False
        if sk.kind in ("attack", "auto") and self.pacified(h):
            return False
        if sk.kind == "attack":
            if sk.area == "single":
                if key in self.CHARGE or key in self.LEAP:
                    return bool(self._skill_targets_from(h, key, self.pos[h])) or bool(
                        self._charge_dests(h, key, key in self.LEAP))
                return bool(self._skill_targets_from(h, key, self.pos[h]))
            if sk.area == "ring":
                return self._area_has_enemy(h, self.area_targets(h, NEIGH[self.pos[h]]))
            return bool(self._dirs_with_enemy(h, sk.area))
        if sk.kind == "auto":
            return True
        if key == "teleport":
            return self.can_move(h)
        if key == "vile_surge":
            return any(self.alive(t) and not self.allies(h, t) and self.mana_slots(t) for t in range(NH))
        if key == "blackout":
            return any(self.alive(t) and t != h and not self.acted[t] for t in range(NH))
        if key == "holy_surge":
            return any(self.alive(t) and t != h and self.empty_slots(t) for t in range(NH))
        if key == "crimson_offering":
            return not self.pacified(h) and bool(self._crimson_allies(h))
        if key == "stealth":
            return not self.stealth[h]
        return True

    def _crimson_allies(self, h):
        return [t for t in NEIGH[self.pos[h]] for t in [self.occupant(t)]
                if t >= 0 and t != h and self.allies(h, t) and self.hp[t] >= 2]

    def _L_skill_use(self, p, h):
        return [A_SLOT + s for s in range(3) if self._skill_ok(h, s)]

    def _D_skill_use(self, fam, s, p, h):
        sk = self.skill(h, s)
        key = sk.key
        self.mana[h][s] = 0  # the Mana gem is removed (TH § Hero Actions, row six)
        self._log(f"{HEROES[h].name} uses {sk.name}")
        if key == "stealth":
            self.stealth[h] = 1  # the gem sits on the hero's base
        if sk.kind == "attack":
            if key in self.CHARGE or key in self.LEAP:
                self._push(["ask", "move", p, h, "leap" if key in self.LEAP else "charge", key],
                           ["sk_aim", h, key])
            else:
                self._push(["sk_aim", h, key])
            return
        # auto-damage and utility Skills still use a Power face down (the chart's sixth row)
        self._push(["ask", "discard", p, h, 0], ["sk_effect", h, key])

    def _T_sk_aim(self, h, key) -> None:
        sk = self.skill(h, self.skill_slot(h, key))
        p = self.owner[h]
        if sk.area == "single":
            if self._skill_targets_from(h, key, self.pos[h]):
                self._ask("sk_target", p, h, key)
            else:
                self._log(f"{sk.name} finds no target")
                self._push(["ask", "discard", p, h, 0])
        elif sk.area == "ring":
            self._start_combat(h, "skill", key, -1, self.area_targets(h, NEIGH[self.pos[h]]), False)
        else:
            self._ask("sk_dir", p, h, key)

    def _L_sk_target(self, p, h, key):
        return [A_HERO + t for t in self._skill_targets_from(h, key, self.pos[h])]

    def _D_sk_target(self, fam, t, p, h, key):
        self._start_combat(h, "skill", key, -1, [t], DIST[self.pos[h]][self.pos[t]] == 1)

    def _L_sk_dir(self, p, h, key):
        area = self.skill(h, self.skill_slot(h, key)).area
        return [A_DIR + d for d in self._dirs_with_enemy(h, area)] or [A_DIR + d for d in range(6)]

    def _D_sk_dir(self, fam, d, p, h, key):
        area = self.skill(h, self.skill_slot(h, key)).area
        self._start_combat(h, "skill", key, -1, self.area_targets(h, self.area_cells(h, area, d)), False)

    def _T_sk_effect(self, h, key) -> None:
        p = self.owner[h]
        sk = self.skill(h, self.skill_slot(h, key))
        if sk.kind == "auto":
            # "All enemies automatically take two damage", reduced by armor and shields only
            self._push(*[["hurt", h, t, 2, sk.dtype, 1, [], sk.name, 0] for t in sorted(range(NH), key=self.rank_of)
                         if self.alive(t) and not self.allies(h, t) and not self.in_start_triad(t)])
            return
        if key == "resurgence":
            self._push(["ask", "move", p, h, "leap", key], ["ask", "mana_gain", p, h])
        elif key == "teleport":
            self._push(["ask", "teleport", p, h])
        elif key == "vile_surge":
            self._ask("vile_target", p, h)
        elif key == "blackout":
            self._ask("blackout", p, h)
        elif key == "lay_on_hands":
            self._ask("lay_target", p, h)
        elif key == "catharsis":
            group = [h] + [t for t in (self.occupant(x) for x in NEIGH[self.pos[h]])
                           if t >= 0 and self.allies(h, t)]
            for t in group:
                self.heal(t, 1)
            self._push(*[["ask", "uncurse", self.owner[t], t] for t in group if self.curses_on(t)])
        elif key == "panacea":
            group = [t for t in sorted(range(NH), key=self.rank_of) if self.alive(t) and self.allies(h, t)]
            for t in group:
                self.heal(t, 2)
            self._push(*[["ask", "mana_gain", self.owner[t], t] for t in group])
        elif key == "holy_surge":
            self._ask("holy_target", p, h)
        elif key == "cure":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.heal(t, 3)
        elif key == "martyrdom":
            self.martyr[h] = 1
            self.kill(h, "Martyrdom")
            for t in range(NH):
                if self.alive(t) and self.allies(h, t) and t != h:
                    self.heal(t, 6)
                    for s in self.empty_slots(t):  # up to 3 gems fill every empty skill
                        self.mana[t][s] = 1
        elif key == "crimson_offering":
            self._ask("crimson_target", p, h)
        elif key == "bondage":
            self.bondage = h
        elif key == "cleansing_wind":
            for t in range(NH):
                if self.alive(t) and self.allies(h, t):
                    self.remove_curses(t)

    HURT_SKILLS = ("resonating_scales", "regeneration")

    def _T_hurt(self, src, t, amount, dt, reducible, prot, why, record) -> None:
        """Damage outside a combat duel. FAQ (Resonating Scales): Defense Skills can be used whenever
        the hero is about to take damage, so a hero with Resonating Scales or Regeneration ready
        is asked first."""
        if not self.alive(t) or amount <= 0:
            return
        opts = [s for s in range(3) if self.mana[t][s] and self.skill(t, s).key in self.HURT_SKILLS]
        if reducible == 0:  # damage no protection reduces: only Regeneration helps
            opts = [s for s in opts if self.skill(t, s).key == "regeneration"]
        if opts:
            self._ask("hurt_def", self.owner[t], src, t, amount, dt, reducible, prot, why, record)
        else:
            self._hurt(t, amount, dt, reducible, prot, why, record, "")

    def _L_hurt_def(self, p, src, t, amount, dt, reducible, prot, why, record):
        keys = self.HURT_SKILLS if reducible else ("regeneration",)
        return [A_SLOT + s for s in range(3) if self.mana[t][s] and self.skill(t, s).key in keys] + [A_DONE]

    def _D_hurt_def(self, fam, s, p, src, t, amount, dt, reducible, prot, why, record):
        key = ""
        if fam == "slot":
            key = self.skill(t, s).key
            self.mana[t][s] = 0
        self._hurt(t, amount, dt, reducible, prot, why, record, key)

    def _hurt(self, t, amount, dt, reducible, prot, why, record, defkey):
        if reducible:
            extra = tuple(prot) + ((LIGHT, VOID, FIRE, ICE) if defkey == "resonating_scales" else ())
            amount = self.reduce(t, amount, dt, extra_prot=extra)
        if record and self.cb is not None and self.cb["du"] is not None:
            self.cb["du"]["back"] = min(amount, self.hp[t])
        self.lose_hp(t, amount, why)
        if defkey == "regeneration" and self.alive(t):
            self.heal(t, 4)

    def _L_teleport(self, p, h):
        occ = self.occupied()
        return [A_HEX + x for x in range(NHEX) if x not in occ]

    def _D_teleport(self, fam, x, p, h):
        self.pos[h] = x
        self._log(f"{HEROES[h].name} teleports to {HEXES[x]}")
        if any(self.alive(t) and t != h and self.mana_slots(t) for t in range(NH)):
            self._ask("steal_from", p, h)

    def _L_steal_from(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and self.mana_slots(t)] + [A_DONE]

    def _D_steal_from(self, fam, t, p, h):
        if fam == "done":
            return
        self._ask("steal_slot", p, h, t)

    def _L_steal_slot(self, p, h, t):
        return [A_SLOT + s for s in self.mana_slots(t)]

    def _D_steal_slot(self, fam, s, p, h, t):
        self.mana[t][s] = 0
        self._push(["ask", "mana_gain", p, h])

    def _L_vile_target(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and not self.allies(h, t) and self.mana_slots(t)]

    def _D_vile_target(self, fam, t, p, h):
        """Vile Surge: a skill slot holds one gem, so "up to 3" empties every skill (designed:
        removing fewer is never better for the caster)."""
        self.mana[t] = [0, 0, 0]

    def _L_blackout(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and not self.acted[t]]

    def _D_blackout(self, fam, t, p, h):
        self.blackout[t] = 1

    def _L_lay_target(self, p, h):
        return [A_HERO + t for t in [h] + [self.occupant(x) for x in NEIGH[self.pos[h]]]
                if t >= 0 and self.allies(h, t)]

    def _D_lay_target(self, fam, t, p, h):
        self.heal(t, 4)
        self.remove_curses(t)

    def _L_uncurse(self, p, t):
        return [A_CARD + c for c in self.curses_on(t)] + [A_DONE]

    def _D_uncurse(self, fam, c, p, t):
        if fam == "card":
            self.token[c] = -1

    def _L_holy_target(self, p, h):
        return [A_HERO + t for t in range(NH) if self.alive(t) and t != h and self.empty_slots(t)]

    def _D_holy_target(self, fam, t, p, h):
        """Holy Surge: up to 3 gems; each skill holds one, so every empty skill fills (the receiver
        has no allocation left to decide)."""
        for s in self.empty_slots(t)[:3]:
            self.mana[t][s] = 1

    def _L_crimson_target(self, p, h):
        return [A_HERO + t for t in self._crimson_allies(h)]

    def _D_crimson_target(self, fam, t, p, h):
        self._ask("crimson_amount", self.owner[t], h, t)

    def _L_crimson_amount(self, p, h, t):
        return [A_NUM + k for k in range(0, min(9, self.hp[t] - 1) + 1)]

    def _D_crimson_amount(self, fam, k, p, h, t):
        """Crimson Offering: the willing ally picks the damage, never below 1 Health (errata p.36)."""
        if k:
            self.hp[t] -= k
            self.heal(h, 2 * k)

    # ================================================================== combat
    def _start_combat(self, h, src, key, card, targets, melee) -> None:
        """TH § Attack and Defense: the attacker commits a Power face down (a face-up Spell is its
        own Power), every targeted hero commits a different Power face down, then each duel is
        revealed and resolved in Ranking order."""
        self.cb = {"att": h, "src": src, "skill": key, "spell": card, "targets": list(targets),
                   "melee": bool(melee and len(targets) == 1), "acard": -1,
                   "dcards": [-1] * len(targets), "dskills": [""] * len(targets), "aover": None,
                   "stealthed": self.stealth[h], "dbl": self.dbl[h], "second": 0, "du": None}
        self.dbl[h] = 0
        if any(not self.allies(h, t) for t in targets):
            self.stealth[h] = 0  # Stealth ends when the hero attacks an enemy
        self._push(["c_begin"])

    def _T_c_begin(self) -> None:
        cb = self.cb
        h = cb["att"]
        if cb["src"] != "spell":
            self._push(["ask", "commit", self.owner[h], h, -1], ["c_defs", 0])
        else:
            self._push(["c_defs", 0])

    def _L_commit(self, p, h, i):
        return [A_CARD + c for c in self.hand_of(h)]

    def _D_commit(self, fam, c, p, h, i):
        self.commit_card(p, c)
        if i < 0:
            self.cb["acard"] = c
        else:
            self.cb["dcards"][i] = c

    def _T_c_defs(self, i) -> None:
        cb = self.cb
        if i >= len(cb["targets"]):
            self._push(["c_duel", 0])
            return
        t = cb["targets"][i]
        self._push(["c_defs", i + 1])
        if self.alive(t):
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

    def _T_c_defskill(self, i) -> None:
        cb = self.cb
        t = cb["targets"][i]
        if self.alive(t) and self._def_skill_opts(t, cb["att"]):
            self._ask("defskill", self.owner[t], t, i)

    def _L_defskill(self, p, t, i):
        return [A_SLOT + s for s in self._def_skill_opts(t, self.cb["att"])] + [A_DONE]

    def _D_defskill(self, fam, s, p, t, i):
        if fam == "slot":
            self.cb["dskills"][i] = self.skill(t, s).key  # hidden until the reveal

    # ---- one duel per defending hero
    def _T_c_duel(self, i) -> None:
        cb = self.cb
        if i >= len(cb["targets"]):
            self._push(["c_end"])
            return
        self._push(["c_duel", i + 1])
        t = cb["targets"][i]
        a = cb["att"]
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
        self._push(["d_atext"], ["d_dtext"], ["d_outcome"])
        if dkey == "profane_armor":
            self._push(["profane", t, a, 2])

    def _T_profane(self, t, a, k) -> None:
        if k <= 0 or not self.mana_slots(a):
            return
        if len(self.mana_slots(a)) <= k:
            self.mana[a] = [0, 0, 0]
            return
        self._push(["profane", t, a, k - 1])
        self._ask("profane_slot", self.owner[t], t, a)

    def _L_profane_slot(self, p, t, a):
        return [A_SLOT + s for s in self.mana_slots(a)]

    def _D_profane_slot(self, fam, s, p, t, a):
        self.mana[a][s] = 0

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

    def _T_d_atext(self) -> None:
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

    def _T_d_dtext(self) -> None:
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

    def _L_yn(self, p, what, *args):
        return [A_NUM + 0, A_NUM + 1]

    def _D_yn(self, fam, yes, p, what, *args):
        du = self.cb["du"] if self.cb else None
        getattr(self, "_yn_" + what)(yes, p, du, *args)

    def _yn_bloodthirst(self, yes, p, du):
        """Bloodthirst: "You may deal three Damage to your Hero. This Attack continues even if this
        drops your Hero's Health to less than one": a hero brought to 0 Health still completes this
        attack (values, Damage, push back) and falls when its combat ends (``_T_c_end``); until
        then the game does not end for want of its team (``_check_elimination``)."""
        if yes:
            a = du["a"]
            du["abase"] = [5, 2]
            self.hp[a] = max(0, self.hp[a] - 3)
            self._log(f"{HEROES[a].name} loses 3 (Bloodthirst), health {self.hp[a]}")
            if self.hp[a] == 0:
                du["zombie"] = 1

    def _yn_equalize_att(self, yes, p, du):
        if yes:
            du["d_eq"] = 1

    def _yn_equalize_def(self, yes, p, du):
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

    def _yn_oppress_att(self, yes, p, du):
        if yes:  # the defender selects a different Power; its text then resolves
            pd = self.owner[du["d"]]
            self.refill(pd)
            self._ask("replace", pd, du["d"])

    def _L_replace(self, p, d):
        return [A_CARD + c for c in self.hand_of(d)]

    def _D_replace(self, fam, c, p, d):
        self._swap_card(d, "d", c)
        self.cb["du"]["d_eq"] = 0

    def _yn_confusion_att(self, yes, p, du):
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

    def _yn_oppress_def(self, yes, p, du):
        if yes:
            self._def_rerandom(du)

    def _yn_confusion_def(self, yes, p, du):
        if yes:
            self._def_rerandom(du)

    def _L_tactics(self, p, h, role):
        return [A_CARD + c for c in self.hand[p]] + [A_DONE]


    def _D_tactics(self, fam, c, p, h, role):
        if fam == "done":
            return
        self._swap_card(h, role, c)
        self._push(["d_atext"] if role == "a" else ["d_dtext"])

    def _L_raise(self, p, h, role):
        return [A_CARD + c for c in self.disc[p]] + [A_DONE]

    def _D_raise(self, fam, c, p, h, role):
        if fam == "done":
            return
        self.reveal(c)
        du = self.cb["du"]
        du["abase" if role == "a" else "dbase"] = [POWERS[c].attack, POWERS[c].defense]

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
        if self.token[PK["aegis"]] == d:
            total += 1
        if self.token[PK["poison"]] == d:
            total -= 1
        return total

    def _T_d_outcome(self) -> None:
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

    def _T_d_miss(self) -> None:
        du = self.cb["du"]
        d = du["d"]
        if self._dtext_key(du) == "last_stand" and self.alive(d):
            r = self.rank_of(d)
            if 0 < r < len(self.ranking):  # TH: increase the Ranking by one position
                self.ranking[r - 1], self.ranking[r] = self.ranking[r], self.ranking[r - 1]
        if du["dskill"] == "regeneration" and self.alive(d):
            self.heal(d, 4)

    def _T_d_hit(self) -> None:
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

    def weapons_eq(self, h: int) -> list[int]:
        return [self.eq[h][s] for s in (W, OFF) if self.eq[h][s] >= 0 and ITEMS[self.eq[h][s]].weapon]

    def _purloin_items(self, a, d):
        return [i for i in self.eq[d] if i >= 0 and not ITEMS[i].artifact and self.can_equip(a, i)]

    def _yn_force_sunder(self, yes, p, du):
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

    def _yn_purloin(self, yes, p, du):
        if yes:
            du["nodmg"] = 1
            self._ask("purloin_item", p, du["a"], du["d"])
        else:
            self._lifeswap_check()

    def _L_purloin_item(self, p, a, d):
        return [A_ITEM + i for i in self._purloin_items(a, d)]

    def _D_purloin_item(self, fam, it, p, a, d):
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

    def _yn_lifeswap(self, yes, p, du):
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

    def _T_d_damage(self) -> None:
        du = self.cb["du"]
        if du["nodmg"] or not self.alive(du["d"]):
            return
        opts = self.remainder_types(du)
        if opts:
            self._ask("dtype", self.owner[du["a"]])
        else:
            self._deal(-1)

    def _L_dtype(self, p):
        return [A_NUM + k for k in range(len(self.remainder_types(self.cb["du"])))]

    def _D_dtype(self, fam, k, p):
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
        du["dealt"] = min(total, self.hp[d])
        self.lose_hp(d, total, f"attack of {HEROES[a].name}")

    def _T_d_after(self) -> None:
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

    def _T_pain_back(self) -> None:
        """The attacker's Pain Spike: the defender dealt damage back (Unholy Armor) this combat."""
        du = self.cb["du"]
        if du["back"] and self.alive(du["d"]):
            self._push(["hurt", du["a"], du["d"], du["back"] // 2, PHYS, 0, [], "Pain Spike", 0])

    def armors_eq(self, h: int) -> list[int]:
        return [s for s in (OFF, ARM) if self.eq[h][s] >= 0 and not ITEMS[self.eq[h][s]].weapon]

    def _yn_incinerate(self, yes, p, du):
        if yes:
            self._ask("incinerate_slot", p, du["a"])

    def _L_incinerate_slot(self, p, a):
        return [A_SLOT + s for s in self.armors_eq(a)]

    def _D_incinerate_slot(self, fam, s, p, a):
        self.gone.append(self.eq[a][s])
        self._log(f"Incinerating Fury destroys {ITEMS[self.eq[a][s]].name}")
        self.eq[a][s] = -1
        self.dbl[a] = 1

    def _L_blind(self, p, d):
        return [A_CARD + c for c in self.hand[self.owner[d]]]

    def _D_blind(self, fam, c, p, d):
        """Blind: "look at your Opponent's hand and select a Power. Discard this Power to your
        Opponent's Discard Pile": the pile is face down (TH § Power Management), so the chosen Power
        is known to the two teams who saw it, not to a third player."""
        pd = self.owner[d]
        self.to_discard(pd, c, hidden=True, seen=self.team_bits(p))

    def _L_shock_give(self, p, d, a):
        return [A_SLOT + s for s in self.mana_slots(d)]

    def _D_shock_give(self, fam, s, p, d, a):
        self.mana[d][s] = 0
        if self.alive(a) and self.empty_slots(a):
            self._ask("mana_gain", self.owner[a], a)

    def _yn_translocate_teleport(self, yes, p, du, a):
        if yes:
            self.mana[a][self.skill_slot(a, "teleport")] = 0
            self._ask("teleport", p, a)

    def _pull_hexes(self, a):
        occ = self.occupied()
        return [x for x in NEIGH[self.pos[a]] if x not in occ]

    def _L_pull(self, p, a, d):
        return [A_HEX + x for x in self._pull_hexes(a)] + [A_DONE]

    def _D_pull(self, fam, x, p, a, d):
        if fam == "hex" and self.alive(d):
            self.pos[d] = x

    def _push_hex(self, a, d) -> int:
        pa, pd = self.pos[a], self.pos[d]
        for k in range(6):
            if STEP[pa][k] == pd:
                y = STEP[pd][k]
                return y if y >= 0 and self.occupant(y) < 0 else -1
        return -1

    def _yn_tenacity(self, yes, p, du):
        if yes:
            du["stay"] = 1

    def _T_push_offer(self) -> None:
        du = self.cb["du"]
        if du.get("stay") or not ((self.alive(du["a"]) or du.get("zombie")) and self.alive(du["d"])):
            return
        if self._push_hex(du["a"], du["d"]) >= 0:
            self._ask("yn", self.owner[du["a"]], "push")

    def _yn_push(self, yes, p, du):
        if yes:
            a, d = du["a"], du["d"]
            old = self.pos[d]
            self.pos[d] = self._push_hex(a, d)
            self._ask("yn", p, "follow", old)

    def _yn_follow(self, yes, p, du, old):
        if yes and self.occupant(old) < 0:
            self.pos[du["a"]] = old

    def _T_c_end(self) -> None:
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
                and self.alive(t0) and DIST[self.pos[a]][self.pos[t0]] == 1 and not self.pacified(a):
            self._ask("yn", pa, "twin", a, t0)
        elif key == "celerity" and self.alive(a):
            self._ask("yn", pa, "celerity", a)

    def _yn_twin(self, yes, p, du, a, t):
        """Northern Twin Strike: another attack against the same target, Ice Damage again."""
        if yes:
            self._start_combat(a, "skill", "northern_twin_strike", -1, [t], True)
            self.cb["second"] = 1

    def _yn_celerity(self, yes, p, du, a):
        """Celerity: a complete additional turn right after this one."""
        if yes:
            for k, task in enumerate(self.q):
                if task[0] == "hero_end" and task[1] == a:
                    self.q.insert(k + 1, ["hero_turn", a])
                    break

    # ================================================================== copy / serialize
    _SCALARS = ("phase", "turn", "initiative", "bondage", "winner", "reason", "steps")
    _LISTS = ("owner", "arch", "pickno", "hp", "pos", "gold", "flip_w", "flip_a", "stealth", "dbl", "martyr",
              "blackout", "acted", "ranking", "cowner", "vis", "token", "pool", "offer", "pouch", "gone", "ward",
              "order", "purse", "log")
    _NESTED = ("mana", "eq", "hand", "disc", "inplay", "ret", "q")

    def clone(self) -> TheosisState:
        s = TheosisState(self.game, _empty=True)
        for k in self._SCALARS:
            setattr(s, k, getattr(self, k))
        for k in self._LISTS:
            setattr(s, k, getattr(self, k)[:])
        for k in self._NESTED:
            setattr(s, k, [x[:] for x in getattr(self, k)])
        s.q = [_copy_args(t) for t in self.q]  # a task's list arguments belong to each state
        s.dec = _copy_args(self.dec) if self.dec is not None else None
        s.cb = _copy_cb(self.cb)
        self._clone_rng_into(s)
        s._legal = self._legal
        return s

    def to_dict(self) -> dict:
        d = self._save_header()
        for k in self._SCALARS:
            d[k] = getattr(self, k)
        for k in self._LISTS:
            d[k] = getattr(self, k)[:]
        for k in self._NESTED:
            d[k] = [x[:] for x in getattr(self, k)]
        d["q"] = [_copy_args(t) for t in self.q]
        d["dec"] = _copy_args(self.dec) if self.dec is not None else None
        d["cb"] = _copy_cb(self.cb)
        d["rng"] = rng_to_json(self.rng)
        return d

    @classmethod
    def from_dict(cls, game, d: dict) -> TheosisState:
        # the types and ranges are the saved-state schema's (schema.py, checked before this runs):
        # the lists are copied as they are
        s = cls(game, _empty=True)
        for k in cls._SCALARS:
            setattr(s, k, d[k])
        for k in cls._LISTS:
            setattr(s, k, d[k][:])
        for k in cls._NESTED:
            if k == "q":
                s.q = [[_jv(x) for x in t] for t in d["q"]]
            elif k == "ret" and k not in d:  # a save without recycled Powers in play
                s.ret = [[] for _ in range(s.n)]
            else:
                setattr(s, k, [row[:] for row in d[k]])
        s.dec = None if d["dec"] is None else [_jv(x) for x in d["dec"]]
        s.cb = _copy_cb(d["cb"])
        s.rng = rng_from_json(d["rng"])
        if len(s.owner) != NH or len(s.hand) != s.n:
            raise StateError("theosis_v0: saved state has the wrong number of heroes or players")
        if s.winner == -2 and s.dec is None:
            raise StateError("theosis_v0: a running game must have a pending decision")
        s.check_invariants()
        return s

    def check_invariants(self) -> None:
        """Every drafted Power is in exactly one place of its owner's; every item token in exactly
        one place; Health, Mana and positions in range."""
        for p in range(self.n):
            cards = self.hand[p] + self.disc[p] + self.inplay[p]
            if len(set(cards)) != len(cards) or any(self.cowner[c] != p for c in cards):
                raise StateError(f"theosis_v0: seat {p}'s Powers are duplicated or misplaced")
            if self.phase not in ("select", "draft") and len(cards) != 6:
                raise StateError(f"theosis_v0: seat {p} holds {len(cards)} Powers instead of 6")
            if len(self.ret) != self.n or any(c not in self.inplay[p] for c in self.ret[p]):
                raise StateError(f"theosis_v0: seat {p}'s recycled Powers are not in play")
        owned = sum(1 for c in range(NC) if self.cowner[c] >= 0)
        if owned != sum(len(self.hand[p]) + len(self.disc[p]) + len(self.inplay[p]) for p in range(self.n)):
            raise StateError("theosis_v0: Power ownership does not match the piles")
        items = self.pouch + self.offer + self.gone + [i for h in range(NH) for i in self.eq[h] if i >= 0]
        if sorted(items) != list(range(NI)):
            raise StateError(f"theosis_v0: item conservation broken ({len(items)} placed, {NI} tokens)")
        seen = set()
        for h in range(NH):
            if not 0 <= self.hp[h] <= MAXHP:
                raise StateError(f"theosis_v0: {HEROES[h].key} has Health {self.hp[h]}")
            if any(m not in (0, 1) for m in self.mana[h]):
                raise StateError(f"theosis_v0: {HEROES[h].key} has a bad Mana slot")
            if self.alive(h):
                if self.pos[h] in seen:
                    raise StateError("theosis_v0: two heroes share a hex")
                seen.add(self.pos[h])
        if self.phase == "arena" and sorted(self.ranking) != sorted(h for h in range(NH) if self.owner[h] >= 0):
            raise StateError("theosis_v0: the Ranking does not list every hero once")
        phases = ("select", "draft", "item", "artifact", "place", "gold", "mana", "arena", "over")
        if self.phase not in phases:
            raise StateError(f"theosis_v0: phase {self.phase!r} is none of {', '.join(phases)}")
        if (self.phase == "over") != (self.winner != -2) or not -2 <= self.winner < self.nteams:
            raise StateError(f"theosis_v0: winner {self.winner} in phase {self.phase!r} (-2 while the game runs, "
                             f"-1 or a team 0..{self.nteams - 1} once it is over)")
        if self.winner == -2:
            d = self.dec
            if d is None or not hasattr(self, "_D_" + str(d[0])) or not 0 <= d[1] < self.n:
                raise StateError(f"theosis_v0: a running game must ask a seat for a decision (got {d!r})")
        elif self.dec is not None:
            raise StateError("theosis_v0: a finished game has a pending decision")
        for t in self.q:
            if not hasattr(self, "_T_" + str(t[0])):
                raise StateError(f"theosis_v0: unknown task {t[0]!r} in the queue")
        if not 0 <= self.turn <= TURNS or (self.phase == "arena" and self.turn < 1):
            raise StateError(f"theosis_v0: Arena turn {self.turn} in phase {self.phase!r} (turns 1..{TURNS})")
        if not 0 <= self.initiative < self.n:
            raise StateError(f"theosis_v0: the initiative holder {self.initiative} is not a seat")
        for p in range(self.n):
            own = sum(1 for h in range(NH) if self.owner[h] == p)
            if own > self.hpp or (self.phase != "select" and own != self.hpp):
                raise StateError(f"theosis_v0: seat {p} owns {own} heroes (this mode gives each player {self.hpp})")
        if any(self.pos[h] >= 0 and self.owner[h] < 0 for h in range(NH)):
            raise StateError("theosis_v0: a hero nobody owns stands in the Arena")

    # ================================================================== determinization
    def resample_hidden(self, player: int, rng: np.random.Generator) -> TheosisState:
        """Redistribute, for every other team, the Powers whose place ``player`` does not know (hand,
        face-down discards, face-down combat commits) among those places, canonically (sorted then
        shuffled by ``rng``); hidden Defense-Skill commits are redrawn among the legal ones.

        What the table has seen stays: every Power whose place ``player`` knows keeps it (a Blessing
        or Spell being used is face up, so a pending target choice keeps its card), the Powers
        recycled while in play stay marked by their place, and a choice the seat to act has
        announced stays possible: after "use a Blessing / a Spell face up" its redrawn hand holds a
        Power that choice can take (the draw is repeated until it does)."""
        s = self.clone()
        bit = 1 << player
        mine = self.team[player]
        dec = self.dec
        need = None
        if dec is not None and dec[0] == "bless_card":
            need = dec[1], lambda c: POWERS[c].type == "blessing"
        elif dec is not None and dec[0] == "spell_card":
            need = dec[1], lambda c: s._spell_ok(dec[2], c)
        for q in range(self.n):
            if self.team[q] == mine:
                continue
            places = []
            for i, c in enumerate(s.hand[q]):
                if not self.vis[c] & bit:
                    places.append(("h", i))
            for i, c in enumerate(s.disc[q]):
                if not self.vis[c] & bit:
                    places.append(("d", i))
            for i, c in enumerate(s.inplay[q]):
                if not self.vis[c] & bit:
                    places.append(("p", i))
            if len(places) < 2:
                continue
            pile = {"h": s.hand[q], "d": s.disc[q], "p": s.inplay[q]}
            cards = sorted(pile[k][i] for k, i in places)
            perm = rng.permutation(len(cards))
            if need is not None and need[0] == q:
                ok = need[1]
                known = any(ok(c) for c in s.hand[q] if self.vis[c] & bit)
                in_hand = [x for x, (k, _i) in enumerate(places) if k == "h"]
                tries = 0
                while not known and not any(ok(cards[perm[x]]) for x in in_hand):
                    tries += 1
                    if tries < 64:
                        perm = rng.permutation(len(cards))
                        continue
                    # practically never (each draw succeeds with probability 1/6 or more): put a
                    # fitting Power in a random unknown hand place
                    fit = [j for j in range(len(cards)) if ok(cards[j])]
                    x = in_hand[int(rng.integers(len(in_hand)))]
                    y = int(np.flatnonzero(perm == fit[int(rng.integers(len(fit)))])[0])
                    perm[x], perm[y] = perm[y], perm[x]
            old_to_new = {}
            for (k, i), j in zip(places, perm):
                old_to_new[pile[k][i]] = cards[j]
            for (k, i), j in zip(places, perm):
                pile[k][i] = cards[j]
            s.hand[q].sort()
            s.ret[q] = [old_to_new.get(c, c) for c in s.ret[q]]
            if s.cb is not None:
                cb = s.cb
                if cb["acard"] in old_to_new and self.owner[cb["att"]] == q:
                    cb["acard"] = old_to_new[cb["acard"]]
                cb["dcards"] = [old_to_new.get(c, c) if c >= 0 and self.owner[t] == q else c
                                for t, c in zip(cb["targets"], cb["dcards"])]
        if s.cb is not None:
            # a Defense Skill chosen (or not) with a face-down Power is hidden until its duel is
            # revealed; the defender was asked whenever it had an option, so redraw every such
            # choice already made, the empty one included
            cb = s.cb
            shown = cb["du"]["i"] if cb["du"] is not None else -1
            for i, t in enumerate(cb["targets"]):
                if i <= shown or cb["dcards"][i] < 0 or self.team[self.owner[t]] == mine:
                    continue
                if dec is not None and dec[0] == "defskill" and dec[3] == i:
                    continue
                opts = [self.skill(t, x).key for x in s._def_skill_opts(t, cb["att"])]
                if opts and self.alive(t):
                    opts = [""] + opts
                    cb["dskills"][i] = opts[int(rng.integers(len(opts)))]
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s

    # ================================================================== people
    def render(self, player: int | None = None) -> str:
        from .render import render_state
        return render_state(self, player)


def _jv(x):
    """A task / decision argument from JSON: a string, a list of ints, or an int."""
    if isinstance(x, str):
        return x
    if isinstance(x, list):
        return [int(y) for y in x]
    return int(x)


def _copy_args(t: list) -> list:
    """A copy of a task or decision ``[kind, args...]`` that shares none of its list arguments."""
    return [x[:] if type(x) is list else x for x in t]


def _copy_cb(cb):
    if cb is None:
        return None
    out = {}
    for k, v in cb.items():
        if isinstance(v, list):
            out[k] = v[:]
        elif isinstance(v, dict):
            out[k] = {kk: (vv[:] if isinstance(vv, list) else vv) for kk, vv in v.items()}
        else:
            out[k] = v
    return out

"""The state's basics shared by every chapter: the constructor, seats and teams, heroes' values,
Health, death and Damage reduction, Power hands and what each seat knows of them, and the task-queue
engine (``_ask`` / ``_push`` / ``_run`` / ``_apply``).
"""

from __future__ import annotations

import numpy as np

from mythenv.core.errors import StateError
from mythenv.core.game import TERMINAL, State

from ..cards import HEROES, ITEMS, POWERS, skill_of
from .actions import (
    ARM,
    DECODE,
    MAXHP,
    NC,
    NH,
    NI,
    OFF,
    PHYS,
    PK,
    SK,
    W,
    describe_action,
    heroes_per_player,
    team_of_seat,
)
from .board import NHEX, TRIADS

NSPOT = 18  # --- Hierapolis: golden Quest slots, plain Quest slots, locations (actions.FAMILIES "spot")



class StateBase(State):
    """The state's basics (see the package docstring): constructor, helpers, engine."""

    #: every field of the state, of every chapter (a slot each: without an instance dict CPython
    #: specialises every ``self.x`` read and ``self.method()`` call; a class with ~100 attributes
    #: otherwise keeps them in a plain dict, and its method calls are looked up generically each time)
    __slots__ = (
        "_legal", "_mwitness", "_occ", "_rng", "_rng_state", "_witness", "acted", "anchor", "arch", "arow",
        "aseen", "bart", "bid", "bjoin", "blackout", "bondage", "bpart", "brev", "cb", "cowner", "dbl",
        "dec", "disc", "egold", "ehero", "ensl", "eq", "espot", "flip_a", "flip_w", "gaia", "game", "gold",
        "gone", "hand", "hp", "hpp", "initiative", "inplay", "kept", "log", "mact", "mana",
        "martyr", "mcb", "mdown", "mdraw", "mgone", "mkind", "mlast", "mlost", "mmode", "mode", "mphase",
        "mpos", "mseat", "mstack", "mstat", "msupply", "n", "nteams", "offer", "order", "owner", "para",
        "pdraw", "pfirst", "phase", "pickno", "pool", "pos", "pouch", "pquota", "prepared", "pturn", "purse",
        "q", "ranking", "rdeck", "rdue", "reason", "ret", "rhex", "rimm", "rshown", "rtok", "spots",
        "stealth", "steps", "swal", "team", "token", "tpool", "track", "triad", "turn", "vis", "ward",
        "winner",
    )

    def __init__(self, game, seed: int | None = None, _empty: bool = False):
        self.game = game
        cfg = game.config
        self.n = cfg["num_players"]
        self.mode = cfg["mode"]
        self.hpp = heroes_per_player(self.mode, cfg["variant"], self.n) or game.hpp  # --- Monsters: game.hpp
        self.team = [team_of_seat(self.mode, self.n, p) for p in range(self.n)]
        self.nteams = max(self.team) + 1
        # each state's own rows; --- Monsters: a player's corners (game.corners: two for four heroes)
        self.triad = [[x for c in cs for x in TRIADS[c]] for cs in game.corners]
        self._legal = None
        self._occ = None
        self._witness = self._mwitness = (0, 0)
        self._rng = self._rng_state = None
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
        # --- Rituals (rules/rituals.py): the Rituals each seat prepared, those revealed, the tokens
        self.prepared = [[] for _ in range(self.n)]
        self.rdue = []
        self.rshown = []
        self.rtok = []
        self.rhex = [-1] * NHEX
        self.rimm = [0] * NH
        self.gaia = [0] * NH
        self.q = []
        self.dec = None
        self.cb = None
        self.winner = -2  # -2 running, -1 tie, else the winning team
        self.reason = ""
        self.log = []
        self.steps = 0
        # --- Hierapolis (rules/hierapolis.py): the Preparation Phase's board, bids and Mage Tower
        self.pturn = 0
        self.pfirst = 0
        self.pquota = [0] * self.n
        self.spots = [[] for _ in range(NSPOT)]
        self.track = [0, 0, 0]
        self.msupply = [0] * self.n
        self.arow = []
        self.aseen = []
        self.bart = -1
        self.bjoin = [0] * self.n
        self.bid = [-1] * self.n
        self.brev = 0
        self.bpart = -1
        self.pdraw = -1
        self.rdeck = []  # the Mage Tower deck (its order is hidden: kept sorted, drawn at random)
        self.mdraw = []
        self.mseat = -1
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
        """The live list (State makes this the ``_legal_view`` and hands callers a copy)."""
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
        if a >= NH or b >= NH:  # --- Monsters: an occupant id NH + m is a monster, no hero's ally
            return a >= NH and b >= NH
        return self.team[self.owner[a]] == self.team[self.owner[b]]

    def occupant(self, x: int) -> int:
        for h in range(NH):
            if self.pos[h] == x and self.owner[h] >= 0 and self.hp[h] > 0:
                return h
        return -1

    # ``_occ``: while the legal actions are listed (which changes nothing), the ``occupied`` map once
    # built, False before; else None

    def occupied(self) -> dict:
        """Hex -> its occupant (a hero, or NH + m for a monster); the caller must not change it."""
        occ = self._occ
        if occ is None:
            return self._occupied_now()
        if occ is False:
            occ = self._occ = self._occupied_now()
        return occ

    def _occupied_now(self) -> dict:
        """``occupied`` built now: the heroes in hero order, then the monsters (monsters/setup.py)."""
        hp, owner = self.hp, self.owner  # ``alive`` inlined: this runs for every move and area
        return {x: h for h, x in enumerate(self.pos) if x >= 0 and hp[h] > 0 and owner[h] >= 0}

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
        hp, owner, team = self.hp, self.owner, self.team
        return sorted({team[owner[h]] for h, x in enumerate(self.pos) if x >= 0 and hp[h] > 0 and owner[h] >= 0})

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
        self.dec = [kind, seat, *args]

    def _push(self, *tasks) -> None:
        """Put ``tasks`` (each a new list of its own, as every caller builds them) at the front."""
        self.q[0:0] = tasks

    def _run(self) -> None:
        q, fns, over = self.q, self._TASK_FNS, self._check_elimination  # tasks change q in place only
        while self.dec is None and self.winner == -2:
            if self.phase == "arena" and over():
                return
            if not q:
                raise StateError("theosis_v0: the task queue ran dry")
            task = q.pop(0)
            f = fns.get(task[0]) or self._method_of(fns, "_T_", task[0])
            f(self, *task[1:])
        self._legal = None

    def _method_of(self, fns: dict, prefix: str, kind: str):
        """The class's method ``<prefix><kind>`` (a task's ``_T_``, a decision's ``_D_`` handler or
        ``_L_`` lister), remembered in the class's table ``fns``."""
        f = fns[kind] = getattr(type(self), prefix + kind)
        return f

    # ``_witness``: two heroes of different teams last found in the Arena by ``_check_elimination`` (a
    # cache: while both stand, no team has won)

    #: per state class: task name -> its method ``_T_<name>`` (``_run`` looks each up once); decision
    #: kind -> its handler ``_D_<kind>`` (``_apply``) and its lister ``_L_<kind>`` (``_compute_legal``)
    _TASK_FNS: dict = {}
    _DEC_FNS: dict = {}
    _LEGAL_FNS: dict = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._TASK_FNS, cls._DEC_FNS, cls._LEGAL_FNS = {}, {}, {}

    def _check_elimination(self) -> bool:
        cb = self.cb
        if cb is not None and cb["du"] is not None and cb["du"].get("zombie"):
            return False  # a Bloodthirst attack at 0 Health continues (``_yn_bloodthirst``)
        # two teams with a hero in the Arena end the check (``team_alive`` inlined: this runs before
        # every task of the Arena); the last two found are looked at first
        hp, owner, team, pos = self.hp, self.owner, self.team, self.pos
        a, b = self._witness
        oa, ob = owner[a], owner[b]
        if oa >= 0 and ob >= 0 and pos[a] >= 0 and pos[b] >= 0 and hp[a] > 0 and hp[b] > 0 and team[oa] != team[ob]:
            return False
        first = fh = -1
        for h, x in enumerate(pos):
            if x >= 0 and hp[h] > 0 and owner[h] >= 0:
                t = team[owner[h]]
                if first < 0:
                    first, fh = t, h
                elif t != first:
                    self._witness = (fh, h)
                    return False
        self.winner = first
        self.reason = "last team standing" if first >= 0 else "every hero fell"
        self.phase = "over"
        self.dec = None
        self._log(f"game over: {self.reason}")
        return True

    def _apply(self, a: int) -> None:
        fam, i = DECODE[a]
        d = self.dec
        self.dec = None
        self._legal = None
        self.steps += 1
        f = self._DEC_FNS.get(d[0]) or self._method_of(self._DEC_FNS, "_D_", d[0])
        f(self, fam, i, *d[1:])
        self._run()

    def _compute_legal(self) -> list[int]:
        d = self.dec
        f = self._LEGAL_FNS.get(d[0]) or self._method_of(self._LEGAL_FNS, "_L_", d[0])
        if self.phase != "arena":
            return f(self, *d[1:])
        self._occ = False  # nothing moves while the legal actions are listed: ``occupied`` is built once
        try:
            return f(self, *d[1:])
        finally:
            self._occ = None

"""The state's basics shared by every chapter: the constructor, seats and teams, heroes' values,
Health, death and Damage reduction, Power hands and what each seat knows of them, and the task-queue
engine (``_ask`` / ``_push`` / ``_run`` / ``_apply`` / ``_compute_legal``).

The engine runs the rules through the state class's tables (``mythenv.core.engine``, which
``TheosisState`` mixes in): a queue entry ``[name, args...]`` runs ``handlers["task"][name]`` (the
method marked ``@task(name)``), an action at the pending decision ``[kind, seat, args...]`` runs
``handlers["decision"][kind]`` (``@decision(kind)``), and its legal actions are
``handlers["lister"][kind]``'s (``@lister(kind)``); a yes / no question (the decision ``yn``) is
answered by ``handlers["yes_no"][what]`` (``@handles("yes_no", what)``, ``Powers._decide_yn``). A
name no rule handles is a ``StateError`` (``Engine.handler``).
"""

from __future__ import annotations

from mythenv.core.bookkeeping import GameLog, log_field
from mythenv.core.errors import StateError
from mythenv.core.fields import SEATS, Declared, Field, Fields, Int, Ints, Rng, Runtime, Seq, Text, Tree
from mythenv.core.game import TERMINAL
from mythenv.core.knowledge import everyone

from ..cards import HEROES, ITEMS, POWERS, STATUSES, TOKENS, skill_of
from .actions import (
    ARM,
    DECODE,
    MAXHP,
    MAXM,
    MONSTER_MODES,
    NC,
    NH,
    NI,
    OFF,
    PHYS,
    PK,
    SK,
    TURNS,
    W,
    describe_action,
    heroes_per_player,
    team_of_seat,
)
from .board import NHEX, TRIADS
from .hierapolis import NSPOT, PREP_TURNS
from .rituals import NR
from .saved import records

PHASES = ("select", "draft", "item", "artifact", "place", "gold", "mana", "arena", "over",
          "prep")  # --- Hierapolis
GOLD = 10 ** 4  # --- Hierapolis: gold in a purse or on a hero (the preparation's gains, the Alignment bonus)


def nteams_max(game) -> int:
    """The most teams the game's mode can have (every seat its own once the monsters of a heavy semi
    co-op game fell)."""
    cfg = game.config
    n = cfg["num_players"]
    if cfg["mode"] == "semi_coop_heavy":  # --- Monsters: every seat its own team once the monsters fall
        return n
    return max(team_of_seat(cfg["mode"], n, p) for p in range(n)) + 1


def _seats(g) -> int:
    return g.num_players - 1


def _n(g) -> int:
    return g.num_players


def _teams(g) -> list[int]:
    cfg = g.config
    return [team_of_seat(cfg["mode"], cfg["num_players"], p) for p in range(cfg["num_players"])]


def _hpp(g) -> int:
    cfg = g.config
    return heroes_per_player(cfg["mode"], cfg["variant"], cfg["num_players"]) or g.hpp  # --- Monsters: g.hpp


HERO = dict(length=NH)  # a list with one entry per hero
FLAGS = Ints(0, 1, **HERO)  # per hero: 0 or 1
POWERS_OF = Ints(0, NC - 1, max_len=NC, setlike=True)  # a pile of Powers (each in one place)
ITEMS_OF = Ints(0, NI - 1, max_len=NI, setlike=True)  # a pile of item tokens (each in one place)
TOKENS_OF = Ints(0, len(TOKENS) - 1, max_len=len(TOKENS), setlike=True)  # a pile of Stamina Tokens (each in one place)
RITUALS_OF = Ints(0, max(NR - 1, 0), max_len=NR, setlike=True)  # a pile of Ritual cards


class StateBase(GameLog, Declared):
    """The state's basics (see the package docstring): constructor, helpers, engine.

    Every field of every chapter is declared here, once, in saved order (``mythenv.core.fields``): the
    core makes each a slot (without an instance dict CPython specialises every ``self.x`` read and
    ``self.method()`` call) and generates ``clone``, ``to_dict``, ``from_dict`` and the saved-state
    schema from them. The names are terse because the compiled encoder (``_cobserve.c``) and
    ``observe.py`` read them by name; each meaning says what the name holds."""

    LOG_KEEP = 30  # the log's last lines (GameLog._log)

    fields = Fields(
        Field("phase", Text(choices=PHASES, default="select"),
              "the phase: select (heroes), draft, item, artifact, place, gold, mana, prep (Hierapolis), arena, over"),
        Field("turn", Int(0, TURNS), "the Arena turn, 1..TURNS (0 before the Arena)"),
        Field("initiative", Int(0, _seats), "the seat holding the initiative"),
        Field("bondage", Int(-1, NH - 1, default=-1), "the hero under Bondage (-1 none)"),
        Field("winner", Int(-2, lambda g: nteams_max(g) - 1, default=-2),
              "-2 while the game runs, -1 a tie, else the winning team"),
        Field("reason", Text(500), "why the game ended (empty while it runs)"),
        Field("steps", Int(0, 10 ** 7), "decisions answered so far"),
        # --- Monsters
        Field("mphase", Int(0, 1), "monster modes: 1 once the monsters fell (then heavy semi co-op seats play alone)"),
        Field("mlost", Int(0, 1), "monster modes: 1 if the monsters won"),
        Field("mact", Int(0, TURNS), "monster modes: the Arena turn in which the monsters last took their turn"),
        Field("nteams", Int(1, _n), "the number of teams", default=lambda g: max(_teams(g)) + 1),
        Field("owner", Ints(-1, _seats, **HERO), "per hero: the seat owning it (-1 not in play)",
              default=lambda g: [-1] * NH),
        Field("arch", Ints(0, 1, **HERO), "per hero: its archetype (0 or 1: which of its two Skill sets)"),
        Field("pickno", Ints(-1, NH - 1, **HERO), "per hero: the order in which it was picked, 0 first (-1 not picked)",
              default=lambda g: [-1] * NH),
        Field("hp", Ints(0, MAXHP, **HERO), "per hero: its Health", default=lambda g: [MAXHP] * NH),
        Field("pos", Ints(-1, NHEX - 1, **HERO), "per hero: its hex in the Arena (-1 off the board)",
              default=lambda g: [-1] * NH),
        Field("gold", Ints(0, GOLD, **HERO), "per hero: the gold it holds"),
        Field("flip_w", FLAGS, "per hero: 1 if its weapons are flipped (unusable)"),
        Field("flip_a", FLAGS, "per hero: 1 if its armor and shield are flipped (unusable)"),
        Field("stealth", FLAGS, "per hero: 1 if it is in Stealth"),
        Field("dbl", FLAGS, "per hero: 1 if it attacks twice this turn (a double attack)"),
        Field("martyr", FLAGS, "per hero: 1 if it can no longer be resurrected"),
        Field("blackout", FLAGS, "per hero: 1 if a Blackout token lies on it (face down)"),
        Field("acted", FLAGS, "per hero: 1 if it acted this Arena turn"),
        Field("ranking", Ints(0, NH - 1, max_len=NH, setlike=True), "the Ranking: heroes in acting order"),
        Field("cowner", Ints(-1, _seats, length=NC), "per Power: the seat that drafted it (-1 none)",
              default=lambda g: [-1] * NC),
        Field("vis", Ints(0, lambda g: everyone(g.num_players), length=NC),
              "per Power: bit p set if seat p knows where it is now"),
        Field("token", Ints(-1, NH + MAXM - 1, length=NC),
              "per Power: the hero (NH + m: monster m) its Blessing / Curse token lies on (-1 none)",
              default=lambda g: [-1] * NC),
        Field("pool", POWERS_OF, "the Powers left in the draft pool"),
        Field("offer", ITEMS_OF, "the item tokens on offer"),
        Field("pouch", ITEMS_OF, "the item tokens still in the pouch", default=lambda g: list(range(NI))),
        Field("gone", ITEMS_OF, "the item tokens out of the game"),
        Field("ward", Ints(0, 1, min_len=1, max_len=nteams_max), "per team: 1 if its Ward is used",
              default=lambda g: [0] * (max(_teams(g)) + 1)),
        Field("order", Ints(0, _seats, max_len=NH), "the seats in order for the step under way (hero picks in snake order, draft picks, offer turns, Hierapolis placing)"),
        Field("purse", Ints(0, GOLD, length=SEATS), "per seat: the gold in its purse (TH errata: 3 to start)",
              default=lambda g: [3] * g.num_players),
        log_field(),
        # --- Rituals (rules/rituals.py)
        Field("rshown", Ints(0, NR - 1, max_len=NR, setlike=True), "every Ritual card face up (cast or negated)"),
        Field("rhex", Ints(-1, 2 * NR - 1, length=NHEX), "per hex: the Ritual token on it, 2 * ritual + blocked (-1 none)",
              default=lambda g: [-1] * NHEX),
        Field("rimm", Ints(0, (1 << NR) - 1, **HERO), "per hero: bit r set if it is immune to Ritual r this turn (Nature's Grace)"),
        Field("gaia", Ints(0, TURNS + 1, **HERO), "per hero: the last Arena turn Gaia's Escutcheon protects it (0 none)"),
        # --- Monsters
        Field("mkind", Ints(-1, 6, length=MAXM), "per monster slot: its monster (-1 empty)",
              default=lambda g: [-1] * MAXM),
        Field("mpos", Ints(-1, NHEX - 1, length=MAXM), "per monster slot: its hex (-1 off the board)",
              default=lambda g: [-1] * MAXM),
        Field("mdown", Ints(0, 2, length=MAXM), "per monster slot: its top Stamina Token face down (1 Diamond Skin, 2 Demonic Haste; 0 face up)"),
        Field("tpool", TOKENS_OF, "the Stamina Tokens not dealt to a monster (nobody sees them)", hidden=True),
        Field("para", FLAGS, "per hero: 1 if a monster paralyzed it"),
        Field("swal", Ints(0, MAXM, **HERO), "per hero: 1 + the monster that swallowed it (0 none)"),
        Field("ensl", FLAGS, "per hero: 1 if a monster enslaved it"),
        Field("anchor", Ints(0, MAXM, **HERO), "per hero: 1 + the monster anchoring it (0 none)"),
        Field("team", Ints(0, _seats, length=SEATS), "per seat: its team", default=_teams),
        Field("mana", Ints(0, 1, length=3), "per hero: its three Mana slots (1 filled)", per_seat=NH),
        Field("eq", Ints(-1, NI - 1, length=3), "per hero: its items by slot (weapon, off hand, armor; -1 none)",
              per_seat=NH, default=lambda g: [[-1, -1, -1] for _ in range(NH)]),
        Field("hand", POWERS_OF, "per seat: its Power hand", per_seat=True, hidden=True),
        Field("disc", POWERS_OF, "per seat: its discard pile (face down)", per_seat=True, hidden=True),
        Field("inplay", POWERS_OF, "per seat: its Powers committed in play (face down until revealed)",
              per_seat=True, hidden=True),
        Field("ret", POWERS_OF, "per seat: its Powers in play recycled to the hand once their combat ends",
              per_seat=True),
        Field("q", Tree(lambda g: records(g)["q"], [], "task queue"),
              "the task queue: [task, args...] lists, run front first (each by its rule, ``@task(task)``)"),
        # --- Rituals
        Field("rdue", Seq(Ints(0, lambda g: max(g.num_players, NR) - 1, length=2), max_len=NR),
              "the Rituals revealed at the start of this turn and not yet resolved: [seat, ritual] pairs"),
        Field("rtok", Seq(Ints(0, NHEX * 6 - 1, length=3), max_len=NR), "the Ritual tokens in the Arena: [ritual, placement, caster]"),
        # --- Monsters
        Field("mstack", TOKENS_OF, "per monster slot: its Stamina pile", per_seat=MAXM, hidden=True),
        Field("mstat", Ints(0, 1, length=len(STATUSES)), "per monster slot: its statuses (1 set)",
              per_seat=MAXM, default=lambda g: [[0] * len(STATUSES) for _ in range(MAXM)]),
        Field("mlast", Ints(-1, 5, length=2), "per monster slot: the die face it last rolled, per table (-1 none)",
              per_seat=MAXM, default=lambda g: [[-1, -1] for _ in range(MAXM)]),
        Field("mgone", TOKENS_OF, "per monster slot: the Stamina Tokens removed from its pile", per_seat=MAXM),
        Field("kept", TOKENS_OF, "per seat: the removed Stamina Tokens its heroes received (they score)", per_seat=True),
        Field("dec", Tree(lambda g: records(g)["dec"], None, "decision"),
              "the pending decision: [kind, seat, args...] (the rules marked ``@decision(kind)`` and "
              "``@lister(kind)``), or null"),
        Field("cb", Tree(lambda g: records(g)["cb"], None, "combat record"),
              "the combat being resolved (attacker, targets, committed Powers, the duel ``du``), or null"),
        # --- Rituals
        Field("prepared", Seq(Ints(0, max(NR - 1, TURNS), length=2), max_len=NR),
              "per seat: the Rituals it prepared, [ritual, turn] pairs", per_seat=True, hidden=True),
        Field("mcb", Tree(lambda g: records(g)["mcb"], None, "monster strike"),
              "monster modes: the monster's strike being resolved, or null"),
        Field("rng", Rng(), "the state's chance"),
        # --- Hierapolis (rules/hierapolis.py)
        Field("pturn", Int(0, PREP_TURNS), "Hierapolis: the preparation turn (0 before the first)"),
        Field("pfirst", Int(0, _seats), "Hierapolis: the first seat of this preparation turn"),
        Field("bart", Int(-1, NI - 1, default=-1), "Hierapolis: the Artifact being auctioned (-1 none)"),
        Field("brev", Int(0, 1), "Hierapolis: 1 once the auction's bids are revealed"),
        Field("bpart", Int(-1, GOLD, default=-1), "Hierapolis: the digits of the bid being written so far (-1 none)"),
        Field("pdraw", Int(-1, NI - 1, default=-1), "Hierapolis: the item token drawn from the pouch, to keep or not (-1 none)"),
        Field("mseat", Int(-1, _seats, default=-1), "Hierapolis: the seat choosing among the Mage Tower's Rituals (-1 none)"),
        Field("pquota", Ints(0, NH, length=SEATS), "Hierapolis: per seat, its heroes to place this turn"),
        Field("track", Ints(-9, 9, max_len=6), "Hierapolis: the Alignment tracks' markers",
              default=lambda g: [0, 0, 0]),
        Field("msupply", Ints(0, 99, length=SEATS), "Hierapolis: per seat, the Cathedral Mana gems it still places (FAQ)"),
        Field("arow", ITEMS_OF, "Hierapolis: the face-down Artifacts of the row"),
        Field("aseen", ITEMS_OF, "Hierapolis: the Artifacts seen outside the row"),
        Field("bjoin", Ints(0, 1, length=SEATS), "Hierapolis: per seat, 1 if it joined the auction"),
        Field("bid", Ints(-1, GOLD, length=SEATS), "Hierapolis: per seat, its secret bid (-1 none)",
              default=lambda g: [-1] * g.num_players, hidden=True),
        Field("rdeck", RITUALS_OF, "Hierapolis: the Mage Tower deck (order hidden: kept sorted, drawn at random)",
              hidden=True),
        Field("mdraw", RITUALS_OF, "Hierapolis: the Rituals drawn at the Mage Tower, to choose from"),
        Field("spots", Ints(0, _seats, max_len=NH), "Hierapolis: per spot (Quest slot or location), the seats whose heroes stand on it",
              per_seat=NSPOT),
        # --- Co-op preparation (rules/coop_prep.py): the enemy heroes, their gold and spots
        Field("ehero", Ints(0, NH - 1, max_len=3, setlike=True), "co-op preparation: the enemy heroes (or none)"),
        Field("egold", Ints(0, GOLD, max_len=3), "co-op preparation: each enemy hero's gold"),
        Field("espot", Ints(-1, NSPOT - 1, max_len=3), "co-op preparation: each enemy hero's spot (-1 none)"),
        runtime=(
            Runtime("n", "the number of seats", _n),
            Runtime("mode", "the game mode (config)", lambda g: g.config["mode"]),
            Runtime("hpp", "heroes per player", _hpp),
            Runtime("_legal", "the legal actions of this position, computed once (a clone owns a copy)", None,
                    share="copy"),
            Runtime("triad", "per seat: the hexes of its starting triads (--- Monsters: game.corners)",
                    lambda g: [[x for c in cs for x in TRIADS[c]] for cs in g.corners], share="copy"),
            Runtime("mmode", "a monster mode", lambda g: g.config["mode"] in MONSTER_MODES),
            Runtime("_occ", "the ``occupied`` map while legal actions are listed (False: not built yet)", None,
                    share=False),
            Runtime("_witness", "two heroes of different teams last found standing (``_check_elimination``)",
                    (0, 0)),
            Runtime("_mwitness", "the monsters' witness of the same kind", (0, 0)),
        ),
    )

    def setup(self) -> None:
        """The rulebook's setup, on a state at its declared defaults with its generator seeded
        (``Declared.__init__``)."""
        # snake order (TH § Hero Phase): clockwise, then counter-clockwise, then clockwise again
        order = []
        for rnd in range(self.hpp):
            seats = list(range(self.n))
            order += seats if rnd % 2 == 0 else seats[::-1]
        self.order = order
        self.q = [["select"]]
        self._run()

    def _after_load(self) -> None:
        if self.winner == -2 and self.dec is None:
            raise StateError("theosis_v0: a running game must have a pending decision")

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
        """Run the queue's tasks, front first, each the ``task(name)`` rule its entry ``[name, args...]``
        names, until a decision is pending or the game is over."""
        # tasks change q in place only
        q, tasks, over = self.q, self.handlers["task"], self._check_elimination
        while self.dec is None and self.winner == -2:
            if self.phase == "arena" and over():
                return
            if not q:
                raise StateError("theosis_v0: the task queue ran dry")
            task = q.pop(0)
            try:
                f = tasks[task[0]]
            except KeyError:
                f = self.handler("task", task[0])  # a StateError naming the unknown task
            f(self, *task[1:])
        self._legal = None

    # ``_witness``: two heroes of different teams last found in the Arena by ``_check_elimination`` (a
    # cache: while both stand, no team has won)

    def _check_elimination(self) -> bool:
        cb = self.cb
        if cb is not None and cb["du"] is not None and cb["du"].get("zombie"):
            return False  # a Bloodthirst attack at 0 Health continues (``_answer_bloodthirst``)
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
        try:
            f = self.handlers["decision"][d[0]]
        except KeyError:
            f = self.handler("decision", d[0])  # a StateError naming an unknown kind
        f(self, fam, i, *d[1:])
        self._run()

    def _compute_legal(self) -> list[int]:
        d = self.dec
        try:
            f = self.handlers["lister"][d[0]]
        except KeyError:
            f = self.handler("lister", d[0])  # a StateError naming an unknown kind
        if self.phase != "arena":
            return f(self, *d[1:])
        self._occ = False  # nothing moves while the legal actions are listed: ``occupied`` is built once
        try:
            return f(self, *d[1:])
        finally:
            self._occ = None

"""Theosis content loaded and validated from ``data/*.toml`` (the game's one data loader): the arena,
game modes, the 12 Heroes and their 72 Skills, the 42 Power cards, the 42 Weapon / Armor / Artifact
tokens, the Hierapolis board, the Ritual cards, and the monster modes' seven monsters, 13 Stamina
Tokens and encounter table.

Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH). Every record names its source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from mythenv.core.data import DataError, data_dir, load_toml, records

DATA = data_dir(__name__, Path(__file__).parent / "data")
ALIGNMENTS = ("warmonger", "guardian", "deceitful", "righteous", "vengeful", "merciful")
DTYPES = ("physical", "light", "fire", "void", "ice", "acid")
PTYPES = ("common", "spell", "blessing", "curse")
VALUES = ((4, 0), (3, 1), (2, 2), (1, 1), (1, 3), (0, 4))
ITEM_KINDS = ("melee1", "melee2", "bow", "staff", "cloth", "leather", "metal", "shield")
WEAPON_KINDS = ("melee1", "melee2", "bow", "staff")
SKILL_KINDS = ("attack", "auto", "utility", "defence", "ritual")
AREAS = ("single", "ring", "line", "cone", "none")


@dataclass(frozen=True)
class Hero:
    index: int
    key: str
    name: str
    alignment: str
    speed: int
    weapon: tuple[str, ...]
    offhand: tuple[str, ...]
    armor: tuple[str, ...]
    archetypes: tuple[str, str]

    @property
    def ranged(self) -> bool:
        return any(k in ("bow", "staff") for k in self.weapon)


@dataclass(frozen=True)
class Skill:
    key: str
    hero: int
    archetype: int
    slot: int
    name: str
    kind: str
    area: str
    bonus: int
    dtype: int
    text: str


@dataclass(frozen=True)
class Power:
    index: int
    key: str
    name: str
    alignment: int
    type: str
    attack: int
    defense: int
    dtype: int
    expansion: bool
    text: str

    @cached_property
    def value_slot(self) -> int:
        return VALUES.index((self.attack, self.defense))


@dataclass(frozen=True)
class Item:
    index: int
    key: str
    name: str
    kind: str
    hands: int
    damage: int
    dtype: int
    metal: bool
    slaying: bool
    protection: frozenset
    resistance: frozenset
    attack_bonus: int
    defense_bonus: int
    artifact: bool

    @property
    def weapon(self) -> bool:
        return self.kind in WEAPON_KINDS


def _strs(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


_KEY = re.compile(r"[a-z][a-z0-9_]*")


def key_of(r, choices=None, field: str = "key") -> str:
    """A record's identifier: lower-case letters, digits and ``_`` (one of ``choices`` when given)."""
    what = "one of " + ", ".join(map(repr, choices)) if choices is not None else "an identifier (a-z, 0-9, _)"
    return r.get(field, str, lambda k: _KEY.fullmatch(k) is not None and (choices is None or k in choices), what)


def text_of(r, field: str, default=...) -> str:
    """A name or printed text: a non-empty str."""
    return r.get(field, str, lambda s: bool(s.strip()), "a non-empty text", default)


def provenance(r) -> str:
    """``r.provenance()``, and every provenance note the record has (``section``, ``rationale``, a
    monster's ``designed``) is a non-empty text."""
    src = r.provenance()
    for f in ("section", "rationale", "designed"):
        if f in r.record:
            text_of(r, f)
    return src


def only(path, data, table: str, key: str):
    """The single record of ``[[table]]``, whose key is ``key``."""
    rows = records(path, data, table)
    if len(rows) != 1:
        raise DataError(f"{Path(path).name}: expected one [[{table}]] record, found {len(rows)}")
    provenance(rows[0])
    key_of(rows[0], (key,))
    return rows[0]


_BONUS = re.compile(r"([+-]\d+) Attack (Bonus|Penalty)")


def _check_bonus(r, bonus: int, kind: str, text: str) -> None:
    """A Skill's ``bonus`` is the Attack Bonus (+N) or Penalty (-N) its text prints (Appendix: Skills,
    e.g. Assassinate "-1 Attack Penalty", Whirlwind "+1 Attack Bonus"); 0 where the text prints none
    or only a conditional one, which the rules apply themselves (Rend: "If your target does not have
    a Shield equipped, then +2 Attack Bonus"), and for a Skill that is not an attack."""
    printed = {int(n) for sentence in text.split(". ") if not sentence.startswith("If ")
               for n, word in _BONUS.findall(sentence) if (word == "Bonus") == (int(n) > 0)}
    want = printed.pop() if len(printed) == 1 and kind == "attack" else 0
    if bonus != want:
        r.fail("bonus", f"{bonus:+d}: its {kind} Skill's text prints "
                        + (f"a {want:+d} Attack {'Bonus' if want > 0 else 'Penalty'}" if want else "no Attack Bonus"))


def load_heroes(path=DATA / "heroes.toml") -> tuple[Hero, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "hero")):
        provenance(r)
        out.append(Hero(i, key_of(r), text_of(r, "name"),
                        r.get("alignment", str, lambda a: a in ALIGNMENTS, "one of " + ", ".join(ALIGNMENTS)),
                        r.get("speed", int, lambda s: 1 <= s <= 8, "a speed 1..8"),
                        tuple(r.get("weapon", list, lambda v: _strs(v) and v and set(v) <= set(WEAPON_KINDS), "weapon kinds")),
                        tuple(r.get("offhand", list, lambda v: _strs(v) and set(v) <= {"melee1", "shield"}, "melee1 / shield")),
                        tuple(r.get("armor", list, lambda v: _strs(v) and v and set(v) <= {"cloth", "leather", "metal"}, "armor kinds")),
                        tuple(r.get("archetypes", list, lambda v: _strs(v) and len(v) == 2, "two archetype names"))))
    if len(out) != 12:
        raise DataError(f"{Path(path).name}: Theosis has 12 Heroes, found {len(out)}")
    for al in ALIGNMENTS:
        if sum(h.alignment == al for h in out) != 2:
            raise DataError(f"{Path(path).name}: two Heroes favour each Alignment ({al!r} breaks this)")
    for h in out:
        if h.ranged and h.offhand:
            raise DataError(f"{Path(path).name}: record {h.key!r}, field 'offhand': ranged heroes have two slots")
    return tuple(out)


def load_skills(heroes, path=DATA / "skills.toml") -> tuple[Skill, ...]:
    data = load_toml(path)
    keys = [h.key for h in heroes]
    out = {}
    for r in records(path, data, "skill"):
        provenance(r)
        hero = keys.index(r.get("hero", str, lambda k: k in keys, "a hero key"))
        s = Skill(key_of(r), hero, r.get("archetype", int, lambda a: a in (0, 1), "0 or 1"),
                  r.get("slot", int, lambda a: a in (0, 1, 2), "0..2"), text_of(r, "name"),
                  r.get("kind", str, lambda k: k in SKILL_KINDS, "/".join(SKILL_KINDS)),
                  r.get("area", str, lambda k: k in AREAS, "/".join(AREAS)),
                  r.get("bonus", int, lambda b: -3 <= b <= 3, "-3..3"),
                  DTYPES.index(r.get("damage", str, lambda d: d in DTYPES, "/".join(DTYPES))),
                  text_of(r, "text"))
        _check_bonus(r, s.bonus, s.kind, s.text)
        if (hero, s.archetype, s.slot) in out:
            r.fail("slot", "duplicate skill slot")
        out[(hero, s.archetype, s.slot)] = s
    if len(out) != 72:
        raise DataError(f"{Path(path).name}: 12 heroes x 2 archetypes x 3 skills = 72 expected, found {len(out)}")
    return tuple(out[(h, a, k)] for h in range(12) for a in range(2) for k in range(3))


def load_powers(path=DATA / "powers.toml") -> tuple[Power, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "power")):
        provenance(r)
        p = Power(i, key_of(r), text_of(r, "name"),
                  ALIGNMENTS.index(r.get("alignment", str, lambda a: a in ALIGNMENTS, "an alignment")),
                  r.get("type", str, lambda t: t in PTYPES, "/".join(PTYPES)),
                  r.get("attack", int, lambda v: 0 <= v <= 5, "0..5"), r.get("defense", int, lambda v: 0 <= v <= 5, "0..5"),
                  DTYPES.index(r.get("damage", str, lambda d: d in DTYPES, "/".join(DTYPES))),
                  r.get("expansion", bool), text_of(r, "text"))
        if (p.attack, p.defense) not in VALUES:
            r.fail("attack", f"values ({p.attack},{p.defense}) are not one of the six pile slots {VALUES}")
        out.append(p)
    basic = [p for p in out if not p.expansion]
    for al in range(6):
        slots = sorted(p.value_slot for p in basic if p.alignment == al)
        if slots != list(range(6)):
            raise DataError(f"{Path(path).name}: alignment {ALIGNMENTS[al]!r} must hold one basic card per value "
                            f"{VALUES}, has slots {slots}")
    if len(basic) != 36:
        raise DataError(f"{Path(path).name}: 36 basic Powers expected, found {len(basic)}")
    by = {p.key: p for p in out}
    checks = {"fireball": 3, "vortex": 3, "nova": 3, "hailstorm": 3, "bloodthirst": 2, "lightning_strike": 2,
              "confusion": 2, "fiery_purge": 4}
    for k, a in checks.items():
        if k not in by or by[k].attack != a:
            raise DataError(f"{Path(path).name}: record {k!r}, field 'attack': the rulebook fixes {a}")
    return tuple(out)


def load_items(path=DATA / "items.toml") -> tuple[Item, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "item")):
        provenance(r)
        kind = r.get("kind", str, lambda k: k in ITEM_KINDS, "/".join(ITEM_KINDS))
        dts = lambda v: _strs(v) and set(v) <= set(DTYPES)  # noqa: E731
        out.append(Item(i, key_of(r), text_of(r, "name"), kind,
                        r.get("hands", int, lambda h: h in (0, 1, 2), "0..2"),
                        r.get("damage", int, lambda d: 0 <= d <= 6, "0..6"),
                        DTYPES.index(r.get("damage_type", str, lambda d: d in DTYPES, "a damage type")),
                        r.get("metal", bool), r.get("slaying", bool),
                        frozenset(DTYPES.index(x) for x in r.get("protection", list, dts, "damage types")),
                        frozenset(DTYPES.index(x) for x in r.get("resistance", list, dts, "damage types")),
                        r.get_int("attack_bonus", 0, 3), r.get_int("defense_bonus", 0, 3), r.get("artifact", bool)))
    if sum(not x.artifact for x in out) != 31 or sum(x.artifact for x in out) != 11:
        raise DataError(f"{Path(path).name}: 31 Item tokens and 11 Artifact tokens expected (TH § Components)")
    return tuple(out)


def load_modes(path=DATA / "modes.toml") -> dict:
    data = load_toml(path)
    out = {}
    for r in records(path, data, "mode"):
        provenance(r)
        # TH § Game Modes: 2 to 6 players with 3 Heroes at most each (0: the count this mode never uses);
        # teams: 0 (free for all) or a number of teams that divides every player count of the mode
        teams = r.get_int("teams", 0, 3)
        players = r.get("players", list, lambda v, teams=teams: 0 < len(v) == len(set(v)) and all(
            type(x) is int and 2 <= x <= 6 and (teams == 0 or x % teams == 0 and x > teams) for x in v),
            "distinct player counts 2..6" + (f", each a multiple of teams = {teams}" if teams else ""))
        out[key_of(r)] = dict(teams=teams, players=tuple(players),
                                     normal=r.get_int("heroes_normal", 1, 3), blitz=r.get_int("heroes_blitz", 0, 3),
                                     five_six=r.get_int("heroes_5_6", 0, 3))
    return out


def load_arena(path=DATA / "arena.toml") -> dict:
    data = load_toml(path)
    b = only(path, data, "board", "arena")
    t = only(path, data, "triads", "corners")
    tri = {n: tuple(t.get(f"players_{n}", list, lambda v, n=n: len(v) == n and all(
        type(x) is int and 0 <= x < 6 for x in v) and len(set(v)) == n, f"{n} distinct corners 0..5"))
           for n in range(2, 7)}
    return dict(radius=b.get("radius", int, lambda r: 3 <= r <= 6, "3..6"), triads=tri)


HEROES = load_heroes()
SKILLS = load_skills(HEROES)
POWERS = load_powers()
ITEMS = load_items()
MODES = load_modes()
ARENA = load_arena()
POWER_INDEX = {p.key: p.index for p in POWERS}
ITEM_INDEX = {x.key: x.index for x in ITEMS}
HERO_INDEX = {h.key: h.index for h in HEROES}


def skill_of(hero: int, arch: int, slot: int) -> Skill:
    return SKILLS[hero * 6 + arch * 3 + slot]


# --- Hierapolis: the board of the Preparation Phase (data/hierapolis.toml)
HP_QUEST_EFFECTS = ("damage", "initiative", "steal_gold", "draw", "market_steal", "gems")
HP_LOCATIONS = ("tavern", "cathedral", "thieves_guild", "mercenary_camp", "market", "mage_tower")
HP_LOCATION_EFFECTS = {"tavern": "initiative", "cathedral": "cathedral", "thieves_guild": "d6",
                       "mercenary_camp": "d4", "market": "market", "mage_tower": "ritual"}
HP_FACES = ("steal_mana", "damage", "steal_gold_2", "steal_gold_4", "initiative", "fence")


def load_hierapolis(path=DATA / "hierapolis.toml") -> dict:
    """The Hierapolis board: setup numbers, the six Quests' rewards, the six locations, each spot's
    capacity and cost, the three Alignment tracks and the Thieves' Guild die (TH § Preparation
    Phase; the numbers the text prints are checked here)."""
    data = load_toml(path)
    name = Path(path).name
    su = only(path, data, "setup", "board")
    setup = {k: su.get_int(k, lo, hi) for k, lo, hi in (("turns", 1, 9), ("start_gold", 0, 99), ("artifact_row", 0, 11),
                                                        ("market", 0, 31), ("mage_tower_draw", 1, 9),
                                                        ("track_start", 0, 0))}
    if setup["turns"] != 6 or setup["start_gold"] != 3:
        raise DataError(f"{name}: the rulebook fixes six turns and 3 starting gold (FAQ)")
    quests = {}
    for r in records(path, data, "quest"):
        provenance(r)
        k = key_of(r, ALIGNMENTS)
        quests[k] = dict(gold=r.get_int("gold", 0, 9), effect=r.get("effect", str, lambda e: e in HP_QUEST_EFFECTS,
                                                                       "/".join(HP_QUEST_EFFECTS)),
                         amount=r.get_int("amount", 0, 9))
    if sorted(quests) != sorted(ALIGNMENTS):
        raise DataError(f"{name}: one Quest per Alignment expected")
    printed = {"warmonger": (4, "damage", 1), "guardian": (4, "initiative", 0), "deceitful": (0, "steal_gold", 3),
               "righteous": (3, "draw", 1), "vengeful": (2, "market_steal", 1), "merciful": (3, "gems", 2)}
    for k, v in printed.items():
        if (quests[k]["gold"], quests[k]["effect"], quests[k]["amount"]) != v:
            raise DataError(f"{name}: record {k!r}: the rulebook prints gold/effect/amount {v}")
    locations = {}
    for r in records(path, data, "location"):
        provenance(r)
        k = key_of(r, HP_LOCATIONS)
        locations[k] = dict(effect=r.get("effect", str, lambda e, k=k: e == HP_LOCATION_EFFECTS[k],
                                         f"{HP_LOCATION_EFFECTS[k]!r}"), amount=r.get_int("amount", 0, 9))
    if sorted(locations) != sorted(HP_LOCATIONS):
        raise DataError(f"{name}: the six locations {HP_LOCATIONS} expected")
    capacity = {}
    for r in records(path, data, "capacity"):
        provenance(r)
        k = key_of(r, HP_LOCATIONS + ("quest_golden", "quest_plain"))
        capacity[k] = dict(slots=r.get_int("slots", 1, 12), cost=r.get_int("cost", 0, 9))
    if len(capacity) != 8:
        raise DataError(f"{name}: a capacity for each location, the golden and the plain Quest slots expected")
    if capacity["quest_golden"]["slots"] != 1:
        raise DataError(f"{name}: record 'quest_golden': one golden slot per Quest (one Power per pile and round)")
    tracks = []
    for r in records(path, data, "track"):
        provenance(r)
        left = r.get("left", str, lambda a: a in ALIGNMENTS, "an alignment")
        right = r.get("right", str, lambda a, left=left: a in ALIGNMENTS and a != left, "another alignment")
        ln = r.get_int("length", 1, 9)
        bonus = r.get("bonus", list, lambda v, ln=ln: len(v) == ln and all(type(x) is int and x >= 0 for x in v),
                      "one bonus per position")
        if ln < 3 or bonus[:3] != [10, 20, 30] or any(b != 30 for b in bonus[3:]):
            r.fail("bonus", "the rulebook gives 10, 20 or 30 gold (the example: +2 gives 20)")
        tracks.append(dict(key=key_of(r), left=left, right=right, length=ln, bonus=bonus))
    if sorted(a for t in tracks for a in (t["left"], t["right"])) != sorted(ALIGNMENTS):
        raise DataError(f"{name}: three tracks pairing the six Alignments expected (errata p.4: three cubes)")
    faces = []
    for r in records(path, data, "face"):
        provenance(r)
        faces.append(dict(key=key_of(r, HP_FACES), amount=r.get_int("amount", 0, 9)))
    if sorted(f["key"] for f in faces) != sorted(HP_FACES):
        raise DataError(f"{name}: the six faces of the Thieves' Guild die {HP_FACES} expected")
    by = {f["key"]: f["amount"] for f in faces}
    if (by["damage"], by["steal_gold_2"], by["steal_gold_4"]) != (3, 2, 4):
        raise DataError(f"{name}: the printed faces deal 3 Damage and steal 2 / 4 gold")
    return dict(setup=setup, quests=quests, locations=locations, location_keys=HP_LOCATIONS, capacity=capacity,
                tracks=tracks, faces=faces)


HIERAPOLIS = load_hierapolis()


# --- Rituals (TH § Rituals; FAQ; errata pages 44-45; data/rituals.toml)
RITUAL_KINDS = ("instant", "token")


@dataclass(frozen=True)
class Ritual:
    index: int
    key: str
    name: str
    kind: str            # "instant" (resolved when cast) or "token" (a permanent Ritual token)
    expansion: bool      # in the Mage Tower deck only with the expansion option
    hexes: tuple         # a token's (q, r) offsets from the hex the caster picks ((0, 0) among them)
    blocked: tuple       # the offsets of ``hexes`` no Hero may occupy
    attack: int          # Attack bonus on a free hex
    defense: int         # Defense bonus on a free hex
    heal: int            # Health healed (when cast, or at the end of a turn on a free hex)
    mana: int            # Mana gems given (when cast, or at the end of a turn on a free hex)
    damage: int
    dtype: int
    move_cost: int       # Movement spent to enter one of its hexes (1: no extra cost)
    text: str

    @property
    def token(self) -> bool:
        return self.kind == "token"


def _offsets(v) -> bool:
    return isinstance(v, list) and all(
        isinstance(x, list) and len(x) == 2 and all(type(c) is int and -3 <= c <= 3 for c in x) for x in v) \
        and len({tuple(x) for x in v}) == len(v)


def _connected(cells) -> bool:
    cells = set(cells)
    todo, seen = [next(iter(cells))], set()
    while todo:
        q, r = todo.pop()
        if (q, r) in seen:
            continue
        seen.add((q, r))
        todo += [(q + dq, r + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
                 if (q + dq, r + dr) in cells]
    return seen == cells


def load_rituals(path=DATA / "rituals.toml") -> tuple[Ritual, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "ritual")):
        provenance(r)
        kind = r.get("kind", str, lambda k: k in RITUAL_KINDS, "/".join(RITUAL_KINDS))
        hexes = tuple(tuple(x) for x in r.get("hexes", list, _offsets, "distinct [q, r] offsets in -3..3", []))
        blocked = tuple(tuple(x) for x in r.get("blocked", list, _offsets, "distinct [q, r] offsets in -3..3", []))
        if kind == "token":
            if not 1 <= len(hexes) <= 7 or (0, 0) not in hexes or not _connected(hexes):
                r.fail("hexes", "a token covers 1..7 connected hexes including the picked hex [0, 0]")
            if not set(blocked) <= set(hexes) or len(blocked) >= len(hexes):
                r.fail("blocked", "blocked hexes are some (not all) of the token's hexes")
        elif hexes or blocked:
            r.fail("hexes", "an instant Ritual places no token")
        out.append(Ritual(i, key_of(r), text_of(r, "name"), kind, r.get("expansion", bool), hexes, blocked,
                          r.get_int("attack", 0, 3, 0), r.get_int("defense", 0, 3, 0), r.get_int("heal", 0, 9, 0),
                          r.get_int("mana", 0, 4, 0), r.get_int("damage", 0, 9, 0),
                          DTYPES.index(r.get("damage_type", str, lambda d: d in DTYPES, "/".join(DTYPES), "physical")),
                          r.get_int("move_cost", 1, 3, 1), text_of(r, "text")))
    name = Path(path).name
    basic = [x for x in out if not x.expansion]
    if len(basic) != 9:
        raise DataError(f"{name}: the box holds 9 Ritual cards (TH § Components List), found {len(basic)} basic ones")
    if sum(x.token for x in out) != 6:
        raise DataError(f"{name}: the box holds 6 Arena Effects, the Ritual tokens (TH § Components List), "
                        f"found {sum(x.token for x in out)} token Rituals")
    by = {x.key: x for x in out}
    # the numbers the rulebook prints (TH § Rituals; FAQ; errata page 45)
    fixed = {"consecration": dict(kind="instant", damage=1, dtype=DTYPES.index("light")),
             "mana_surge": dict(kind="instant", mana=4), "purification": dict(kind="instant", heal=2),
             "banner_of_victory": dict(kind="token", attack=1, nblocked=1, nfree=3),
             "fortifications": dict(kind="token", defense=1, nblocked=2, nfree=3),
             "guardian_angel": dict(kind="token", heal=2, nblocked=1, nfree=6, blocked=((0, 0),)),
             "wall_of_fire": dict(kind="token", damage=4, dtype=DTYPES.index("fire"), nblocked=0),
             "death_swamp": dict(kind="token", move_cost=2, nblocked=0),
             "flesh_and_blood": dict(kind="instant", expansion=True)}
    for k, want in fixed.items():
        x = by.get(k)
        if x is None:
            raise DataError(f"{name}: the Ritual {k!r} is missing")
        for f, v in want.items():
            got = (len(x.blocked) if f == "nblocked" else len(x.hexes) - len(x.blocked) if f == "nfree"
                   else getattr(x, f))
            if got != v:
                raise DataError(f"{name}: record {k!r}, field {f!r}: the rulebook fixes {v!r}, found {got!r}")
    return tuple(out)


RITUALS = load_rituals()
RITUAL_INDEX = {r.key: r.index for r in RITUALS}


# ----- the monster modes (TH § Game Modes, Heroes Facing Monsters Modes; § Monsters): the seven
# monsters' die tables (data/monsters.toml), the 13 Stamina Tokens (data/stamina.toml) and the
# printed encounter table (data/encounters.toml)

REACHES = ("adjacent", "ranged", "all", "spell", "ring", "charge")
EFFECTS = ("", "paralyze", "swallow", "enslave", "anchor", "slay", "devour", "destroy_weapon", "destroy_armor",
           "burn_mana")
SPECIALS = ("", "diamond_skin", "evolving_skin", "sick_duel", "pandemonium", "numbness", "thick_hide",
            "feel_no_pain", "flying_terror", "shadow", "demonic_haste", "agony_shield", "arcane_breath",
            "rain_of_spines", "heroic_might", "symbiotic_regeneration", "apart3", "impale", "slay_if_both")
#: the statuses a face leaves on its monster until it acts again (TH § Monster Stat Blocks: "Last
#: until ... acts again"), in the order of the observation's status entries
STATUSES = ("thick_hide", "feel_no_pain", "flying_terror", "shadow", "demonic_haste", "agony_shield")
FACE_NAMES = ("dash", "two pips", "four pips", "sword", "lightning", "spade")


@dataclass(frozen=True)
class Strike:
    bonus: int
    damage: int
    dtype: int
    reach: str
    effect: str


@dataclass(frozen=True)
class Face:
    name: str
    strikes: tuple[Strike, ...]
    special: str
    text: str


@dataclass(frozen=True)
class Monster:
    index: int
    key: str
    name: str
    boss: bool
    speed: int
    fly: bool
    teleport: bool
    defence: int
    tables: tuple[str, ...]
    faces: tuple[tuple[Face, ...], ...]  # per table, the six faces of the skullduggery die


@dataclass(frozen=True)
class Token:
    index: int
    key: str
    damage: int
    resistance: frozenset
    protection: frozenset


@dataclass(frozen=True)
class Encounter:
    key: str
    players: int
    heroes: int
    monsters: int
    tokens: int
    boss: bool


def _strike(path, r, face_name, k, s) -> Strike:
    where = f"face {face_name!r} strike {k}"
    if not isinstance(s, dict):
        r.fail("face", f"{where}: expected a table")
    for f, ok in (("bonus", lambda v: type(v) is int and 0 <= v <= 6), ("damage", lambda v: type(v) is int and 0 <= v <= 10),
                  ("type", lambda v: v in DTYPES), ("reach", lambda v: v in REACHES),
                  ("effect", lambda v: v in EFFECTS)):
        v = s.get(f, "" if f == "effect" else None)
        if not ok(v):
            r.fail("face", f"{where}, field {f!r}: got {v!r}")
    return Strike(s["bonus"], s["damage"], DTYPES.index(s["type"]), s["reach"], s.get("effect", ""))


def load_monsters(path=DATA / "monsters.toml") -> tuple[Monster, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "monster")):
        provenance(r)
        tables = tuple(r.get("tables", list, lambda v: len(v) in (1, 2) and all(isinstance(x, str) for x in v),
                             "one or two table names", ["table"]))
        nfaces = 6 * len(tables)
        raw = r.get("face", list, lambda v, k=nfaces: len(v) == k, f"{nfaces} faces (six per table)")
        faces = []
        for f in raw:
            if not isinstance(f, dict) or not all(isinstance(f.get(k), str) and f[k].strip() for k in ("name", "text")):
                r.fail("face", f"every face has a name and its printed text, got {f!r}")
            special = f.get("special", "")
            if special not in SPECIALS:
                r.fail("face", f"face {f['name']!r}: special {special!r} is none of {SPECIALS}")
            strikes = tuple(_strike(path, r, f["name"], k, s) for k, s in enumerate(f.get("strikes", [])))
            if not strikes and special in ("", "apart3", "impale", "slay_if_both"):
                r.fail("face", f"face {f['name']!r}: neither strikes nor a special effect")
            faces.append(Face(f["name"], strikes, special, f["text"]))
        out.append(Monster(i, key_of(r), text_of(r, "name"), r.get("boss", bool),
                           r.get_int("speed", 1, 12), r.get("fly", bool), r.get("teleport", bool),
                           r.get_int("defence", 0, 6), tables,
                           tuple(tuple(faces[6 * t:6 * t + 6]) for t in range(len(tables)))))
    if sum(not m.boss for m in out) < 3 or not any(m.boss for m in out):
        raise DataError(f"{Path(path).name}: the encounters need at least three monsters and one boss")
    return tuple(out)


def load_tokens(path=DATA / "stamina.toml") -> tuple[Token, ...]:
    data = load_toml(path)
    out = []
    for i, r in enumerate(records(path, data, "token")):
        provenance(r)
        out.append(Token(i, key_of(r), r.get_int("damage", 1, 9),
                         frozenset(DTYPES.index(x) for x in r.get_str_list("resistance", DTYPES)),
                         frozenset(DTYPES.index(x) for x in r.get_str_list("protection", DTYPES))))
    return tuple(out)


def load_encounters(path=DATA / "encounters.toml") -> dict:
    data = load_toml(path)
    out = {}
    for r in records(path, data, "encounter"):
        provenance(r)
        e = Encounter(key_of(r), r.get_int("players", 1, 6), r.get_int("heroes", 2, 4),
                      r.get_int("monsters", 1, 3), r.get_int("tokens", 1, 13), r.get("boss", bool))
        if e.players * e.heroes > 12:
            r.fail("heroes", f"{e.players} players x {e.heroes} heroes is more than the 12 heroes")
        out[e.key] = e
    return out


MONSTERS = load_monsters()
TOKENS = load_tokens()
ENCOUNTERS = load_encounters()
MONSTER_INDEX = {m.key: m.index for m in MONSTERS}
if max(e.monsters * e.tokens for e in ENCOUNTERS.values()) > len(TOKENS):
    raise DataError(f"{Path(DATA / 'encounters.toml').name}: an encounter needs more Stamina Tokens than "
                    f"{Path(DATA / 'stamina.toml').name} holds ({len(TOKENS)})")


def parse_encounter(spec: str):
    """A free encounter ``"kotronas:6,voax:5"`` (monster:tokens, one to three monsters, or one boss):
    ``[(monster index, tokens), ...]``, or raise ``ValueError`` saying what is wrong."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not 1 <= len(parts) <= 3:
        raise ValueError("a free encounter names one to three monsters as monster:tokens, comma separated")
    out = []
    for p in parts:
        key, _, n = p.partition(":")
        if key not in MONSTER_INDEX:
            raise ValueError(f"unknown monster {key!r}; monsters: {', '.join(MONSTER_INDEX)}")
        if not n.isdigit() or not 1 <= int(n) <= len(TOKENS):
            raise ValueError(f"{key}: the number of Stamina Tokens must be 1..{len(TOKENS)}, got {n!r}")
        out.append((MONSTER_INDEX[key], int(n)))
    idx = [m for m, _ in out]
    if len(set(idx)) != len(idx):
        raise ValueError("each monster enters once")
    if any(MONSTERS[m].boss for m in idx) and len(idx) > 1:
        raise ValueError("a boss fights alone (TH § Heroes Facing Monsters Modes: '3 monsters ... or 1 Boss')")
    if sum(n for _, n in out) > len(TOKENS):
        raise ValueError(f"the monsters' Stamina Tokens add up to more than the {len(TOKENS)} tokens")
    return out

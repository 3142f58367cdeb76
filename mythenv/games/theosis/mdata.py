"""Monster content of Theosis loaded and validated from ``data/monsters.toml`` (the seven monsters'
die tables), ``data/stamina.toml`` (the 13 Stamina Tokens) and ``data/encounters.toml`` (the printed
encounter table). Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH § Game Modes, § Monsters).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, load_toml, records

from .cards import DATA, DTYPES, key_of, provenance, text_of

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

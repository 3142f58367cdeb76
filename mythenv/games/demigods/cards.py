"""Demigods card kinds, deck breakdowns and throne conditions, loaded and validated from ``data/``.

``cards.toml`` holds one record per card kind, ``decks.toml`` the Army / Wealth breakdown and curse
copies per player count, ``throne.toml`` the three throne conditions. Every record says whether it
comes from the rulebook (with the section) or is designed (with a one-line rationale); errors name
the file, the record and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, data_dir, load_toml, records

DATA_DIR = data_dir(__name__, Path(__file__).parent / "data")
CATEGORIES = ("army", "wealth", "god", "guardian", "curse", "cure", "oracle")
VALUES = (500, 1000, 2000)
CURSE_KEYS = ("siege", "poverty", "limitation", "blindness", "silence")
GOD_KEYS = ("zeus", "hermes", "ares", "plutus", "athena")
ORACLE_KEYS = ("oracle_wealth_fall", "oracle_army_fall", "oracle_favour", "oracle_plague", "oracle_exchange")
RESOURCE_KEYS = tuple(f"{t}_{v}" for t in ("army", "wealth") for v in VALUES)


@dataclass(frozen=True)
class Kind:
    index: int
    key: str
    name: str
    category: str
    value: int        # army / wealth face value, 0 otherwise
    copies: int       # specials: copies in every deck (curses: per player count, see Deck)
    blocks: str       # guardians: the curse key they block
    removes: str      # cures: the curse key they remove
    effect: str
    source: str


@dataclass(frozen=True)
class Deck:
    players: int
    army: tuple[int, int, int]
    wealth: tuple[int, int, int]
    curse_copies: int
    source: str


@dataclass(frozen=True)
class Throne:
    army: int
    wealth: int
    guardians: int


@dataclass(frozen=True)
class CardSet:
    kinds: tuple[Kind, ...]
    decks: dict[int, Deck]
    throne: Throne

    def index(self, key: str) -> int:
        for k in self.kinds:
            if k.key == key:
                return k.index
        raise KeyError(key)

    def counts(self, players: int) -> list[int]:
        """Copies of each kind in the deck for ``players`` players."""
        deck = self.decks[players]
        out = []
        for k in self.kinds:
            if k.category in ("army", "wealth"):
                out.append((deck.army if k.category == "army" else deck.wealth)[VALUES.index(k.value)])
            elif k.category == "curse":
                out.append(deck.curse_copies)
            else:
                out.append(k.copies)
        return out


def load_cards(data_dir: str | Path = DATA_DIR) -> CardSet:
    data_dir = Path(data_dir)
    path = data_dir / "cards.toml"
    data = load_toml(path)
    kinds: list[Kind] = []
    seen: set[str] = set()
    for i, rec in enumerate(records(path, data, "kind")):
        key = rec.get("key", str, lambda s: bool(s) and s not in seen, "a unique non-empty key")
        seen.add(key)
        cat = rec.get("category", str, lambda s: s in CATEGORIES, " / ".join(CATEGORIES))
        value = 0
        copies = 0
        if cat in ("army", "wealth"):
            value = rec.get("value", int, lambda v: v in VALUES, "500, 1000 or 2000")
            if key != f"{cat}_{value}":
                rec.fail("key", f"an {cat} card of value {value} must have key {cat}_{value!r}")
        elif cat != "curse":
            copies = rec.get_int("copies", 1, 10)
        blocks = rec.get("blocks", str, lambda s: s in CURSE_KEYS, " / ".join(CURSE_KEYS)) if cat == "guardian" else ""
        removes = rec.get("removes", str, lambda s: s in CURSE_KEYS, " / ".join(CURSE_KEYS)) if cat == "cure" else ""
        name = rec.get("name", str, lambda s: bool(s.strip()), "a name")
        effect = rec.get("effect", str, lambda s: bool(s.strip()), "an effect text")
        src = rec.provenance()
        kinds.append(Kind(i, key, name, cat, value, copies, blocks, removes, effect, src))
    fname = path.name
    need = RESOURCE_KEYS + GOD_KEYS + CURSE_KEYS + ORACLE_KEYS
    missing = [k for k in need if k not in seen]
    if missing:
        raise DataError(f"{fname}: the rules need kinds {missing}, which are missing")
    by_cat = {c: [k for k in kinds if k.category == c] for c in CATEGORIES}
    # DG § Deck: "Specials are 5 Power Gods, 5 Guardians, 10 Cures and 5 Oracles."
    for cat, total in (("god", 5), ("guardian", 5), ("cure", 10), ("oracle", 5)):
        got = sum(k.copies for k in by_cat[cat])
        if got != total:
            raise DataError(f"{fname}: the {cat} cards add up to {got} copies; the rulebook prints {total}")
    if len(by_cat["god"]) != 5 or len(by_cat["oracle"]) != 5 or len(by_cat["curse"]) != 5:
        raise DataError(f"{fname}: the rules need exactly 5 god, 5 curse and 5 oracle kinds")
    for cat, field in (("guardian", "blocks"), ("cure", "removes")):
        targets = sorted(getattr(k, field) for k in by_cat[cat])
        if targets != sorted(CURSE_KEYS):
            raise DataError(f"{fname}: every curse needs exactly one {cat} kind ({field} = {targets})")
    # the rules index kinds in this order: resources, gods, guardians, curses, cures, oracles
    order = {c: i for i, c in enumerate(("army", "wealth", "god", "guardian", "curse", "cure", "oracle"))}
    if [order[k.category] for k in kinds] != sorted(order[k.category] for k in kinds):
        raise DataError(f"{fname}: kinds must be listed army, wealth, god, guardian, curse, cure, oracle")

    dpath = data_dir / "decks.toml"
    ddata = load_toml(dpath)
    decks: dict[int, Deck] = {}
    for rec in records(dpath, ddata, "deck"):
        players = rec.get("players", int, lambda v: 2 <= v <= 5 and v not in decks, "a new player count 2..5")
        def tri(v):
            return len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 100 for x in v)
        army = rec.get("army", list, tri, "three counts 0..100 [500s, 1000s, 2000s]")
        wealth = rec.get("wealth", list, tri, "three counts 0..100 [500s, 1000s, 2000s]")
        cc = rec.get("curse_copies", int, lambda v: v in (1, 2), "1 or 2")
        # DG § Deck: "At two players, use only one copy of each curse"; FAQ: "there are two copies of each"
        if cc != (1 if players == 2 else 2):
            rec.fail("curse_copies", "the rulebook uses one copy of each curse at two players, two otherwise")
        src = rec.provenance()
        decks[players] = Deck(players, tuple(army), tuple(wealth), cc, src)
    missing_p = [p for p in range(2, 6) if p not in decks]
    if missing_p:
        raise DataError(f"{dpath.name}: no deck for player count(s) {missing_p}")

    tpath = data_dir / "throne.toml"
    tdata = load_toml(tpath)
    conds: dict[str, int] = {}
    for rec in records(tpath, tdata, "condition"):
        key = rec.get("key", str, lambda s: s in ("army", "wealth", "guardian") and s not in conds,
                      "a new key among army / wealth / guardian")
        # the Army and Wealth goals are also config options (army_goal / wealth_goal: multiples of 500 up to
        # 100000), the guardian count is at most the 5 Guardians of the deck (DG § Deck)
        if key == "guardian":
            conds[key] = rec.get_int("threshold", 0, 5)
        else:
            conds[key] = rec.get("threshold", int, lambda v: 0 <= v <= 100_000 and v % 500 == 0,
                                 "a multiple of 500 in 0..100000")
        rec.provenance()
    if len(conds) != 3:
        raise DataError(f"{tpath.name}: the throne needs all three conditions (army, wealth, guardian)")
    return CardSet(tuple(kinds), decks, Throne(conds["army"], conds["wealth"], conds["guardian"]))


CARDS = load_cards()

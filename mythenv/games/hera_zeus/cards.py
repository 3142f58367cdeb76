"""Hera and Zeus card kinds, loaded and validated from ``data/cards.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, data_dir, load_toml, records

DATA_FILE = data_dir(__name__, Path(__file__).parent / "data") / "cards.toml"
NO_STRENGTH = -1
ROLE_KEYS = ("hostage", "figure_card", "champion", "hero", "pythia", "pegasus", "medusa", "pandora",
             "sirens", "hades", "persephone", "dionysus")


@dataclass(frozen=True)
class Kind:
    index: int
    key: str
    names: tuple[str, str]   # (Hera's deck, Zeus's deck)
    count: int
    strength: int            # NO_STRENGTH when no number is printed
    field: bool
    initiate: bool
    symbol: bool
    source: str


@dataclass(frozen=True)
class CardSet:
    kinds: tuple[Kind, ...]
    deck_size: int

    def index(self, key: str) -> int:
        for k in self.kinds:
            if k.key == key:
                return k.index
        raise KeyError(key)


def load_cards(path: str | Path = DATA_FILE) -> CardSet:
    data = load_toml(path)
    deck_size = data.get("deck_size")
    if type(deck_size) is not int or not 1 <= deck_size <= 200:
        raise DataError(f"{Path(path).name}: deck_size must be an integer 1..200, got {deck_size!r}")
    kinds = []
    seen = set()
    for i, rec in enumerate(records(path, data, "kind")):
        key = rec.get("key", str, lambda s: s not in seen, "a unique key")
        seen.add(key)
        names = rec.get("names", list, lambda v: len(v) == 2 and all(isinstance(s, str) for s in v),
                        "two names [Hera's deck, Zeus's deck]")
        count = rec.get_int("count", 0, 200)
        st = rec.get("strength", (int, str), lambda v: v == "none" or 0 <= v <= 7,
                     '"none" or an integer 0..7')
        src = rec.provenance()
        field = rec.get("field", bool)
        if field != (st != "none"):
            # HZ § The Cards: numbered cards are played face down; cards with a symbol and no
            # number "are never played on the table".
            raise DataError(f"{Path(path).name}: record {key!r}, field 'field': a card lies on the table "
                            f"exactly when it has a strength (strength = {st!r}, field = {field!r})")
        kinds.append(Kind(i, key, (names[0], names[1]), count, NO_STRENGTH if st == "none" else st,
                          field, rec.get("initiate", bool), rec.get("symbol", bool), src))
    missing = [k for k in ROLE_KEYS if k not in seen]
    if missing:
        raise DataError(f"{Path(path).name}: the rules need kinds {missing}, which are missing")
    total = sum(k.count for k in kinds)
    if total != deck_size:
        raise DataError(f"{Path(path).name}: the kind counts add up to {total}, deck_size is {deck_size}")
    by_key = {k.key: k for k in kinds}
    for key in ("hostage", "figure_card"):
        if by_key[key].count != 1:
            raise DataError(f"{Path(path).name}: record {key!r}, field 'count': the rules need exactly 1")
    if by_key["pegasus"].strength != 1:
        raise DataError(f"{Path(path).name}: record 'pegasus', field 'strength': the rulebook prints 1")
    for key in ("medusa", "pandora", "hostage"):
        if by_key[key].initiate:
            raise DataError(f"{Path(path).name}: record {key!r}, field 'initiate': it may never initiate a challenge")
    return CardSet(tuple(kinds), deck_size)


CARDS = load_cards()

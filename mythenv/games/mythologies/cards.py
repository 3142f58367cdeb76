"""Mythologies card designs, Mythology boards (Trials) and completion gains, loaded and validated
from ``data/cards.toml`` and ``data/boards.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, data_dir, load_toml, records

DATA = data_dir(__name__, Path(__file__).parent / "data")
MYTHS = ("greek", "norse", "egyptian", "hindu", "inca", "chinese", "zulu", "celtic")
CREATURE, DEITY = 0, 1
DEITY_COST = 4
WHENS = ("place", "passive", "activate", "event", "endgame")
EVENTS = ("crush", "crushed", "crushed_or_sacrificed", "sacrificed", "move", "complete", "invoke",
          "self_crushes", "touch")
FLAGS = ("steal_completion", "odin_block", "toll", "scarab", "block_moves", "all_myths",
         "protect_tokens", "protect_plane", "uncrushable")
#: the effect primitives, in the observation's order; each is a rule ``@handles("op", name)`` of the state
#: (``rules/effects.py``, ``rules/lexicon.py``; ``rules/__init__.py`` checks the two agree at import)
OPS = ("gain", "gain_count", "opp_give", "opp_lose", "opp_choice", "opp_sacrifice", "move", "sacrifice",
       "gain_of", "invoke", "choose_plane", "choose_myth", "loki_fill", "exchange", "pay")
MEASURES = ("inv_gems", "inv_favors", "creatures", "distinct_myths", "same_myth", "all_cards", "deities",
            "stack")
REGIONS = ("plane0", "plane1", "plane2", "any_column", "column1", "any_diagonal", "corners", "any_plane")


def parse_gain(s: str, where: str) -> tuple[int, int]:
    """"1F1G" -> (favors, gems); "-" -> (0, 0)."""
    if s == "-":
        return (0, 0)
    f = g = 0
    num = ""
    for ch in s:
        if ch.isdigit():
            num += ch
        elif ch in "FG" and num:
            if ch == "F":
                f += int(num)
            else:
                g += int(num)
            num = ""
        else:
            raise DataError(f"{where}: bad gain {s!r} (expected '-' or e.g. '1F', '2G', '1F1G')")
    if num:
        raise DataError(f"{where}: bad gain {s!r}")
    return (f, g)


@dataclass(frozen=True)
class Effect:
    when: str
    ops: tuple[dict, ...]
    event: str = ""
    scope: str = ""
    kind: str = ""
    line: str = ""
    limit: int = 0
    cost_gems: int = 0
    own_turn: bool = False
    flag: str = ""


@dataclass(frozen=True)
class Design:
    index: int
    num: int
    name: str
    myth: int
    type: int
    cost: int
    gains: tuple[tuple[int, int], ...]
    text: str
    effects: tuple[Effect, ...]
    flags: frozenset
    source: str

    @property
    def copies(self) -> int:
        return 1 if self.type == DEITY else 3


@dataclass(frozen=True)
class Board:
    myth: int
    start_text: str
    measure: str
    at_least: int
    start_favors: int
    end_text: str
    region: str
    end_favors: int


def _effect(rc, e: dict, i: int) -> Effect:
    where = f"effects[{i}]"
    if not isinstance(e, dict) or e.get("when") not in WHENS:
        rc.fail(where, f"'when' must be one of {WHENS}")
    when = e["when"]
    if when == "passive":
        if e.get("flag") not in FLAGS:
            rc.fail(where, f"passive effects need flag in {FLAGS}")
        return Effect(when, (), flag=e["flag"])
    ops = e.get("ops")
    if not isinstance(ops, list) or not ops:
        rc.fail(where, "needs a non-empty list 'ops'")
    for j, op in enumerate(ops):
        if not isinstance(op, dict) or op.get("op") not in OPS:
            rc.fail(f"{where}.ops[{j}]", f"'op' must be one of {OPS}")
    if when == "event" and e.get("event") not in EVENTS:
        rc.fail(where, f"event effects need event in {EVENTS}")
    for key, types, check, expect in (("event", str, None, "a str"), ("scope", str, None, "a str"),
                                      ("kind", str, None, "a str"), ("line", str, None, "a str"),
                                      ("limit", int, lambda v: 0 <= v <= 20, "an integer 0..20"),
                                      ("cost_gems", int, lambda v: 0 <= v <= 10, "an integer 0..10"),
                                      ("own_turn", bool, None, "true or false")):
        if key in e:
            v = e[key]
            if not isinstance(v, types) or (types is int and isinstance(v, bool)) or (check and not check(v)):
                rc.fail(f"{where}.{key}", f"expected {expect}, got {v!r}")
    return Effect(when, tuple(ops), event=e.get("event", ""), scope=e.get("scope", ""),
                  kind=e.get("kind", ""), line=e.get("line", ""), limit=int(e.get("limit", 0)),
                  cost_gems=int(e.get("cost_gems", 0)), own_turn=bool(e.get("own_turn", False)))


def load_cards(path: str | Path = DATA / "cards.toml") -> tuple[Design, ...]:
    data = load_toml(path)
    out = []
    nums = set()
    for _i, rc in enumerate(records(path, data, "card")):
        num = rc.get("num", int, lambda v: 1 <= v <= 80 and v not in nums, "a unique number 1..80")
        nums.add(num)
        name = rc.get("name", str, lambda v: bool(v.strip()), "a name")
        myth = rc.get("myth", str, lambda v: v in MYTHS, f"one of {MYTHS}")
        typ = rc.get("type", str, lambda v: v in ("deity", "creature"), "'deity' or 'creature'")
        m = MYTHS.index(myth)
        block = (num - 1) // 10
        if block != m:
            rc.fail("num", f"{num} is outside the {myth} block {10 * m + 1:03d}-{10 * m + 10:03d}")
        if ((num - 1) % 10 < 4) != (typ == "deity"):
            rc.fail("type", "the first 4 numbers of each block are Deities, the other 6 Creatures")
        gains = rc.get("gains", list, lambda v: len(v) == 3 and all(isinstance(s, str) for s in v),
                       "3 strings [celestial, terrestrial, abyssal]")
        g = tuple(parse_gain(s, f"{Path(path).name}: card {name!r}") for s in gains)
        effs = rc.get("effects", list, lambda v: len(v) > 0, "a non-empty list")
        effects = tuple(_effect(rc, e, j) for j, e in enumerate(effs))
        src = rc.provenance()
        out.append(Design(0, num, name, m, DEITY if typ == "deity" else CREATURE,
                          DEITY_COST if typ == "deity" else 0, g, rc.get("text", str), effects,
                          frozenset(e.flag for e in effects if e.when == "passive"), src))
    if len(out) != 80:
        raise DataError(f"{Path(path).name}: expected 80 card designs, got {len(out)}")
    out.sort(key=lambda d: d.num)
    return tuple(Design(i, d.num, d.name, d.myth, d.type, d.cost, d.gains, d.text, d.effects, d.flags,
                        d.source) for i, d in enumerate(out))


def load_boards(path: str | Path = DATA / "boards.toml"):
    data = load_toml(path)
    boards = [None] * 8
    for rc in records(path, data, "board"):
        myth = rc.get("myth", str, lambda v: v in MYTHS, f"one of {MYTHS}")
        st = rc.get("start", dict)
        en = rc.get("end", dict)
        if st.get("measure") not in MEASURES:
            rc.fail("start", f"measure must be one of {MEASURES}")
        if en.get("region") not in REGIONS:
            rc.fail("end", f"region must be one of {REGIONS}")
        for part, d in (("start", st), ("end", en)):
            f = d.get("favors")
            if type(f) is not int or not 1 <= f <= 10 or not isinstance(d.get("text"), str):
                rc.fail(part, "needs text and favors 1..10")
        if type(st.get("at_least")) is not int or not 0 <= st["at_least"] <= 40:
            rc.fail("start", "needs an integer at_least 0..40")
        rc.provenance()
        m = MYTHS.index(myth)
        if boards[m] is not None:
            rc.fail("myth", f"a second [[board]] for {myth!r}: one board per mythology")
        boards[m] = Board(m, st["text"], st["measure"], st["at_least"], st["favors"], en["text"],
                          en["region"], en["favors"])
    if any(b is None for b in boards):
        raise DataError(f"{Path(path).name}: every mythology needs a [[board]]")
    comp = {}
    for rc in records(path, data, "completion"):
        line = rc.get("line", str, lambda v: v in ("planes", "columns") and v not in comp,
                      "'planes' or 'columns', once each")
        rc.provenance()
        comp[line] = (rc.get_int("favors", 0, 10), rc.get_int("gems", 0, 10))
    if set(comp) != {"planes", "columns"}:
        raise DataError(f"{Path(path).name}: completion gains for planes and columns are required")
    for rc in records(path, data, "destiny", unique="rule"):
        rc.get("rule", str, lambda v: v == "latin_square", "'latin_square'")
        rc.provenance()
    return tuple(boards), comp


DESIGNS = load_cards()
BOARDS, COMPLETION = load_boards()

# card ids: designs in number order, Deities 1 copy, Creatures 3 copies
DESIGN_OF: list[int] = []
for _d in DESIGNS:
    DESIGN_OF.extend([_d.index] * _d.copies)
NCARDS = len(DESIGN_OF)
assert NCARDS == 176, NCARDS
NDESIGNS = len(DESIGNS)
BY_NAME = {d.name: d.index for d in DESIGNS}
EFFECTS = [d.effects for d in DESIGNS]


def card_ids(name: str) -> list[int]:
    d = BY_NAME[name]
    return [c for c in range(NCARDS) if DESIGN_OF[c] == d]

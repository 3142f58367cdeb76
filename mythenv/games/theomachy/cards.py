"""Theomachy card records, loaded and validated from ``data/prayer.toml`` and ``data/essence.toml``.

Card text is a list of shared primitives (``ops``) that the rules interpret, so a variant deck is a
data file, and the Advanced mode can reuse the same primitives:

========================  =====================================================================
``power N``               +N Power at the End of Battle (Attacks, continuous Effects, Places)
``per_token N``           +N Power per token left in your Stake at the End of Battle
``per_attack N``          +N Power per Attack card you played in this Battle (Places)
``strip TYPE N|all``      target opponent's Stake loses N (or all) tokens of TYPE to the bank
``bank_to_stake TYPE N``  N tokens of TYPE go from the bank to your Stake
``discard_random N``      target opponent discards N cards at random from his hand
``draw N``                draw N cards (discard reshuffle rule applies)
``peek_hand``             look at the target opponent's hand
``peek_face_down``        look at the face-down Constellation cards
``damage_places``         every Place of the target opponent takes one damage
``cancel``                (reactions) the triggering card is cancelled and discarded
``shield``                (continuous) Attacks cannot remove tokens from your Stake this Hand
``multi_essence``         this action you may also play Attacks of any other Essence
``win_gain TYPE N``       (Places) when you alone win a Hand, take N TYPE from the bank
``hand_size N``           (Places) at the start of a Hand draw until you hold N cards
``save TYPE N``           (Closing Phase) if you lost, up to N TYPE of your own Stake go back to
                          your Cult instead of the bank (never Last Stand tokens)
========================  =====================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, data_dir, load_toml, records

DATA_DIR = data_dir(__name__, Path(__file__).parent / "data")
SPHERES = ("air", "earth", "fire", "water")
ORBS = ("order", "chaos")
TYPES = ("attack", "effect", "place", "power")
TOKENS = ("disciple", "priest", "prophet")
TOKEN_VALUE = (2, 5, 10)
DECKS = ("I", "II", "III", "IV")
#: primitive name -> number of arguments
OPS = {"power": 1, "per_token": 1, "per_attack": 1, "strip": 2, "bank_to_stake": 2,
       "discard_random": 1, "draw": 1, "peek_hand": 0, "peek_face_down": 0, "damage_places": 0,
       "cancel": 0, "shield": 0, "multi_essence": 0, "win_gain": 2, "hand_size": 1, "save": 2}
TARGETED = ("strip", "discard_random", "peek_hand", "damage_places")


class HasOps:
    """A record whose text is ``ops``: a Prayer card, or an Ability / Mythology card (``pantheons.py``)."""

    def op(self, name: str):
        """The first op called ``name``, or None."""
        for o in self.ops:
            if o[0] == name:
                return o
        return None


@dataclass(frozen=True)
class Essence:
    index: int
    key: str
    sphere: int
    orb: int        # 0 order, 1 chaos
    orbs: int


@dataclass(frozen=True)
class Kind(HasOps):
    index: int
    key: str
    name: str
    type: str
    sphere: int
    symbols: int
    orb: int        # 0 order, 1 chaos, -1 none
    orbs: int
    count: int
    decks: tuple[int, int, int, int]   # copies marked I..IV
    token: int      # Places: token type, else -1
    timing: str     # effects: "betting" | "reaction"; others ""
    react: str      # reactions: "effect" | "attack"
    continuous: bool
    once: bool
    ops: tuple[tuple, ...]
    targeted: bool
    source: str


def _parse_op(rec, text: str) -> tuple:
    parts = text.split()
    if not parts or parts[0] not in OPS:
        rec.fail("ops", f"unknown primitive {text!r}; known: {', '.join(OPS)}")
    name, args = parts[0], parts[1:]
    if len(args) != OPS[name]:
        rec.fail("ops", f"{name!r} takes {OPS[name]} argument(s), got {text!r}")
    out: list = [name]
    for a in args:
        if a in TOKENS:
            out.append(TOKENS.index(a))
        elif a == "all":
            out.append(-1)
        elif a.isdigit() and int(a) > 0:
            out.append(int(a))
        else:
            rec.fail("ops", f"bad argument {a!r} in {text!r} (a token type, 'all' or a positive integer)")
    return tuple(out)


def load_essences(path: str | Path = DATA_DIR / "essence.toml") -> tuple[Essence, ...]:
    data = load_toml(path)
    out = []
    for i, rec in enumerate(records(path, data, "essence")):
        key = rec.get("key", str)
        sphere = rec.get("sphere", str, lambda s: s in SPHERES, " / ".join(SPHERES))
        orb = rec.get("orb", str, lambda s: s in ORBS, " / ".join(ORBS))
        orbs = rec.get("orbs", int, lambda v: 1 <= v <= 3, "1..3 orbs (TM § Box Contents)")
        rec.provenance()
        out.append(Essence(i, key, SPHERES.index(sphere), ORBS.index(orb), orbs))
    if len(out) != 24:
        raise DataError(f"{Path(path).name}: {len(out)} Essence cards; the rulebook has 24 (TM § Box Contents)")
    return tuple(out)


def load_kinds(path: str | Path = DATA_DIR / "prayer.toml") -> tuple[Kind, ...]:
    data = load_toml(path)
    total = data.get("total")
    kinds, seen = [], set()
    for i, rec in enumerate(records(path, data, "card")):
        key = rec.get("key", str, lambda s: s not in seen, "a unique key")
        seen.add(key)
        name = rec.get("name", str)
        typ = rec.get("type", str, lambda s: s in TYPES, " / ".join(TYPES))
        sphere = SPHERES.index(rec.get("sphere", str, lambda s: s in SPHERES, " / ".join(SPHERES)))
        count = rec.get("count", int, lambda v: 1 <= v <= 40, "a count 1..40")
        decks_t = rec.get("decks", dict, lambda d: set(d) <= set(DECKS) and all(
            type(v) is int and 0 <= v <= 8 for v in d.values()),
            "a table with keys among I, II, III, IV and copies 0..8 (a pre-built deck holds 8 cards)")
        decks = tuple(decks_t.get(d, 0) for d in DECKS)
        if sum(decks) > count:
            rec.fail("decks", f"{sum(decks)} pre-built copies but only {count} copies")
        ops = tuple(_parse_op(rec, t) for t in rec.get("ops", list, lambda v: all(isinstance(t, str) for t in v),
                                                       "a list of op strings"))
        if typ == "power":
            orb = ORBS.index(rec.get("orb", str, lambda s: s in ORBS, " / ".join(ORBS)))
            orbs = rec.get("orbs", int, lambda v: v == 2, "2 (a Power card has two orbs)")
            symbols = 0
        else:
            symbols = rec.get("symbols", int, lambda v: 1 <= v <= 3,
                              "1..3 (ALL cards need at least one Essence, TM § How to Play Action Cards)")
            o = rec.get("orb", str, lambda s: s in ORBS + ("none",), "order / chaos / none")
            orb = -1 if o == "none" else ORBS.index(o)
            orbs = rec.get("orbs", int, lambda v, none=(orb == -1): (v == 0) == none and 0 <= v <= 6,
                           "0 with orb = 'none', else 1..6")
        token = -1
        if typ == "place":
            token = TOKENS.index(rec.get("token", str, lambda s: s in TOKENS, " / ".join(TOKENS)))
        timing = react = ""
        continuous = False
        if typ == "effect":
            timing = rec.get("timing", str, lambda s: s in ("betting", "reaction", "closing"),
                             "betting / reaction / closing")
            if timing == "reaction":
                react = rec.get("react", str, lambda s: s in ("effect", "attack"), "effect / attack")
            continuous = rec.get("continuous", bool, default=False)
        once = rec.get("once_per_hand", bool, default=False)
        targeted = any(o[0] in TARGETED for o in ops)
        src = rec.provenance()
        kinds.append(Kind(i, key, name, typ, sphere, symbols, orb, orbs, count, decks, token, timing,
                          react, continuous, once, ops, targeted, src))
    n = sum(k.count for k in kinds)
    if total != n:
        raise DataError(f"{Path(path).name}: the counts add up to {n}, total is {total!r}")
    for d, numeral in enumerate(DECKS):
        m = sum(k.decks[d] for k in kinds)
        if m != 8:
            raise DataError(f"{Path(path).name}: pre-built deck {numeral} has {m} cards; the rulebook has 8 "
                            "(TM § First Method - Pre-built Starting Decks)")
    by_key = {k.key: k for k in kinds}
    checks = [("chain_lightning", ("power", 7)), ("quicksand", ("power", 6)), ("unity", ("per_token", 1)),
              ("plague", ("strip", 0, -1)), ("feint", ("discard_random", 1))]
    for key, op in checks:
        if key not in by_key or op not in by_key[key].ops:
            raise DataError(f"{Path(path).name}: record {key!r} must have the printed behaviour {op}")
    it = by_key.get("interruption")
    if it is None or (it.sphere, it.symbols, it.orb, it.orbs) != (1, 2, 1, 4):
        raise DataError(f"{Path(path).name}: record 'interruption' must need two Earth and four Chaos")
    if by_key.get("hatred") is None or by_key["hatred"].orbs != 0:
        raise DataError(f"{Path(path).name}: record 'hatred' needs no orbs (TM § How to Play Action Cards)")
    return tuple(kinds)


KINDS = load_kinds()
ESSENCES = load_essences()
KIND_INDEX = {k.key: k.index for k in KINDS}

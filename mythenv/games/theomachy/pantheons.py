"""Theomachy Pantheons (Advanced and Epic games), loaded and validated from ``data/pantheons.toml``.

A Pantheon has three Deities (an Ability and a Request) and five Mythology cards (one a Hero), TM §
Pantheons, Their Gods and Mythology Cards. Their texts are data: lists of names the engine
(``rules/myth.py``) interprets. The vocabulary is the tables below; the TOML file's header documents
each name. To add a behaviour: add its name and argument spec here (``OPS`` / ``CONDITIONS`` /
``COSTS``; for an op also the triggers it may act at in ``TRIGGER_OPS``), then its meaning in
``rules/`` as a rule of the state's tables: ``@handles("card_op", name)`` (``rules/effects.py``) or
``@handles("myth_op", name)`` for an instant op, ``@handles("condition", name)`` for a condition,
``@handles("cost_ok", name)`` and ``@handles("pay_cost", name)`` for a cost (``rules/myth.py``;
tests/games/theomachy/test_rule_tables.py checks that every name here has its rules).

Argument specs: ``n`` a positive integer, ``z`` an integer >= 0, ``a`` a positive integer or
``all``, ``t`` a token type (disciple / priest / prophet), ``s`` an Essence (air / earth / fire /
water), ``o`` an orb colour (order / chaos), ``k`` a Mythology card key.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mythenv.core.data import DataError, RecordChecker, load_toml, records

from .cards import DATA_DIR, ORBS, SPHERES, TOKENS, HasOps

#: op name -> argument spec (see the module docstring)
OPS = {
    # the Prayer primitives (cards.py)
    "power": "n", "per_token": "n", "per_attack": "n", "strip": "ta", "bank_to_stake": "tn",
    "discard_random": "n", "draw": "n", "peek_hand": "", "peek_face_down": "", "damage_places": "",
    "shield": "", "multi_essence": "", "win_gain": "tn", "hand_size": "n", "save": "tn",
    # Pantheon primitives
    "per_type": "tn", "gain": "tn", "cult_loss": "tn", "miracle": "n", "take_myth": "k",
    "essence": "son",
}
#: ops that act on another player (they need ``target = "opponent"`` or ``"all_opponents"``)
TARGETED = ("strip", "discard_random", "peek_hand", "damage_places", "cult_loss")
#: ops acting at once (an active Ability, a window card, an immediate card, a Hero joining the Stake)
INSTANT = ("power", "strip", "bank_to_stake", "discard_random", "draw", "peek_hand", "peek_face_down",
           "damage_places", "shield", "multi_essence", "gain", "cult_loss", "miracle")
#: trigger of a passive Ability / passive card / Hero -> the ops it may hold
TRIGGER_OPS = {
    "setup": ("take_myth",),
    "battle": ("power", "per_token", "per_type", "per_attack"),
    "always": ("multi_essence", "hand_size", "shield", "essence"),
    "win": ("gain", "win_gain", "miracle"),
    "lose": ("save", "gain", "miracle"),
    "hand_start": ("draw", "gain", "miracle"),
    "attack": INSTANT,
    "join": INSTANT,
}
#: passive triggers that may act several times in a Hand: a passive Ability there has ``uses``
#: (TM § Divine Abilities: "only once per Hand" unless the text says otherwise)
REPEATABLE = ("attack",)
#: Phase windows (TM § Mythology Cards and Their Abilities: "at the start and end of a Phase")
WINDOWS = ("betting_start", "betting_end", "battle_start", "battle_end", "closing_start", "closing_end",
           "prayer_start", "prayer_end", "starting_start", "starting_end", "myth_start", "myth_end")
#: condition name -> argument spec
CONDITIONS = {
    "not_final_round": "", "final_round": "", "in_battle": "", "alone": "", "first_player": "",
    "no_prophet_in_cult": "", "attacks_at_least": "n", "attack_sphere": "s",
    "attack_spheres_at_least": "n", "no_attacks": "", "effects_at_least": "n",
    "stake_tokens_at_least": "n", "stripped_at_least": "n", "cult_at_most": "z",
}
#: cost name -> argument spec
COSTS = {"discard": "n", "discard_any": "", "sacrifice": "tn", "miracle": "n"}
EVENTS = ("win_battle", "win_hand", "end_of_battle", "lose_battle")
WHEN = ("betting", "battle", "turn")
USES = ("immediate", "window", "passive", "hero")
TARGETS = ("self", "opponent", "all_opponents")


@dataclass(frozen=True)
class Ability(HasOps):
    text: str
    kind: str                  # "passive" | "active"
    trigger: str               # passive: a TRIGGERS key; active: ""
    when: str                  # active: "betting" | "battle" | "turn"; passive: ""
    uses: int                  # per Hand, 0 = no limit (active; passive at a REPEATABLE trigger)
    cost: tuple[tuple, ...]
    condition: tuple[tuple, ...]
    target: str
    ops: tuple[tuple, ...]
    spheres: tuple[int, ...] = ()  # passive at "attack": the Essences of the Attacks that call it (() = any)


@dataclass(frozen=True)
class Request:
    text: str
    event: str
    condition: tuple[tuple, ...]


@dataclass(frozen=True)
class Deity:
    index: int
    key: str
    name: str
    pantheon: int
    ability: Ability
    request: Request
    source: str


@dataclass(frozen=True)
class Myth(HasOps):
    index: int
    key: str
    name: str
    pantheon: int
    cost: int
    use: str                   # USES
    window: str                # use "window": a WINDOWS name, else ""
    trigger: str               # use "passive" / "hero": a TRIGGERS key, else ""
    discard: bool              # use "window": out of the game after one use
    condition: tuple[tuple, ...]
    target: str
    ops: tuple[tuple, ...]
    hero_power: int
    text: str
    source: str


@dataclass(frozen=True)
class Pantheon:
    index: int
    key: str
    name: str
    deities: tuple[int, ...]
    myths: tuple[int, ...]
    hero: int
    source: str


def _parse(rec: RecordChecker, field: str, text, table: dict, what: str) -> tuple:
    if not isinstance(text, str):
        rec.fail(field, f"expected a string, got {text!r}")
    parts = text.split()
    if not parts or parts[0] not in table:
        rec.fail(field, f"unknown {what} {text!r}; known: {', '.join(table)}")
    name, args, spec = parts[0], parts[1:], table[parts[0]]
    if len(args) != len(spec):
        rec.fail(field, f"{name!r} takes {len(spec)} argument(s) ({spec or 'none'}), got {text!r}")
    out: list = [name]
    for a, kind in zip(args, spec):
        if kind == "t" and a in TOKENS:
            out.append(TOKENS.index(a))
        elif kind == "s" and a in SPHERES:
            out.append(SPHERES.index(a))
        elif kind == "o" and a in ORBS:
            out.append(ORBS.index(a))
        elif kind == "a" and a == "all":
            out.append(-1)
        elif kind in "na" and a.isdigit() and int(a) > 0:
            out.append(int(a))
        elif kind == "z" and a.isdigit():
            out.append(int(a))
        elif kind == "k" and a.replace("_", "").isalnum():
            out.append(a)
        else:
            expect = {"t": "a token type", "s": "an Essence", "o": "an orb colour (order / chaos)",
                      "a": "a positive integer or 'all'",
                      "n": "a positive integer", "z": "an integer >= 0", "k": "a Mythology card key"}[kind]
            rec.fail(field, f"bad argument {a!r} in {text!r} ({expect})")
    return tuple(out)


def _parse_list(rec: RecordChecker, field: str, table: dict, what: str) -> tuple[tuple, ...]:
    v = rec.get(field, list, lambda v: all(isinstance(t, str) for t in v), "a list of strings", default=[])
    return tuple(_parse(rec, field, t, table, what) for t in v)


def _target(rec: RecordChecker, ops) -> str:
    target = rec.get("target", str, lambda s: s in TARGETS, " / ".join(TARGETS), default="self")
    aimed = [o[0] for o in ops if o[0] in TARGETED]
    if aimed and target == "self":
        rec.fail("target", f"{', '.join(aimed)} act(s) on another player: target 'opponent' or 'all_opponents'")
    if not aimed and target != "self":
        rec.fail("target", f"{target!r} but no op acts on another player ({', '.join(TARGETED)})")
    return target


def _ops_for(rec: RecordChecker, ops, allowed, where: str) -> None:
    for o in ops:
        if o[0] not in allowed:
            rec.fail("ops", f"{o[0]!r} cannot act {where}; allowed: {', '.join(allowed)}")


def _sub(path, rec: RecordChecker, field: str) -> RecordChecker:
    sub = rec.get(field, dict)
    return RecordChecker(path, f"{rec.label}.{field}", 0, sub)


def _ability(path, rec: RecordChecker) -> Ability:
    a = _sub(path, rec, "ability")
    text = a.get("text", str, lambda s: bool(s.strip()), "the Ability's text")
    kind = a.get("kind", str, lambda s: s in ("passive", "active"), "passive / active")
    ops = _parse_list(a, "ops", OPS, "op")
    if not ops:
        a.fail("ops", "an Ability needs at least one op")
    condition = _parse_list(a, "condition", CONDITIONS, "condition")
    target = _target(a, ops)
    if kind == "passive":
        trigger = a.get("trigger", str, lambda s: s in TRIGGER_OPS, " / ".join(TRIGGER_OPS))
        if trigger == "join":
            a.fail("trigger", "'join' is for Heroes")
        _ops_for(a, ops, TRIGGER_OPS[trigger], f"at trigger {trigger!r}")
        if target == "opponent":
            a.fail("target", "a passive Ability names nobody (TM § Divine Abilities: the player does not have to "
                             "do or say anything): 'self' or 'all_opponents'")
        for f in ("when", "cost"):
            if f in a.record:
                a.fail(f, "only an active Ability has it")
        uses = 0
        if trigger in REPEATABLE:
            uses = a.get_int("uses", 0, 20, default=1)
        elif "uses" in a.record:
            a.fail("uses", f"trigger {trigger!r} acts at most once per Hand by itself; 'uses' is for an active "
                           f"Ability or a passive one at {' / '.join(REPEATABLE)}")
        spheres: tuple[int, ...] = ()
        if "spheres" in a.record:
            if trigger != "attack":
                a.fail("spheres", "only a passive Ability at trigger 'attack' has it (the Essences of the Attacks "
                                  "that call it)")
            v = a.get("spheres", list, lambda v: bool(v) and all(s in SPHERES for s in v) and len(set(v)) == len(v),
                      f"a non-empty list of different Essences ({' / '.join(SPHERES)})")
            spheres = tuple(sorted(SPHERES.index(s) for s in v))
        return Ability(text, kind, trigger, "", uses, (), condition, target, ops, spheres)
    when = a.get("when", str, lambda s: s in WHEN, " / ".join(WHEN))
    uses = a.get_int("uses", 0, 20, default=1)
    cost = _parse_list(a, "cost", COSTS, "cost")
    if sum(1 for c in cost if c[0] in ("discard", "discard_any")) > 1:
        a.fail("cost", "at most one discard cost (the player picks the cards of one)")
    _ops_for(a, ops, INSTANT, "from an active Ability")
    if "trigger" in a.record:
        a.fail("trigger", "only a passive Ability has it")
    return Ability(text, kind, "", when, uses, cost, condition, target, ops)


def _request(path, rec: RecordChecker) -> Request:
    r = _sub(path, rec, "request")
    text = r.get("text", str, lambda s: bool(s.strip()), "the Request's text")
    event = r.get("event", str, lambda s: s in EVENTS, " / ".join(EVENTS))
    return Request(text, event, _parse_list(r, "condition", CONDITIONS, "condition"))


def load(path: str | Path = DATA_DIR / "pantheons.toml"):
    """(pantheons, deities, myths) from ``path``."""
    data = load_toml(path)
    pans = []
    for rec in records(path, data, "pantheon"):
        pans.append((rec.get("key", str), rec.get("name", str), rec.provenance()))
    pkeys = [p[0] for p in pans]
    deities = []
    for i, rec in enumerate(records(path, data, "deity")):
        key = rec.get("key", str)
        name = rec.get("name", str)
        pan = pkeys.index(rec.get("pantheon", str, lambda s: s in pkeys, " / ".join(pkeys)))
        ab = _ability(path, rec)
        rq = _request(path, rec)
        deities.append(Deity(i, key, name, pan, ab, rq, rec.provenance()))
    myths = []
    for i, rec in enumerate(records(path, data, "mythology")):
        key = rec.get("key", str)
        name = rec.get("name", str)
        pan = pkeys.index(rec.get("pantheon", str, lambda s: s in pkeys, " / ".join(pkeys)))
        cost = rec.get_int("cost", 0, 10)
        use = rec.get("use", str, lambda s: s in USES, " / ".join(USES))
        text = rec.get("text", str, lambda s: bool(s.strip()), "the card's text")
        ops = _parse_list(rec, "ops", OPS, "op")
        condition = _parse_list(rec, "condition", CONDITIONS, "condition")
        target = _target(rec, ops)
        window = trigger = ""
        discard = False
        hero_power = 0
        if use == "window":
            window = rec.get("window", str, lambda s: s in WINDOWS, " / ".join(WINDOWS))
            discard = rec.get("discard", bool, default=False)
            _ops_for(rec, ops, INSTANT, "from a window card")
        elif use == "immediate":
            _ops_for(rec, ops, INSTANT, "from an immediate card")
        else:
            allowed = ("join", "battle", "win", "lose") if use == "hero" else (
                "battle", "always", "win", "lose", "hand_start")
            trigger = rec.get("trigger", str, lambda s, ok=allowed: s in ok, " / ".join(allowed))
            _ops_for(rec, ops, TRIGGER_OPS[trigger], f"at trigger {trigger!r}")
            if use == "hero":
                hero_power = rec.get_int("hero_power", 0, 30)
        if use != "hero" and "hero_power" in rec.record:
            rec.fail("hero_power", "only a Hero has it")
        if use not in ("passive", "hero") and not ops:
            rec.fail("ops", f"a {use} card needs at least one op")
        myths.append(Myth(i, key, name, pan, cost, use, window, trigger, discard, condition, target, ops,
                          hero_power, text, rec.provenance()))
    out = []
    for j, (key, name, src) in enumerate(pans):
        ds = tuple(d.index for d in deities if d.pantheon == j)
        ms = tuple(m.index for m in myths if m.pantheon == j)
        heroes = [m for m in ms if myths[m].use == "hero"]
        if len(ds) != 3 or len(ms) != 5 or len(heroes) != 1:
            raise DataError(f"{Path(path).name}: Pantheon {key!r} has {len(ds)} Deities, {len(ms)} Mythology "
                            f"cards and {len(heroes)} Hero(es); TM § Pantheons: 3 gods, 5 Mythology cards, "
                            "one of them a Hero")
        out.append(Pantheon(j, key, name, ds, ms, heroes[0], src))
    mkeys = {m.key: m for m in myths}
    for d in deities:
        for o in d.ability.ops:
            if o[0] == "take_myth" and (o[1] not in mkeys or mkeys[o[1]].pantheon != d.pantheon):
                raise DataError(f"{Path(path).name}: Deity {d.key!r} takes {o[1]!r}, no Mythology card of its "
                                "Pantheon")
    _check_named(path, {d.key: d for d in deities}, mkeys)
    return tuple(out), tuple(deities), tuple(myths)


def _check_named(path, deities: dict, myths: dict) -> None:
    """What the rulebook says of the gods and cards it names (TM § Divine Abilities, The Myth Phase,
    Final Selection of the God, The Battle Phase)."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise DataError(f"{Path(path).name}: {what}")

    for key, desc in (("poseidon", "Deity"), ("ares", "Deity"), ("thor", "Deity"), ("mjollnir", "Mythology card"),
                      ("pandoras_box", "Mythology card"), ("danu", "Deity"), ("morrigan", "Deity"),
                      ("marduk", "Deity"), ("lia_fail", "Mythology card"), ("gae_bolga", "Mythology card"),
                      ("tower_of_babel", "Mythology card")):
        need(key in deities or key in myths, f"{desc} {key!r} is named by the rulebook and must exist")
    po = deities["poseidon"].ability
    need(po.kind == "passive" and po.trigger == "battle",
         "Poseidon's Ability is passive and works for every Battle he takes part in (TM § Divine Abilities)")
    ar = deities["ares"].ability
    need(ar.kind == "active" and ar.uses == 1 and ("discard_any",) in ar.cost,
         "Ares' Ability is used once per Hand, discarding several cards (TM § Divine Abilities)")
    need(("take_myth", "mjollnir") in deities["thor"].ability.ops,
         "Thor's Ability takes Mjollnir at setup (TM § Final Selection of the God, Thor's Tip)")
    need(myths["mjollnir"].op("multi_essence") is not None,
         "Mjollnir lets Attacks of other Essences be played (TM § Allowed Battle Actions)")
    need(myths["pandoras_box"].use == "immediate",
         "Pandora's Box has an immediate effect and is then discarded (TM § The Myth Phase)")
    da = deities["danu"].ability
    need(da.kind == "passive" and da.trigger == "always",
         "Danu's Ability is passive and takes effect throughout a Hand (TM § Divine Abilities)")
    mo = deities["morrigan"].ability
    need(mo.kind == "passive" and mo.trigger in REPEATABLE and mo.uses != 1,
         "Morrigan's Ability is Passive and her power may be used several times per Hand (TM § Divine Abilities)")
    ma = deities["marduk"].ability
    need(ma.kind == "active" and ("sacrifice", 1, 1) in ma.cost and ("not_final_round",) in ma.condition,
         "Marduk sacrifices a Priest for a bonus, not during the final Betting Round (TM § Divine Abilities)")
    need(myths["tower_of_babel"].cost == 1, "the Tower of Babel costs one Miracle (TM § The Myth Phase)")
    need(myths["gae_bolga"].use == "window" and myths["gae_bolga"].window == "battle_start",
         "Gae Bolga is played at the start of a Battle, before any Attack (TM § Mythology Cards and Their Abilities)")
    lf = myths["lia_fail"]
    need(lf.trigger == "win" and ("no_prophet_in_cult",) in lf.condition and lf.op("gain") == ("gain", 2, 1),
         "Lia Fail gives a Prophet to a winner with none in his Cult, besides the normal one (TM § Rules "
         "Clarifications)")


PANTHEONS, DEITIES, MYTHS = load()
MYTH_INDEX = {m.key: m.index for m in MYTHS}
DEITY_INDEX = {d.key: d.index for d in DEITIES}
NP, ND, NM = len(PANTHEONS), len(DEITIES), len(MYTHS)

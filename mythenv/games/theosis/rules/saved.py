"""The shapes of the state's saved records, for its declared fields (``state.StateBase.fields``):
the task queue ``q``, the pending decision ``dec``, the combat record ``cb`` and the monsters' strike
``mcb`` (:mod:`mythenv.core.schema` specs, built per game config). Relations between fields (every
Power and item in one place, Health and positions, whose decision it is) are ``check_invariants``.

The task queue ``q`` and the pending decision ``dec`` are lists ``[kind, args...]`` run by the
state class's rules of that name (``handlers["task"]`` / ``handlers["decision"]``, the methods marked
``@task(kind)`` / ``@decision(kind)``: ``mythenv.core.engine``); their kinds and argument counts are
read from those methods' signatures, so a saved task or decision names a real one with as many
arguments as it takes (each an int, a short str or a list of ints, as ``to_dict`` writes them)."""

from __future__ import annotations

import inspect

from mythenv.core.schema import (
    Bool,
    Int,
    IntList,
    List,
    Nullable,
    Record,
    Seq,
    Spec,
    Str,
    Tagged,
    Union,
)

from ..cards import DTYPES, HIERAPOLIS, POWERS
from .actions import MAXM, NC, NH, NI, SK
from .hierapolis import PREP_TURNS
from .rituals import NR

SMALL = Int(-1000, 1000)  # ids (heroes, hexes, Powers, items), amounts, values
ARG = Union(SMALL, Str(max_len=40), IntList(-1000, 1000, max_len=64))
KEY = Str(("", *SK))  # a Skill key, "" for none
POWER_KEY = Str(("", *(c.key for c in POWERS)))  # a Power's key, "" for none
PAIR = Nullable(IntList(-1000, 1000, length=2))  # replaced Attack / Defense values


# The types of the leading arguments of each task / decision (i: an int, s: a str, l: a list of ints),
# as the rules queue them; a kind not listed (one the rules run at once, never saved) has ``ARG``s.
# The task ``ask`` carries a whole decision record (``["ask", kind, seat, args...]``, ``@task("ask")``),
# so its rest is checked as a pending decision (``dec``) is.
TASK_ARGS = {
    "c_defs": "i", "c_defskill": "i", "c_duel": "i", "draft_round": "i", "gold_turn": "i",
    "h_move": "isi", "h_row": "i", "hero_end": "i", "hero_turn": "i", "hurt": "iiiiilsi", "mana_one": "i", "offer_start": "s",
    "offer_turn": "si", "place_one": "i", "profane": "iii", "sk_aim": "is", "sk_effect": "is",
    "spell_done": "ii",
    "r_affect": "iisi", "r_surge": "ii", "r_turn_fire": "i",  # --- Rituals
    # --- Monsters
    "m_hduel": "i", "m_act": "iii", "m_face": "iii", "m_strike": "iiii", "m_defskill": "i", "m_duel": "i",
    "m_outcome": "i", "m_spike": "iii", "m_hurt": "iiii", "m_enslaved": "i", "m_rank_pick": "i",
    # --- Hierapolis
    "hp_turn": "i", "hp_place": "ii", "hp_gold": "ii", "hp_effect": "isi", "hp_face": "isi", "hp_join": "i",
    "hp_bid_ask": "iii", "hp_gems": "iii",
    "cp_enemy": "i",  # --- Co-op preparation
}
DECISION_ARGS = {
    "atk_target": "ii", "blackout": "ii", "bless_card": "ii", "bless_target": "iii", "blind": "ii",
    "commit": "iii", "crimson_amount": "iii", "crimson_target": "ii", "defskill": "iii", "discard": "iii",
    "draft": "i", "dtype": "i", "equip_hero": "ii", "equip_slot": "iii", "gold": "i", "holy_target": "ii",
    "hurt_def": "iiiiiilsi", "lay_target": "ii", "mana": "ii", "mana_gain": "ii", "move": "iiss", "offer": "is",
    "pick": "i", "place": "ii", "profane_slot": "iii", "pull": "iii", "purloin_item": "iii", "raise": "iis",
    "replace": "ii", "res_dead": "ii", "res_mana": "ii", "res_mode": "ii", "res_place": "iii", "row": "ii",
    "shock_give": "iii", "sk_dir": "iis", "sk_target": "iis", "skill_use": "ii", "spell_area": "iii",
    "spell_card": "ii", "steal_from": "ii", "steal_slot": "iii", "tactics": "iis", "teleport": "ii",
    "uncurse": "ii", "ungrave": "ii", "vile_target": "ii", "yn": "isii",
    "r_place": "iis", "r_surge": "ii", "r_remove": "iis", "r_unused": "iii",  # --- Rituals
    "m_commit": "iii", "m_defskill": "iii", "m_tactics": "iii", "m_raise": "iii", "m_rank": "ii",  # --- Monsters
    # --- Hierapolis
    "hp_spot": "ii", "hp_power": "ii", "hp_hurt": "ii", "hp_steal": "ii", "hp_keep": "iii", "hp_eslot": "iii",
    "hp_market": "ii", "hp_gem": "iiii", "hp_gslot": "iiiii", "hp_mtarget": "i", "hp_mslot": "ii", "hp_heal": "i",
    "hp_ritual": "i", "hp_rturn": "i", "hp_join": "i", "hp_bid": "iiii",
}
_TYPE = {"i": SMALL, "s": Str(max_len=40), "l": IntList(-1000, 1000, max_len=64)}
# An int argument's range, by the name the rules give it (the parameter of the ``@task`` / ``@decision``
# method): the seat ``p``; a hero (``h``, a target ``t``, an attacker ``a``, a defender ``d``); the
# index of a combat target ``i`` (-1: none yet); a hurt's source ``src`` (-1: no hero, a Ritual); a
# Power ``c``, a monster slot ``m``, a Ritual ``ri`` / ``removed``, an item ``it``, a Damage type
# ``dt``, a small index ``k``; any other int (a count, a flag, an amount) is non-negative. So a
# negative or out-of-range code is refused by name instead of indexing a list from its end.
ARG_RANGES = {"h": Int(0, NH - 1), "t": Int(0, NH - 1), "a": Int(0, NH - 1), "d": Int(0, NH - 1),
              "i": Int(-1, NH + MAXM - 1), "src": Int(-1, NH + MAXM - 1), "c": Int(0, NC - 1),
              "m": Int(0, MAXM - 1), "ri": Int(0, NR - 1), "removed": Int(0, NR - 1), "it": Int(0, NI - 1),
              "dt": Int(0, len(DTYPES) - 1), "k": Int(0, NH)}
# a Hierapolis turn, not a hero; one of the three enemy heroes of the co-op preparation
ARG_RANGE_OF = {("hp_turn", "t"): Int(1, PREP_TURNS), ("cp_enemy", "k"): Int(0, 2)}
COUNT = Int(0, 1000)
# A str argument's values, by its name (or by the task / decision and its name), as the rules write
# them: an offer's ``kind``, a duel side's ``role``, a move's ``mode``, a Skill ``key`` ("" none), a
# Ritual effect's ``what`` and a Ritual's placement ``src``, a Hierapolis ``effect`` and Thieves' Guild
# face; a yes / no question (``yn``) is one the state has a ``@handles("yes_no", what)`` rule for. Any
# other (a ``why`` for the log) is free text. An unknown one crashed in play (a Skill looked up, a
# question's handler) or set the phase to none.
STR_ARGS = {"kind": Str(("artifact", "item")), "role": Str(("a", "d")),
            "mode": Str(("move", "tentacles", "charge", "leap")), "key": Str(("", *SK)),
            ("r_affect", "what"): Str(("consecrate", "fire", "flesh")), ("r_place", "src"): Str(("cast", "terrashaper")),
            ("r_remove", "key"): Str(("equilibrium", "terrashaper")),
            ("hp_effect", "effect"): Str({x["effect"] for x in (*HIERAPOLIS["quests"].values(),
                                                                *HIERAPOLIS["locations"].values())}),
            ("hp_face", "key"): Str(f["key"] for f in HIERAPOLIS["faces"])}


def _kinds(cls, what: str, skip: int, seat: Int, first=None) -> Tagged:
    """The tasks / decisions (``what``: ``"task"`` / ``"decision"``) of the state class ``cls``, in the
    order of their names, with their argument counts (from the signatures of its rules of that kind,
    ``cls.handled(what)``; ``skip`` leading parameters are not saved) and types (an int's range by
    its parameter's name, ``ARG_RANGES``)."""
    types = TASK_ARGS if what == "task" else DECISION_ARGS
    rules = cls.handled(what)
    kinds = {}
    for kind in sorted(rules):
        ps = list(inspect.signature(rules[kind]).parameters.values())[skip:]
        pos = [p for p in ps if p.kind == p.POSITIONAL_OR_KEYWORD]
        lo = sum(1 for p in pos if p.default is p.empty)
        hi = len(pos) + (16 if any(p.kind == p.VAR_POSITIONAL for p in ps) else 0)
        head = []
        for j, t in enumerate(types.get(kind, "")):
            arg = pos[j].name if j < len(pos) else ""
            if t == "s" and (kind, arg) == ("yn", "what"):
                head.append(Str(cls.handled("yes_no")))
            elif t == "s":
                head.append(STR_ARGS.get((kind, arg)) or STR_ARGS.get(arg) or _TYPE[t])
            elif t != "i":
                head.append(_TYPE[t])
            elif arg == "p":
                head.append(seat)
            else:
                head.append(ARG_RANGE_OF.get((kind, arg)) or ARG_RANGES.get(arg, COUNT))
        if first is not None:
            head[:1] = [first]
        kinds[kind] = Seq(tuple(head), ARG, lo, hi)
    return Tagged(kinds, what)


def records(game) -> dict[str, Spec]:
    """The specs of the saved records of ``game``'s config (built once per game): the task queue
    ``q``, the pending decision ``dec``, the combat record ``cb`` and the monsters' strike ``mcb``."""
    got = game.__dict__.get("_theosis_records")
    if got is not None:
        return got
    n = game.config["num_players"]
    seat = Int(0, n - 1)
    hero = Int(0, NH - 1)
    power = Int(-1, NC - 1)
    counter = Int(-1000, 1000)
    duel = Record({
        "i": Int(0, NH - 1), "a": hero, "d": hero, "ac": power, "dc": power, "askill": KEY, "dskill": KEY,
        "atext": Bool(), "dtext": Bool(), "abase": PAIR, "dbase": PAIR,
        **{k: counter for k in ("a_eq", "d_eq", "hit", "dealt", "back", "nodmg", "swap", "counter")},
        "at": counter, "df": counter,  # the duel's Attack and Defense totals, once revealed
        "zombie": Int(0, 1), "stay": counter, "keep_text": power,
        "d4a": Int(1, 4), "d4d": Int(1, 4),  # a d4 rolled for the attacker's / defender's value
    }, optional=("at", "df", "zombie", "stay", "keep_text", "d4a", "d4d"))
    # --- Monsters: a hero's duel against a monster (``mdu``), a monster's strike (``mcb``)
    mduel = Record({"i": Int(0, NH + MAXM), "m": Int(0, MAXM - 1), "ac": Int(0, NC - 1), "key": POWER_KEY,
                    "vals": IntList(0, 5, length=2), "roll": Int(1, 4), "bt": Int(0, 1), "d4a": Int(0, 4),
                    "at": counter, "df": counter}, optional=("at", "df"))
    mstrike = Record({
        "m": Int(0, MAXM - 1), "tb": Int(0, 1), "f": Int(0, 5), "j": Int(0, 1),
        "targets": IntList(0, NH - 1, max_len=NH, unique=True), "dcards": IntList(-1, NC - 1, max_len=NH),
        "dskills": List(KEY, max_len=NH), "dvals": List(IntList(-1, 5, length=2), max_len=NH),
        "rolls": IntList(0, 4, max_len=NH), "hits": IntList(0, 1, max_len=NH), "prev": IntList(-1, NH - 1, length=2),
        "first": Int(-1, NH - 1)}, optional=("hits",))
    combat = Record({
        "att": hero, "src": Str(("power", "skill", "spell")), "skill": KEY, "spell": power,
        "targets": IntList(0, NH + MAXM - 1, min_len=1, max_len=NH + MAXM, unique=True), "melee": Bool(), "acard": power,
        "dcards": IntList(-1, NC - 1, max_len=NH + MAXM), "dskills": List(KEY, max_len=NH + MAXM), "aover": PAIR,
        "stealthed": Int(0, 1), "dbl": Int(0, 1), "second": Int(0, 1), "du": Nullable(duel),
        "mdu": Nullable(mduel), "allmon": Int(0, 1), "enslave": Int(0, 1),
    }, optional=("mdu", "allmon", "enslave"))
    cls = game.state_class
    decision = _kinds(cls, "decision", 3, seat, seat)
    tasks = _kinds(cls, "task", 1, seat)
    tasks.kinds["ask"] = decision  # ``["ask", <a decision record>]``
    out = {"q": List(tasks, max_len=512), "dec": Nullable(decision), "cb": Nullable(combat),
           "mcb": Nullable(mstrike)}
    game.__dict__["_theosis_records"] = out
    return out


__all__ = ["ARG_RANGES", "DECISION_ARGS", "STR_ARGS", "TASK_ARGS", "records"]

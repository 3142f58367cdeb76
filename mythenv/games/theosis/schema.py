"""The saved-state schema of Theosis (``TheosisState.to_dict``), checked by ``Game.state_from_dict``
before a state is built (see ``mythenv.core.schema``). Relations between fields (every Power and
item in one place, Health and positions, whose decision it is) are ``TheosisState.check_invariants``.

The task queue ``q`` and the pending decision ``dec`` are lists ``[kind, args...]`` run as the
state's ``_T_<kind>`` / ``_D_<kind>`` methods; their kinds and argument counts are read from those
methods' signatures, so a saved task or decision names a real one with as many arguments as it
takes (each an int, a short str or a list of ints, as ``to_dict`` writes them)."""

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
    Str,
    Tagged,
    Union,
    saved_state,
)

from .cards import DTYPES, RITUALS, STATUSES, TOKENS
from .rules import MAXHP, MAXM, NC, NH, NHEX, NI, TURNS, TheosisState, team_of_seat
from .rules.hierapolis import NSPOT
from .rules.rituals import NR

PHASES = ("select", "draft", "item", "artifact", "place", "gold", "mana", "arena", "over",
          "prep")  # --- Hierapolis
SMALL = Int(-1000, 1000)  # ids (heroes, hexes, Powers, items), amounts, values
ARG = Union(SMALL, Str(max_len=40), IntList(-1000, 1000, max_len=64))
KEY = Str(max_len=40)  # a Skill key, "" for none
PAIR = Nullable(IntList(-1000, 1000, length=2))  # replaced Attack / Defense values


# The types of the leading arguments of each task / decision (i: an int, s: a str, l: a list of ints),
# as the rules queue them; a kind not listed (one the rules run at once, never saved) has ``ARG``s.
# The task ``ask`` carries a whole decision record (``["ask", kind, seat, args...]``, ``_T_ask``), so
# its rest is checked as a pending decision (``dec``) is.
TASK_ARGS = {
    "c_defs": "i", "c_defskill": "i", "c_duel": "i", "draft_round": "i", "gold_turn": "i",
    "h_row": "i", "hero_end": "i", "hero_turn": "i", "hurt": "iiiiilsi", "mana_one": "i", "offer_start": "s",
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
GOLD = 10 ** 4  # --- Hierapolis: gold in a purse or on a hero (the preparation's gains, the Alignment bonus)
HP_FIELDS = ("pturn", "pfirst", "bart", "brev", "bpart", "pdraw", "mseat", "pquota", "track", "msupply", "arow",
             "aseen", "bjoin", "bid", "rdeck", "mdraw", "spots")
_TYPE = {"i": SMALL, "s": Str(max_len=40), "l": IntList(-1000, 1000, max_len=64)}
# An int argument's range, by the name the rules give it (the parameter of the ``_T_`` / ``_D_``
# method): the seat ``p``; a hero (``h``, a target ``t``, an attacker ``a``, a defender ``d``); the
# index of a combat target ``i`` (-1: none yet); a hurt's source ``src`` (-1: no hero, a Ritual); a
# Power ``c``, a monster slot ``m``, a Ritual ``ri`` / ``removed``, an item ``it``, a Damage type
# ``dt``, a small index ``k``; any other int (a count, a flag, an amount) is non-negative. So a
# negative or out-of-range code is refused by name instead of indexing a list from its end.
ARG_RANGES = {"h": Int(0, NH - 1), "t": Int(0, NH - 1), "a": Int(0, NH - 1), "d": Int(0, NH - 1),
              "i": Int(-1, NH + MAXM - 1), "src": Int(-1, NH + MAXM - 1), "c": Int(0, NC - 1),
              "m": Int(0, MAXM - 1), "ri": Int(0, NR - 1), "removed": Int(0, NR - 1), "it": Int(0, NI - 1),
              "dt": Int(0, len(DTYPES) - 1), "k": Int(0, NH)}
ARG_RANGE_OF = {("hp_turn", "t"): Int(0, 9)}  # a Hierapolis turn, not a hero
COUNT = Int(0, 1000)


def _kinds(prefix: str, skip: int, seat: Int, first=None) -> Tagged:
    """The tasks / decisions of ``TheosisState`` with their argument counts (from the signatures of
    its ``_T_`` / ``_D_`` methods; ``skip`` leading parameters are not saved) and types (an int's
    range by its parameter's name, ``ARG_RANGES``)."""
    types = TASK_ARGS if prefix == "_T_" else DECISION_ARGS
    kinds = {}
    for name in dir(TheosisState):
        if not name.startswith(prefix):
            continue
        ps = list(inspect.signature(getattr(TheosisState, name)).parameters.values())[skip:]
        pos = [p for p in ps if p.kind == p.POSITIONAL_OR_KEYWORD]
        lo = sum(1 for p in pos if p.default is p.empty)
        hi = len(pos) + (16 if any(p.kind == p.VAR_POSITIONAL for p in ps) else 0)
        kind = name[len(prefix):]
        head = []
        for j, t in enumerate(types.get(kind, "")):
            arg = pos[j].name if j < len(pos) else ""
            if t != "i":
                head.append(_TYPE[t])
            elif arg == "p":
                head.append(seat)
            else:
                head.append(ARG_RANGE_OF.get((kind, arg)) or ARG_RANGES.get(arg, COUNT))
        if first is not None:
            head[:1] = [first]
        kinds[kind] = Seq(tuple(head), ARG, lo, hi)
    return Tagged(kinds, "task" if prefix == "_T_" else "decision")


def build(game) -> object:
    cfg = game.config
    n = cfg["num_players"]
    nteams = max(team_of_seat(cfg["mode"], n, p) for p in range(n)) + 1
    if cfg["mode"] == "semi_coop_heavy":  # --- Monsters: every seat its own team once the monsters fall
        nteams = n
    seat = Int(0, n - 1)
    hero = Int(0, NH - 1)
    power = Int(-1, NC - 1)
    per_hero = dict(length=NH)
    per_seat = dict(length=n)
    flags = IntList(0, 1, **per_hero)
    powers = IntList(0, NC - 1, max_len=NC)
    items = IntList(0, NI - 1, max_len=NI)
    counter = Int(-1000, 1000)
    rituals = IntList(0, max(len(RITUALS) - 1, 0), max_len=len(RITUALS))  # --- Hierapolis
    duel = Record({
        "i": Int(0, NH - 1), "a": hero, "d": hero, "ac": power, "dc": power, "askill": KEY, "dskill": KEY,
        "atext": Bool(), "dtext": Bool(), "abase": PAIR, "dbase": PAIR,
        **{k: counter for k in ("a_eq", "d_eq", "hit", "dealt", "back", "nodmg", "swap", "counter")},
        "at": counter, "df": counter,  # the duel's Attack and Defense totals, once revealed
        "zombie": Int(0, 1), "stay": counter, "keep_text": power,
        "d4a": Int(1, 4), "d4d": Int(1, 4),  # a d4 rolled for the attacker's / defender's value
    }, optional=("at", "df", "zombie", "stay", "keep_text", "d4a", "d4d"))
    # --- Monsters: a hero's duel against a monster (``mdu``), a monster's strike (``mcb``)
    mduel = Record({"i": Int(0, NH + MAXM), "m": Int(0, MAXM - 1), "ac": Int(0, NC - 1), "key": KEY,
                    "vals": IntList(0, 5, length=2), "roll": Int(1, 4), "bt": Int(0, 1), "d4a": Int(0, 4),
                    "at": counter, "df": counter}, optional=("at", "df"))
    mstrike = Record({
        "m": Int(0, MAXM - 1), "tb": Int(0, 1), "f": Int(0, 5), "j": Int(0, 1),
        "targets": IntList(0, NH - 1, max_len=NH), "dcards": IntList(-1, NC - 1, max_len=NH),
        "dskills": List(KEY, max_len=NH), "dvals": List(IntList(-1, 5, length=2), max_len=NH),
        "rolls": IntList(0, 4, max_len=NH), "hits": IntList(0, 1, max_len=NH), "prev": IntList(-1, NH - 1, length=2),
        "first": Int(-1, NH - 1)}, optional=("hits",))
    combat = Record({
        "att": hero, "src": Str(("power", "skill", "spell")), "skill": KEY, "spell": power,
        "targets": IntList(0, NH + MAXM - 1, min_len=1, max_len=NH + MAXM), "melee": Bool(), "acard": power,
        "dcards": IntList(-1, NC - 1, max_len=NH + MAXM), "dskills": List(KEY, max_len=NH + MAXM), "aover": PAIR,
        "stealthed": Int(0, 1), "dbl": Int(0, 1), "second": Int(0, 1), "du": Nullable(duel),
        "mdu": Nullable(mduel), "allmon": Int(0, 1), "enslave": Int(0, 1),
    }, optional=("mdu", "allmon", "enslave"))
    ntok = len(TOKENS)
    tokens = IntList(0, ntok - 1, max_len=ntok)
    decision = _kinds("_D_", 3, seat, seat)
    tasks = _kinds("_T_", 1, seat)
    tasks.kinds["ask"] = decision  # ``["ask", <a decision record>]``
    return saved_state({
        "phase": Str(PHASES),
        "turn": Int(0, TURNS),
        "initiative": seat,
        "bondage": Int(-1, NH - 1),
        "winner": Int(-2, nteams - 1),
        # --- Monsters
        "mphase": Int(0, 1), "mlost": Int(0, 1), "mact": Int(0, TURNS), "nteams": Int(1, n),
        "mkind": IntList(-1, 6, length=MAXM), "mpos": IntList(-1, NHEX - 1, length=MAXM),
        "mdown": IntList(0, 2, length=MAXM), "tpool": tokens,
        "para": flags, "swal": IntList(0, MAXM, **per_hero), "ensl": flags, "anchor": IntList(0, MAXM, **per_hero),
        "team": IntList(0, n - 1, **per_seat),
        "mstack": List(tokens, length=MAXM), "mstat": List(IntList(0, 1, length=len(STATUSES)), length=MAXM),
        "mlast": List(IntList(-1, 5, length=2), length=MAXM), "mgone": List(tokens, length=MAXM),
        "kept": List(tokens, **per_seat), "mcb": Nullable(mstrike),
        "reason": Str(max_len=500),
        "steps": Int(0, 10 ** 7),
        "owner": IntList(-1, n - 1, **per_hero),
        "arch": IntList(0, 1, **per_hero),
        "pickno": IntList(-1, NH - 1, **per_hero),
        "hp": IntList(0, MAXHP, **per_hero),
        "pos": IntList(-1, NHEX - 1, **per_hero),
        "gold": IntList(0, GOLD, **per_hero),
        "flip_w": flags, "flip_a": flags, "stealth": flags, "dbl": flags, "martyr": flags,
        "blackout": flags, "acted": flags,
        "ranking": IntList(0, NH - 1, max_len=NH),
        "cowner": IntList(-1, n - 1, length=NC),
        "vis": IntList(0, (1 << n) - 1, length=NC),
        "token": IntList(-1, NH + MAXM - 1, length=NC),  # --- Monsters: NH + m, a Curse on a monster
        "pool": powers,
        "offer": items,
        "pouch": items,
        "gone": items,
        "ward": IntList(0, 1, min_len=1, max_len=nteams),  # --- Monsters: heavy semi co-op grows it
        "order": IntList(0, n - 1, max_len=NH),
        "purse": IntList(0, GOLD, **per_seat),
        "log": List(Str(max_len=500), max_len=100),
        "mana": List(IntList(0, 1, length=3), **per_hero),
        "eq": List(IntList(-1, NI - 1, length=3), **per_hero),
        "hand": List(powers, **per_seat),
        "disc": List(powers, **per_seat),
        "inplay": List(powers, **per_seat),
        "ret": List(powers, **per_seat),
        "q": List(tasks, max_len=512),
        "dec": Nullable(decision),
        "cb": Nullable(combat),
        # --- Rituals (rules/rituals.py; the relations are TheosisState._check_rituals)
        "prepared": List(List(IntList(0, max(NR - 1, TURNS), length=2), max_len=NR), **per_seat),
        "rdue": List(IntList(0, max(n, NR) - 1, length=2), max_len=NR),
        "rshown": IntList(0, NR - 1, max_len=NR),
        "rtok": List(IntList(0, NHEX * 6 - 1, length=3), max_len=NR),
        "rhex": IntList(-1, 2 * NR - 1, length=NHEX),
        "rimm": IntList(0, (1 << NR) - 1, **per_hero),
        "gaia": IntList(0, TURNS + 1, **per_hero),
        # --- Hierapolis (rules/hierapolis.py)
        "pturn": Int(0, 9), "pfirst": seat, "bart": Int(-1, NI - 1), "brev": Int(0, 1), "bpart": Int(-1, GOLD),
        "pdraw": Int(-1, NI - 1), "mseat": Int(-1, n - 1),
        "pquota": IntList(0, NH, **per_seat), "track": IntList(-9, 9, max_len=6), "msupply": IntList(0, 99, **per_seat),
        "arow": items, "aseen": items, "bjoin": IntList(0, 1, **per_seat), "bid": IntList(-1, GOLD, **per_seat),
        "rdeck": rituals, "mdraw": rituals,
        "spots": List(IntList(0, n - 1, max_len=NH), length=NSPOT),
        # --- Co-op preparation (rules/coop_prep.py): the enemy heroes, their gold and spots
        "ehero": IntList(0, NH - 1, max_len=3), "egold": IntList(0, GOLD, max_len=3),
        "espot": IntList(-1, NSPOT - 1, max_len=3),
    }, optional=("ret", "ehero", "egold", "espot") + HP_FIELDS)

"""Corrupted saved states (issue 27, item 7, the Theosis share): a loaded state is either refused with
a StateError naming the field, or plays on like a real one. The classes found: loaded states that
crashed in play with "the task queue ran dry" (the queue emptied or cut short), negative task and
decision codes (a hero -2 indexed the hero lists from their end), and JSON ``true`` / ``false``
where an int belongs (bool is an int subclass in Python).

Each class is tried on every place it can occur, in saved positions of several configs: every int of
the queued tasks and the pending decision set negative; every int of the state set to a bool; the
queue emptied and cut short."""

from __future__ import annotations

import json
import random

import pytest

from mythenv.core.errors import StateError
from mythenv.core.schema import IntList

from .configs import game

CFGS = [{}, {"num_players": 4, "mode": "teams_2x2", "variant": "blitz", "expansion": True},
        {"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"},
        {"num_players": 3, "mode": "semi_coop_light", "encounter": "p3_2", "monsters": "voax", "prep": "fast"},
        {"num_players": 2, "mode": "coop", "encounter": "p2_2", "monsters": "mikitas"},
        {"num_players": 6, "mode": "teams_2x3"}]
IDS = ["-".join(f"{k}={v}" for k, v in c.items()) or "default" for c in CFGS]


def saves(g, seed: int = 0, n: int = 5) -> list[str]:
    """``n`` saved positions (JSON) of a seeded random game, spread over it, all of a running game."""
    s = g.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not s.is_terminal():
        out.append(json.dumps(s.to_dict()))
        s.apply_action(rnd.choice(s.legal_actions()))
    step = max(1, len(out) // n)
    return out[step // 2::step][:n]


def int_paths(x, at=()):
    """Every place of an int (not a bool) in a saved state."""
    items = x.items() if isinstance(x, dict) else enumerate(x)
    for k, v in items:
        if type(v) is int:
            yield at + (k,)
        elif isinstance(v, (dict, list)):
            yield from int_paths(v, at + (k,))


def put(d, path, v):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = v


def text(path) -> str:
    return path[0] + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path[1:])


def refused_or_plays_on(g, d: dict, path=None, must_refuse: bool = False) -> bool:
    """Load ``d``: a StateError names the field (``path``, when given) and the game... or the state
    loads, passes its invariants and plays 100 random steps without an error. True if refused."""
    try:
        s = g.state_from_dict(d)
    except StateError as e:
        if path is not None and "saved state field" in str(e):
            assert str(e).split("saved state field ")[1].startswith(path[0]), (text(path), str(e))
        return True
    assert not must_refuse, f"{text(path) if path else d.get('q')}: loaded"
    rnd = random.Random(1)
    for _ in range(100):
        if s.is_terminal():
            break
        la = s.legal_actions()
        assert la, "a running game with no legal action"
        s.apply_action(rnd.choice(la))
    s.check_invariants()
    return False


@pytest.mark.parametrize("cfg", CFGS, ids=IDS)
def test_negative_task_and_decision_codes(cfg):
    """Every int argument of every queued task and of the pending decision set to -1, -2 and -9:
    refused naming ``q`` / ``dec``, or (where -1 means "none", as a combat target not chosen yet or
    a Ritual's hurt with no hero as its source) the game plays on."""
    g = game(cfg)
    tried = refused = 0
    for t in saves(g):
        base = json.loads(t)
        paths = [p for p in int_paths({"q": base["q"], "dec": base["dec"]})]
        for p in paths:
            for v in (-1, -2, -9):
                d = json.loads(t)
                put(d, p, v)
                refused += refused_or_plays_on(g, d, p, must_refuse=v < -1)
                tried += 1
    assert tried > 20 and refused > tried // 2


#: bools inside lists of ints are the core's to refuse (``mythenv.core.schema.IntList``, issue 27 item
#: 7, hardened beside this); until it does, a state holding one must at least play on as the int
def _core_refuses_bools_in_int_lists() -> bool:
    try:
        IntList(0, 1, length=1).check([True])
    except Exception:  # noqa: BLE001 - the core's private error type
        return True
    return False


@pytest.mark.parametrize("cfg", CFGS, ids=IDS)
def test_bools_where_an_int_belongs(cfg):
    """Every int of a saved state (fields, lists, tasks, the decision, the combat records) set to
    ``true`` / ``false``: refused naming the field (a JSON bool is not an int)."""
    g = game(cfg)
    strict = _core_refuses_bools_in_int_lists()
    tried = 0
    for t in saves(g, n=3):
        base = json.loads(t)
        paths = [p for p in int_paths(base) if p[0] not in ("game", "config", "version", "rng")]
        for p in random.Random(len(paths)).sample(paths, min(150, len(paths))):
            for v in (True, False):
                d = json.loads(t)
                put(d, p, v)
                in_list = isinstance(p[-1], int)
                refused_or_plays_on(g, d, p, must_refuse=strict or not in_list)
                tried += 1
    assert tried > 100


@pytest.mark.parametrize("cfg", CFGS, ids=IDS)
def test_the_queue_emptied_or_cut_short(cfg):
    """A running game's queue emptied, or its last task dropped: refused naming ``q`` (the queue
    would run dry), unless the pending decision itself queues what follows (a hero pick, an
    offer) and the queue was empty anyway."""
    g = game(cfg)
    for t in saves(g, n=8):
        d = json.loads(t)
        if d["q"]:
            d["q"] = d["q"][:-1]
            assert refused_or_plays_on(g, d, ("q",), must_refuse=True)
            d["q"] = []
            assert refused_or_plays_on(g, d, ("q",), must_refuse=d["dec"][0] not in ("pick", "offer"))

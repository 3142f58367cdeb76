"""Issue 27, item 4 ("Theosis clone aliasing"): in solo (``encounter="solo_3"``, ``prep="fast"``) a
``clone()`` shared the monster strike record's pairs (``mcb["dvals"]``) with the original, so a search
playing on a clone could change the real game. Every field of a clone is its own, in every config:
no list, dict, set or bytearray (at any depth) is the same object in a state and its clone, and
playing a clone on leaves the original's ``to_dict()`` as it was."""

from __future__ import annotations

import random

import pytest

from .configs import CONFIGS, game, random_game

CONTAINERS = (list, dict, set, bytearray)
#: core-owned and never changed in place: the bit-generator snapshot a clone builds its generator
#: from on first use (``State._clone_rng_into``); the game (the immutable config) is not a container
NOT_OWNED = frozenset(("_rng_state", "game"))


def slots(state) -> list[str]:
    return sorted({k for c in type(state).__mro__ for k in getattr(c, "__slots__", ())} - NOT_OWNED)


def containers(x, out: dict, where: str) -> None:
    """Every container reachable from ``x`` (through lists, tuples, dicts, sets), by id."""
    if isinstance(x, CONTAINERS):
        out.setdefault(id(x), where)
    if isinstance(x, dict):
        for k, v in x.items():
            containers(v, out, f"{where}[{k!r}]")
    elif isinstance(x, (list, tuple, set)):
        for i, v in enumerate(x):
            containers(v, out, f"{where}[{i}]")


def shared(a, b) -> list[str]:
    """The places of ``a`` holding a container that ``b`` holds too."""
    ia: dict = {}
    ib: dict = {}
    for k in slots(a):
        containers(getattr(a, k, None), ia, k)
        containers(getattr(b, k, None), ib, k)
    return sorted(ia[i] for i in ia.keys() & ib.keys())


def test_the_issue_case_monster_strike_pairs():
    """The issue's config: a clone taken during a monster strike (``mcb`` set) owns its ``dvals``."""
    g = game({"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"})
    met = []

    def check(s, step):
        if s.mcb is not None and s.mcb["dvals"]:
            c = s.clone()
            assert c.mcb["dvals"] == s.mcb["dvals"]
            assert all(x is not y for x, y in zip(c.mcb["dvals"], s.mcb["dvals"]))
            before = s.to_dict()
            c.mcb["dvals"][0][1] = 5
            assert s.to_dict() == before
            met.append(step)

    for seed in range(4):
        random_game(g, seed, check)
    assert met, "no monster strike with defence values was met"


@pytest.mark.parametrize("cfg", CONFIGS)
def test_clone_shares_no_container_and_playing_it_leaves_the_original(cfg):
    """Over seeded random games: every few steps a clone shares no container with its state (nor a
    clone of that clone with it); at a few random steps the clone is played on by another random
    player and the original's ``to_dict()`` is unchanged."""
    g = game(cfg)
    stats = {"clones": 0, "played": 0}

    def check(s, step):
        if step % 8 == 0 or s.is_terminal():
            if step % 16 == 0:
                s.legal_actions()  # the cached list too
            c = s.clone()
            bad = shared(s, c) + shared(c, c.clone())
            assert not bad, f"step {step}: a clone shares {bad[:5]}"
            stats["clones"] += 1
        if rnd.random() < 0.01 or s.is_terminal():
            before = s.to_dict()
            c = s.clone()
            other = random.Random(step)
            for _ in range(300):
                if c.is_terminal():
                    break
                c.apply_action(other.choice(c.legal_actions()))
            assert s.to_dict() == before, f"step {step}: playing a clone changed the original"
            stats["played"] += 1

    for seed in range(2):
        rnd = random.Random(100 + seed)
        random_game(g, seed, check)
    assert stats["clones"] >= 10 and stats["played"] >= 2, stats

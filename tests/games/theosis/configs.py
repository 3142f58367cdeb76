"""Every Theosis config the state-integrity tests sweep (issue 27, items 4-7): the game class's
``test_configs`` plus the modes, encounters, preparations and options they leave out (3 and 5
players, blitz with the expansion, the normal 2x2 teams, the 2x3 and 3x2 teams, solo with two and four
heroes, nearest targeting, heavy semi co-op with the Hierapolis preparation, light semi co-op with
three heroes each, a boss, the twelve-hero balance rule)."""

from __future__ import annotations

import random

import pytest

import mythenv

BASE = [dict(c) for c in mythenv.game_class("theosis_v0").test_configs]
VARIANTS = [
    {"num_players": 3}, {"num_players": 5}, {"num_players": 2, "variant": "blitz", "expansion": True},
    {"num_players": 4, "mode": "teams_2x2"}, {"num_players": 6, "mode": "teams_2x3"},
    {"num_players": 6, "mode": "teams_3x2", "prep": "fast"},
    {"num_players": 1, "mode": "solo", "encounter": "solo_4", "prep": "fast", "targeting": "nearest"},
    {"num_players": 1, "mode": "solo", "encounter": "solo_2", "expansion": True},
    {"num_players": 2, "mode": "semi_coop_heavy", "encounter": "p2_2"},
    {"num_players": 3, "mode": "semi_coop_heavy", "encounter": "p3_2", "prep": "fast"},
    {"num_players": 2, "mode": "semi_coop_light", "encounter": "p2_3"},
    {"num_players": 4, "mode": "coop", "encounter": "p4_3_boss", "prep": "fast"},
    {"num_players": 6, "mode": "coop", "encounter": "p6_2"},
]
ALL = BASE + [c for c in VARIANTS if c not in BASE]


def _label(cfg: dict) -> str:
    return "-".join(f"{k}={v}" for k, v in cfg.items()) or "default"


#: ``pytest.mark.parametrize("cfg", CONFIGS)``
CONFIGS = [pytest.param(c, id=_label(c)) for c in ALL]


def game(cfg: dict):
    return mythenv.make_game("theosis_v0", **cfg)


def random_game(g, seed: int, on_step=None, max_steps: int = 6000):
    """Play a seeded random game of ``g`` to its end; ``on_step(state, step)`` before every action
    and once at the terminal state. Returns the final state."""
    s = g.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    for step in range(max_steps):
        if on_step is not None:
            on_step(s, step)
        if s.is_terminal():
            return s
        s.apply_action(rnd.choice(s.legal_actions()))
    raise AssertionError(f"seed {seed}: no end within {max_steps} steps")

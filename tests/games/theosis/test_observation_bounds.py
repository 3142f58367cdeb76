"""Issue 27, item 6 ("Theosis teams observation outside its space"): with ``num_players=4,
mode="teams_2x2"`` the piece ``rit_seats`` held 1.333 (four Rituals prepared by one seat, scaled by
1/3), above the ``Box(0, 1)`` every piece is declared in (mythenv/core/observe.py). It is scaled by the
nine turn markers now (each prepared Ritual lies under one of its own). In every config every
observation of every seat, by the Python and the compiled encoder, lies in the env's
``observation_space`` and every piece within [0, 1]."""

from __future__ import annotations

import numpy as np
import pytest

import mythenv
from tests.conformance.helpers import checked_observation

from .configs import CONFIGS, random_game


@pytest.mark.parametrize("cfg", CONFIGS)
def test_every_observation_lies_in_the_observation_space(cfg):
    env = mythenv.make_env("theosis_v0", **cfg)
    g = env.game
    space = env.observation_space(env.possible_agents[0])["observation"]
    pieces = g.observer.pieces.values()
    seen = [0]

    def check(s, step):
        if step % 3 and not s.is_terminal():
            return
        for p in range(g.num_players):
            obs = checked_observation(g, s, p)  # the Python encoder, checked equal to the compiled one
            if not space.contains(obs):
                bad = [(x.name, float(obs[x.start:x.stop].min()), float(obs[x.start:x.stop].max()))
                       for x in pieces if obs[x.start:x.stop].min() < 0 or obs[x.start:x.stop].max() > 1]
                raise AssertionError(f"step {step}, seat {p}: outside the space: {bad}")
            seen[0] += 1

    for seed in range(2):
        random_game(g, seed, check)
    assert seen[0] >= 40


def test_rit_seats_of_a_seat_holding_four_rituals():
    """The issue's case: one seat of a 2x2 game with four prepared Rituals (four Mage Tower studies in
    six Hierapolis turns) reads 4/9 in ``rit_seats``, inside [0, 1]; six (one study every turn, the
    most the designed one slot a turn allows) read 6/9."""
    g = mythenv.make_game("theosis_v0", num_players=4, mode="teams_2x2")
    s = g.new_initial_state(seed=0)
    for k in (4, 6):
        x = s.clone()
        x.prepared[1] = [[ri, t] for ri, t in zip(range(k), range(1, k + 1))]
        for p in range(4):
            seats = g.observer.piece(checked_observation(g, x, p), "rit_seats")
            assert seats[(1 - p) % 4] == np.float32(k / 9)

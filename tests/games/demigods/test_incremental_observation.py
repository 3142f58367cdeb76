"""Incremental observations (``encode_update``) equal a full encode in long random games, for every
seat, observed every step or at irregular moments, including over resampled states."""

import numpy as np
import pytest

import mythenv
from tests.conformance.helpers import play_incremental, play_resampled_incremental, random_walk


@pytest.mark.parametrize("every", [True, False])
@pytest.mark.parametrize("cfg", [{"num_players": 2}, {"num_players": 3, "speech": "explicit"}, {"num_players": 5}])
def test_incremental_matches_full_encode(every, cfg):
    game = mythenv.make_game("demigods_v0", **cfg)
    assert play_incremental(game, range(8), np.random.default_rng(11), every) > 8 * game.num_players


def test_incremental_on_resampled_states():
    game = mythenv.make_game("demigods_v0", num_players=3)
    rng = np.random.default_rng(5)
    state = game.new_initial_state(seed=3)
    random_walk(state, rng, 60)
    assert play_resampled_incremental(game, state, rng) > 3  # a check after every move, every seat

"""Incremental observations (``encode_update``) equal a full encode in long random games, for both
seats, observed every step or at irregular moments, including over resampled states."""

import numpy as np
import pytest

import mythenv
from tests.conformance.helpers import play_incremental, play_resampled_incremental, random_walk


@pytest.mark.parametrize("every", [True, False])
def test_incremental_matches_full_encode(every):
    game = mythenv.make_game("hera_zeus_v0", first_player="random")
    assert play_incremental(game, range(60), np.random.default_rng(11), every) > 60 * 2


def test_incremental_on_resampled_states():
    game = mythenv.make_game("hera_zeus_v0")
    rng = np.random.default_rng(5)
    state = game.new_initial_state(seed=3)
    random_walk(state, rng, 40)
    assert play_resampled_incremental(game, state, rng) > 2  # a check after every move, every seat

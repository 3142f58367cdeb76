"""Incremental observations (``encode_update``) equal a full encode in random games, for every seat,
observed every step or at irregular moments, in a strided buffer too (re-encoded each time)."""

import numpy as np
import pytest

import mythenv
from tests.conformance.helpers import play_incremental


@pytest.mark.parametrize("every", [True, False])
@pytest.mark.parametrize("n", [2, 4])
def test_incremental_matches_full_encode(every, n):
    game = mythenv.make_game("mythologies_v0", num_players=n)
    checked = play_incremental(game, range(8), np.random.default_rng(11), every)
    assert checked > 8 * n  # more than the final check of every seat of every game


def test_strided_buffer_is_reencoded():
    game = mythenv.make_game("mythologies_v0")
    assert play_incremental(game, range(2), np.random.default_rng(3), every=False, strided=True) > 2 * 2

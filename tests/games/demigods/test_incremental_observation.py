"""Incremental observations (``encode_update``) equal a full encode in long random games, for both
seats, observed every step or at irregular moments, including over cloned and resampled states."""

import numpy as np
import pytest

import mythenv
from tests.conformance.helpers import check_incremental


def _check(game, state, rng, bufs, memos, every: bool) -> None:
    check_incremental(game, state, rng, bufs, memos, every)


@pytest.mark.parametrize("every", [True, False])
@pytest.mark.parametrize("cfg", [{"num_players": 2}, {"num_players": 3, "speech": "explicit"}, {"num_players": 5}])
def test_incremental_matches_full_encode(every, cfg):
    game = mythenv.make_game("demigods_v0", **cfg)
    rng = np.random.default_rng(11)
    for g in range(8):
        state = game.new_initial_state(seed=g)
        bufs = [np.zeros(game.observation_size, np.float32) for _ in range(game.num_players)]
        memos = [{} for _ in range(game.num_players)]
        while not state.is_terminal():
            _check(game, state, rng, bufs, memos, every)
            la = state.legal_actions()
            state.apply_action(la[int(rng.integers(len(la)))])
        _check(game, state, rng, bufs, memos, True)


def test_incremental_on_resampled_states():
    game = mythenv.make_game("demigods_v0", num_players=3)
    rng = np.random.default_rng(5)
    state = game.new_initial_state(seed=3)
    for _ in range(60):
        la = state.legal_actions()
        state.apply_action(la[int(rng.integers(len(la)))])
    for p in range(3):
        s = state.resample_hidden(p, rng)
        buf, memo = np.zeros(game.observation_size, np.float32), {}
        while not s.is_terminal():
            game.encode_update(s, p, buf, memo)
            assert np.array_equal(buf, game.observation(s, p))
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])

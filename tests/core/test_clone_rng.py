"""A clone's generator (``State._clone_rng_into``): built on first use, in the original's state."""

import pickle

import numpy as np
import pytest

import mythenv


def _mid_game(game_id: str, steps: int = 25):
    """A running position of ``game_id`` after some random actions, its generator in use."""
    game = mythenv.make_game(game_id)
    s = game.new_initial_state(seed=7)
    pick = np.random.default_rng(3)
    for _ in range(steps):
        la = s.legal_actions()
        s.apply_action(la[int(pick.integers(len(la)))])
        if s.is_terminal():  # pragma: no cover - the step counts are short of a whole game
            pytest.fail(f"{game_id}: the game ended within {steps} random actions")
    return s


@pytest.fixture(params=sorted(mythenv.list_games()))
def state(request):
    return _mid_game(request.param)


def test_clone_draws_what_the_original_would(state):
    c = state.clone()
    assert c._rng_state is not None  # nothing built yet
    mine = c.rng.random(8)
    assert c._rng_state is None
    assert c.rng is not state.rng
    assert np.array_equal(state.rng.random(8), mine)  # the clone's draws did not move the original
    assert np.array_equal(c.rng.random(8), state.rng.random(8))


def test_clone_of_an_unused_clone(state):
    c = state.clone()
    cc = c.clone()
    ccc = cc.clone()
    assert cc._rng_state is c._rng_state and ccc._rng_state is c._rng_state
    expected = state.rng.integers(1 << 30, size=6)
    assert np.array_equal(ccc.rng.integers(1 << 30, size=6), expected)
    assert np.array_equal(c.rng.integers(1 << 30, size=6), expected)
    assert np.array_equal(cc.rng.integers(1 << 30, size=6), expected)
    cc4 = c.clone()  # the clone of a clone that has drawn since: from its live generator
    assert np.array_equal(cc4.rng.random(3), c.rng.random(3))


def test_unused_clone_saves_and_plays_like_the_original(state):
    c = state.clone()
    assert c.to_dict() == state.to_dict()
    game = state.game
    d = state.clone().to_dict()
    assert game.state_from_dict(d).to_dict() == d
    # the same actions from both: same positions (chance included)
    other = state.clone()
    pick = np.random.default_rng(11)
    for _ in range(40):
        if state.is_terminal():
            break
        la = state.legal_actions()
        assert other.legal_actions() == la
        a = la[int(pick.integers(len(la)))]
        state.apply_action(a)
        other.apply_action(a)
    assert other.to_dict() == state.to_dict()


def test_resampled_and_reseeded_clones_pass_their_live_generator_on(state):
    p = state.current_player()
    before = state.to_dict()
    r = state.resample_hidden(p, np.random.default_rng(5))
    assert state.to_dict() == before
    c = r.clone()
    assert np.array_equal(c.rng.random(4), r.rng.random(4))
    # a clone given a new generator before using the inherited one passes the new one on
    fresh = state.clone()
    fresh.rng = np.random.default_rng(99)
    assert np.array_equal(fresh.clone().rng.random(4), np.random.default_rng(99).random(4))


def test_pickled_unused_clone(state):
    c = state.clone()
    back = pickle.loads(pickle.dumps(c))
    assert back.to_dict() == state.to_dict()
    assert np.array_equal(back.rng.random(4), state.rng.random(4))
    built = state.clone()
    built.rng.random()
    again = pickle.loads(pickle.dumps(built))
    assert np.array_equal(again.rng.random(4), built.rng.random(4))


def test_missing_attribute_is_a_plain_attribute_error(state):
    c = state.clone()
    with pytest.raises(AttributeError, match="no_such_field") as e:
        c.no_such_field  # noqa: B018
    assert e.value.name == "no_such_field"
    assert not hasattr(state, "no_such_field") and getattr(c, "no_such_field", 5) == 5
    assert c._rng_state is not None  # looking up other names leaves the generator unbuilt
    empty = type(state).blank(state.game)  # no generator and nothing to build one from
    with pytest.raises(AttributeError, match="'rng'"):
        empty.rng  # noqa: B018

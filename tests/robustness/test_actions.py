"""Bad actions (issue 19, "Actions"): every one gives the project's own error, or is handled as the
env's illegal-action mode says, and leaves the state unchanged; nothing is read as an action id
unless it is an integer (Python or numpy)."""

from __future__ import annotations

import math
import warnings

import gymnasium
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythenv
from mythenv.core.actions import as_action
from mythenv.core.errors import IllegalActionError, IllegalActionWarning, StateError
from tests.conformance.cases import CASES

NOT_ACTIONS = [True, False, np.True_, np.False_, 2.0, 48.7, float("inf"), float("-inf"), float("nan"),
               "0", "48", None, b"1", [0], (0,), np.array([0]), np.array([[0]]), np.float64(0.0),
               np.array(0.0), 1j, object()]

# anything a careless agent may hand over: the non-integers above and integers of every size and sign
bad_actions = st.one_of(
    st.sampled_from(NOT_ACTIONS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.booleans(),
    st.integers(max_value=-1),
    st.integers(min_value=10**4),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-(2**63), max_value=2**63 - 1).map(np.int64),
    st.lists(st.integers(0, 5), max_size=3).map(np.array),
)


def _fresh_env(gid, cfg, mode):
    env = mythenv.make_env(gid, illegal_action=mode, **cfg)
    env.reset(seed=3)
    return env


def _is_legal(state, a) -> bool:
    a = as_action(a)
    return a is not None and a in state.legal_actions()


@pytest.mark.parametrize("gid,cfg", CASES)
def test_before_reset_and_after_the_end(gid, cfg):
    env = mythenv.make_env(gid, **cfg)
    for call, what in ((lambda: env.step(0), "step"), (lambda: env.last(), "last"),
                       (lambda: env.observe(env.possible_agents[0]), "observe"), (env.state, "state")):
        with pytest.raises(StateError, match=f"reset\\(\\) .*before {what}"):
            call()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    with pytest.raises(StateError, match="every agent is done"):
        env.step(None)
    with pytest.raises(StateError, match="every agent is done"):
        env.last()


@pytest.mark.parametrize("gid,cfg", CASES)
def test_dead_agent_takes_only_none(gid, cfg):
    env = _fresh_env(gid, cfg, "terminate")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllegalActionWarning)
        env.step(-1)  # ends the game
    agent = env.agent_selection
    with pytest.raises(IllegalActionError, match="only valid action is None"):
        env.step(0)
    assert env.agent_selection == agent and agent in env.agents
    env.step(None)
    assert agent not in env.agents


@pytest.mark.parametrize("gid,cfg", CASES)
def test_negative_index_is_never_read_as_a_name(gid, cfg):
    state = mythenv.make_game(gid, **cfg).new_initial_state(seed=0)
    for a in (-1, -2, -state.game.num_actions, np.int64(-1)):
        with pytest.raises(IllegalActionError) as e:
            state.apply_action(a)
        assert str(e.value).startswith(f"illegal action {a!r};"), str(e.value)
    env = _fresh_env(gid, cfg, "terminate")
    with pytest.warns(IllegalActionWarning) as w:
        env.step(-1)
    assert str(w[0].message).startswith("illegal action -1 by "), str(w[0].message)


@pytest.mark.parametrize("gid,cfg", CASES)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=bad_actions)
def test_raw_state_refuses_non_actions(gid, cfg, action):
    state = mythenv.make_game(gid, **cfg).new_initial_state(seed=1)
    before = state.to_dict()
    if _is_legal(state, action):
        return
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_dict() == before


@pytest.mark.parametrize("gid,cfg", CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=bad_actions)
def test_aec_env_modes(gid, cfg, action):
    env = _fresh_env(gid, cfg, "raise")
    if _is_legal(env.game_state, action):
        return
    before = env.game_state.to_dict()
    with pytest.raises(IllegalActionError):
        env.step(action)
    assert env.game_state.to_dict() == before and not any(env.terminations.values())
    for mode in ("terminate", "penalize"):
        env = _fresh_env(gid, cfg, mode)
        agent = env.agent_selection
        with pytest.warns(IllegalActionWarning):
            env.step(action)
        assert all(env.terminations.values())
        assert env._cumulative_rewards[agent] == -1.0
        assert env.infos[agent]["illegal_action_by"] == agent


def test_numpy_integers_are_actions():
    for gid, cfg in ((c.values[0], c.values[1]) for c in CASES):
        env = _fresh_env(gid, cfg, "raise")
        a = env.game_state.legal_actions()[0]
        for wrapped in (np.int64(a), np.int32(a), np.uint16(a), np.array(a)):
            state = env.game_state.clone()
            state.apply_action(wrapped)
            ref = env.game_state.clone()
            ref.apply_action(a)
            assert state.to_dict() == ref.to_dict()
        env.step(np.int64(a))


GYM_BAD = [48.7, "48", True, None, float("nan"), np.array([48]), float("inf"), -1, 10**9]


@pytest.mark.parametrize("gym_id", sorted(g for g in gymnasium.registry if g.startswith("mythenv/")))
@pytest.mark.parametrize("action", GYM_BAD, ids=repr)
def test_gymnasium_wrapper(gym_id, action):
    env = gymnasium.make(gym_id, illegal_action="raise")
    with pytest.raises(StateError, match="reset\\(\\) needs to be called before step"):
        env.unwrapped.step(0)  # (gymnasium.make's OrderEnforcing says it first otherwise)
    env.reset(seed=0)
    inner = env.unwrapped
    if _is_legal(inner.game_state, action):
        return
    before = inner.game_state.to_dict()
    with pytest.raises(IllegalActionError):
        env.step(action)
    assert inner.game_state.to_dict() == before
    for mode in ("terminate", "penalize"):
        env = gymnasium.make(gym_id, illegal_action=mode)
        env.reset(seed=0)
        with pytest.warns(IllegalActionWarning):
            _, reward, terminated, truncated, info = env.step(action)
        assert (reward, terminated, truncated) == (-1.0, True, False)
        shown = info["illegal_action"]
        assert shown is action or (isinstance(action, float) and math.isnan(action) and math.isnan(shown))

"""The checkers and wrappers researchers use, run unmodified over every game and config.

Each test calls exactly what the library ships (Gymnasium's ``check_env`` and passive checker,
Stable-Baselines3's ``check_env`` and ``make_vec_env`` with its Dummy and Subproc vector envs,
PettingZoo's ``api_test``, ``seed_test``, ``render_test``, ``state_test``, ``average_total_reward`` and
``turn_based_aec_to_parallel`` + ``parallel_api_test``, SuperSuit's ``sticky_actions``, Gymnasium's
vector envs as CleanRL uses them), and fails on any warning besides the documented ones: the
:class:`IllegalActionWarning` of an env that ends a game because a checker stepped an unmasked random
action, and the two ``api_test`` warnings that PettingZoo's classic envs with dict observations are
exempted from by name (README, "Using mythenv with ..."). RLlib's ``PettingZooEnv`` and its env
checker are in ``tests/training/test_rllib.py`` (the RLlib CI stage). Every check is bounded to a few
hundred steps.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import warnings

import gymnasium
import numpy as np
import pytest
import supersuit
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.test.state_test import state_test
from pettingzoo.utils import average_total_reward, turn_based_aec_to_parallel
from stable_baselines3.common.env_checker import check_env as sb3_check_env
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

import mythenv
from mythenv.core.errors import ConfigError, IllegalActionError, IllegalActionWarning

from .conformance.cases import WRAPPER_CASES as CASES

# What PettingZoo's api_test says of every env with {"observation", "action_mask"} dict observations
# except its own classic envs, which it lists by name (pettingzoo/test/api_test.py env_obs_dicts,
# env_obs_space); the dict is PettingZoo's own action-masking convention, so these two are expected.
API_TEST_DICT_OBS_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def gym_id_of(gid: str) -> str:
    return mythenv.game_class(gid).gym_id


@contextlib.contextmanager
def only_documented_warnings(*allowed: str):
    """Fail on any warning other than IllegalActionWarning and the messages in ``allowed``
    (library deprecation notices about their own internals are not the env's business)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught
    unexpected = [f"{w.category.__name__}: {w.message}" for w in caught
                  if not issubclass(w.category, (IllegalActionWarning, DeprecationWarning, PendingDeprecationWarning))
                  and str(w.message) not in allowed]
    assert not unexpected, unexpected


def quiet(fn, *args, **kwargs):
    """Call a checker that prints (render_test's human mode, api_test's banners) without the noise."""
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args, **kwargs)


# ----- Gymnasium -----

@pytest.mark.parametrize("gid,cfg", CASES)
def test_gymnasium_check_env_and_passive_checker(gid, cfg):
    with only_documented_warnings():
        quiet(gymnasium_check_env, gymnasium.make(gym_id_of(gid), **cfg).unwrapped)
        env = gymnasium.make(gym_id_of(gid), disable_env_checker=False, **cfg)  # the PassiveEnvChecker
        assert any(isinstance(w, gymnasium.wrappers.PassiveEnvChecker) for w in _wrapper_chain(env))
        rng = np.random.default_rng(0)
        obs, info = env.reset(seed=0)
        for step in range(300):
            if step % 3 == 0:  # an unmasked random action, as generic code steps
                action = env.action_space.sample()
            else:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(obs)
            assert info["action_mask"].any(), "an empty action mask"
            if terminated or truncated:
                obs, info = env.reset()


def _wrapper_chain(env):
    while True:
        yield env
        if not isinstance(env, gymnasium.Wrapper):
            return
        env = env.env


@pytest.mark.parametrize("gid,cfg", CASES)
def test_gymnasium_vector_envs_cleanrl_style(gid, cfg):
    """CleanRL's loop: a SyncVectorEnv of gymnasium.make thunks, actions sampled from
    ``info["action_mask"]`` at every step, the episode's last one included (next-step auto-reset
    ignores the action taken on it), so a mask is never empty. Every 40th step env 0 takes an
    illegal action, which ends its episode, so auto-resets happen within the bound."""
    n = 2
    with only_documented_warnings():
        envs = gymnasium.vector.SyncVectorEnv(
            [lambda: gymnasium.make(gym_id_of(gid), **cfg) for _ in range(n)])
        obs, infos = envs.reset(seed=1)
        rng = np.random.default_rng(1)
        ended = 0
        for step in range(1, 201):
            masks = infos["action_mask"]
            assert masks.shape == (n, envs.single_action_space.n) and masks.any(axis=1).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            if step % 40 == 0 and not masks[0].all():
                actions[0] = np.flatnonzero(masks[0] == 0)[0]
            obs, rewards, terms, truncs, infos = envs.step(actions)
            assert obs.shape == (n, *envs.single_observation_space.shape)
            ended += int(terms[0])
            if terms[0]:
                assert infos["action_mask"][0].all(), "the last step's mask is all ones"
        envs.close()
    assert ended >= 4


def test_gymnasium_async_vector_env_with_module_prefix():
    """``gymnasium.make_vec("mythenv:<id>", vectorization_mode="async")``: the ``module:`` prefix makes
    each worker process import mythenv (which registers the ids) before it builds its env."""
    envs = gymnasium.make_vec("mythenv:" + gym_id_of("hera_zeus_v0"), num_envs=2, vectorization_mode="async")
    obs, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(50):
        obs, r, term, trunc, infos = envs.step(np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]]))
        assert infos["action_mask"].any(axis=1).all()
    envs.close()


# ----- Stable-Baselines3 -----

@pytest.mark.parametrize("gid,cfg", CASES)
def test_sb3_check_env(gid, cfg):
    with only_documented_warnings():
        quiet(sb3_check_env, gymnasium.make(gym_id_of(gid), **cfg))


@pytest.fixture(scope="module")
def preloaded_forkserver():
    """SubprocVecEnv's workers start from multiprocessing's forkserver; preloading mythenv and SB3 in
    it (a standard multiprocessing setting; it applies if the forkserver is not running yet) makes
    each worker start in a fraction of a second instead of importing torch again."""
    with contextlib.suppress(ValueError):
        multiprocessing.set_forkserver_preload(["mythenv", "stable_baselines3"])


@pytest.mark.parametrize("vec_cls", [DummyVecEnv, SubprocVecEnv], ids=["dummy", "subproc"])
@pytest.mark.parametrize("gid,cfg", CASES)
def test_sb3_make_vec_env(gid, cfg, vec_cls, preloaded_forkserver):
    """make_vec_env tries render_mode="rgb_array" and retries without it on a TypeError:
    RenderModeError is one. The SB3 vector envs auto-reset; the masks reach MaskablePPO through
    ``env_method("action_masks")``."""
    n = 2
    with only_documented_warnings():
        venv = make_vec_env("mythenv:" + gym_id_of(gid), n_envs=n, seed=0, vec_env_cls=vec_cls, env_kwargs=cfg)
        try:
            obs = venv.reset()
            assert obs.shape == (n, mythenv.make_game(gid, **cfg).observation_size)
            rng = np.random.default_rng(0)
            ends = 0
            for step in range(60):
                if step % 4 == 0:  # unmasked: an illegal action ends that episode with -1
                    actions = np.array([venv.action_space.sample() for _ in range(n)])
                else:
                    masks = venv.env_method("action_masks")
                    actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
                obs, rewards, dones, infos = venv.step(actions)
                ends += int(dones.sum())
                for done, info in zip(dones, infos):
                    if done:
                        assert "terminal_observation" in info
            assert ends > 0
        finally:
            venv.close()


# ----- PettingZoo -----

@pytest.mark.parametrize("gid,cfg", CASES)
def test_pettingzoo_api_test_warns_only_what_it_warns_every_dict_obs_env(gid, cfg):
    with only_documented_warnings(*API_TEST_DICT_OBS_WARNINGS):
        quiet(api_test, mythenv.make_env(gid, **cfg), num_cycles=100)


@pytest.mark.parametrize("gid,cfg", CASES)
def test_pettingzoo_seed_render_state_and_average_reward(gid, cfg):
    def env_fn(render_mode=None):
        return mythenv.make_env(gid, render_mode=render_mode, **cfg)

    with only_documented_warnings():
        quiet(seed_test, env_fn, num_cycles=100)
        quiet(render_test, env_fn)
        # state_test steps unmasked random actions: the default ends the game with the offender at -1
        quiet(state_test, env_fn(), turn_based_aec_to_parallel(env_fn()), num_cycles=100)
        # average_total_reward calls last(observe=False), so it samples unmasked actions too
        avg = quiet(average_total_reward, env_fn(), max_episodes=5, max_steps=300)
        assert np.isfinite(avg)


@pytest.mark.parametrize("gid,cfg", CASES)
def test_pettingzoo_turn_based_parallel_api_test(gid, cfg):
    with only_documented_warnings(*API_TEST_DICT_OBS_WARNINGS):
        par = turn_based_aec_to_parallel(mythenv.make_env(gid, **cfg))
        quiet(parallel_api_test, par, num_cycles=100)
        assert par.state_space is par.unwrapped.state_space


@pytest.mark.parametrize("gid,cfg", CASES)
def test_supersuit_sticky_actions(gid, cfg):
    """Sticky actions repeat the previous action, which the new position may not allow: the game
    ends with the offender at -1 instead of an exception."""
    with only_documented_warnings(*API_TEST_DICT_OBS_WARNINGS):
        env = supersuit.sticky_actions_v0(mythenv.make_env(gid, **cfg), repeat_action_probability=0.5)
        quiet(api_test, env, num_cycles=100)
        env.reset(seed=0)
        rng = np.random.default_rng(0)
        for _agent in env.agent_iter(300):
            obs, reward, term, trunc, info = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# ----- the conventions these rely on -----

def test_aec_default_ends_the_game_on_an_illegal_action_like_pettingzoo_classic():
    """PettingZoo classic (TerminateIllegalWrapper, e.g. tictactoe_v3's docs): "Taking an illegal move
    ends the game with a reward of -1 for the illegally moving agent and a reward of 0 for all other
    agents." mythenv's default does the same, with a warning naming the action."""
    env = mythenv.make_env("theomachy_v0", num_players=3, deck="draft", max_hands=8)
    env.reset(seed=0)
    offender = env.agent_selection
    obs = env.observe(offender)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    described = env.game_state.action_to_string(illegal)
    with pytest.warns(IllegalActionWarning, match=f"illegal action {illegal} .*{offender}") as rec:
        env.step(illegal)
    assert described in str(rec[0].message)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    assert env.infos[offender]["illegal_action_by"] == offender
    finals = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        finals[agent] = reward
        env.step(None)
    assert finals == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}


def test_raise_mode_keeps_everything_unchanged_and_penalize_is_zero_sum_at_two_seats():
    env = mythenv.make_env("hera_zeus_v0", illegal_action="raise")
    env.reset(seed=0)
    before = env.game_state.to_dict()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # raise mode warns nothing
        with pytest.raises(IllegalActionError):
            env.step(illegal)
    assert env.game_state.to_dict() == before and not any(env.terminations.values())
    env = mythenv.make_env("hera_zeus_v0", illegal_action="penalize")
    env.reset(seed=0)
    offender = env.agent_selection
    with pytest.warns(IllegalActionWarning):
        env.step(illegal)
    assert sorted(env.rewards.values()) == [-1.0, 1.0] and env.rewards[offender] == -1.0


def test_single_agent_default_ends_the_episode_with_minus_one_and_a_full_mask():
    env = gymnasium.make(gym_id_of("mythologies_v0"), opponent="random")
    obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(IllegalActionWarning, match=f"illegal action {illegal} "):
        obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert info["action_mask"].all() and env.unwrapped.action_masks().all()
    obs, info = env.reset()
    legal = np.flatnonzero(info["action_mask"])
    assert 0 < len(legal) < len(info["action_mask"])
    strict = gymnasium.make(gym_id_of("mythologies_v0"), illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_single_agent_terminal_step_mask_is_all_ones_after_a_played_out_game():
    env = gymnasium.make(gym_id_of("hera_zeus_v0"), opponent="random")
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        assert 0 < info["action_mask"].sum() < info["action_mask"].size
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.unwrapped.game_state.is_terminal() and info["action_mask"].all()
    assert reward == env.unwrapped.game_state.returns()[env.unwrapped.seat]


@pytest.mark.parametrize("gid,cfg", CASES[::4])
def test_global_state_is_every_seats_observation_concatenated(gid, cfg):
    """PettingZoo's ``state()`` / ``state_space`` (for centralised critics): seat 0's observation,
    then seat 1's, ... of the current position."""
    env = mythenv.make_env(gid, **cfg)
    env.reset(seed=2)
    game = env.unwrapped.game
    n = game.observation_size
    assert env.state_space.shape == (game.num_players * n,)
    rng = np.random.default_rng(2)
    for _agent in env.agent_iter(120):
        s = env.state()
        assert env.state_space.contains(s)
        for p in range(game.num_players):
            assert np.array_equal(s[p * n:(p + 1) * n], game.observation(env.game_state, p))
        obs, reward, term, trunc, info = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_render_modes_and_metadata():
    """Gymnasium warns without ``metadata["render_fps"]``; SB3's make_vec_env retries on TypeError
    (a render mode mythenv does not offer is one)."""
    for env in (mythenv.make_env("demigods_v0"), gymnasium.make(gym_id_of("demigods_v0")).unwrapped):
        assert env.metadata["render_fps"] > 0
        assert {"ansi", "human", "rgb_array"} <= set(env.metadata["render_modes"])
    for make in (lambda: mythenv.make_env("demigods_v0", render_mode="rgb"),
                 lambda: gymnasium.make(gym_id_of("demigods_v0"), render_mode="rgb")):
        with pytest.raises(TypeError) as e:
            make()
        assert isinstance(e.value, ConfigError) and "'rgb_array'" in str(e.value)


def test_state_before_reset_is_a_state_error():
    with pytest.raises(mythenv.StateError):
        mythenv.make_env("hera_zeus_v0").state()

"""Conformance: every registered game and config passes the same checks (docs/design.md § Quality bar)."""

import copy
import json

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import mythenv
from mythenv.core.errors import ConfigError, IllegalActionError, StateError

from .cases import SUITE_CASES as CASES  # the test games too
from .cases import SUITE_DEFAULT_CASES as DEFAULT_CASES
from .helpers import mask_of, python_observation, random_walk


@pytest.mark.parametrize("gid,cfg", CASES)
def test_pettingzoo_api(gid, cfg):
    env = mythenv.make_env(gid, **cfg)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("gid,cfg", CASES)
def test_pettingzoo_seed(gid, cfg):
    seed_test(lambda: mythenv.make_env(gid, **cfg), num_cycles=200)
    a, b = mythenv.make_env(gid, **cfg), mythenv.make_env(gid, **cfg)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.unwrapped.game_state.to_dict() == b.unwrapped.game_state.to_dict()


@pytest.mark.parametrize("gid,cfg", CASES)
def test_seeded_determinism(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    for seed in range(5):
        a, b = game.new_initial_state(seed=seed), game.new_initial_state(seed=seed)
        assert a.to_dict() == b.to_dict()
        rng = np.random.default_rng(seed)
        while not a.is_terminal():
            la = a.legal_actions()
            assert la == b.legal_actions()
            act = la[int(rng.integers(len(la)))]
            a.apply_action(act)
            b.apply_action(act)
        assert a.to_dict() == b.to_dict() and a.returns() == b.returns()


@pytest.mark.parametrize("gid,cfg", CASES)
def test_clone_independent_and_serialize_round_trip(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    rng = np.random.default_rng(1)
    for seed in range(6):
        s = game.new_initial_state(seed=seed)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                before = s.to_dict()
                c = s.clone()
                assert c.to_dict() == before
                # play the clone to the end: the original must not change
                random_walk(c, np.random.default_rng(step), game.max_game_length)
                assert s.to_dict() == before
                # JSON round trip continues identically
                r = game.state_from_dict(json.loads(json.dumps(before)))
                assert r.to_dict() == before
                sub = np.random.default_rng(step)
                t1, t2 = s.clone(), r
                for _ in range(25):
                    if t1.is_terminal():
                        break
                    la = t1.legal_actions()
                    assert la == t2.legal_actions()
                    act = la[int(sub.integers(len(la)))]
                    t1.apply_action(act)
                    t2.apply_action(act)
                assert t1.to_dict() == t2.to_dict()
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_clone_faster_path_matches_deepcopy(gid, cfg):
    """clone() is a hand-written copy; it must agree with deepcopy on the whole state."""
    game = mythenv.make_game(gid)
    s = game.new_initial_state(seed=3)
    random_walk(s, np.random.default_rng(3), 30)
    assert s.clone().to_dict() == copy.deepcopy(s).to_dict()


@pytest.mark.parametrize("gid,cfg", CASES)
def test_mask_exact_and_illegal_actions_rejected(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    rng = np.random.default_rng(2)
    for seed in range(4):
        s = game.new_initial_state(seed=seed)
        step = 0
        while not s.is_terminal():
            la = s.legal_actions()
            m = mask_of(game, s)
            assert sorted(la) == np.flatnonzero(m).tolist(), "mask differs from legal_actions()"
            assert len(set(la)) == len(la), "duplicate legal actions"
            if step % 4 == 0:
                for a in la:  # every masked-in action applies
                    c = s.clone()
                    c.apply_action(a)
                illegal = np.flatnonzero(m == 0)
                before = s.to_dict()
                for a in rng.choice(illegal, size=min(5, len(illegal)), replace=False) if len(illegal) else []:
                    with pytest.raises(IllegalActionError):
                        s.apply_action(int(a))
                for bad in (-1, game.num_actions, "x", None, 1.5):
                    with pytest.raises((IllegalActionError, StateError)):
                        s.apply_action(bad)
                assert s.to_dict() == before, "a rejected action changed the state"
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1
        with pytest.raises(StateError):
            s.apply_action(0)


@pytest.mark.parametrize("gid,cfg", CASES)
def test_no_hidden_information_leak(gid, cfg):
    """observation(s, p) == observation(resample_hidden(s, p), p), for every seat; same legal
    actions for the seat to move; same render from the seat's view."""
    game = mythenv.make_game(gid, **cfg)
    rng = np.random.default_rng(4)
    for seed in range(8):
        s = game.new_initial_state(seed=seed)
        step = 0
        while not s.is_terminal():
            if step % 3 == 0:
                for p in range(game.num_players):
                    r = s.resample_hidden(p, np.random.default_rng(step * 7 + p))
                    r.check_invariants()
                    assert np.array_equal(game.observation(s, p), game.observation(r, p)), \
                        f"seat {p}'s observation changes when hidden information is resampled (step {step})"
                    assert s.render(p) == r.render(p), f"seat {p}'s render leaks hidden information"
                    if s.current_player() == p:
                        assert sorted(r.legal_actions()) == sorted(s.legal_actions())
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1


@pytest.mark.parametrize("gid,cfg", CASES)
def test_fuzz_random_games_invariants_and_termination(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    rng = np.random.default_rng(5)
    n_games = max(1, game.fuzz_games // len(type(game).test_configs))
    lengths = []
    for seed in range(n_games):
        s = game.new_initial_state(seed=10_000 + seed)
        acts = random_walk(s, rng, game.max_game_length + 1)
        assert s.is_terminal(), f"game {seed} did not end within {game.max_game_length} actions"
        s.check_invariants()
        ret = s.returns()
        assert len(ret) == game.num_players and all(np.isfinite(ret))
        lengths.append(len(acts))
    assert max(lengths) <= game.max_game_length


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_invariants_hold_at_every_step(gid, cfg):
    game = mythenv.make_game(gid)
    rng = np.random.default_rng(6)
    for seed in range(20):
        s = game.new_initial_state(seed=seed)
        random_walk(s, rng, game.max_game_length, on_step=lambda st, a, i: st.check_invariants())


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_env_illegal_action_raise_and_penalize(gid, cfg):
    env = mythenv.make_env(gid, illegal_action="raise")
    env.reset(seed=0)
    agent = env.agent_selection
    obs, *_ = env.last()
    # an action the mask refuses (one past the codec where every action is legal, as in Kuhn poker)
    illegal = np.append(np.flatnonzero(obs["action_mask"] == 0), env.unwrapped.game.num_actions)
    before = env.unwrapped.game_state.to_dict()
    with pytest.raises(IllegalActionError) as e:
        env.step(int(illegal[0]))
    assert "legal actions are" in str(e.value)
    assert env.unwrapped.game_state.to_dict() == before and env.agent_selection == agent
    env = mythenv.make_env(gid, illegal_action="penalize")
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(int(illegal[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1.0


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_bad_config_and_corrupt_state_errors(gid, cfg):
    with pytest.raises(ConfigError) as e:
        mythenv.make_game(gid, no_such_option=1)
    assert "allowed keys" in str(e.value)
    for opt in mythenv.game_class(gid).info.options:
        with pytest.raises(ConfigError) as e:
            mythenv.make_game(gid, **{opt.name: object()})
        assert opt.name in str(e.value)
    with pytest.raises(ConfigError):
        mythenv.make_env(gid, render_mode="rgb")
    with pytest.raises(ConfigError):
        mythenv.make_env(gid, illegal_action="ignore")
    game = mythenv.make_game(gid)
    d = game.new_initial_state(seed=0).to_dict()
    with pytest.raises(StateError):
        game.state_from_dict({**d, "game": "other_v0"})
    with pytest.raises(StateError):
        game.state_from_dict({k: v for k, v in d.items() if k not in ("rng",)})
    with pytest.raises(StateError):
        game.state_from_dict("not a dict")
    with pytest.raises(StateError) as e:
        game.state_from_dict({**d, "version": 999})
    assert "version" in str(e.value)


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_gymnasium_single_agent(gid, cfg):
    from gymnasium.utils.env_checker import check_env

    gym_id = mythenv.game_class(gid).gym_id
    check_env(gymnasium.make(gym_id, opponent="random", illegal_action="penalize").unwrapped,
              skip_render_check=True)
    env = gymnasium.make(gym_id, opponent="random")
    env.reset(seed=0)
    for seat_ep in range(1, env.unwrapped.game.num_players + 2):
        obs, info = env.reset()
        assert env.unwrapped.seat == seat_ep % env.unwrapped.game.num_players  # seats rotate
        done, total, rng = False, 0.0, np.random.default_rng(seat_ep)
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"].astype(bool))
            obs, r, done, trunc, info = env.step(int(rng.choice(legal)))
            total += r
        assert total == env.unwrapped.game_state.returns()[env.unwrapped.seat]


@pytest.mark.parametrize("gid,cfg", DEFAULT_CASES)
def test_module_style_env_and_render(gid, cfg):
    import importlib

    mod = importlib.import_module(f"mythenv.games.{gid}")
    env = mod.env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    raw = mod.raw_env()
    raw.reset(seed=1)
    assert raw.possible_agents == env.possible_agents


@pytest.mark.parametrize("gid,cfg", CASES)
def test_env_observation_equals_full_encode(gid, cfg):
    """The env's observations (written in place into each seat's buffer, or into a fresh array, by the
    compiled encoder or the Python one, seat by seat, observed at irregular moments) equal a fresh full
    encode of the same state, for every seat, every step, over resets and a loaded state; the gym
    wrapper's observation (Game.observation) too."""
    game = mythenv.make_game(gid, **cfg)
    rng = np.random.default_rng(3)
    for copy_obs, compiled in ((True, True), (False, False)):
        env = mythenv.make_env(gid, **cfg).unwrapped
        env.copy_observations = copy_obs
        env.game.use_compiled(compiled)  # the compiled encoder (if the game has one) or the Python one
        for episode in range(3):
            env.reset(seed=episode)
            if episode == 2:  # a loaded state
                state = env.game_state.clone()
                for _ in range(5):
                    if not state.is_terminal():
                        la = state.legal_actions()
                        state.apply_action(la[int(rng.integers(len(la)))])
                env.reset(options={"state": state.to_dict()})
            steps = 0
            while not env.game_state.is_terminal() and steps < 400:
                for a in env.possible_agents:
                    p = env._index[a]
                    if rng.random() < 0.5 or a == env.agent_selection:
                        got = env.observe(a)["observation"]
                        want = python_observation(game, env.game_state, p)
                        assert np.array_equal(got, want), (gid, cfg, compiled, episode, steps, a,
                                                           np.flatnonzero(got != want))
                obs = env.observe(env.agent_selection)
                if env.terminations[env.agent_selection]:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
    genv = gymnasium.make(mythenv.game_class(gid).gym_id, opponent="random", **cfg).unwrapped
    obs, info = genv.reset(seed=0)
    for _ in range(300):
        assert np.array_equal(obs, python_observation(game, genv.game_state, genv.seat))
        if genv.game_state.is_terminal():
            obs, info = genv.reset()
            continue
        legal = np.flatnonzero(info["action_mask"])
        obs, _r, _d, _t, info = genv.step(int(legal[rng.integers(len(legal))]))

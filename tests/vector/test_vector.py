"""The batched engine (mythenv.vector): every row is exactly what its seat sees through the AEC env.

The replay tests follow each row with a mirror: a PettingZoo AEC env of the same config, started
from the same game (the row's generator draws the game seed first, then the seat), whose opponents
choose as the engine's do from the same generator; every observation, mask, reward, end and final
observation of the row must be the mirror's, bit for bit.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

import mythenv
from mythenv.agents.numpy_policy import NumpyPolicy, NumpyPolicyAgent
from mythenv.core.errors import ConfigError, IllegalActionError, StateError
from mythenv.core.view import SeatView
from mythenv.vector import VecEnv, make_vec


# ----------------------------------------------------------------------------- the mirror
def random_opponent(aec, p, rng):
    la = aec.game_state.legal_actions()
    return la[int(rng.random() * len(la))]


def heuristic_opponent(aec, p, rng):
    return type(aec.game).heuristic(SeatView(aec.game, aec.game_state, p, rng), rng)


class Mirror:
    """Row ``row`` of a vector env replayed through the AEC env, seat rotation, random opponents."""

    def __init__(self, gid, config, gen, row, opponent=random_opponent, seat="rotate"):
        self.aec = mythenv.make_env(gid, **config)
        self.game = self.aec.game
        self.rng, self.row, self.games, self.opponent, self.seat_mode = gen, row, 0, opponent, seat

    def new_game(self):
        gseed = int(self.rng.integers(2**62))
        P = self.game.num_players
        self.seat = (self.row + self.games) % P if self.seat_mode == "rotate" else int(self.rng.integers(P))
        self.games += 1
        self.aec.reset(options={"state": self.game.new_initial_state(seed=gseed).to_dict()})
        self.learner = self.aec.possible_agents[self.seat]
        out = self.advance()
        assert out[0] == "turn"
        return out

    def advance(self):
        """Play the opponents until the learner acts ("turn", obs, mask) or is done ("end", reward, obs)."""
        for agent in self.aec.agent_iter():
            obs, rew, term, trunc, _ = self.aec.last()
            if agent == self.learner:
                if term or trunc:
                    return ("end", rew, obs["observation"])
                return ("turn", obs["observation"], obs["action_mask"])
            if term or trunc:
                self.aec.step(None)
                continue
            self.aec.step(self.opponent(self.aec, self.aec._index[agent], self.rng))
        raise AssertionError("the AEC env ran out of agents before the learner's end")


def row_gens(seed, n):
    return [np.random.default_rng(c) for c in np.random.SeedSequence(seed).spawn(n)]


def replay(gid, config, n=3, seed=0, ends=1, max_steps=3000, opponents="random", opponent=random_opponent,
           seat="rotate"):
    """Step ``make_vec`` with random learner actions and check every row against its mirror until
    every row has ended ``ends`` times. Returns the number of steps."""
    vec = make_vec(gid, n, seed=seed, opponents=opponents, seat=seat, **config)
    mirrors = [Mirror(gid, config, g, i, opponent, seat) for i, g in enumerate(row_gens(seed, n))]
    obs, info = vec.reset()
    cur = [m.new_game() for m in mirrors]
    rng = np.random.default_rng(seed + 1)
    ended = np.zeros(n, int)
    for step in range(max_steps):
        masks = vec.action_masks()
        for i, m in enumerate(mirrors):
            assert cur[i][0] == "turn"
            assert np.array_equal(obs[i], cur[i][1]), (gid, config, step, i)
            assert np.array_equal(masks[i], cur[i][2].astype(bool)), (gid, config, step, i)
            assert info["seat"][i] == m.seat and info["current_player"][i] == m.seat
        actions = np.array([rng.choice(np.flatnonzero(mk)) for mk in masks])
        obs, rew, term, trunc, info = vec.step(actions)
        assert not trunc.any()
        for i, m in enumerate(mirrors):
            m.aec.step(int(actions[i]))
            out = m.advance()
            if out[0] == "end":
                assert term[i] and info["_final_observation"][i] and info["final_mask"][i], (gid, config, step, i)
                assert rew[i] == out[1] and info["returns"][i][m.seat] == out[1]
                assert info["final_seat"][i] == m.seat
                assert np.array_equal(info["final_observation"][i], out[2])
                assert info["episode_length"][i] >= 1
                ended[i] += 1
                out = m.new_game()
            else:
                assert not term[i] and rew[i] == 0.0 and not info["_final_observation"][i]
            cur[i] = out
        if (ended >= ends).all():
            return step + 1
    raise AssertionError(f"{gid} {config}: rows ended {ended.tolist()} times in {max_steps} steps")


def all_configs():
    out = []
    for gid in mythenv.list_games():
        cls = mythenv.game_class(gid)
        seen = [{}]
        out.append(pytest.param(gid, {}, id=f"{gid}-default"))
        for cfg in cls.test_configs:
            if cfg not in seen:
                seen.append(cfg)
                out.append(pytest.param(gid, dict(cfg), id=f"{gid}-" + ",".join(f"{k}={v}" for k, v in cfg.items())))
    return out


# ----------------------------------------------------------------------------- rows against the AEC env
@pytest.mark.parametrize("gid,config", all_configs())
def test_rows_are_what_the_seat_sees_through_the_aec_env(gid, config):
    """Every registered game, its default config and every test config: random opponents, rotated
    seats, three rows, until each row has finished a game (eliminations included)."""
    steps = replay(gid, config)  # asserts every row, every step, against its AEC mirror
    assert 1 <= steps <= 3000


@pytest.mark.parametrize("gid", ["hera_zeus_v0", "theomachy_v0"])
def test_heuristic_opponents_and_random_seats_replay(gid):
    steps = replay(gid, {}, n=2, seed=5, opponents="heuristic", opponent=heuristic_opponent, seat="random")
    assert 1 <= steps <= 3000  # replay asserts every row, every step, against its AEC mirror


@pytest.mark.parametrize("gid", ["hera_zeus_v0", "demigods_v0"])
def test_policy_opponents_one_forward_equal_per_row_agent(gid, monkeypatch):
    """``opponents="ppo"``: the rows waiting on the policy meet in one forward pass (counted), and
    every row's game is the one NumpyPolicyAgent.act (greedy) plays row by row."""
    agent = NumpyPolicyAgent(mythenv.make_game(gid))
    calls = []
    real = NumpyPolicy.logits

    def counting(self, obs):
        calls.append(np.asarray(obs).shape)
        return real(self, obs)

    monkeypatch.setattr(NumpyPolicy, "logits", counting)
    replay(gid, {}, n=6, seed=2, opponents="ppo",
           opponent=lambda aec, p, rng: agent.act(SeatView(aec.game, aec.game_state, p, rng)))
    batched = [s for s in calls if len(s) == 2]
    assert batched and max(s[0] for s in batched) > 1   # several rows in one forward pass


def test_rows_do_not_depend_on_the_batch():
    """Row i of a batch of 3 and row i of a batch of 8 play the same games (same seed, actions)."""
    a, b = make_vec("hera_zeus_v0", 3, seed=11), make_vec("hera_zeus_v0", 8, seed=11)
    # the rows' generators differ with the batch size (SeedSequence.spawn(total)); seeds per row do not
    oa, _ = a.reset(seed=[1, 2, 3])
    ob, _ = b.reset(seed=[1, 2, 3, 4, 5, 6, 7, 8])
    rng = np.random.default_rng(0)
    for _ in range(150):
        assert np.array_equal(oa, ob[:3])
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in a.action_masks()])
        oa, ra, ta, _, _ = a.step(acts)
        ob, rb, tb, _, _ = b.step(np.concatenate([acts, [np.flatnonzero(m)[0] for m in b.action_masks()[3:]]]))
        assert np.array_equal(ra, rb[:3]) and np.array_equal(ta, tb[:3])


# ----------------------------------------------------------------------------- the VectorEnv contract
def test_spaces_buffers_and_env_checker_style_checks():
    import gymnasium
    from gymnasium.vector import AutoresetMode, VectorEnv

    vec = make_vec("hera_zeus_v0", 4, seed=3)
    game = vec.game
    D, A = game.observation_size, game.num_actions
    assert isinstance(vec, VectorEnv) and vec.num_envs == 4
    assert vec.single_observation_space == gymnasium.spaces.Box(0.0, 1.0, (D,), np.float32)
    assert vec.single_action_space == gymnasium.spaces.Discrete(A)
    assert vec.observation_space.shape == (4, D) and vec.action_space.shape == (4,)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = vec.reset()
    assert obs.dtype == np.float32 and obs.shape == (4, D) and obs in vec.observation_space
    masks = vec.action_masks()
    assert masks.dtype == bool and masks.shape == (4, A) and masks.any(axis=1).all()
    # written in place: the same buffers every step (copy=False, the default)
    acts = np.array([np.flatnonzero(m)[0] for m in masks])
    obs2, rew, term, trunc, info = vec.step(acts)
    assert obs2 is obs and rew.dtype == np.float32 and term.dtype == bool and trunc.dtype == bool
    assert rew.shape == term.shape == trunc.shape == (4,)
    assert set(info) >= {"seat", "current_player", "returns", "_returns", "final_observation",
                         "_final_observation", "final_obs", "_final_obs", "final_mask", "episode_length"}
    assert info["returns"].shape == (4, 2) and info["returns"].dtype == np.float32
    assert info["final_observation"].shape == (4, D)
    assert vec.action_space.sample() in vec.action_space
    # reset determinism (gymnasium's check_reset_seed_determinism, per batch)
    a, _ = make_vec("hera_zeus_v0", 4).reset(seed=9)
    b, _ = make_vec("hera_zeus_v0", 4).reset(seed=9)
    c, _ = make_vec("hera_zeus_v0", 4).reset(seed=10)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    # step determinism and copy=True: returned data is not reused (check_returned_data_not_reused)
    v1, v2 = make_vec("hera_zeus_v0", 4, copy=True), make_vec("hera_zeus_v0", 4, copy=True)
    o1, _ = v1.reset(seed=1)
    o2, _ = v2.reset(seed=1)
    acts = np.array([np.flatnonzero(m)[-1] for m in v1.action_masks()])
    s1, s2 = v1.step(acts), v2.step(acts)
    assert s1[0] is not o1 and not np.shares_memory(s1[0], o1)
    for x, y in zip(s1[:4], s2[:4]):
        assert np.array_equal(x, y)
    vec.close()


def test_same_step_autoreset_keeps_the_final_observation():
    vec = make_vec("hera_zeus_v0", 2, seed=4, copy=True)
    obs, info = vec.reset()
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(400):
        states_before = list(vec.states)
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in vec.action_masks()])
        obs, rew, term, trunc, info = vec.step(acts)
        for i in np.flatnonzero(term):
            seen += 1
            old = states_before[i]
            assert old.is_terminal() and vec.states[i] is not old    # the next game started this step
            assert rew[i] == old.returns()[info["final_seat"][i]]
            assert np.allclose(info["returns"][i], old.returns())
            final = vec.game.observation(old, int(info["final_seat"][i]))
            assert np.array_equal(info["final_observation"][i], final)
            assert vec.states[i].current_player() == info["seat"][i]    # the new game's learner to act
            assert np.array_equal(obs[i], vec.game.observation(vec.states[i], int(info["seat"][i])))
            assert info["episode_length"][i] >= 1
        assert not info["_final_observation"][~term].any()
    assert seen >= 4


def test_seat_modes():
    vec = make_vec("hera_zeus_v0", 4, seed=0)
    _, info = vec.reset()
    assert info["seat"].tolist() == [0, 1, 0, 1]    # rotate: row i's k-th game has seat (i + k) % 2
    assert make_vec("hera_zeus_v0", 3, seat=1, seed=0).reset()[1]["seat"].tolist() == [1, 1, 1]
    seats = make_vec("hera_zeus_v0", 64, seat="random", seed=0).reset()[1]["seat"]
    assert set(seats.tolist()) == {0, 1}
    with pytest.raises(ConfigError, match="seat="):
        make_vec("hera_zeus_v0", 2, seat=2)


# ----------------------------------------------------------------------------- opponents
def _policy_file(game, path, seed=0):
    rng = np.random.default_rng(seed)
    D, A = game.observation_size, game.num_actions
    pol = NumpyPolicy([rng.normal(0, 0.1, (16, D)).astype(np.float32), rng.normal(0, 0.1, (A, 16)).astype(np.float32)],
                      [np.zeros(16, np.float32), np.zeros(A, np.float32)], "tanh",
                      {"game": game.info.game_id, "game_config": game.config})
    pol.save(path)
    return str(path)


def test_pools_and_snapshots(tmp_path):
    game = mythenv.make_game("theomachy_v0", num_players=3, max_hands=4)
    snap = _policy_file(game, tmp_path / "snap.npz")
    vec = make_vec("theomachy_v0", 64, seed=0, num_players=3, max_hands=4,
                   opponents={"heuristic": 0.5, "random": 0.3, snap: 0.2})
    vec.reset()
    drawn = [o.name for opps in vec._opps for o in opps if o is not None]
    counts = {k: drawn.count(k) / len(drawn) for k in set(drawn)}
    assert set(counts) == {"heuristic", "random", snap} and 0.35 < counts["heuristic"] < 0.65
    assert vec.opponent_names == ["heuristic", "random", snap]
    assert vec._opps[0][vec._seats[0]] is None
    rng = np.random.default_rng(0)
    for _ in range(60):   # snapshot rows are played in batch, sampling (deterministic=None for a bare path)
        vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in vec.action_masks()]))
    pol = vec.opponents.resolve(snap, pooled=True)
    assert pol.batched and not pol.deterministic
    # "self": snapshots added with add_snapshot; random until the first one
    vec = make_vec("hera_zeus_v0", 16, seed=0, opponents={"self": 1.0})
    vec.reset()
    assert all(o.name == "random" for opps in vec._opps for o in opps if o is not None)
    vec.add_snapshot(_policy_file(vec.game, tmp_path / "s1.npz"))
    vec.reset(seed=1)
    assert all(o.name.endswith("s1.npz") for opps in vec._opps for o in opps if o is not None)
    with pytest.raises(ConfigError, match="add_snapshot"):
        make_vec("hera_zeus_v0", 2).add_snapshot(snap)


def test_agent_instances_and_callables_as_opponents():
    game = mythenv.make_game("hera_zeus_v0")
    seen = []

    def first_legal(view):
        seen.append(view.seat)
        return view.legal_actions[0]

    vec = make_vec(game, 4, seed=0, opponents=first_legal)
    vec.reset()
    assert seen and all(s in (0, 1) for s in seen)
    vec2 = make_vec("hera_zeus_v0", 4, seed=0, opponents=mythenv.make_agent("heuristic", "hera_zeus_v0"))
    vec3 = make_vec("hera_zeus_v0", 4, seed=0, opponents="heuristic")
    o2, _ = vec2.reset()
    o3, _ = vec3.reset()
    rng = np.random.default_rng(0)
    for _ in range(80):   # an Agent instance draws from each row's generator: the same games as "heuristic"
        assert np.array_equal(o2, o3)
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in vec2.action_masks()])
        o2 = vec2.step(acts)[0]
        o3 = vec3.step(acts)[0]
    # a list with one spec per other seat
    vec = make_vec("theomachy_v0", 2, seed=0, num_players=3, max_hands=4, opponents=["heuristic", "random"])
    vec.reset()
    names = [[None if o is None else o.name for o in opps] for opps in vec._opps]
    assert names[0] == [None, "heuristic", "random"] and names[1] == ["heuristic", None, "random"]


# ----------------------------------------------------------------------------- self-play
@pytest.mark.parametrize("gid,config", [("hera_zeus_v0", {}), ("theomachy_v0", {"num_players": 3, "max_hands": 4})])
def test_self_play_returns_every_seat_decision(gid, config):
    """Each row's observation and mask are for infos["current_player"]; at the end the row reports
    the returns of every seat and the reward of the seat that acted last. Checked against the AEC env."""
    n, seed = 3, 6
    vec = make_vec(gid, n, seed=seed, self_play=True, **config)
    aecs = [mythenv.make_env(gid, **config) for _ in range(n)]
    gens = row_gens(seed, n)

    def start(i):
        aecs[i].reset(options={"state": aecs[i].game.new_initial_state(seed=int(gens[i].integers(2**62))).to_dict()})
        return skip_dead(i)

    def skip_dead(i):
        aec = aecs[i]
        while aec.agents and (aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]):
            if aec.game_state.is_terminal():
                return "end"
            aec.step(None)
        return "turn"

    obs, info = vec.reset()
    for i in range(n):
        start(i)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(2000):
        masks = vec.action_masks()
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            o = aec.observe(agent)
            assert info["current_player"][i] == aec._index[agent] == info["seat"][i]
            assert np.array_equal(obs[i], o["observation"]) and np.array_equal(masks[i], o["action_mask"].astype(bool))
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        movers = info["current_player"].copy()
        obs, rew, term, trunc, info = vec.step(acts)
        for i, aec in enumerate(aecs):
            aec.step(int(acts[i]))
            if skip_dead(i) == "end":
                ret = aec.game_state.returns()
                assert term[i] and np.allclose(info["returns"][i], ret)
                assert info["final_seat"][i] == movers[i] and rew[i] == ret[movers[i]]
                ends += 1
                start(i)
            else:
                assert not term[i]
        if ends >= 2 * n:
            return
    raise AssertionError(f"only {ends} games ended")


# ----------------------------------------------------------------------------- errors
def test_errors():
    with pytest.raises(ConfigError, match="unknown game"):
        make_vec("nope_v0", 2)
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ConfigError, match="num_envs"):
            make_vec("hera_zeus_v0", bad)
    for bad in (42, "no_such_agent", ["random", "random"], {"random": -1.0}, {}, {"no_such_agent": 1.0},
                {"random": 0.0}, "ppo:/does/not/exist.npz"):
        with pytest.raises(ConfigError):
            make_vec("hera_zeus_v0", 2, opponents=bad)
    with pytest.raises(ConfigError, match="num_workers"):
        make_vec("hera_zeus_v0", 2, num_workers=0)
    with pytest.raises(ConfigError, match="multiple"):
        make_vec("hera_zeus_v0", 3, num_workers=2)
    with pytest.raises(ConfigError, match="unknown config"):
        make_vec("hera_zeus_v0", 2, bogus=1)
    vec = make_vec("hera_zeus_v0", 3, seed=0, copy=True)
    with pytest.raises(StateError, match="reset"):
        vec.step(np.zeros(3, int))
    obs, _ = vec.reset()
    masks = vec.action_masks()
    before = [s.to_dict() for s in vec.states]
    good = np.array([np.flatnonzero(m)[0] for m in masks])
    illegal = int(np.flatnonzero(~masks[1])[0])
    for acts, what in ((np.where(np.arange(3) == 1, illegal, good), f"illegal action {illegal}"),
                       (np.where(np.arange(3) == 2, 9999, good), "illegal action 9999"),
                       (np.where(np.arange(3) == 0, -1, good), "illegal action -1")):
        with pytest.raises(IllegalActionError, match=what) as e:
            vec.step(acts)
        row = int(np.flatnonzero(acts != good)[0])
        assert f"row {row}" in str(e.value)
        assert [s.to_dict() for s in vec.states] == before   # nothing changed
        assert np.array_equal(vec.action_masks(), masks)
    for bad in (good[:2], good.astype(float), "x"):
        with pytest.raises(IllegalActionError):
            vec.step(bad)
    vec.step(good)   # and it still plays


# ----------------------------------------------------------------------------- workers
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_same_seed_same_games_with_one_or_two_workers(opponents):
    """The same seed gives the same outputs, row by row and step by step, with 1, 2 or 3 workers (the
    first shard stepped in the caller's process, the others in worker processes)."""
    runs = []
    for workers in (1, 2, 3):
        vec = make_vec("theomachy_v0", 6, seed=21, num_workers=workers, opponents=opponents, num_players=3,
                       max_hands=4)
        try:
            obs, info = vec.reset()
            rng = np.random.default_rng(0)
            trace = [obs.copy(), info["seat"].copy()]
            for _ in range(120):
                masks = vec.action_masks()
                trace.append(masks.copy())
                obs, rew, term, trunc, info = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
                trace += [obs.copy(), rew.copy(), term.copy(), info["returns"].copy(), info["seat"].copy(),
                          info["final_observation"][term].copy(), info["episode_length"][term].copy()]
            runs.append((trace, vec.decisions))
        finally:
            vec.close()
    (a, da) = runs[0]
    for b, db in runs[1:]:
        assert da == db and len(a) == len(b)
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    assert any(t.any() for t in a[4::8])   # rows ended along the way


def test_the_workers_rows_are_written_in_one_shared_block_removed_at_close():
    """The workers' engines write their rows' observations, masks and final observations straight
    into one block of shared memory (no copy in the worker after a step); the batch's rows equal it
    after each step, and ``close()`` removes the block."""
    from multiprocessing import shared_memory

    vec = make_vec("hera_zeus_v0", 6, seed=4, num_workers=3)
    name = vec._block.name
    try:
        obs, _ = vec.reset()
        rng = np.random.default_rng(1)
        ended = 0
        for _ in range(200):
            masks = vec.action_masks()
            obs, _, term, _, info = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            assert np.array_equal(obs[2:], vec._block.obs)
            assert np.array_equal(vec.action_masks()[2:], vec._block.mask.view(bool))
            rows = np.flatnonzero(term[2:])
            assert np.array_equal(info["final_observation"][rows + 2], vec._block.final_obs[rows])
            ended += len(rows)
        assert ended > 0
    finally:
        vec.close()
    with pytest.raises(FileNotFoundError):
        shared_memory.SharedMemory(name=name)


def test_a_game_past_its_length_bound_is_truncated_alike_with_one_or_two_workers(monkeypatch):
    """A game still going after ``2 x max_game_length`` decisions (a seat can repeat some rules' loops
    without end: Mythologies' Bénou / Hyena-Man / Garuda chain) is truncated: ``truncated`` (not
    ``terminated``), no reward, its final observation and length in the infos, the next game started;
    the same with 1 or 2 workers. Here the bound is lowered so that every game reaches it."""
    from mythenv.games.hera_zeus import HeraZeusGame

    monkeypatch.setattr(HeraZeusGame, "max_game_length", 10)   # 20 decisions (fork: the workers see it too)
    runs = []
    for workers in (1, 2):
        vec = make_vec("hera_zeus_v0", 4, seed=5, num_workers=workers, context="fork")
        assert vec.max_moves == 20
        try:
            vec.reset()
            rng = np.random.default_rng(0)
            trace, truncated = [], 0
            for _ in range(40):
                masks = vec.action_masks()
                obs, rew, term, trunc, info = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
                assert not (term & trunc).any() and np.all(rew[trunc] == 0)
                assert np.array_equal(info["_final_observation"], term | trunc)
                assert np.all(info["episode_length"][trunc] > 0)
                truncated += int(trunc.sum())
                trace += [obs.copy(), rew.copy(), term.copy(), trunc.copy(), info["final_observation"][trunc].copy()]
            runs.append((trace, truncated))
        finally:
            vec.close()
    assert runs[0][1] > 0 and runs[0][1] == runs[1][1]
    for x, y in zip(runs[0][0], runs[1][0]):
        assert np.array_equal(x, y)


def test_two_workers_report_illegal_actions_and_snapshots(tmp_path):
    vec = make_vec("hera_zeus_v0", 4, seed=0, num_workers=2, opponents={"self": 1.0, "random": 0.0})
    try:
        vec.reset()
        masks = vec.action_masks()
        acts = np.array([np.flatnonzero(m)[0] for m in masks])
        acts[3] = int(np.flatnonzero(~masks[3])[0])
        with pytest.raises(IllegalActionError, match="row 3"):
            vec.step(acts)
        vec.add_snapshot(_policy_file(vec.game, tmp_path / "s.npz"))
        vec.reset(seed=3)
        vec.step(np.array([np.flatnonzero(m)[0] for m in vec.action_masks()]))
        # each worker runs the policy opponents' forwards on one BLAS thread (with threadpoolctl)
        for threads in vec._async.call("get_blas_threads"):
            if importlib.util.find_spec("threadpoolctl"):
                assert threads and set(threads) == {1}
            else:
                assert threads == []
    finally:
        vec.close()


def test_the_callers_shard_holds_its_blas_to_one_thread_until_close():
    """With 2 workers the caller's process steps the first shard: its numpy BLAS runs on one thread
    while the env is open (as the workers' do) and gets its own limit back at ``close()``."""
    threadpoolctl = pytest.importorskip("threadpoolctl")

    def blas_threads():
        return [lib["num_threads"] for lib in threadpoolctl.threadpool_info() if lib.get("user_api") == "blas"]

    before = blas_threads()
    vec = make_vec("hera_zeus_v0", 4, seed=0, num_workers=2)
    try:
        vec.reset()
        assert set(blas_threads()) <= {1}
    finally:
        vec.close()
    assert blas_threads() == before


# ----------------------------------------------------------------------------- adapters
def test_sb3_maskable_ppo_learns_on_it_unmodified():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from mythenv.vector.adapters import to_sb3

    venv = to_sb3(make_vec("hera_zeus_v0", 8, opponents="random"))
    venv.seed(0)
    assert is_masking_supported(venv)
    obs = venv.reset()
    masks = get_action_masks(venv)
    assert masks.shape == (8, venv.action_space.n) and masks.dtype == bool
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=64, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs={"net_arch": [32]})
    model.learn(320)
    assert model.num_timesteps >= 320 and len(model.ep_info_buffer) > 0
    ep = model.ep_info_buffer[0]
    assert set(ep) >= {"r", "l"} and ep["r"] in (-1.0, 0.0, 1.0)
    # terminal observations come as SB3 expects
    obs = venv.reset()
    for _ in range(200):
        venv.step_async(np.array([np.flatnonzero(m)[0] for m in get_action_masks(venv)]))
        obs, rew, dones, infos = venv.step_wait()
        if dones.any():
            i = int(np.flatnonzero(dones)[0])
            assert infos[i]["terminal_observation"].shape == obs[i].shape and "episode" in infos[i]
            break
    with pytest.raises(ConfigError, match="self-play"):
        to_sb3(make_vec("hera_zeus_v0", 2, self_play=True))
    venv.close()


def test_vecenv_class_is_exported():
    assert mythenv.make_vec is make_vec and isinstance(make_vec("hera_zeus_v0", 1), VecEnv)


# ----------------------------------------------------------------------------- docs
VECTOR_MD = Path(__file__).resolve().parents[2] / "docs" / "vector.md"
DOC_BLOCKS = re.findall(r"```python\n(.*?)```", VECTOR_MD.read_text(), re.S)
# the adapters' blocks need their library (sb3-contrib and torchrl: the [train] extra; pufferlib: none)
DOC_LIBRARIES = ("sb3_contrib", "torchrl", "pufferlib")


def test_docs_vector_md_has_python_blocks():
    assert len(DOC_BLOCKS) >= 5


@pytest.mark.parametrize("i", range(len(DOC_BLOCKS)))
def test_docs_vector_md_python_block_runs(i, tmp_path, monkeypatch):
    """Each Python block of docs/vector.md runs as printed (skipped where its library is not installed)."""
    block = DOC_BLOCKS[i]
    for lib in DOC_LIBRARIES:
        if f"import {lib}" in block or f"from {lib}" in block:
            pytest.importorskip(lib, reason=f"{lib} is not installed (docs/vector.md block {i + 1} uses it)")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(block, f"docs/vector.md python block {i + 1}", "exec"), namespace)
    assert set(namespace) - {"__builtins__"}, "the block ran to its end and defined what it shows"

"""The game-agnostic core: codec, observer, config validation, registry, data loading, env."""

import numpy as np
import pytest

import mythenv
from mythenv.core.actions import ActionCodec
from mythenv.core.data import RecordChecker, records
from mythenv.core.errors import ConfigError, DataError, IllegalActionError, IllegalActionWarning
from mythenv.core.observe import Observer


def test_codec_round_trip_and_errors():
    codec = ActionCodec([("play", (3, 2)), ("pass", ()), ("pick", (4,))])
    assert codec.size == 11
    for a in range(codec.size):
        name, idx = codec.decode(a)
        assert codec.encode(name, *idx) == a
    assert codec.decode(6) == ("pass", ())
    assert codec.describe(codec.encode("pick", 2)) == "pick[2]"
    with pytest.raises(KeyError):
        codec.encode("nope")
    with pytest.raises(ValueError):
        codec.encode("play", 3, 0)
    with pytest.raises(IllegalActionError):
        codec.decode(11)
    with pytest.raises(ValueError):
        ActionCodec([("a", (1,)), ("a", (2,))])


def test_codec_labels_describe_each_family():
    """A label is a str (the description of the family's every action) or a function of the
    index tuple's entries; a family without one is named ``name[i, ...]``; labels of families the
    layout does not have are ignored (one table serves several layouts of a game)."""
    labels = {"play": lambda k, c: f"play kind {k} to column {c}", "pass": "pass the turn",
              "bid": lambda x: f"bid {x}"}
    codec = ActionCodec([("play", (3, 2)), ("pass", ()), ("pick", (4,))], labels)
    assert codec.describe(codec.encode("play", 2, 1)) == "play kind 2 to column 1"
    assert codec.describe(codec.encode("pass")) == "pass the turn"
    assert codec.describe(codec.encode("pick", 3)) == "pick[3]"
    assert "bid" not in codec.families
    with pytest.raises(IllegalActionError):
        codec.describe(codec.size)


def test_every_game_labels_exactly_its_families():
    """Each game's label table names only families of its layouts (a misspelt key would be ignored
    silently) and every family with an index has a label (no generic ``name[i]`` descriptions)."""
    from mythenv.games.demigods import rules as dg
    from mythenv.games.hera_zeus import rules as hz
    from mythenv.games.mythologies import rules as my
    from mythenv.games.theomachy.rules import tables as tm
    from mythenv.games.theosis import rules as th

    layouts = [(th.LABELS, th.FAMILIES), (my.LABELS, my.FAMILIES), (hz._labels(0), hz.FAMILIES),
               (tm.LABELS, tm.families(3, advanced=True)), (dg.LABELS, dg.families(3))]
    for labels, families in layouts:
        assert set(labels) <= {name for name, _ in families}
        assert {name for name, shape in families if shape} <= set(labels)


def test_observer_pieces_by_name():
    obs = Observer([("a", (2,)), ("b", (2, 3)), ("c", (1,))])
    assert obs.size == 9
    buf = np.arange(9, dtype=np.float32)
    parts = obs.split(buf)
    assert parts["b"].shape == (2, 3) and parts["b"][1, 2] == 7
    views = obs.views(buf)
    views["c"][0] = 42
    assert buf[8] == 42
    with pytest.raises(KeyError):
        obs.piece(buf, "zzz")
    batch = np.zeros((4, 9), np.float32)
    assert obs.piece(batch, "b").shape == (4, 2, 3)


def test_registry_and_config_errors():
    assert "hera_zeus_v0" in mythenv.list_games()
    with pytest.raises(ConfigError) as e:
        mythenv.make_game("no_such_game")
    assert "available games" in str(e.value)
    with pytest.raises(ConfigError) as e:
        mythenv.make_game("hera_zeus_v0", first_player="poseidon")
    assert "'hera'" in str(e.value)
    with pytest.raises(ValueError):  # ConfigError is a ValueError
        mythenv.make_env("hera_zeus_v0", colour="red")


def test_record_checker_messages(tmp_path):
    data = {"kind": [{"key": "x", "count": "three", "source": "designed", "rationale": "r"}]}
    rec = records(tmp_path / "f.toml", data, "kind")[0]
    with pytest.raises(DataError) as e:
        rec.get("count", int)
    assert "f.toml" in str(e.value) and "kind[0]" in str(e.value) and "'count'" in str(e.value)
    bad = RecordChecker(tmp_path / "f.toml", "kind", 1, {"key": "y", "source": "rulebook"})
    with pytest.raises(DataError) as e:
        bad.provenance()
    assert "'section'" in str(e.value)
    with pytest.raises(DataError):
        records(tmp_path / "f.toml", {}, "kind")


def test_env_turn_order_rewards_and_dead_steps():
    env = mythenv.make_env("hera_zeus_v0")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    seen_agents = set()
    final = {}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        seen_agents.add(agent)
        assert term or agent == env.possible_agents[env.unwrapped.game_state.current_player()]
        if term or trunc:
            final[agent] = rew
            env.step(None)
            continue
        assert rew == 0
        # the other seat's mask is empty (it is not its turn)
        other = [a for a in env.possible_agents if a != agent][0]
        assert env.observe(other)["action_mask"].sum() == 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    assert sorted(final.values()) == [-1.0, 1.0]
    assert seen_agents == set(env.possible_agents)


def test_env_rejects_non_integer_and_out_of_range_actions():
    env = mythenv.make_env("hera_zeus_v0", illegal_action="raise")
    env.reset(seed=0)
    for bad in (None, -1, 10_000, 1.0, "3", True):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    for bad in (None, -1, 10_000, 1.0, "3", True):  # the default ends the game instead
        env = mythenv.make_env("hera_zeus_v0")
        env.reset(seed=0)
        agent = env.agent_selection
        with pytest.warns(IllegalActionWarning, match=f"illegal action {bad!r}"):
            env.step(bad)
        assert all(env.terminations.values()) and env.rewards[agent] == -1.0


def test_gym_wrapper_seat_and_opponent_errors():
    from mythenv.core.gym import SingleAgentEnv

    with pytest.raises(ConfigError):
        SingleAgentEnv("hera_zeus_v0", seat=5)
    with pytest.raises(ConfigError):
        SingleAgentEnv("hera_zeus_v0", opponent=42).reset(seed=0)
    env = SingleAgentEnv("hera_zeus_v0", opponent=lambda view: view.legal_actions[-1], seat=1,
                         illegal_action="raise")
    obs, info = env.reset(seed=1)
    assert env.seat == 1 and info["seat"] == 1
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_eliminated_seats_terminate_with_their_final_reward():
    """A seat that leaves a running game (``State.finished_seats``) is terminated at once with its
    return and steps out; the others play on (Theomachy at 4 players eliminates seats)."""
    from pettingzoo.test import api_test

    env = mythenv.make_env("theomachy_v0", num_players=4)
    api_test(env, num_cycles=400)
    rng = np.random.default_rng(1)
    early = 0
    for seed in range(6):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                if not env.unwrapped.game_state.is_terminal():
                    early += 1
                    assert rew == -1.0
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.agents == []
    assert early > 0


def test_a_game_names_its_observe_module_once():
    """``Game.observe_module``: the core's ``Game.encode`` writes with its ``encode``, the compiled twin
    is the ``_cobserve`` module beside it (when built), ``compiled_layout`` its ``c_layout``; a game
    with neither an observe module nor an ``encode`` of its own gets a TypeError naming it."""
    for gid in mythenv.list_games():
        cls = mythenv.game_class(gid)
        mod = cls.observe_module
        assert mod is not None and mod.__name__ == cls.__module__ + ".observe", gid
        assert cls.compiled is None or cls.compiled.__name__ == cls.__module__ + "._cobserve", gid
        game = mythenv.make_game(gid)
        state = game.new_initial_state(seed=1)
        want = np.zeros(game.observation_size, np.float32)
        mod.encode(state, 0, want)
        got = np.zeros(game.observation_size, np.float32)
        game.encode(state, 0, got)
        assert np.array_equal(got, want), gid
        if cls.compiled is not None:
            assert game.compiled_layout() == mod.c_layout(game)
    from mythenv.games.kuhn_poker import KuhnPokerGame

    assert KuhnPokerGame.compiled is None and KuhnPokerGame.observe_module is not None  # no C twin

    class NoObserver(KuhnPokerGame):
        observe_module = None

    g = NoObserver()
    with pytest.raises(TypeError, match="NoObserver sets no observe_module"):
        g.encode(g.new_initial_state(seed=0), 0, np.zeros(g.observation_size, np.float32))


def test_single_agent_env_truncates_a_game_past_its_length_bound(monkeypatch):
    """The Gymnasium env (``make_gym_env``) truncates a game still going after 2 x max_game_length
    decisions of every seat (an opponent can repeat a loop some rules allow, as Mythologies' Bénou /
    Hyena-Man / Garuda chain, and would otherwise hold ``step`` forever): ``truncated`` True, reward 0,
    then the episode is over until ``reset()``."""
    from mythenv.core.gym import SingleAgentEnv
    from mythenv.games.hera_zeus import HeraZeusGame

    monkeypatch.setattr(HeraZeusGame, "max_game_length", 5)   # 10 decisions
    env = SingleAgentEnv("hera_zeus_v0", opponent="random", seat=0)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    learner_steps = 0
    for _ in range(10):
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        learner_steps += 1
        if term or trunc:
            break
    assert trunc and not term and reward == 0.0 and learner_steps <= 10 and env._moves == 10
    assert obs.shape == env.observation_space.shape and info["action_mask"].all()
    with pytest.raises(IllegalActionError, match="episode is over"):
        env.step(0)
    env.reset(seed=2)   # and the next episode starts

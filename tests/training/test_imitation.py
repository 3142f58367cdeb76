"""Behaviour cloning warm start (mythenv/train/imitation.py): data, fit, config, and the train hook."""

import json

import gymnasium
import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import mythenv  # noqa: E402
from mythenv.core.errors import ConfigError  # noqa: E402
from mythenv.train import load_config, train  # noqa: E402
from mythenv.train.imitation import collect, fit, validate_pretrain  # noqa: E402


def test_demonstrations_are_the_teachers_legal_decisions_from_its_own_seat():
    game = mythenv.make_game("hera_zeus_v0")
    d = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=4, seed=1, gamma=0.9)
    assert len(d) > 40 and d.obs.shape == (len(d), game.observation_size)
    assert d.masks.shape == (len(d), game.num_actions) and d.masks.dtype == bool
    assert d.masks[np.arange(len(d)), d.actions].all(), "every recorded action is legal under its mask"
    assert np.all(np.abs(d.returns) <= 1) and np.all(d.returns != 0)
    # same seeds, same data; returns are discounted towards the end of the seat's game (|r| grows)
    e = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=4, seed=1, gamma=0.9)
    assert np.array_equal(d.actions, e.actions) and np.array_equal(d.obs, e.obs)
    # the observations are the learner seat's own view (player_0 for even game numbers)
    state = game.new_initial_state(seed=1 * 1_000_003 + 0)
    first = game.observation(state, 0)
    # kept as float16 (a Theosis warm start would be GBs as float32); rounding stays below 0.05%
    assert d.obs.dtype == np.float16
    assert np.allclose(d.obs[0].astype(np.float32), first, rtol=5e-4, atol=0)


def test_two_workers_give_the_same_demonstrations_as_one(monkeypatch):
    """The same decisions in the same (the games') order with 1 or 2 workers, whatever the jobs' size."""
    from mythenv.train import imitation

    a = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=5, seed=3, workers=1)
    monkeypatch.setattr(imitation, "CHUNK_GAMES", 2)   # 3 jobs over the 2 workers
    b = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=5, seed=3, workers=2)
    assert len(a) == len(b) > 0 and a.games == b.games == 5
    for x, y in ((a.obs, b.obs), (a.masks, b.masks), (a.actions, b.actions), (a.returns, b.returns)):
        assert x.dtype == y.dtype and np.array_equal(x, y)
    assert (a.targets is None) == (b.targets is None)


def test_a_runaway_game_is_left_out_of_the_demonstrations(monkeypatch):
    """A game still going after 2 x max_game_length decisions (a greedy teacher can repeat a loop the
    rules allow without end) is dropped whole and counted; the games that end are kept as they were."""
    from mythenv.games.hera_zeus import HeraZeusGame

    full = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=3, seed=4)
    assert full.dropped == 0 and len(full) > 0
    monkeypatch.setattr(HeraZeusGame, "max_game_length", 5)   # no game ends within 10 decisions
    cut = collect("hera_zeus_v0", "heuristic", {"random": 1.0}, games=3, seed=4)
    assert cut.dropped == 3 and len(cut) == 0 and cut.obs.shape == (0, full.obs.shape[1]) and cut.games == 3


def test_fit_learns_the_teacher(tmp_path):
    from sb3_contrib import MaskablePPO

    d = collect("hera_zeus_v0", "heuristic", {"heuristic": 1.0}, games=30, seed=0)
    env = gymnasium.make("mythenv/HeraZeus-v0").unwrapped
    model = MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [64]}, seed=0, device="cpu")
    stats = fit(model, d, epochs=6, batch_size=256, learning_rate=3e-3, holdout=0.2, seed=0)
    h = stats["history"]
    assert h[-1]["policy_loss"] < h[0]["policy_loss"] and h[-1]["value_loss"] < h[0]["value_loss"]
    assert h[-1]["holdout_accuracy"] > 0.3  # a uniform policy over legal moves is far lower
    assert stats["decisions"] == len(d) and stats["holdout_decisions"] == int(len(d) * 0.2)


def test_heuristic_ties_are_its_equally_rated_actions_and_its_choice_is_one_of_them():
    """The Mythologies heuristic breaks ties among equally rated actions at random; heuristic_ties
    names them all, and its action is the one heuristic_action takes with the same random stream."""
    from mythenv.core.view import SeatView
    from mythenv.games.mythologies.heuristic import heuristic_action, heuristic_ties

    game = mythenv.make_game("mythologies_v0")
    state, r = game.new_initial_state(seed=5), np.random.default_rng(0)
    sizes = []
    while not state.is_terminal() and len(sizes) < 60:
        p = state.current_player()
        view = SeatView(game, state, p, r)
        a, tied = heuristic_ties(view, np.random.default_rng(len(sizes)))
        assert a == heuristic_action(view, np.random.default_rng(len(sizes))) and a in tied
        assert set(tied) <= set(view.legal_actions)
        sizes.append(len(tied))
        state.apply_action(a)
    assert max(sizes) > 1, "some choice has equally rated options (slots of one plane, say)"


def test_fit_on_tied_targets_puts_the_probability_on_the_tied_set(tmp_path):
    """A teacher with act_with_ties: the targets hold its tied actions, and the fitted policy's
    greedy action falls in the set (accuracy counts any tied action)."""
    from sb3_contrib import MaskablePPO

    teacher = tmp_path / "tied.py"
    teacher.write_text(
        "from mythenv.agents.base import Agent\n"
        "class Tied(Agent):\n"
        "    def act(self, view):\n        return self.act_with_ties(view)[0]\n"
        "    def act_with_ties(self, view):\n"
        "        la = view.legal_actions\n"
        "        tied = la[-2:]  # the two highest action ids are equally good\n"
        "        return tied[int(self.rng.integers(len(tied)))], tied\n")
    d = collect("hera_zeus_v0", f"python:{teacher}", {"random": 1.0}, games=20, seed=0)
    assert d.targets is not None and d.targets.shape == d.masks.shape
    assert d.targets[np.arange(len(d)), d.actions].all() and (d.targets <= d.masks).all()
    assert (d.targets.sum(1) == np.minimum(d.masks.sum(1), 2)).all()
    env = gymnasium.make("mythenv/HeraZeus-v0").unwrapped
    model = MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [64]}, seed=0, device="cpu")
    stats = fit(model, d, epochs=8, batch_size=128, learning_rate=3e-3, holdout=0.2, seed=0)
    assert stats["tied_targets"] and stats["history"][-1]["holdout_accuracy"] > 0.8
    assert stats["history"][-1]["policy_loss"] < stats["history"][0]["policy_loss"]


def test_dagger_the_actor_plays_and_the_teacher_labels(tmp_path):
    """With an actor (DAgger) the games follow the actor's moves, the recorded action at each state is
    the teacher's, and the returns are the actor's: the same games as the actor playing alone."""
    teacher = tmp_path / "highest.py"
    teacher.write_text("from mythenv.agents.base import Agent\n"
                       "class Highest(Agent):\n"
                       "    def act(self, view):\n        return max(view.legal_actions)\n")
    d = collect("hera_zeus_v0", f"python:{teacher}", {"random": 1.0}, games=4, seed=2, actor="random")
    alone = collect("hera_zeus_v0", "random", {"random": 1.0}, games=4, seed=2)
    taught = collect("hera_zeus_v0", f"python:{teacher}", {"random": 1.0}, games=4, seed=2)
    assert np.array_equal(d.obs, alone.obs) and np.array_equal(d.returns, alone.returns)
    assert not np.array_equal(d.actions, alone.actions), "the labels are not the actor's moves"
    highest = np.array([np.flatnonzero(m).max() for m in d.masks])
    assert np.array_equal(d.actions, highest), "every label is the teacher's answer at the actor's state"
    assert d.obs.shape != taught.obs.shape or not np.array_equal(d.obs, taught.obs)


def test_pretrain_config_errors_name_the_key():
    with pytest.raises(ConfigError, match="unknown \\[pretrain\\] key"):
        validate_pretrain({"gamez": 3})
    with pytest.raises(ConfigError, match="games=0"):
        validate_pretrain({"games": 0})
    with pytest.raises(ConfigError, match="opponents"):
        validate_pretrain({"opponents": {}})
    cfg = load_config(game="hera_zeus_v0")
    assert cfg.pretrain["teacher"] == "heuristic" and cfg.pretrain["epochs"] > 0


def test_train_with_pretrain_seeds_the_pool_and_the_curve(tmp_path):
    cfg = load_config(game="hera_zeus_v0").replace(
        steps=128, n_envs=1, vec_env="dummy", eval_every=10_000, eval_games=2,
        ppo={"n_steps": 64, "batch_size": 64, "n_epochs": 1, "net_arch": [32]},
        pretrain={"games": 3, "epochs": 1, "workers": 1})
    out = tmp_path / "hz"
    train(cfg, out, progress=False)
    stats = json.loads((out / "pretrain.json").read_text())
    assert stats["games"] == 3 and stats["decisions"] > 0
    assert (out / "pool" / "snap_0.npz").exists()
    rows = [json.loads(x) for x in (out / "eval.jsonl").read_text().splitlines()]
    assert rows[0]["steps"] == 0 and 0 <= rows[0]["win_rate_vs_heuristic"] <= 1

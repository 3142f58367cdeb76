"""Smoke runs of the training loop and of every script in training/ (tiny step counts)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from mythenv.agents import make_agent  # noqa: E402
from mythenv.cli import main as cli_main  # noqa: E402
from mythenv.core.errors import ConfigError  # noqa: E402
from mythenv.eval import run_arena  # noqa: E402
from mythenv.train import list_snapshots, load_config, train  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TINY = {"n_steps": 64, "batch_size": 64, "n_epochs": 1, "net_arch": [32]}


def tiny(game, **kw):
    base = dict(steps=256, n_envs=2, vec_env="dummy", snapshot_every=128, checkpoint_every=128,
                eval_every=256, eval_games=2, ppo=TINY, pretrain={})
    base.update(kw)
    return load_config(game=game).replace(**base)


def test_train_pool_checkpoints_eval_resume_and_agent(tmp_path):
    out = tmp_path / "hz"
    cfg = tiny("hera_zeus_v0", opponents={"random": 1.0, "heuristic": 1.0, "self": 1.0})
    res = train(cfg, out, progress=False, final_eval_games=2)
    assert res["steps"] >= 256 and (out / "final.zip").exists()
    assert [Path(p).name for p in list_snapshots(out / "pool")] == ["snap_128.npz", "snap_256.npz"]
    rows = [json.loads(x) for x in (out / "eval.jsonl").read_text().splitlines()]
    assert rows[0]["steps"] == 256 and 0 <= rows[0]["win_rate_vs_random"] <= 1
    assert set(res["eval"]) == {"random", "heuristic"}
    assert list((out / "tb").rglob("events.out.tfevents.*")), "TensorBoard logs"
    # the final model is an agent for the arena
    agent = make_agent(f"ppo:{out / 'final.zip'}", "hera_zeus_v0")
    assert agent.model.num_timesteps == res["steps"]
    s = run_arena("hera_zeus_v0", [f"ppo:{out / 'final.zip'}", "random"], games=2).summary()
    assert s["games"] == 2
    # a second run into the same directory needs --resume
    with pytest.raises(ConfigError, match="--resume"):
        train(cfg, out, progress=False)
    # a resumed phase continues with the config's [ppo] values (fine-tuning), the checkpoint's network
    res2 = train(cfg.replace(steps=512, ppo={**cfg.ppo, "learning_rate": 1e-5, "ent_coef": 0.0}), out,
                 resume=True, progress=False)
    assert res2["resumed_from"] == res["steps"] and res2["steps"] >= 512
    assert len(list_snapshots(out / "pool")) >= 3, "the pool grows across the resume"
    model = make_agent(f"ppo:{out / 'final.zip'}", "hera_zeus_v0").model
    assert model.num_timesteps == res2["steps"]
    assert model.learning_rate == 1e-5 and model.ent_coef == 0.0
    assert model.policy.optimizer.param_groups[0]["lr"] == pytest.approx(1e-5)
    with pytest.raises(ConfigError, match="net_arch"):
        train(cfg.replace(steps=768, ppo={**cfg.ppo, "net_arch": [16, 16]}), out, resume=True, progress=False)
    with pytest.raises(ConfigError, match="no checkpoint"):
        train(cfg, tmp_path / "empty", resume=True, progress=False)


@pytest.mark.parametrize("game", ["demigods_v0", "theomachy_v0", "mythologies_v0"])
def test_every_game_trains(tmp_path, game):
    res = train(tiny(game, opponents={"random": 1.0, "self": 1.0}, eval_every=10_000), tmp_path / game,
                progress=False)
    assert res["steps"] >= 256
    assert make_agent(f"ppo:{tmp_path / game / 'final.zip'}", game).act is not None


def test_cli_train_with_subprocess_envs(tmp_path, capsys):
    """``mythenv train`` with the default SubprocVecEnv (2 processes) and the snapshot pool in use."""
    cfg = tmp_path / "c.toml"
    cfg.write_text('game = "hera_zeus_v0"\nsnapshot_every = 64\neval_every = 100000\n'
                   '[ppo]\nn_steps = 64\nbatch_size = 64\nn_epochs = 1\nnet_arch = [32]\n'
                   '[pretrain]\ngames = 2\nepochs = 1\nworkers = 1\n')
    rc = cli_main(["train", "hera_zeus_v0", "--steps", "384", "--out", str(tmp_path / "r"), "--config", str(cfg),
                   "--no-pretrain",
                   "--opponents", "random=1,self=3", "--ppo", "learning_rate=2e-4", "--eval-games", "2", "--quiet",
                   "--json"])
    assert rc == 0
    res = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert res["steps"] >= 384 and res["command"].startswith("mythenv train hera_zeus_v0 --steps 384")
    assert len(list_snapshots(tmp_path / "r" / "pool")) >= 5
    # --no-pretrain skips the config's warm start
    assert not (tmp_path / "r" / "pretrain.json").exists()
    assert json.loads((tmp_path / "r" / "config.json").read_text())["pretrain"] == {}
    assert json.loads((tmp_path / "r" / "config.json").read_text())["ppo"]["learning_rate"] == 2e-4
    rc = cli_main(["train", "nope_v0", "--steps", "10", "--out", str(tmp_path / "x")])
    assert rc == 2


def test_scripts_plot_evaluate_train_sb3(tmp_path):
    out = tmp_path / "run"
    train(tiny("hera_zeus_v0", eval_every=128), out, progress=False, final_eval_games=2)
    py = sys.executable
    r = subprocess.run([py, str(ROOT / "training" / "plot_curves.py"), str(out), "--png", str(tmp_path / "c.png")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "c.png").stat().st_size > 1000
    r = subprocess.run([py, str(ROOT / "training" / "evaluate.py"), str(out / "final.zip"), "hera_zeus_v0",
                        "--games", "2", "--out", str(tmp_path / "e.json")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "e.json").read_text())["eval"]["random"]["games"] == 2
    r = subprocess.run([py, str(ROOT / "training" / "analyze_games.py"), str(out / "final.zip"), "hera_zeus_v0",
                        "--opponent", "random", "--games", "2"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    a = json.loads(r.stdout)
    assert sum(a["endings"].values()) == 2 and set(a["win_rate_by_seat"]) == {"0", "1"}
    r = subprocess.run([py, str(ROOT / "training" / "distill.py"), "--from", str(out / "final.zip"), "--game",
                        "hera_zeus_v0", "--teacher", "heuristic", "--games", "2", "--epochs", "1", "--workers", "1",
                        "--eval-games", "2", "--eval-teacher", "--out", str(tmp_path / "d")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    d = json.loads((tmp_path / "d" / "result.json").read_text())
    assert d["fit"]["games"] == 2 and d["student_eval"]["heuristic"]["games"] == 2
    assert d["teacher_eval"]["random"]["games"] == 2 and (tmp_path / "d" / "student.npz").exists()
    r = subprocess.run([py, str(ROOT / "training" / "train_sb3.py"), "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "--resume" in r.stdout


def test_train_on_the_batched_engine(tmp_path):
    """``vec_env = "batched"``: MaskablePPO on mythenv.make_vec (issue 42): the pool's snapshots reach the
    engine's ``self`` opponents, checkpoints and resume work, the final model plays, and a config the
    engine cannot train (n_envs not a multiple of the workers; shaping for a game that measures no
    progress, on any vec_env) is refused."""
    out = tmp_path / "b"
    cfg = tiny("hera_zeus_v0", vec_env="batched", n_envs=8, ppo={**TINY, "n_steps": 16},
               opponents={"random": 1.0, "heuristic": 1.0, "self": 1.0})
    res = train(cfg, out, progress=False, final_eval_games=2)
    assert res["steps"] >= 256 and (out / "final.zip").exists()
    assert [Path(p).name for p in list_snapshots(out / "pool")] == ["snap_128.npz", "snap_256.npz"]
    res2 = train(cfg.replace(steps=384), out, resume=True, progress=False)
    assert res2["resumed_from"] == res["steps"] and res2["steps"] >= 384
    s = run_arena("hera_zeus_v0", [f"ppo:{out / 'final.zip'}", "random"], games=2).summary()
    assert s["games"] == 2
    for vec_env in ("batched", "subproc"):
        with pytest.raises(ConfigError, match="shaping=0.1: hera_zeus_v0 keeps no points"):
            tiny("hera_zeus_v0", vec_env=vec_env, shaping=0.1)
    shaped = tiny("mythologies_v0", vec_env="batched", n_envs=4, shaping=0.05, ppo={**TINY, "n_steps": 16})
    assert train(shaped, tmp_path / "m", progress=False, final_eval_games=2)["steps"] >= 64
    with pytest.raises(ConfigError, match="multiple"):
        tiny("hera_zeus_v0", vec_env="batched", n_envs=3, vec_workers=2)


def test_learner_threads_auto_and_bounded():
    """``torch_threads = 0`` (the default) gives the learner every core on the batched engine, whose
    workers wait while it computes, and one thread beside a SubprocVecEnv; a set value is kept; a value
    that is not an integer from 0 to 256 is refused by name."""
    import os

    assert tiny("hera_zeus_v0", vec_env="batched", n_envs=8).learner_threads() == max(1, os.cpu_count() or 1)
    assert tiny("hera_zeus_v0", vec_env="subproc").learner_threads() == 1
    assert tiny("hera_zeus_v0", vec_env="dummy").learner_threads() == 1
    assert tiny("hera_zeus_v0", vec_env="batched", n_envs=8, torch_threads=3).learner_threads() == 3
    for bad in (-1, 257, 1.5, True, "2"):
        with pytest.raises(ConfigError, match="torch_threads"):
            tiny("hera_zeus_v0", torch_threads=bad)


def test_configs_train_batched_and_recipes_pin_their_pipeline(tmp_path):
    """``mythenv train GAME`` runs on the batched engine with the rollout size the config had with two
    envs (Mythologies with its Favor shaping: the engine shapes rewards too); the recipes of the shipped
    policies keep the SubprocVecEnv they were trained on; a recipe's ``pipeline`` takes only the keys that say how games are stepped."""
    from mythenv.train import load_config
    from mythenv.train.recipe import list_recipes, load_recipe

    for game in ("hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0", "theosis_v0"):
        cfg = load_config(None, game=game)
        assert (cfg.vec_env, cfg.n_envs, cfg.vec_workers) == ("batched", 64, 2)
        assert cfg.ppo["n_steps"] * cfg.n_envs in (2048, 4096)
    assert load_config(None, game="mythologies_v0").shaping == 0.05
    batched_recipes = {"demigods_v0_4p", "theomachy_v0_4p", "theosis_v0_coop2"}  # made on the batched engine from the start (issue 44)
    for name in list_recipes():
        cfg = load_recipe(name).config
        if name in batched_recipes:
            assert (cfg.vec_env, cfg.n_envs, cfg.vec_workers) == ("batched", 64, 2), name
            continue
        assert (cfg.vec_env, cfg.n_envs) == ("subproc", 2), name
        assert cfg.ppo["n_steps"] in (1024, 2048), name
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nconfig = "hera_zeus_v0.toml"\npipeline = { seed = 3 }\n[[phases]]\nsteps = 10\n')
    with pytest.raises(ConfigError, match="pipeline"):
        load_recipe(bad)


def test_evaluate_batched_counts_each_rows_first_game():
    """The batched check plays exactly ``games`` games, seats rotated, and reports what
    :func:`evaluate` reports: a policy that picks uniformly among legal actions against ``random``
    wins about half (its interval holds 0.5), both seats equally often; one-seat games are refused."""
    import numpy as np

    from mythenv.train.run import evaluate_batched

    class UniformLegal:
        def __init__(self):
            self.rng = np.random.default_rng(0)

        def predict(self, obs, action_masks, deterministic):
            return np.array([self.rng.choice(np.flatnonzero(m)) for m in action_masks]), None

    res = evaluate_batched(UniformLegal(), "hera_zeus_v0", ["random"], 200, seed=3)["random"]
    assert res["games"] == 200 and 0.0 <= res["win_rate"] <= 1.0
    lo, hi = res["ci95"]
    assert lo <= res["win_rate"] <= hi and lo < 0.5 < hi
    assert len(res["per_seat_win_rate"]) == 2 and all(r is not None for r in res["per_seat_win_rate"])
    with pytest.raises(ConfigError):
        evaluate_batched(UniformLegal(), "theosis_v0", ["heuristic"], 4, seed=0,
                         game_config={"mode": "solo", "num_players": 1})


def test_analyze_games_reads_a_one_seat_game_by_its_return():
    """``training/analyze_games.py`` on Theosis solo (one seat against the monsters): a game is won
    when every monster falls (TH § Game Modes) and lost when every hero falls or a monster still
    stands after turn 9; the win rate counts the wins, not the one seat's "best return"."""
    sys.path.insert(0, str(ROOT / "training"))
    try:
        from analyze_games import analyze
    finally:
        sys.path.remove(str(ROOT / "training"))
    a = analyze("heuristic", "theosis_v0", "random", 8, seed=3, config={"mode": "solo", "num_players": 1})
    wins = sum(k for e, k in a["endings"].items() if e.startswith("win"))
    assert sum(a["endings"].values()) == 8 and a["win_rate"] == wins / 8
    allowed = {"win: every monster is defeated", "loss: every hero fell",
               "loss: a monster still stands at the end of turn 9"}
    assert set(a["endings"]) <= allowed and any(e.startswith("loss") for e in a["endings"])

"""training/reproduce.py: every phase of a recipe from one file, resumable from the committed state
alone (a new machine), ending in an exported policy with the record of how it was made."""

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from mythenv.agents import make_agent  # noqa: E402
from mythenv.agents.numpy_policy import NumpyPolicy  # noqa: E402
from mythenv.core.errors import ConfigError  # noqa: E402
from mythenv.train.recipe import RunDirs, list_recipes, load_recipe, reproduce  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """
game = "demigods_v0"
steps = 128
n_envs = 1
vec_env = "dummy"
snapshot_every = 64
checkpoint_every = 64
eval_every = 100000
eval_games = 2
[opponents]
random = 1.0
self = 1.0
[ppo]
n_steps = 64
batch_size = 64
n_epochs = 1
net_arch = [16]
[pretrain]
games = 2
epochs = 1
workers = 1
"""


def write_recipe(tmp_path, phases):
    (tmp_path / "cfg.toml").write_text(CONFIG)
    body = "\n".join(f"[[phases]]\nsteps = {s}\n" + (f"ppo = {{ learning_rate = {lr} }}\n" if lr else "")
                     for s, lr in phases)
    p = tmp_path / "tiny.toml"
    p.write_text(f'name = "tiny"\nconfig = "{tmp_path / "cfg.toml"}"\nfinal_eval_games = 4\neval_workers = 1\n'
                 f'keep_snapshots = 2\n{body}')
    return p


def test_reproduce_phases_resume_from_state_and_export(tmp_path):
    recipe = load_recipe(write_recipe(tmp_path, [(128, None), (256, 1e-5)]))
    root = tmp_path / "training"
    out = tmp_path / "tiny.npz"
    # phase 1 only (as if the session stopped after it)
    r1 = load_recipe(write_recipe(tmp_path, [(128, None)]))
    with pytest.raises(ConfigError, match="phases done"):
        reproduce(r1, root=root, progress=False, eval_only=True, out_policy=out)
    reproduce(r1, root=root, progress=False, out_policy=out)
    dirs = RunDirs(recipe, root)
    prog = dirs.progress()
    assert prog["phases_done"] == 1 and prog["steps"] >= 128
    assert (dirs.state / "policy.pt").exists() and (dirs.state / "pretrain.json").exists()
    assert 1 <= len(list((dirs.state / "pool").glob("snap_*.npz"))) <= 2, "the newest keep_snapshots"
    # a new machine: only the committed state is there
    shutil.rmtree(dirs.run)
    meta = reproduce(recipe, root=root, progress=False, out_policy=out)
    assert meta["steps"] >= 256 and [h["phase"] for h in meta["history"]] == [0, 1]
    ckpts = sorted((dirs.run / "checkpoints").glob("ckpt_*.json"))
    assert json.loads(ckpts[0].read_text()).get("rebuilt_from_state"), "resumed from state/, not from runs/"
    pol = NumpyPolicy.load(out)
    assert pol.meta["game"] == "demigods_v0" and pol.meta["evaluation"]["games_per_baseline"] == 4
    assert set(pol.meta["evaluation"]["results"]) == {"random", "heuristic"}
    agent = make_agent(f"ppo:{out}", "demigods_v0")
    assert agent.policy.num_actions == agent.game.num_actions


def test_a_phase_may_move_to_the_batched_engine(tmp_path):
    """A phase's ``pipeline`` applies to that phase only: a policy begun on one env goes on, with the
    same network and step count, on the batched engine with more games and a shorter rollout; a bad
    key is refused with the phase named."""
    (tmp_path / "cfg.toml").write_text(CONFIG)
    p = tmp_path / "tiny.toml"
    p.write_text(f'name = "tiny"\nconfig = "{tmp_path / "cfg.toml"}"\nfinal_eval_games = 2\neval_workers = 1\n'
                 '[[phases]]\nsteps = 128\n'
                 '[[phases]]\nsteps = 256\npipeline = { vec_env = "batched", n_envs = 4, vec_workers = 1, n_steps = 16 }\n')
    recipe = load_recipe(p)
    first, second = recipe.phase_config(0), recipe.phase_config(1)
    assert (first.vec_env, first.n_envs, first.ppo["n_steps"]) == ("dummy", 1, 64)
    assert (second.vec_env, second.n_envs, second.vec_workers, second.ppo["n_steps"]) == ("batched", 4, 1, 16)
    assert recipe.config.vec_env == "dummy"
    meta = reproduce(recipe, root=tmp_path / "training", progress=False, out_policy=tmp_path / "tiny.npz")
    assert meta["steps"] >= 256 and [h["phase"] for h in meta["history"]] == [0, 1]
    # a phase's pipeline may set its shaping (the Mythologies recipe moved a phase onto the batched engine with 0)
    p.write_text(p.read_text().replace("n_steps = 16 }", "n_steps = 16, shaping = 0 }"))
    shaped = load_recipe(p)
    shaped.config = shaped.config.replace(game="mythologies_v0", shaping=0.1)  # a game with points
    assert (shaped.phase_config(0).shaping, shaped.phase_config(1).shaping) == (0.1, 0)
    p.write_text(p.read_text().replace("vec_workers = 1", "seed = 1"))
    with pytest.raises(ConfigError, match="phase 1: pipeline"):
        load_recipe(p)


def test_bad_recipes_are_refused(tmp_path):
    with pytest.raises(ConfigError, match="no recipe"):
        load_recipe(tmp_path / "none.toml")
    p = write_recipe(tmp_path, [(128, None), (64, None)])
    with pytest.raises(ConfigError, match="above the previous phase"):
        load_recipe(p)
    p.write_text(p.read_text() + "\nbogus = 1\n")
    with pytest.raises(ConfigError, match="unknown key"):
        load_recipe(p)


TEACHER = """
import os
from mythenv.agents.base import Agent
from mythenv.agents.numpy_policy import make_ppo_agent


class Echo(Agent):
    \"\"\"Plays the run's current policy, handed over in TEACHER_POLICY (and records that it did).\"\"\"

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        path = os.environ["TEACHER_POLICY"]
        with open(os.environ["ECHO_LOG"], "a") as f:
            f.write(path + "\\n")
        self.policy = make_ppo_agent(game, seed=seed, path=path)

    def act(self, view):
        return self.policy.act(view)
"""


def test_imitate_phase_fits_the_policy_to_a_teacher_given_the_current_policy(tmp_path, monkeypatch):
    """An imitate phase (no steps) collects a teacher's decisions and fits the policy as it stands; with
    teacher_policy = true the teacher is handed the run's current policy (and with dagger = true that
    policy plays while the teacher labels); the fitted policy is what a later phase resumes from and
    what is exported; its statistics land in state/imitate_<i>.json."""
    teacher = tmp_path / "echo.py"
    teacher.write_text(TEACHER)
    monkeypatch.setenv("ECHO_LOG", str(tmp_path / "echo.log"))
    p = write_recipe(tmp_path, [(128, None)])
    p.write_text(p.read_text() + f'[[phases]]\nimitate = {{ teacher = "python:{teacher}", games = 3, epochs = 1, '
                 'workers = 1, teacher_policy = true, dagger = true, opponents = { random = 1.0 } }\n'
                 '[[phases]]\nsteps = 192\n')
    recipe = load_recipe(p)
    assert [ph.steps for ph in recipe.phases] == [128, 128, 192] and recipe.phases[1].imitate["games"] == 3
    root = tmp_path / "training"
    meta = reproduce(recipe, root=root, progress=False, out_policy=tmp_path / "p.npz")
    dirs = RunDirs(recipe, root)
    stats = json.loads((dirs.state / "imitate_1.json").read_text())
    assert stats["games"] == 3 and stats["decisions"] > 0 and stats["from_steps"] >= 128 and stats["config"]["dagger"]
    assert (tmp_path / "echo.log").read_text().split() == [str(dirs.run / "teacher_1.npz")] * 3
    assert [h["phase"] for h in meta["history"]] == [0, 1, 2] and meta["history"][1]["imitate"]
    assert "distilled from python:" in meta["algorithm"] and meta["steps"] >= 192
    assert "TEACHER_POLICY" not in __import__("os").environ


def test_bad_imitate_phases_are_refused(tmp_path):
    p = write_recipe(tmp_path, [(128, None)])
    base = p.read_text()
    for phase, match in [('imitate = { games = 3 }', "imitate needs teacher"),
                         ('imitate = { teacher = "heuristic", gmaes = 3 }', r"imitate keys \['gmaes'\]"),
                         ('steps = 200\nimitate = { teacher = "heuristic" }', "takes no \\['steps'\\]"),
                         ('imitate = { teacher = "heuristic", games = 0 }', "games=0 must be a positive"),
                         ('imitate = { teacher = "heuristic", dagger = "yes" }', "dagger='yes' must be true or false")]:
        p.write_text(base + "[[phases]]\n" + phase + "\n")
        with pytest.raises(ConfigError, match=match):
            load_recipe(p)
    p.write_text(base.replace("[[phases]]\nsteps = 128\n", '[[phases]]\nimitate = { teacher = "heuristic" }\n'))
    with pytest.raises(ConfigError, match="phase 0: an imitate phase"):
        load_recipe(p)


def test_every_shipped_recipe_loads():
    names = list_recipes()
    assert names, "training/recipes/ is empty"
    for n in names:
        r = load_recipe(n)
        assert r.name == n and r.final_eval_games >= 1000


def test_sync_keeps_the_state_of_a_run_started_without_the_recipe(tmp_path):
    """A run begun by `mythenv train` into training/runs/NAME (SB3-zip snapshots) is saved into
    training/state/NAME by --sync, and the recipe then resumes it from the state alone."""
    from mythenv.train import train

    recipe = load_recipe(write_recipe(tmp_path, [(128, None), (192, None)]))
    root = tmp_path / "training"
    dirs = RunDirs(recipe, root)
    cfg = recipe.phase_config(0).replace(pretrain={})
    train(cfg, dirs.run, progress=False)
    for snap in (dirs.run / "pool").glob("*.npz"):  # as an older run left them
        snap.unlink()
    from sb3_contrib import MaskablePPO

    MaskablePPO.load(dirs.run / "final.zip").save(dirs.run / "pool" / "snap_64.zip")
    assert dirs.sync()
    assert dirs.progress()["steps"] >= 128 and (dirs.state / "pool" / "snap_64.npz").exists()
    shutil.rmtree(dirs.run)
    prog = dirs.progress()
    prog["phases_done"] = 1
    dirs.write_progress(prog)
    meta = reproduce(recipe, root=root, progress=False, out_policy=tmp_path / "p.npz")
    assert meta["steps"] >= 192


def test_one_seat_game_trains_and_is_evaluated_against_the_heuristic_alone(tmp_path):
    """Theosis solo has no opponent seat: training runs, and the evaluation plays the policy and the
    heuristic alone on the same encounters (the same seeds)."""
    from mythenv.train import load_config, train
    from mythenv.train.run import evaluate

    cfg = load_config(game="theosis_v0").replace(
        steps=64, n_envs=1, vec_env="dummy", snapshot_every=64, checkpoint_every=64, eval_every=10**6,
        eval_games=1, pretrain={}, game_config={"mode": "solo", "num_players": 1},
        ppo={"n_steps": 64, "batch_size": 64, "n_epochs": 1, "net_arch": [8]})
    train(cfg, tmp_path / "solo", progress=False)
    res = evaluate(str(tmp_path / "solo" / "final.zip"), "theosis_v0", ["heuristic"], 2, seed=1,
                   game_config=cfg.game_config)
    assert set(res) == {"solo", "solo_heuristic"}
    assert res["solo"]["games"] == res["solo_heuristic"]["games"] == 2
    assert res["solo_heuristic"]["agent"] == "heuristic"


def test_coop_game_is_evaluated_as_a_team_against_the_heuristic_team(tmp_path):
    """Theosis co-op (both seats against the monsters, shared returns): with ``team`` the evaluation
    plays the policy at every seat and the heuristic at every seat on the same encounters, and the
    policy with a heuristic partner; a recipe turns it on with ``eval_team = true``."""
    from mythenv.train import load_config, train
    from mythenv.train.recipe import load_recipe
    from mythenv.train.run import evaluate

    coop = {"mode": "coop", "num_players": 2, "prep": "fast"}
    cfg = load_config(game="theosis_v0").replace(
        steps=64, n_envs=1, vec_env="dummy", snapshot_every=64, checkpoint_every=64, eval_every=10**6,
        eval_games=1, pretrain={}, game_config=coop, opponents={"heuristic": 1.0},
        ppo={"n_steps": 64, "batch_size": 64, "n_epochs": 1, "net_arch": [8]})
    train(cfg, tmp_path / "coop", progress=False)
    res = evaluate(str(tmp_path / "coop" / "final.zip"), "theosis_v0", ["heuristic"], 2, seed=1,
                   game_config=coop, team=True)
    assert set(res) == {"team", "team_heuristic", "heuristic"}
    assert res["team"]["agent"] == "policy" and res["team_heuristic"]["agent"] == "heuristic"
    assert res["team"]["games"] == res["team_heuristic"]["games"] == res["heuristic"]["games"] == 2
    # the heuristic team's rate is the table's: both seats win or lose together
    assert res["team_heuristic"]["win_rate"] in (0.0, 0.5, 1.0)
    # and its interval counts games, not seats (2 games, not 4 seat results)
    from mythenv.eval.arena import wilson
    for key in ("team", "team_heuristic"):
        assert res[key]["ci95"] == list(wilson(res[key]["win_rate"] * 2, 2)), key
    assert load_recipe("theosis_v0_coop2").eval_team is True
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nconfig = "theosis_v0_coop2.toml"\neval_team = "yes"\n[[phases]]\nsteps = 10\n')
    with pytest.raises(ConfigError, match="eval_team"):
        load_recipe(bad)

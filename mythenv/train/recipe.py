"""Recipes: every phase of a shipped policy's training, from one file, resumable on a new machine.

A recipe (``training/recipes/<name>.toml``) names a training config (``training/configs/``) and
lists its phases; each phase trains up to a total number of learner steps with its own opponent pool
and ``[ppo]`` values (the first phase also runs the config's ``[pretrain]`` warm start, if any), or,
with an ``imitate`` table and no ``steps``, fits the policy as it stands to a teacher's decisions
(behaviour cloning, :mod:`mythenv.train.imitation`) without learner steps::

    name = "demigods_v0"
    config = "demigods_v0.toml"     # training/configs/demigods_v0.toml
    game_config = {}                # overrides the config's [game_config]
    pipeline = { vec_env = "subproc", n_envs = 2, n_steps = 1024 }  # overrides how games are stepped
    final_eval_games = 1000         # per baseline, seats rotated, for the shipped file's record
    [[phases]]
    steps = 1_000_000
    [[phases]]
    steps = 1_500_000
    opponents = { heuristic = 0.7, self = 0.3 }
    ppo = { learning_rate = 5e-5 }
    pipeline = { vec_env = "batched", n_envs = 64, vec_workers = 2, n_steps = 64 }  # this phase's own
    [[phases]]                      # distillation: collect the teacher's decisions, fit the policy
    imitate = { teacher = "python:training/teachers/demigods_v0.py", games = 5000, teacher_policy = true }

With ``teacher_policy = true`` the run's current policy is exported to ``runs/<name>/teacher_<i>.npz``
and handed to the teacher in the ``TEACHER_POLICY`` environment variable (a teacher that mixes the
policy with a search or a heuristic, say), and the SB3 model (with its value network) saved to
``runs/<name>/teacher_<i>.zip`` and handed over in ``TEACHER_MODEL``. With ``dagger = true`` that exported policy plays the
learner's seat and the teacher only labels the states it reaches (DAgger, Ross et al. 2011): the
policy is fitted on its own state distribution, where its mistakes lead. The fitted policy replaces the newest checkpoint (same step
count) and ``final.zip``; its statistics are kept in ``state/<name>/imitate_<i>.json``.

:func:`reproduce` runs the phases that are not done yet, then evaluates the final policy against
every baseline and exports it (:func:`mythenv.agents.numpy_policy.export_sb3`) with the record of how
it was made. Two directories hold a run:

- ``training/runs/<name>/`` (git-ignored): the full SB3 run (checkpoints with the optimizer state,
  TensorBoard logs), as ``mythenv train`` writes it;
- ``training/state/<name>/`` (committed): what a resume needs and survives a new machine, updated at
  every checkpoint: ``progress.json`` (phases done, steps, wall time, commits), ``policy.pt`` (the
  policy's and value function's weights), ``pool/`` (the newest snapshots the ``self`` opponent
  draws from, exported actors), ``eval.jsonl`` and ``pretrain.json``.

A resume on the same machine continues from the newest checkpoint in ``runs/``; on a new machine
the run is rebuilt from ``state/``: the weights, the step count and the pool are exact, the Adam
optimizer's moment estimates start afresh (they are not kept, to keep the state small).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mythenv.core.errors import ConfigError

from .config import DEFAULT_PPO, TrainConfig, config_dir, load_config, read_toml

RECIPE_KEYS = {"name", "config", "game_config", "pipeline", "final_eval_games", "eval_opponents", "phases",
               "keep_snapshots", "eval_workers", "eval_team", "description"}
#: what a recipe's ``pipeline`` may set: how its games are stepped (a policy shipped before the batched
#: engine pins the SubprocVecEnv it was trained on; ``n_steps`` is [ppo]'s, per env) and the reward
#: shaping (a phase of the Mythologies recipe, made before the batched engine shaped rewards, moved onto
#: it with ``shaping = 0``)
PIPELINE_KEYS = ("vec_env", "n_envs", "vec_workers", "n_steps", "shaping")
PHASE_KEYS = {"steps", "opponents", "ppo", "pipeline", "note", "imitate"}
IMITATE_DEFAULTS: dict[str, Any] = {"teacher": None, "games": 2000, "opponents": {"heuristic": 0.5, "random": 0.5},
                                    "epochs": 4, "batch_size": 512, "learning_rate": 3e-4, "vf_coef": 0.5,
                                    "holdout": 0.03, "workers": 2, "teacher_policy": False, "dagger": False}


def repo_root() -> Path:
    """The source checkout this mythenv runs from: recipes, their saved state (``training/``) and the
    curves (``docs/images``) live there, not in the installed package (see :func:`recipe_dir`)."""
    return Path(__file__).resolve().parents[2]


@dataclass
class Phase:
    steps: int
    opponents: dict[str, float] | None = None
    ppo: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    imitate: dict[str, Any] | None = None
    #: how this phase's games are stepped, over the recipe's ``pipeline`` (a policy begun on the
    #: SubprocVecEnv may go on on the batched engine; a resume keeps the network, not the envs)
    pipeline: dict[str, Any] = field(default_factory=dict)


@dataclass
class Recipe:
    name: str
    config: TrainConfig
    phases: list[Phase]
    final_eval_games: int = 1000
    eval_opponents: list[str] = field(default_factory=lambda: ["random", "heuristic"])
    keep_snapshots: int = 4
    eval_workers: int = 2
    description: str = ""
    path: str | None = None
    #: a co-op config: the final evaluation also plays the policy at every seat against the same
    #: encounters as each baseline at every seat (``evaluate(team=True)``)
    eval_team: bool = False

    def phase_config(self, i: int) -> TrainConfig:
        ph = self.phases[i]
        cfg = self.config.replace(steps=ph.steps, opponents=ph.opponents,
                                  ppo={**self.config.ppo, **ph.ppo} if ph.ppo else None)
        return _with_pipeline(cfg, ph.pipeline)


def recipe_dir() -> Path:
    return repo_root() / "training" / "recipes"


def list_recipes() -> list[str]:
    return sorted(p.stem for p in recipe_dir().glob("*.toml"))


def load_recipe(name_or_path: str | Path) -> Recipe:
    p = Path(name_or_path)
    if not p.suffix:
        if not recipe_dir().is_dir():
            raise ConfigError(f"recipe {str(name_or_path)!r}: the recipes (training/recipes) come with the source "
                              "checkout, not the installed package; clone the repository, or pass a recipe file")
        p = recipe_dir() / f"{name_or_path}.toml"
    d = read_toml(p, "recipe", f"; recipes: {', '.join(list_recipes()) or 'none'}")
    unknown = set(d) - RECIPE_KEYS
    if unknown:
        raise ConfigError(f"{p}: unknown key(s) {sorted(unknown)}; allowed: {', '.join(sorted(RECIPE_KEYS))}")
    for k in ("name", "config", "phases"):
        if k not in d:
            raise ConfigError(f"{p}: missing key {k!r}")
    cfg = load_config(config_dir() / d["config"])
    if "game_config" in d:
        cfg = cfg.replace(game_config=d["game_config"])
    if "pipeline" in d:
        cfg = _with_pipeline(cfg, _check_pipeline(p, d["pipeline"]))
    phases, last = [], 0
    for i, ph in enumerate(d["phases"]):
        bad = set(ph) - PHASE_KEYS
        if bad:
            raise ConfigError(f"{p}: phase {i}: unknown key(s) {sorted(bad)}; allowed: {', '.join(sorted(PHASE_KEYS))}")
        if "imitate" in ph:
            phases.append(Phase(last, None, {}, ph.get("note", ""), _check_imitate(p, i, ph)))
            continue
        steps = ph.get("steps")
        if not isinstance(steps, int) or isinstance(steps, bool) or steps <= last:
            raise ConfigError(f"{p}: phase {i}: steps={steps!r} must be an int above the previous phase's {last}")
        ppo = dict(ph.get("ppo", {}))
        if set(ppo) - set(DEFAULT_PPO) or "net_arch" in ppo:
            raise ConfigError(f"{p}: phase {i}: ppo keys {sorted(ppo)}; allowed: "
                              f"{', '.join(k for k in DEFAULT_PPO if k != 'net_arch')}")
        phases.append(Phase(steps, ph.get("opponents"), ppo, ph.get("note", ""),
                            pipeline=_check_pipeline(f"{p}: phase {i}", ph.get("pipeline", {}))))
        last = steps
    r = Recipe(d["name"], cfg, phases, d.get("final_eval_games", 1000),
               list(d.get("eval_opponents", ["random", "heuristic"])), d.get("keep_snapshots", 4),
               d.get("eval_workers", 2), d.get("description", ""), str(p), d.get("eval_team", False))
    if not isinstance(r.eval_team, bool):
        raise ConfigError(f"{p}: eval_team must be true or false; got {r.eval_team!r}")
    for i in range(len(phases)):
        r.phase_config(i)  # validates each phase's opponents and [ppo]
    return r


def _check_pipeline(where, pl) -> dict[str, Any]:
    if not isinstance(pl, dict) or set(pl) - set(PIPELINE_KEYS):
        raise ConfigError(f"{where}: pipeline must be a table of {', '.join(PIPELINE_KEYS)}; got {pl!r}")
    return dict(pl)


def _with_pipeline(cfg: TrainConfig, pl: dict[str, Any]) -> TrainConfig:
    """``cfg`` with a recipe's or a phase's ``pipeline`` (``n_steps`` is [ppo]'s)."""
    if not pl:
        return cfg
    return cfg.replace(**{k: v for k, v in pl.items() if k != "n_steps"},
                       ppo={**cfg.ppo, "n_steps": pl["n_steps"]} if "n_steps" in pl else None)


def _check_imitate(p: Path, i: int, ph: dict[str, Any]) -> dict[str, Any]:
    if i == 0:
        raise ConfigError(f"{p}: phase 0: an imitate phase fits a policy an earlier phase trained; put a PPO phase "
                          "(or the config's [pretrain]) first")
    extra = set(ph) - {"imitate", "note"}
    if extra:
        raise ConfigError(f"{p}: phase {i}: an imitate phase takes no {sorted(extra)}; allowed: imitate, note")
    im = ph["imitate"]
    bad = set(im) - set(IMITATE_DEFAULTS) if isinstance(im, dict) else None
    if bad is None or bad:
        raise ConfigError(f"{p}: phase {i}: imitate keys {sorted(bad or [])}; allowed: {', '.join(IMITATE_DEFAULTS)}")
    out = {**IMITATE_DEFAULTS, **im}
    if not isinstance(out["teacher"], str) or not out["teacher"]:
        raise ConfigError(f"{p}: phase {i}: imitate needs teacher = an agent spec (e.g. \"heuristic\" or "
                          "\"python:training/teachers/GAME.py\")")
    for k in ("teacher_policy", "dagger"):
        if not isinstance(out[k], bool):
            raise ConfigError(f"{p}: phase {i}: imitate {k}={out[k]!r} must be true or false")
    from .imitation import validate_pretrain

    validate_pretrain({k: v for k, v in out.items() if k not in ("teacher_policy", "dagger")})
    return out


def git_commit() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo_root(), capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


class RunDirs:
    """``runs/<name>`` (the full SB3 run, git-ignored) and ``state/<name>`` (what a resume needs)."""

    def __init__(self, recipe: Recipe, root: Path | None = None):
        root = Path(root) if root is not None else repo_root() / "training"
        self.run = root / "runs" / recipe.name
        self.state = root / "state" / recipe.name
        self.recipe = recipe

    @property
    def progress_file(self) -> Path:
        return self.state / "progress.json"

    def progress(self) -> dict[str, Any]:
        if self.progress_file.exists():
            return json.loads(self.progress_file.read_text())
        return {"recipe": self.recipe.name, "phases_done": 0, "steps": 0, "wall_time_s": 0.0, "history": []}

    def write_progress(self, prog: dict[str, Any]) -> None:
        self.state.mkdir(parents=True, exist_ok=True)
        self.progress_file.write_text(json.dumps(prog, indent=2) + "\n")

    def save_state(self, model, steps: int, wall: float, phase: int) -> None:
        """Keep what a resume needs in ``state/`` (called at every checkpoint)."""
        import torch

        self.state.mkdir(parents=True, exist_ok=True)
        tmp = self.state / "policy.pt.tmp"
        torch.save(model.policy.state_dict(), tmp)
        tmp.replace(self.state / "policy.pt")
        pool = self.state / "pool"
        pool.mkdir(exist_ok=True)
        from .pool import list_snapshots

        keep = [Path(s) for s in list_snapshots(self.run / "pool")][-self.recipe.keep_snapshots:]
        names = set()
        for s in keep:
            dest = pool / (s.stem + ".npz")
            names.add(dest.name)
            if dest.exists():
                continue
            if s.suffix == ".npz":
                shutil.copy2(s, dest)
            else:  # an SB3-zip snapshot (a run started by `mythenv train`): keep its exported actor
                from sb3_contrib import MaskablePPO

                from .run import save_snapshot

                save_snapshot(MaskablePPO.load(s, device="cpu"), dest, self.recipe.config, int(s.stem.split("_")[1]))
        for old in pool.glob("snap_*"):
            if old.name not in names:
                old.unlink()
        for f in ("eval.jsonl", "pretrain.json", "config.json"):
            if (self.run / f).exists():
                shutil.copy2(self.run / f, self.state / f)
        prog = self.progress()
        prog.update({"steps": int(steps), "wall_time_s": round(float(wall), 1), "phase": phase,
                     "net_arch": list(model.policy_kwargs.get("net_arch", [])), "commit": git_commit(),
                     "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
        self.write_progress(prog)

    def sync(self) -> bool:
        """Save ``state/`` from the newest checkpoint in ``runs/`` (for a run that a process started
        without the recipe's hook, e.g. ``mythenv train``); False when ``runs/`` has none."""
        from .run import _checkpoints

        ckpts = _checkpoints(self.run)
        if not ckpts:
            return False
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(ckpts[-1], device="cpu")
        meta = ckpts[-1].with_suffix(".json")
        wall = json.loads(meta.read_text())["wall_time_s"] if meta.exists() else 0.0
        prog = self.progress()
        phase = next((i for i, ph in enumerate(self.recipe.phases) if model.num_timesteps <= ph.steps),
                     len(self.recipe.phases) - 1)
        self.save_state(model, model.num_timesteps, wall, max(phase, prog.get("phase", 0)))
        return True

    def state_model(self, cfg: TrainConfig):
        """The policy kept in ``state/`` as a MaskablePPO model (a fresh optimizer) and its one-env
        VecEnv (close it when done)."""
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv

        from .pool import make_env

        pt = self.state / "policy.pt"
        if not pt.exists():
            raise ConfigError(f"{pt} does not exist: {self.recipe.name} has no saved policy yet")
        prog = self.progress()
        venv = DummyVecEnv([make_env(cfg.game, {"random": 1.0}, cfg.seed, game_config=cfg.game_config,
                                     monitor=False)])
        ppo = dict(cfg.ppo)
        arch = prog.get("net_arch") or ppo["net_arch"]
        ppo.pop("net_arch")
        model = MaskablePPO("MlpPolicy", venv, seed=cfg.seed, device="cpu", policy_kwargs={"net_arch": arch}, **ppo)
        model.policy.load_state_dict(torch.load(pt, map_location="cpu"))
        model.num_timesteps = int(prog["steps"])
        return model, venv

    def rebuild_run(self, cfg: TrainConfig) -> bool:
        """On a machine without ``runs/<name>``: a checkpoint rebuilt from ``state/`` (weights, steps,
        pool; a fresh optimizer). False when there is nothing to resume from."""
        from .run import _checkpoints

        if _checkpoints(self.run):
            return True
        pt = self.state / "policy.pt"
        if not pt.exists():
            return False
        prog = self.progress()
        steps = int(prog["steps"])
        model, venv = self.state_model(cfg)
        for sub in ("checkpoints", "pool", "tb"):
            (self.run / sub).mkdir(parents=True, exist_ok=True)
        model.save(self.run / "checkpoints" / f"ckpt_{steps}.zip")
        (self.run / "checkpoints" / f"ckpt_{steps}.json").write_text(
            json.dumps({"steps": steps, "wall_time_s": prog.get("wall_time_s", 0.0), "rebuilt_from_state": True}))
        for s in (self.state / "pool").glob("snap_*.npz"):
            shutil.copy2(s, self.run / "pool" / s.name)
        for f in ("eval.jsonl", "pretrain.json"):
            if (self.state / f).exists():
                shutil.copy2(self.state / f, self.run / f)
        venv.close()
        return True


def _rel(path: str | None) -> str | None:
    if path is None:
        return None
    p = Path(path).resolve()
    return str(p.relative_to(repo_root())) if p.is_relative_to(repo_root()) else str(p)


def resolve_teacher(spec: str) -> str:
    """``python:FILE.py[:NAME]`` with FILE relative to the repository made absolute (the command may
    run anywhere); any other agent spec unchanged."""
    where = spec.removeprefix("python:")
    file_part = where.split(":")[0]
    if where != spec and file_part.endswith(".py") and not Path(file_part).is_absolute() \
            and (repo_root() / file_part).exists():
        return "python:" + str(repo_root() / where)
    return spec


def _imitate(recipe: Recipe, dirs: RunDirs, i: int, cfg: TrainConfig, progress: bool) -> None:
    """An imitation phase: the teacher's decisions, the current policy fitted to them."""
    from sb3_contrib import MaskablePPO

    from .imitation import imitate
    from .run import _checkpoints, _eval_row, _save_checkpoint

    im = dict(recipe.phases[i].imitate)
    teacher = resolve_teacher(im["teacher"])
    ckpt = _checkpoints(dirs.run)[-1]
    model = MaskablePPO.load(ckpt, device="cpu")
    steps = int(model.num_timesteps)
    prog = dirs.progress()
    wall0 = float(prog.get("wall_time_s", 0.0))
    t0 = time.time()
    current = teacher_model = None  # the policy as it stands, for the teacher and the DAgger actor
    if im["teacher_policy"] or im["dagger"]:
        from mythenv.agents.numpy_policy import export_sb3

        current = dirs.run / f"teacher_{i}.npz"
        export_sb3(model, current, {"game": cfg.game, "game_config": cfg.game_config, "steps": steps,
                                    "teacher_of_phase": i})
    if im["teacher_policy"]:
        teacher_model = dirs.run / f"teacher_{i}.zip"
        model.save(teacher_model)
    if progress:
        print(f"[{recipe.name}] phase {i + 1}/{len(recipe.phases)}: imitate {im['teacher']} over {im['games']:,} "
              f"games against {im['opponents']}, from the policy at {steps:,} steps", flush=True)
    log = (lambda row: print("  imitate epoch {epoch}: policy loss {policy_loss:.3f}, value loss {value_loss:.3f}, "
                             "holdout accuracy {holdout_accuracy:.3f}".format(**row), flush=True)) if progress else None
    stats = imitate(model, cfg.game, teacher, im["opponents"], im["games"], seed=cfg.seed + 7919 * (i + 1),
                    game_config=cfg.game_config, workers=im["workers"], epochs=im["epochs"],
                    batch_size=im["batch_size"], learning_rate=im["learning_rate"], vf_coef=im["vf_coef"],
                    holdout=im["holdout"], fit_seed=cfg.seed + i,
                    teacher_policy=current if im["teacher_policy"] else None, teacher_model=teacher_model,
                    actor=f"ppo:{current}" if im["dagger"] else None, log=log)
    stats.update({"phase": i, "config": im, "from_steps": steps})
    wall = wall0 + time.time() - t0
    _eval_row(model, cfg, dirs.run, steps, wall, progress)
    wall = wall0 + time.time() - t0
    _save_checkpoint(model, dirs.run, steps, wall)
    model.save(dirs.run / "final.zip")
    dirs.state.mkdir(parents=True, exist_ok=True)
    (dirs.state / f"imitate_{i}.json").write_text(json.dumps(stats, indent=2) + "\n")
    dirs.save_state(model, steps, wall, i)


def policy_file(name: str) -> Path:
    from mythenv.agents.numpy_policy import POLICY_DIR

    return POLICY_DIR / f"{name}.npz"


def reproduce(recipe: Recipe, root: Path | None = None, progress: bool = True, eval_only: bool = False,
              command: str | None = None, out_policy: Path | None = None) -> dict[str, Any]:
    """Run the recipe's remaining phases, evaluate and export the policy; returns its record."""
    from .run import evaluate, train

    dirs = RunDirs(recipe, root)
    prog = dirs.progress()
    for i in range(prog["phases_done"], len(recipe.phases)):
        if eval_only:
            break
        cfg = recipe.phase_config(i)
        resume = dirs.rebuild_run(cfg)
        if recipe.phases[i].imitate is not None:
            t0 = time.time()
            _imitate(recipe, dirs, i, cfg, progress)
            prog = dirs.progress()
            prog["phases_done"] = i + 1
            prog.setdefault("history", []).append({"phase": i, "imitate": True, "steps": prog["steps"],
                                                   "commit": git_commit(),
                                                   "session_seconds": round(time.time() - t0, 1)})
            dirs.write_progress(prog)
            continue
        if progress:
            print(f"[{recipe.name}] phase {i + 1}/{len(recipe.phases)}: up to {cfg.steps:,} steps"
                  f"{' (resumed)' if resume else ''}, opponents {cfg.opponents}", flush=True)
        t0 = time.time()
        train(cfg, dirs.run, resume=resume, progress=progress, command=command,
              on_checkpoint=lambda model, n, wall, i=i: dirs.save_state(model, n, wall, i))
        prog = dirs.progress()
        prog["phases_done"] = i + 1
        prog.setdefault("history", []).append({"phase": i, "steps": cfg.steps, "commit": git_commit(),
                                               "session_seconds": round(time.time() - t0, 1)})
        dirs.write_progress(prog)
    prog = dirs.progress()
    if prog["phases_done"] < len(recipe.phases):
        raise ConfigError(f"{recipe.name}: {prog['phases_done']} of {len(recipe.phases)} phases done; "
                          "run without --eval-only to train the rest")
    final = dirs.run / "final.zip"
    if not final.exists():
        dirs.rebuild_run(recipe.config)
        from .run import _checkpoints

        final = _checkpoints(dirs.run)[-1]
    cfg = recipe.config
    if progress:
        print(f"[{recipe.name}] evaluating {final.name}: {recipe.final_eval_games} games per baseline", flush=True)
    t0 = time.time()
    ev = evaluate(str(final), cfg.game, recipe.eval_opponents, recipe.final_eval_games, seed=20_261_201,
                  game_config=cfg.game_config, workers=recipe.eval_workers, team=recipe.eval_team)
    from sb3_contrib import MaskablePPO

    from mythenv.agents.numpy_policy import export_sb3

    model = MaskablePPO.load(final, device="cpu")
    from mythenv.core.registry import make_game

    game = make_game(cfg.game, **cfg.game_config)
    meta = {
        "name": recipe.name, "game": cfg.game, "game_config": game.config,
        "algorithm": "MaskablePPO (sb3-contrib) self-play" + (", behaviour-cloning warm start" if cfg.pretrain else "")
        + "".join(f", then distilled from {ph.imitate['teacher']}" for ph in recipe.phases if ph.imitate),
        "steps": int(model.num_timesteps), "wall_time_s": prog.get("wall_time_s"),
        "seeds": {"train": cfg.seed, "eval": 20_261_201}, "net_arch": prog.get("net_arch"),
        "commit": git_commit(), "history": prog.get("history", []),
        "recipe": _rel(recipe.path),
        "reproduce": f"python training/reproduce.py {recipe.name}",
        "evaluation": {"games_per_baseline": recipe.final_eval_games, "seats": "rotated",
                       "interval": "95% Wilson", "seconds": round(time.time() - t0, 1), "results": ev},
    }
    out = Path(out_policy) if out_policy is not None else policy_file(recipe.name)
    export_sb3(model, out, meta)
    (dirs.state / "shipped.json").write_text(json.dumps(meta, indent=2) + "\n")
    if progress:
        for k, v in ev.items():
            lo, hi = v["ci95"]
            print(f"  vs {k}: {v['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] ({v['games']} games)", flush=True)
        print(f"[{recipe.name}] exported to {out}", flush=True)
    return meta


TABLE_START, TABLE_END = "<!-- shipped:start -->", "<!-- shipped:end -->"


def _rate(r: dict | None) -> str:
    if not r:
        return "-"
    lo, hi = r["ci95"]
    return f"**{r['win_rate']:.3f}** [{lo:.3f}, {hi:.3f}] ({r['games']:,} games)"


def status_table(root: Path | None = None) -> str:
    """The markdown table of every recipe: shipped (with its recorded evaluation) or how far its
    training has got. Read from the shipped files and ``training/state/``; nothing typed by hand."""
    from mythenv.agents.numpy_policy import NumpyPolicy

    rows = ["| policy | game config | recipe | steps | wall time | vs random | vs heuristic | status | curve |",
            "|---|---|---|---|---|---|---|---|---|"]
    for name in list_recipes():
        r = load_recipe(name)
        dirs = RunDirs(r, root)
        prog = dirs.progress()
        f = policy_file(name)
        cfg = ", ".join(f"{k}={v}" for k, v in r.config.game_config.items()) or "default"
        recipe = f"`training/recipes/{name}.toml`: " + (
            "warm start + " if r.config.pretrain else "") + f"{sum(not ph.imitate for ph in r.phases)} PPO phase(s)" + (
            f" + {sum(bool(ph.imitate) for ph in r.phases)} imitation phase(s)" if any(ph.imitate for ph in r.phases) else "")
        png = repo_root() / "docs" / "images" / f"training_{name}.png"
        curve = f"`docs/images/{png.name}`" if png.exists() else "-"
        record = dirs.state / "shipped.json"  # the final evaluation, also of a policy under the bar
        m = None
        if f.exists():
            m = NumpyPolicy.load(f).meta
        elif prog.get("phases_done", 0) >= len(r.phases) and record.exists():
            m = json.loads(record.read_text())
        if m is not None:
            res = m["evaluation"]["results"]
            wall = f"{(m.get('wall_time_s') or 0) / 60:.0f} min"
            if "solo" in res:  # one seat against the monsters: the heuristic alone on the same encounters
                vs_random = "- (one seat)"
                vs_heur = (f"{_rate(res['solo'])} against the monsters; the heuristic alone on the same "
                           f"encounters: {_rate(res.get('solo_heuristic'))}")
            elif "team" in res:  # co-op: the policy at every seat against the heuristic team, same encounters
                vs_random = (_rate(res["random"]) + " (random partner)" if "random" in res
                             else "- (not evaluated: co-op has no opponent seat)")
                vs_heur = (f"{_rate(res['team'])} as a team against the monsters; the heuristic team on the same "
                           f"encounters: {_rate(res.get('team_heuristic'))}; with a heuristic partner: "
                           f"{_rate(res.get('heuristic'))}")
            else:
                vs_random, vs_heur = _rate(res.get("random")), _rate(res.get("heuristic"))
            status = "shipped" if f.exists() else (f"every phase done, under the bar: not shipped (evaluation in "
                                                  f"`training/state/{name}/shipped.json`)")
            rows.append(f"| `{name}` | {cfg} | {recipe} | {m['steps']:,} | {wall} | {vs_random} | "
                        f"{vs_heur} | {status} | {curve} |")
        else:
            wall = f"{prog.get('wall_time_s', 0) / 60:.0f} min"
            rows.append(f"| `{name}` | {cfg} | {recipe} | {prog['steps']:,} of {r.phases[-1].steps:,} | {wall} | - | - | "
                        f"training: phase {prog['phases_done'] + 1 if prog['phases_done'] < len(r.phases) else len(r.phases)} "
                        f"of {len(r.phases)}, not shipped yet | {curve} |")
    return "\n".join(rows)


def write_table(doc: Path, root: Path | None = None) -> None:
    text = doc.read_text()
    if TABLE_START not in text or TABLE_END not in text:
        raise ConfigError(f"{doc} has no {TABLE_START} ... {TABLE_END} block")
    a, b = text.index(TABLE_START) + len(TABLE_START), text.index(TABLE_END)
    doc.write_text(text[:a] + "\n" + status_table(root) + "\n" + text[b:])

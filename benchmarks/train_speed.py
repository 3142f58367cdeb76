"""``mythenv train``'s learner steps/s: the batched pipeline (the configs' default since issue 42)
against the configuration before it (two single-game envs in a ``SubprocVecEnv``, each opponent asked
one decision at a time), same game, same network, same opponent pool, same PPO update, one run.

Per game, both pipelines train the game's config (``training/configs``) from scratch (no warm start,
no evaluations, no checkpoints before the end) for ``--steps`` learner steps, alternately, ``--repeats``
times; the rate is learner steps over the time ``mythenv train`` reports (``wall_time_s``: learning,
not importing torch or building the envs); the ratio is the median of each repeat's ratio.

- **before**: ``vec_env="subproc"``, ``n_envs=2``, ``n_steps`` = the rollout / 2, one torch thread;
- **batched**: the config as it ships (``vec_env="batched"``, 64 games over 2 workers, the learner on
  every core while the workers wait: ``torch_threads = 0``);
- **batched-256**: the same with 256 games and one minibatch per epoch (``n_steps`` = the rollout / 256,
  ``batch_size`` = the rollout): the same network, rollout and epochs, fewer and larger gradient steps.

``--opponents POOL`` (e.g. ``self``) trains all three against that pool instead of the config's: the
config's pool holds the heuristic, which the engine plays one decision at a time and which bounds
every pipeline. Results go to ``benchmarks/train_speed.json``, one row per game and pool::

    python -m benchmarks.train_speed [--steps 32768] [--repeats 2] [--opponents self] [games ...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from mythenv.train import load_config, parse_opponents

GAMES = ("hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0", "theosis_v0")  # batched by default
RESULTS = Path(__file__).with_name("train_speed.json")


def pipelines(game: str, steps: int, opponents: dict[str, float] | None = None) -> dict:
    cfg = load_config(None, game=game)
    rollout = cfg.ppo["n_steps"] * cfg.n_envs
    quiet = dict(steps=steps, pretrain={}, eval_every=10**9, snapshot_every=10**9, checkpoint_every=10**9)
    if opponents:
        quiet["opponents"] = opponents
    # a config that trains on single-game envs is run batched with 64 games (its shaping kept: the engine
    # shapes rewards as the single-game envs do)
    batched = cfg if cfg.vec_env == "batched" else cfg.replace(vec_env="batched", n_envs=64, ppo={
        **cfg.ppo, "n_steps": max(1, rollout // 64)})
    return {"before": cfg.replace(vec_env="subproc", n_envs=2, ppo={**cfg.ppo, "n_steps": rollout // 2}, **quiet),
            "batched": batched.replace(**quiet),
            "batched-256": batched.replace(n_envs=256, ppo={**batched.ppo, "n_steps": rollout // 256,
                                                            "batch_size": rollout}, **quiet)}


def rate(cfg) -> float:
    from mythenv.train.run import train

    out = Path(tempfile.mkdtemp(prefix="train_speed_"))
    try:
        res = train(cfg, out / "run", progress=False, final_eval_games=0)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return res["steps"] / res["wall_time_s"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.train_speed", description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help=f"games (default: {', '.join(GAMES)})")
    p.add_argument("--steps", type=int, default=32_768, help="learner steps per run")
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--opponents", default="", help="the pool all pipelines train against, e.g. self "
                   "(default: the config's)")
    args = p.parse_args(argv)
    pool = parse_opponents(args.opponents) if args.opponents else None
    rows = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for game in args.games or GAMES:
        runs: dict[str, list[float]] = {name: [] for name in pipelines(game, args.steps, pool)}
        for _ in range(args.repeats):
            for name, cfg in pipelines(game, args.steps, pool).items():
                runs[name].append(rate(cfg))
                print(f"{game} {name}: {runs[name][-1]:,.0f} learner steps/s", flush=True)
        cfg = pipelines(game, args.steps, pool)["batched"]
        row = {name: round(statistics.median(r)) for name, r in runs.items()}
        for name in runs:
            if name != "before":
                row[f"ratio {name}"] = round(statistics.median(b / a for a, b in zip(runs["before"], runs[name])), 2)
        flags = f" --opponents {args.opponents}" if args.opponents else ""
        row.update(runs=runs, steps=args.steps, rollout=cfg.ppo["n_steps"] * cfg.n_envs, net_arch=cfg.ppo["net_arch"],
                   n_epochs=cfg.ppo["n_epochs"], opponents=cfg.opponents,
                   command=f"python -m benchmarks.train_speed --steps {args.steps} --repeats {args.repeats}{flags} {game}",
                   machine={"cpus": os.cpu_count(), "python": platform.python_version()})
        rows[f"{game} {args.opponents or 'config'}"] = row
        RESULTS.write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))
    return 0


def table(rows: dict) -> str:
    """The rows as the Markdown table in docs/training.md."""
    out = ["| game | opponents | before (subproc, 2 envs) | batched (64 games) | ratio | batched, 256 games, "
           "one minibatch | ratio |", "|---|---|---:|---:|---:|---:|---:|"]
    for key, r in rows.items():
        game, pool = key.split(" ", 1)
        out.append(f"| `{game}` | {pool} | {r['before']:,} | {r['batched']:,} | {r['ratio batched']:.2f}x | "
                   f"{r['batched-256']:,} | {r['ratio batched-256']:.2f}x |")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())

"""``mythenv train``'s learner steps/s: the batched pipeline (the configs' default since issue 42)
against the configuration before it (two single-game envs in a ``SubprocVecEnv``, each opponent asked
one decision at a time), same game, same network, same opponent pool, same PPO update, one run.

Per game, both pipelines train the game's config (``training/configs``) from scratch (no warm start,
no evaluations, no checkpoints before the end) for ``--steps`` learner steps, alternately, ``--repeats``
times; the rate is learner steps over the time ``mythenv train`` reports (``wall_time_s``: learning,
not importing torch or building the envs); the ratio is the median of each repeat's ratio.

- **before**: ``vec_env="subproc"``, ``n_envs=2``, ``n_steps`` = the rollout / 2;
- **batched**: the config as it ships (``vec_env="batched"``, 64 games over 2 workers).

Both have the same rollout (``n_steps * n_envs``), batch size and epochs. Results go to
``benchmarks/train_speed.json``::

    python -m benchmarks.train_speed [--steps 32768] [--repeats 2] [games ...]
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

from mythenv.train import load_config

GAMES = ("hera_zeus_v0", "demigods_v0", "theomachy_v0", "theosis_v0")  # batched by default (not Mythologies: shaping)
RESULTS = Path(__file__).with_name("train_speed.json")


def pipelines(game: str, steps: int) -> dict:
    cfg = load_config(None, game=game)
    rollout = cfg.ppo["n_steps"] * cfg.n_envs
    quiet = dict(steps=steps, pretrain={}, eval_every=10**9, snapshot_every=10**9, checkpoint_every=10**9)
    return {"before": cfg.replace(vec_env="subproc", n_envs=2, ppo={**cfg.ppo, "n_steps": rollout // 2}, **quiet),
            "batched": cfg.replace(**quiet)}


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
    args = p.parse_args(argv)
    rows = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for game in args.games or GAMES:
        runs = {"before": [], "batched": []}
        for _ in range(args.repeats):
            for name, cfg in pipelines(game, args.steps).items():
                runs[name].append(rate(cfg))
                print(f"{game} {name}: {runs[name][-1]:,.0f} learner steps/s", flush=True)
        cfg = pipelines(game, args.steps)["batched"]
        rows[game] = {"before": round(statistics.median(runs["before"])), "batched": round(statistics.median(runs["batched"])),
                      "ratio": round(statistics.median(b / a for a, b in zip(runs["before"], runs["batched"])), 2),
                      "runs": runs, "steps": args.steps, "rollout": cfg.ppo["n_steps"] * cfg.n_envs,
                      "net_arch": cfg.ppo["net_arch"], "opponents": cfg.opponents,
                      "command": f"python -m benchmarks.train_speed --steps {args.steps} --repeats {args.repeats} {game}",
                      "machine": {"cpus": os.cpu_count(), "python": platform.python_version()}}
        RESULTS.write_text(json.dumps(rows, indent=1) + "\n")
    print("| game | before (subproc, 2 envs) | batched (64 games, 2 workers) | ratio |\n|---|---:|---:|---:|")
    for game, r in rows.items():
        print(f"| `{game}` | {r['before']:,} | {r['batched']:,} | {r['ratio']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

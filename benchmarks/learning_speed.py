"""Learning speed: learner steps and wall time from scratch until a 400-game check shows 55% against
the heuristic, per two-seat default config, on the batched trainer (issue "Batched self-play").

Each run is ``mythenv.train.run.train`` with the game's config (``mythenv/train/configs``: its
network, its opponent pool, its reward shaping: Mythologies' Favor margin) and these changes, the same
for every game:

- no warm start (``pretrain`` off: PPO from scratch, fixed seed);
- the batched engine (``vec_env="batched"``, ``NUM_ENVS`` games, ``vec_workers`` processes);
- PPO from scratch: ``SCRATCH_PPO`` (a rollout of ``n_steps * NUM_ENVS`` learner steps);
- an arena check of ``CHECK_GAMES`` seat-rotated games against the heuristic every ``CHECK_EVERY``
  learner steps (``mythenv.train.run.evaluate``, seeds 10,000 + steps), stopping at the first check at or
  above ``TARGET`` (``TrainConfig.stop_at``), or at ``--max-steps``.

Wall time counts everything, checks included (they are also reported apart). The result of each game
is one row of ``benchmarks/learning_speed.json`` (``--docs`` also rewrites the table in
docs/training.md between its markers). Run one game at a time on an otherwise idle machine::

    python -m benchmarks.learning_speed hera_zeus_v0 [--max-steps 3000000] [--workers 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

from mythenv.train import load_config

NUM_ENVS = 64
CHECK_EVERY = 65_536
CHECK_GAMES = 400
TARGET = 0.55
SCRATCH_PPO = {"learning_rate": 3e-4, "n_steps": 64, "batch_size": 1024, "n_epochs": 4, "ent_coef": 0.01,
               "target_kl": None}
#: the two-seat default configs (the default config of every game that has two seats by default)
TWO_SEAT = ("hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0", "theosis_v0")
RESULTS = Path(__file__).with_name("learning_speed.json")
DOCS = Path(__file__).resolve().parent.parent / "docs" / "training.md"
BEGIN, END = "<!-- learning_speed:begin -->", "<!-- learning_speed:end -->"


def scratch_config(game: str, max_steps: int, workers: int, seed: int):
    cfg = load_config(None, game=game)
    # the config's reward shaping is kept (Mythologies' Favor margin; the batched engine shapes rewards)
    return cfg.replace(steps=max_steps, seed=seed, n_envs=NUM_ENVS, vec_env="batched", vec_workers=workers,
                       pretrain={}, ppo={**cfg.ppo, **SCRATCH_PPO}, eval_every=CHECK_EVERY,
                       eval_games=CHECK_GAMES, eval_opponents=["heuristic"], stop_at={"heuristic": TARGET},
                       snapshot_every=CHECK_EVERY * 2, checkpoint_every=10 * CHECK_EVERY)


def run(game: str, max_steps: int, workers: int, seed: int, keep: str | None) -> dict:
    from mythenv.train.run import train

    cfg = scratch_config(game, max_steps, workers, seed)
    out = Path(keep) if keep else Path(tempfile.mkdtemp(prefix=f"learning_speed_{game}_"))
    try:
        t0 = time.time()
        res = train(cfg, out, progress=True, final_eval_games=0)
        wall = time.time() - t0
        curve = [json.loads(line) for line in (out / "eval.jsonl").read_text().splitlines()]
    finally:
        if not keep:
            shutil.rmtree(out, ignore_errors=True)
    stop = res.get("stopped_at")
    return {
        "game": game, "reached": stop is not None, "target": TARGET, "check_games": CHECK_GAMES,
        "steps": stop["steps"] if stop else res["steps"], "wall_s": round(wall, 1),
        "check_s": round(sum(r["eval_seconds"] for r in curve), 1),
        "win_rate": stop["win_rate_vs_heuristic"] if stop else (curve[-1]["win_rate_vs_heuristic"] if curve else None),
        "curve": [[r["steps"], round(r["wall_time"], 1), r["win_rate_vs_heuristic"]] for r in curve],
        "num_envs": NUM_ENVS, "workers": workers, "seed": seed, "ppo": {**cfg.ppo},
        "learner_threads": cfg.learner_threads(), "measured": time.strftime("%Y-%m-%d"),
        "opponents": cfg.opponents, "max_steps": max_steps,
        "command": f"python -m benchmarks.learning_speed {game} --max-steps {max_steps} --workers {workers} --seed {seed}",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
    }


def table(rows: dict) -> str:
    lines = ["| game | reached 55% | learner steps | wall time | of which checks | last check | command |",
             "|---|---|---:|---:|---:|---:|---|"]
    for game in TWO_SEAT:
        r = rows.get(game)
        if r is None:
            lines.append(f"| `{game}` | not measured | | | | | `python -m benchmarks.learning_speed {game}` |")
            continue
        lines.append(f"| `{game}` | {'yes' if r['reached'] else 'no (stopped at --max-steps)'} | {r['steps']:,} | "
                     f"{r['wall_s'] / 60:.1f} min | {r['check_s'] / 60:.1f} min | {r['win_rate']:.3f} | `{r['command']}` |")
    return "\n".join(lines)


def write_docs(rows: dict) -> None:
    text = DOCS.read_text()
    if BEGIN not in text:
        raise SystemExit(f"{DOCS} has no {BEGIN} marker")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS.write_text(f"{head}{BEGIN}\n{table(rows)}\n{END}{tail}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.learning_speed", description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help=f"games among {', '.join(TWO_SEAT)} (none: print the table)")
    p.add_argument("--max-steps", type=int, default=3_000_000, help="give up after this many learner steps")
    p.add_argument("--workers", type=int, default=2, help="processes the engine's games are spread over")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--keep", help="keep the run's directory here (checkpoints, eval.jsonl)")
    p.add_argument("--docs", action="store_true", help="rewrite the table in docs/training.md")
    args = p.parse_args(argv)
    for game in args.games:
        if game not in TWO_SEAT:
            p.error(f"{game!r} is not one of {', '.join(TWO_SEAT)}")
    rows = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for game in args.games:
        rows[game] = run(game, args.max_steps, args.workers, args.seed, args.keep)
        RESULTS.write_text(json.dumps(rows, indent=1) + "\n")
        r = rows[game]
        print(f"{game}: {'reached' if r['reached'] else 'did not reach'} {TARGET} after {r['steps']:,} steps, "
              f"{r['wall_s']:.0f} s (checks {r['check_s']:.0f} s)", flush=True)
    if args.docs:
        write_docs(rows)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Ray RLlib multi-agent PPO self-play for any mythenv game, with action masking.

    pip install -e ".[distributed]"
    python training/rllib_train.py hera_zeus_v0 --num-env-runners 2 --iterations 20
    python training/rllib_train.py demigods_v0 --policy per-seat --config num_players=3
    python training/rllib_train.py hera_zeus_v0 --address ray://head-node:10001 --num-env-runners 64

Without ``--address`` a local Ray is started (``--num-cpus`` bounds it); with it, the script joins an
existing cluster (``ray start --head`` on the head node, ``ray start --address=HEAD:6379`` on the
workers, then ``--address auto`` on the head or ``ray://HEAD:10001`` from outside). RLlib's own
scaling knobs are exposed: ``--num-env-runners`` (sampling processes, spread over the cluster),
``--num-envs-per-env-runner`` and ``--train-batch-size``.

The shared policy's mean return says nothing in a zero-sum game (it is 0), so after training the
checkpoint plays ``--eval-games`` arena games against each of ``--eval-opponents`` (default random and
the heuristic; seats rotated, 95% Wilson intervals) as the ``rllib:CHECKPOINT`` agent
(:class:`mythenv.agents.rllib.RLlibPolicyAgent`, which ``mythenv arena`` and ``mythenv evaluate``
load too); the win rates are printed and written to ``CHECKPOINT/evaluation.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def _config(items):
    out = {}
    for item in items or []:
        k, _, v = item.partition("=")
        try:
            out[k] = json.loads(v)
        except json.JSONDecodeError:
            out[k] = v
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--num-env-runners", type=int, default=2, help="RLlib sampling workers (0: sample in the driver)")
    p.add_argument("--num-envs-per-env-runner", type=int, default=1)
    p.add_argument("--iterations", type=int, default=10, help="algo.train() calls")
    p.add_argument("--train-batch-size", type=int, default=4000)
    p.add_argument("--minibatch-size", type=int, default=256)
    p.add_argument("--num-epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--policy", choices=("shared", "per-seat"), default="shared",
                   help="one policy for every seat (self-play) or one per seat")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--config", nargs="*", help="game config KEY=VALUE")
    p.add_argument("--address", help="Ray cluster address (auto, ray://HOST:10001); default: a local Ray")
    p.add_argument("--num-cpus", type=int, help="CPUs for a local Ray")
    p.add_argument("--out", default=None, help="checkpoint directory (default runs/rllib_GAME)")
    p.add_argument("--json", action="store_true", help="print one JSON line per iteration (and one for the evaluation)")
    p.add_argument("--eval-games", type=int, default=100, help="arena games per opponent after training (0: none)")
    p.add_argument("--eval-opponents", default="random,heuristic", help="comma-separated arena opponents")
    p.add_argument("--eval-seed", type=int, default=12345)
    a = p.parse_args(argv)

    import ray

    from mythenv.train.rllib import build_config

    if a.address:
        ray.init(address=a.address)
    else:
        ray.init(num_cpus=a.num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        cfg = build_config(a.game, num_env_runners=a.num_env_runners, policy=a.policy, seed=a.seed,
                           game_config=_config(a.config), train_batch_size=a.train_batch_size,
                           minibatch_size=a.minibatch_size, num_epochs=a.num_epochs, lr=a.lr,
                           num_envs_per_env_runner=a.num_envs_per_env_runner)
        algo = cfg.build_algo()
        t0 = time.time()
        for i in range(a.iterations):
            res = algo.train()
            runners = res.get("env_runners", {})
            row = {"iteration": i + 1, "env_steps": res.get("num_env_steps_sampled_lifetime"),
                   "episodes": runners.get("num_episodes_lifetime"),
                   "episode_len_mean": runners.get("episode_len_mean"),
                   "module_return_mean": runners.get("module_episode_returns_mean"),
                   "seconds": round(time.time() - t0, 1)}
            print(json.dumps(row, default=float) if a.json else
                  f"iter {row['iteration']}: {row['env_steps']} env steps, {row['episodes']} episodes, "
                  f"mean length {row['episode_len_mean']}, {row['seconds']} s", flush=True)
        out = Path(a.out or f"runs/rllib_{a.game}").resolve()
        algo.save_to_path(str(out))
        print(f"checkpoint: {out}")
        algo.stop()
    finally:
        ray.shutdown()
    if a.eval_games > 0:
        res = evaluate_checkpoint(out, a.game, [o for o in a.eval_opponents.split(",") if o], a.eval_games,
                                  a.eval_seed, _config(a.config))
        (out / "evaluation.json").write_text(json.dumps(res, indent=1) + "\n")
        for opp, r in res["eval"].items():
            print(json.dumps({"opponent": opp, **r}) if a.json else
                  f"vs {opp}: win rate {r['win_rate']:.3f} (95% CI {r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}, "
                  f"{r['games']} games, seats rotated)", flush=True)
    return 0


def evaluate_checkpoint(path: Path, game: str, opponents: list[str], games: int, seed: int,
                        game_config: dict | None = None) -> dict:
    """Arena games of the checkpoint (``rllib:PATH``) against each opponent, seats rotated."""
    from mythenv.eval import run_arena

    spec = f"rllib:{path}"
    out = {"checkpoint": str(path), "game": game, "config": dict(game_config or {}), "seed": seed, "eval": {}}
    for opp in opponents:
        s = run_arena(game, [spec, opp], games=games, seed=seed, config=game_config).summary()
        out["eval"][opp] = {"win_rate": s["win_rate"][spec], "ci95": s["ci95"][spec], "games": s["games"],
                            "draw_rate": s["draw_rate"], "per_seat_win_rate": s["per_seat_win_rate"][spec]}
    return out


if __name__ == "__main__":
    sys.exit(main())

"""MaskablePPO self-play training loop (sb3-contrib), one machine.

Layout of an output directory ``OUT``::

    OUT/config.json            the resolved TrainConfig (with the command line overrides)
    OUT/tb/                    TensorBoard logs (rollout/*, train/*, selfplay/*, eval/*)
    OUT/pool/snap_<steps>.npz  frozen snapshots (exported actors) the "self" opponent draws from
    OUT/checkpoints/ckpt_<steps>.zip   full checkpoints (``--resume`` starts from the newest)
    OUT/eval.jsonl             one line per arena evaluation (win rates vs random / heuristic)
    OUT/final.zip              the final model: ``make_agent("ppo:OUT/final.zip", game)``
    OUT/result.json            steps, wall time, final evaluation
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.registry import make_game

from .config import TrainConfig
from .pool import list_snapshots, make_env


def _checkpoints(out: Path) -> list[Path]:
    d = out / "checkpoints"
    if not d.exists():
        return []
    return sorted(d.glob("ckpt_*.zip"), key=lambda p: int(p.stem.split("_")[1]))


def evaluate(model_path: str, game: str, opponents: list[str], games: int, seed: int,
             game_config: dict | None = None, workers: int = 1, team: bool = False) -> dict[str, Any]:
    """Arena games of the policy at ``model_path`` against each opponent, which plays every other seat
    (seats rotated: at P seats the policy's fair share of wins is 1/P). In a
    one-seat game (Theosis solo against the monsters) there is no opponent seat: the policy plays
    ``games`` games alone (key ``"solo"``) and each of ``opponents`` plays the same games (the same
    seeds, so the same encounters) alone for comparison (key ``"solo_<name>"``).

    With ``team`` (a co-op game, every seat on one side against the rules, as Theosis co-op against
    the monsters), the policy also plays every seat (key ``"team"``) and each opponent plays every
    seat of the same games (key ``"team_<name>"``), the comparison the co-op table asks for; the
    opponent keys are then the policy at one seat with that agent as its partner(s)."""
    from mythenv.eval import run_arena

    spec = f"ppo:{model_path}"
    out: dict[str, Any] = {}
    if make_game(game, **(game_config or {})).num_players == 1:
        for key, agent in [("solo", spec)] + [(f"solo_{o}", o) for o in opponents]:
            s = run_arena(game, [agent], games=games, seed=seed, workers=workers, config=game_config or {}).summary()
            out[key] = {"agent": "policy" if agent == spec else agent, "win_rate": s["win_rate"][agent],
                        "ci95": s["ci95"][agent], "games": s["games"], "mean_return": s["mean_return"][agent]}
        return out
    num_players = make_game(game, **(game_config or {})).num_players
    if team:  # the arena's interval counts encounters: a team's seats win or lose together
        for key, agent in [("team", spec)] + [(f"team_{o}", o) for o in opponents]:
            s = run_arena(game, [agent] * num_players, games=games, seed=seed, workers=workers,
                          config=game_config or {}).summary()
            out[key] = {"agent": "policy" if agent == spec else agent, "win_rate": s["win_rate"][agent],
                        "ci95": s["ci95"][agent], "games": s["games"], "mean_return": s["mean_return"][agent]}
    for opp in opponents:  # the policy at one seat, the opponent at every other (seats rotated)
        s = run_arena(game, [spec] + [opp] * (num_players - 1), games=games, seed=seed, workers=workers,
                      config=game_config or {}).summary()
        out[opp] = {"win_rate": s["win_rate"][spec], "ci95": s["ci95"][spec], "games": s["games"],
                    "draw_rate": s["draw_rate"], "mean_return": s["mean_return"][spec],
                    "per_seat_win_rate": s["per_seat_win_rate"][spec]}
    return out


def evaluate_batched(model, game: str, opponents: list[str], games: int, seed: int,
                     game_config: dict | None = None) -> dict[str, Any]:
    """:func:`evaluate`'s check played in the batched engine: against each opponent, ``games`` games
    of the greedy policy with seats rotated (row ``i`` plays seat ``i % P``), one row per game and
    only each row's first game counted (so short games are not favoured), the policy's decisions
    in one forward pass per step instead of one per decision. Same keys as :func:`evaluate`; a
    one-seat game (nobody to rotate against) goes to :func:`evaluate`."""
    from mythenv.eval.arena import wilson, winning_seats
    from mythenv.vector import make_vec

    config = game_config or {}
    num_players = make_game(game, **config).num_players
    if num_players == 1:
        raise ConfigError("evaluate_batched: a one-seat game has no opponent seat; use evaluate")
    out: dict[str, Any] = {}
    for opp in opponents:
        vec = make_vec(game, games, opponents=opp, seat="rotate", seed=seed, **config)
        try:
            obs, info = vec.reset(seed=seed)
            seats = np.asarray(info["seat"]).copy()
            returns = np.zeros(games)
            won = np.zeros(games, bool)
            drawn = np.zeros(games, bool)
            done = np.zeros(games, bool)
            while not done.all():
                actions, _ = model.predict(obs, action_masks=vec.action_masks(), deterministic=True)
                obs, _, term, trunc, info = vec.step(actions)
                for i in np.flatnonzero((term | trunc) & ~done):
                    ret = info["returns"][i]
                    winners = winning_seats(ret)
                    won[i], drawn[i], returns[i] = seats[i] in winners, not winners and max(ret) == 0, ret[seats[i]]
                done |= term | trunc
        finally:
            vec.close()
        out[opp] = {"win_rate": float(won.mean()), "ci95": list(wilson(int(won.sum()), games)), "games": games,
                    "draw_rate": float(drawn.mean()), "mean_return": float(returns.mean()),
                    "per_seat_win_rate": [float(won[seats == s].mean()) if (seats == s).any() else None
                                          for s in range(num_players)]}
    return out


def save_snapshot(model, path: Path, cfg: TrainConfig, steps: int) -> str:
    """A frozen snapshot for the pool: the actor exported to ``.npz`` (no torch needed to play it)."""
    from mythenv.agents.numpy_policy import export_sb3

    export_sb3(model, path, {"game": cfg.game, "game_config": cfg.game_config, "steps": steps, "snapshot": True})
    return str(path)


def _callbacks(cfg: TrainConfig, out: Path, progress: bool, wall0: float = 0.0, on_checkpoint=None):
    from stable_baselines3.common.callbacks import BaseCallback

    class SelfPlayCallback(BaseCallback):
        """Snapshots for the pool, checkpoints, arena evaluations, and per-opponent win rates."""

        def __init__(self):
            super().__init__()
            self.stats: dict[str, list[float]] = defaultdict(list)
            self._next = {}
            self.stopped_at: dict | None = None

        def _on_training_start(self) -> None:
            n = self.num_timesteps
            self._next = {"snap": (n // cfg.snapshot_every + 1) * cfg.snapshot_every,
                          "ckpt": (n // cfg.checkpoint_every + 1) * cfg.checkpoint_every,
                          "eval": (n // cfg.eval_every + 1) * cfg.eval_every}

        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                ep = info.get("episode")
                if ep is None:
                    continue
                for kind in set(ep.get("opponents", [])):
                    self.stats[kind].append(1.0 if ep["r"] > 0 else 0.0)
            n = self.num_timesteps
            if n >= self._next["snap"]:
                self._next["snap"] += cfg.snapshot_every
                path = save_snapshot(self.model, out / "pool" / f"snap_{n}.npz", cfg, n)
                if _uses_snapshots(cfg):  # the batched engine refuses snapshots for a pool without "self"
                    self.training_env.env_method("add_snapshot", path)
            if n >= self._next["ckpt"]:
                self._next["ckpt"] += cfg.checkpoint_every
                _save_checkpoint(self.model, out, n, self.wall())
                if on_checkpoint is not None:
                    on_checkpoint(self.model, n, self.wall())
            if n >= self._next["eval"]:
                self._next["eval"] += cfg.eval_every
                row = self.run_eval()
                if cfg.stop_at and all(row.get(_eval_key(k), 0.0) >= v for k, v in cfg.stop_at.items()):
                    self.stopped_at = row  # every stop_at target reached: stop here
                    return False
            return True

        def _on_rollout_end(self) -> None:
            for kind, xs in self.stats.items():
                if xs:
                    self.logger.record(f"selfplay/win_rate_vs_{kind}", float(np.mean(xs)))
                    self.logger.record(f"selfplay/episodes_vs_{kind}", len(xs))
            self.stats.clear()

        def wall(self) -> float:
            """Training wall time so far, summed over resumed sessions."""
            return self._wall0 + time.time() - self._t0

        def run_eval(self) -> dict:
            res, row = _eval_row(self.model, cfg, out, self.num_timesteps, self.wall(), progress)
            for k, v in res.items():
                self.logger.record(f"eval/{_eval_key(k)}", v["win_rate"])
            return row

    cb = SelfPlayCallback()
    cb._t0, cb._wall0 = time.time(), wall0
    return cb


def _uses_snapshots(cfg: TrainConfig) -> bool:
    """Whether the opponent pool draws the learner's snapshots (a ``self`` entry with a positive weight)."""
    return cfg.opponents.get("self", 0) > 0


def _eval_key(k: str) -> str:
    """eval.jsonl's column for an :func:`evaluate` key (one-seat games: the monsters)."""
    if k == "solo":
        return "win_rate_vs_monsters"
    if k.startswith("solo_"):
        return f"{k.removeprefix('solo_')}_alone_win_rate_vs_monsters"
    return f"win_rate_vs_{k}"


def _eval_row(model, cfg: TrainConfig, out: Path, n: int, wall: float, progress: bool):
    """Arena games of the current greedy policy against cfg.eval_opponents, one line of OUT/eval.jsonl."""
    t = time.time()
    if cfg.vec_env == "batched" and make_game(cfg.game, **cfg.game_config).num_players > 1:
        res = evaluate_batched(model, cfg.game, cfg.eval_opponents, cfg.eval_games, seed=10_000 + n,
                               game_config=cfg.game_config)
    else:
        path = out / "checkpoints" / f"eval_{n}.zip"
        model.save(path)
        res = evaluate(str(path), cfg.game, cfg.eval_opponents, cfg.eval_games, seed=10_000 + n,
                       game_config=cfg.game_config)
        path.unlink()
    row = {"steps": n, "wall_time": wall + time.time() - t, "eval_seconds": time.time() - t,
           **{_eval_key(k): v["win_rate"] for k, v in res.items()}}
    with open(out / "eval.jsonl", "a") as f:
        f.write(json.dumps(row) + "\n")
    if progress:
        print("  eval @ {}: {}".format(n, ", ".join(f"vs {k} {v['win_rate']:.2f}" for k, v in res.items())),
              flush=True)
    return res, row


def _pretrain(model, cfg: TrainConfig, out: Path, venv, progress: bool) -> float:
    """Behaviour cloning warm start (``[pretrain]``): demonstrations, fit, stats in OUT/pretrain.json;
    the warm-started policy is the first snapshot of the self-play pool. Returns its wall time."""
    from .imitation import imitate

    pt = cfg.pretrain
    t0 = time.time()
    if progress:
        print(f"pretrain: {pt['games']} games of {pt['teacher']} vs {pt['opponents']}", flush=True)
    log = (lambda row: print("  pretrain epoch {epoch}: policy loss {policy_loss:.3f}, value loss "
                             "{value_loss:.3f}, holdout accuracy {holdout_accuracy:.3f}".format(**row),
                             flush=True)) if progress else None
    stats = imitate(model, cfg.game, pt["teacher"], pt["opponents"], pt["games"], seed=cfg.seed,
                    game_config=cfg.game_config, workers=pt["workers"], epochs=pt["epochs"],
                    batch_size=pt["batch_size"], learning_rate=pt["learning_rate"], vf_coef=pt["vf_coef"],
                    holdout=pt["holdout"], log=log)
    stats["config"] = pt
    (out / "pretrain.json").write_text(json.dumps(stats, indent=2))
    path = save_snapshot(model, out / "pool" / "snap_0.npz", cfg, 0)
    if _uses_snapshots(cfg):
        venv.env_method("add_snapshot", path)
    # the warm-started policy's strength: the learning curve's first point
    _eval_row(model, cfg, out, 0, time.time() - t0, progress)
    return time.time() - t0


def _save_checkpoint(model, out: Path, steps: int, wall: float) -> None:
    model.save(out / "checkpoints" / f"ckpt_{steps}.zip")
    (out / "checkpoints" / f"ckpt_{steps}.json").write_text(json.dumps({"steps": steps, "wall_time_s": wall}))


def train(cfg: TrainConfig, out: str | Path, resume: bool = False, progress: bool = True,
          final_eval_games: int | None = None, command: str | None = None, on_checkpoint=None) -> dict[str, Any]:
    """Train ``cfg.game`` for ``cfg.steps`` learner steps in total; returns the result dict
    (also written to ``OUT/result.json``). With ``resume`` the newest checkpoint in ``OUT`` and the
    snapshot pool on disk are loaded and training continues up to ``cfg.steps``.
    ``on_checkpoint(model, steps, wall_time_s)`` is called after every checkpoint and at the end
    (training/reproduce.py keeps a copy of what a resume needs there)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.utils import set_random_seed
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    out = Path(out)
    game = make_game(cfg.game, **cfg.game_config)  # validates the game id and config early
    ckpts = _checkpoints(out)
    if resume and not ckpts:
        raise ConfigError(f"--resume: no checkpoint in {out / 'checkpoints'}")
    if not resume and (out / "final.zip").exists() or not resume and ckpts:
        raise ConfigError(f"{out} already holds a training run; pass --resume or another --out")
    for sub in ("pool", "checkpoints", "tb"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(cfg.to_dict(), indent=2))
    torch.set_num_threads(cfg.learner_threads())

    start = int(ckpts[-1].stem.split("_")[1]) if resume else 0
    seed = cfg.seed + start  # a resumed run continues with fresh, still reproducible streams
    set_random_seed(seed)
    snaps = list_snapshots(out / "pool")
    if cfg.vec_env == "batched":
        from mythenv.vector import make_vec
        from mythenv.vector.adapters import to_sb3

        vec = make_vec(cfg.game, cfg.n_envs, opponents=dict(cfg.opponents), seat=cfg.seat,
                       num_workers=cfg.vec_workers, seed=seed, shaping=cfg.shaping, gamma=cfg.ppo["gamma"],
                       **cfg.game_config)
        for path in snaps[-cfg.pool_size:] if _uses_snapshots(cfg) else []:
            vec.add_snapshot(path)
        venv = to_sb3(vec)
        venv.seed(seed)
    else:
        fns = [make_env(cfg.game, cfg.opponents, seed + 1000 * i, snaps, cfg.seat, cfg.game_config,
                        cfg.pool_size, cfg.latest_prob, cfg.learner_threads(), shaping=cfg.shaping,
                        gamma=cfg.ppo["gamma"]) for i in range(cfg.n_envs)]
        venv = SubprocVecEnv(fns) if cfg.vec_env == "subproc" and cfg.n_envs > 1 else DummyVecEnv(fns)
    ppo = dict(cfg.ppo)
    net_arch = ppo.pop("net_arch")
    try:
        if resume:
            # the config's [ppo] values apply from here on (a later phase may fine-tune with a smaller
            # learning rate, say); the network itself is the checkpoint's
            model = MaskablePPO.load(ckpts[-1], env=venv, device="cpu", tensorboard_log=str(out / "tb"), **ppo)
            saved_arch = model.policy_kwargs.get("net_arch")
            if saved_arch is not None and list(saved_arch) != list(net_arch):
                raise ConfigError(f"--resume: the checkpoint's net_arch is {list(saved_arch)}, the config's "
                                  f"{list(net_arch)}; a resumed run keeps the checkpoint's network")
        else:
            model = MaskablePPO("MlpPolicy", venv, seed=seed, device="cpu", verbose=0,
                                tensorboard_log=str(out / "tb"), policy_kwargs={"net_arch": net_arch}, **ppo)
        pretrain_s = _pretrain(model, cfg, out, venv, progress) if cfg.pretrain and not resume else 0.0
        if pretrain_s:  # the warm start is kept at once: a resume never collects the demonstrations again
            _save_checkpoint(model, out, 0, pretrain_s)
            if on_checkpoint is not None:
                on_checkpoint(model, 0, pretrain_s)
        remaining = cfg.steps - model.num_timesteps
        meta = ckpts[-1].with_suffix(".json") if resume else None
        wall0 = json.loads(meta.read_text())["wall_time_s"] if meta is not None and meta.exists() else pretrain_s
        cb = _callbacks(cfg, out, progress, wall0, on_checkpoint)
        t0 = time.time()

        if remaining > 0:
            model.learn(remaining, callback=cb, reset_num_timesteps=not resume, tb_log_name="ppo",
                        progress_bar=progress and _has_progress_bar())
        wall = wall0 + time.time() - t0
        model.save(out / "final.zip")
        _save_checkpoint(model, out, model.num_timesteps, wall)
        if on_checkpoint is not None:
            on_checkpoint(model, int(model.num_timesteps), wall)
    finally:
        venv.close()
    result: dict[str, Any] = {"game": cfg.game, "steps": int(model.num_timesteps), "wall_time_s": round(wall, 1),
                              "resumed_from": start, "n_envs": cfg.n_envs, "seed": cfg.seed,
                              "cpu_count": os.cpu_count(), "final_model": str(out / "final.zip"),
                              "command": command}
    if cfg.stop_at:
        result["stopped_at"] = cb.stopped_at if remaining > 0 else None  # the evaluation that reached stop_at
    if final_eval_games:
        result["eval"] = evaluate(str(out / "final.zip"), cfg.game, cfg.eval_opponents, final_eval_games,
                                  seed=12345, game_config=cfg.game_config)
    (out / "result.json").write_text(json.dumps(result, indent=2))
    del game
    return result


def _has_progress_bar() -> bool:
    try:
        import rich  # noqa: F401
        import tqdm  # noqa: F401
    except ImportError:
        return False
    return True

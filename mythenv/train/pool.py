"""The opponent pool and the self-play environment the learner trains in.

``SelfPlayEnv`` is the Gymnasium single-agent wrapper (:class:`mythenv.core.gym.SingleAgentEnv`)
whose ``opponent_sampler`` draws every other seat from an :class:`OpponentPool` at each reset:
``random``, ``heuristic`` or ``self`` (a frozen snapshot of the learner: an exported ``.npz`` actor,
see :mod:`mythenv.agents.numpy_policy`, loaded once per process and played stochastically). The
training loop adds snapshots with ``env_method("add_snapshot", path)``, which reaches every
subprocess of a ``SubprocVecEnv``. Nothing here imports torch (an SB3-zip snapshot of an older run
does, when drawn).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.gym import SingleAgentEnv

from .config import OPPONENT_KINDS, check_shaping


class OpponentPool:
    """Weighted draw over opponent kinds; ``self`` draws a snapshot path (newest with probability
    ``latest_prob``, otherwise uniform over the last ``pool_size``). While there is no snapshot yet
    the ``self`` weight goes to the other kinds (or to ``random`` when ``self`` is the only kind)."""

    def __init__(self, weights: dict[str, float], snapshots: list[str] | None = None, pool_size: int = 10,
                 latest_prob: float = 0.5, cache_size: int = 4):
        bad = [k for k in weights if k not in OPPONENT_KINDS]
        if bad:
            raise ConfigError(f"unknown opponent kind(s) {bad}; allowed: {', '.join(OPPONENT_KINDS)}")
        self.weights = dict(weights)
        self.snapshots: list[str] = list(snapshots or [])
        self.pool_size = pool_size
        self.latest_prob = latest_prob
        self.cache_size = cache_size
        self._models: OrderedDict[str, Any] = OrderedDict()
        self.last_kind: str | None = None

    def add(self, path: str) -> None:
        if path not in self.snapshots:
            self.snapshots.append(str(path))

    def probabilities(self) -> dict[str, float]:
        w = {k: v for k, v in self.weights.items() if v > 0}
        if not self.snapshots and "self" in w:
            del w["self"]
            if not w:
                w = {"random": 1.0}
        total = sum(w.values())
        return {k: v / total for k, v in w.items()}

    def draw(self, rng: np.random.Generator) -> tuple[str, str | None]:
        """(kind, snapshot path or None)."""
        probs = self.probabilities()
        kinds = list(probs)
        kind = kinds[int(rng.choice(len(kinds), p=np.array([probs[k] for k in kinds])))]
        if kind != "self":
            return kind, None
        recent = self.snapshots[-self.pool_size:]
        if rng.random() < self.latest_prob:
            return kind, recent[-1]
        return kind, recent[int(rng.integers(len(recent)))]

    def _snapshot_model(self, path: str):
        if path in self._models:
            self._models.move_to_end(path)
            return self._models[path]
        if path.endswith(".npz"):  # an exported actor (mythenv.agents.numpy_policy): no torch needed
            from mythenv.agents.numpy_policy import NumpyPolicy

            model = NumpyPolicy.load(path)
        else:
            from sb3_contrib import MaskablePPO

            model = MaskablePPO.load(path, device="cpu")
        self._models[path] = model
        while len(self._models) > self.cache_size:
            self._models.popitem(last=False)
        return model

    def opponent(self, rng: np.random.Generator, game):
        """An opponent spec for SingleAgentEnv: an agent name or an Agent (a snapshot)."""
        kind, path = self.draw(rng)
        self.last_kind = kind
        if kind != "self":
            return kind
        model = self._snapshot_model(path)
        if path.endswith(".npz"):
            from mythenv.agents.numpy_policy import NumpyPolicyAgent

            agent = NumpyPolicyAgent(game, policy=model, deterministic=False)
        else:
            from mythenv.agents.policy import SB3PolicyAgent

            agent = SB3PolicyAgent(game, path=path, model=model, deterministic=False)
        agent.name = "self"
        return agent


class SelfPlayEnv(gymnasium.Wrapper):
    """The learner's env: one seat (rotated by default), every other seat drawn from the pool at each
    reset (independently per seat). ``info["opponents"]`` names the kinds drawn for this episode."""

    def __init__(self, game: str, pool: OpponentPool, seat: int | str = "rotate",
                 game_config: dict | None = None, shaping: float = 0.0, gamma: float = 0.99):
        self.pool = pool
        self._kinds: list[str] = []
        # training always masks: an illegal action here is a bug, so it raises instead of ending the game
        env = SingleAgentEnv(game, seat=seat, opponent_sampler=self._sample, illegal_action="raise",
                             **(game_config or {}))
        super().__init__(env)
        self.shaping = check_shaping(shaping)
        self.gamma = float(gamma)
        self._phi = 0.0
        self._phi_checked = False

    def _potential(self) -> float:
        """``shaping`` x (the learner's progress - the other seats' mean), from ``State.progress()``
        (by default the points, ``State.scores()``)."""
        return self.shaping * self.env.game_state.progress_margin(self.env.seat)  # type: ignore[attr-defined]

    def _sample(self, rng: np.random.Generator):
        env: SingleAgentEnv = self.env  # type: ignore[assignment]
        k = env.game.num_players - 1
        specs, kinds = [], []
        for _ in range(k):
            specs.append(self.pool.opponent(rng, env.game))
            kinds.append(self.pool.last_kind)
        self._kinds = kinds
        return specs

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        info["opponents"] = list(self._kinds)
        if self.shaping:
            if not self._phi_checked:   # the game's progress, checked at the first reset
                check_shaping(self.shaping, self.env.game)  # type: ignore[attr-defined]
                self._phi_checked = True
            self._phi = self._potential()
        return obs, info

    def step(self, action):
        obs, reward, done, truncated, info = self.env.step(action)
        info["opponents"] = list(self._kinds)
        if self.shaping:
            # potential-based shaping (Ng, Harada & Russell 1999): gamma * phi(s') - phi(s), with phi = 0 at
            # the end, so every policy's shaped return differs from its true return by -phi(s0) alone
            phi = 0.0 if done or truncated else self._potential()
            info["shaping"] = self.gamma * phi - self._phi
            reward += info["shaping"]
            self._phi = phi
        return obs, reward, done, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.action_masks()

    def add_snapshot(self, path: str) -> None:
        self.pool.add(path)

    def pool_snapshots(self) -> list[str]:
        return list(self.pool.snapshots)


def make_env(game: str, weights: dict[str, float], seed: int, snapshots: list[str] | None = None,
             seat: int | str = "rotate", game_config: dict | None = None, pool_size: int = 10,
             latest_prob: float = 0.5, torch_threads: int = 1, monitor: bool = True, shaping: float = 0.0,
             gamma: float = 0.99):
    """A picklable factory for (Subproc|Dummy)VecEnv: returns a function building one seeded env."""
    return _EnvFactory(game, dict(weights), seed, list(snapshots or []), seat, dict(game_config or {}),
                       pool_size, latest_prob, torch_threads, monitor, shaping, gamma)


class _EnvFactory:
    def __init__(self, game, weights, seed, snapshots, seat, game_config, pool_size, latest_prob,
                 torch_threads, monitor, shaping=0.0, gamma=0.99):
        self.args = (game, weights, seed, snapshots, seat, game_config, pool_size, latest_prob,
                     torch_threads, monitor, shaping, gamma)

    def __call__(self):
        (game, weights, seed, snapshots, seat, game_config, pool_size, latest_prob, threads, monitor,
         shaping, gamma) = self.args
        if "self" in weights:  # the process may run torch for SB3-zip snapshots: keep it to one core
            import torch

            torch.set_num_threads(threads)
        pool = OpponentPool(weights, snapshots, pool_size=pool_size, latest_prob=latest_prob)
        env: gymnasium.Env = SelfPlayEnv(game, pool, seat=seat, game_config=game_config, shaping=shaping,
                                         gamma=gamma)
        if monitor:
            from stable_baselines3.common.monitor import Monitor

            env = Monitor(env, info_keywords=("opponents",))
        env.reset(seed=seed)
        env.action_space.seed(seed)
        return env


def list_snapshots(pool_dir: str | Path) -> list[str]:
    """Snapshots in a pool directory, oldest first (``snap_<steps>.npz``, exported actors, or the SB3
    zips ``snap_<steps>.zip`` of older runs)."""
    d = Path(pool_dir)
    if not d.exists():
        return []
    files = sorted([*d.glob("snap_*.npz"), *d.glob("snap_*.zip")], key=lambda p: int(p.stem.split("_")[1]))
    return [str(p) for p in files]

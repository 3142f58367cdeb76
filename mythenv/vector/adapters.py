"""The batched engine behind other libraries' interfaces (each imported only when asked for).

``to_sb3(vec)``: a Stable-Baselines3 ``VecEnv`` over a :func:`mythenv.make_vec` env. sb3-contrib's
``MaskablePPO`` reads the masks through ``env_method("action_masks")`` (one row per env); ``infos``
is SB3's list of dicts, with ``terminal_observation`` and Monitor's ``episode`` ``{"r", "l", "t"}``
on the rows that ended, so SB3's episode logging works without a ``VecMonitor``.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError


@cache
def _sb3_class():
    from stable_baselines3.common.vec_env import VecEnv as SB3VecEnv

    class MythenvSB3VecEnv(SB3VecEnv):
        """SB3's ``VecEnv`` over a mythenv vector env (``self.vec``). ``env_method`` calls the vector
        env's method once and hands its result to every index asked for (``action_masks``: each
        row's mask; ``add_snapshot(path)``: the pool's new snapshot)."""

        def __init__(self, vec: Any):
            self.vec = vec
            self._actions: np.ndarray | None = None
            self._t0 = time.perf_counter()
            self._copy = not getattr(vec, "copy", True)
            super().__init__(vec.num_envs, vec.single_observation_space, vec.single_action_space)

        def reset(self):
            seed = self._seeds[0]   # SB3's seed(s) sets seed + i per env: the engine seeds its rows from s
            obs, _ = self.vec.reset(seed=seed)
            self._reset_seeds()
            self._reset_options()
            self.reset_infos = [{} for _ in range(self.num_envs)]
            return obs.copy() if self._copy else obs

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = actions

        def step_wait(self):
            obs, rew, term, trunc, info = self.vec.step(self._actions)
            dones = term | trunc
            infos: list[dict] = [{} for _ in range(self.num_envs)]
            if dones.any():
                t = round(time.perf_counter() - self._t0, 6)
                final, lengths, seats = info["final_observation"], info["episode_length"], info["final_seat"]
                for i in np.flatnonzero(dones).tolist():
                    infos[i] = {"terminal_observation": final[i].copy(),
                                "TimeLimit.truncated": bool(trunc[i] and not term[i]),
                                "episode": {"r": float(rew[i]), "l": int(lengths[i]), "t": t},
                                "seat": int(seats[i]), "returns": info["returns"][i].copy()}
            if self._copy:
                obs, rew = obs.copy(), rew.copy()
            return obs, rew.astype(np.float32, copy=False), dones, infos

        def action_masks(self) -> np.ndarray:
            return self.vec.action_masks()

        def add_snapshot(self, path: str) -> None:
            self.vec.add_snapshot(path)

        def close(self) -> None:
            self.vec.close()

        def get_attr(self, attr_name: str, indices=None) -> list[Any]:
            value = getattr(self.vec, attr_name)
            return [value for _ in self._get_indices(indices)]

        def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
            setattr(self.vec, attr_name, value)

        def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
            idx = list(self._get_indices(indices))
            if method_name == "action_masks":
                masks = self.vec.action_masks()
                return [masks[i] for i in idx]
            result = getattr(self.vec, method_name)(*method_args, **method_kwargs)
            return [result for _ in idx]

        def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
            return [False for _ in self._get_indices(indices)]

    return MythenvSB3VecEnv


def to_sb3(vec: Any):
    """A Stable-Baselines3 ``VecEnv`` over ``vec`` (from :func:`mythenv.make_vec`, not in self-play: SB3
    learns the one seat of each row)."""
    if getattr(vec, "self_play", False):
        raise ConfigError("to_sb3: a self-play vector env hands every seat's decision to the caller; SB3 learns "
                          "one seat per row: use opponents=... (a pool for self-play snapshots)")
    return _sb3_class()(vec)

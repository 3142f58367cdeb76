"""The batched engine behind other libraries' interfaces (each imported only when asked for).

``to_sb3(vec)``: a Stable-Baselines3 ``VecEnv`` over a :func:`mythenv.make_vec` env. sb3-contrib's
``MaskablePPO`` reads the masks through ``env_method("action_masks")`` (one row per env); ``infos``
is SB3's list of dicts, with ``terminal_observation`` and Monitor's ``episode`` ``{"r", "l", "t"}``
on the rows that ended, so SB3's episode logging works without a ``VecMonitor``.

``to_torchrl(vec)``: a TorchRL env over a :func:`mythenv.make_vec` env: TorchRL's own ``GymWrapper``
over :class:`MaskDictVecEnv` (the engine seen as a Gymnasium vector env with PettingZoo's observation
dict and ``AutoresetMode.DISABLED``, the mode TorchRL prefers) with TorchRL's ``ActionMask`` transform.

``to_pufferlib(vec)`` / ``make_pufferlib(game_id, num_envs, ...)``: PufferLib's native ``PufferEnv``
(one agent per row, the action mask after the observation) and the env creator its
``pufferlib.vector.make`` calls.

The libraries are imported only inside these functions: mythenv itself stays free of torch.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from mythenv.core.errors import ConfigError, StateError


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


class MaskDictVecEnv(gymnasium.vector.VectorEnv):
    """The engine ``vec`` as a Gymnasium vector env whose observation is PettingZoo's dict
    ``{"observation": (N, D) float32, "action_mask": (N, A) bool}``, in ``AutoresetMode.DISABLED``.

    The engine restarts a finished row in the same step; here the step that ends a row returns that
    game's final observation (with an all-False mask: nothing is legal at the end), and the row's next
    game, which the engine has already started, is what ``reset(options={"reset_mask": m})`` returns
    for it, as Gymnasium's DISABLED mode asks. A masked reset may only name rows that ended (the engine
    does not abandon a game midway); a reset without a mask, or with a seed, restarts every row.
    Stepping before the rows that ended are reset is a ``StateError`` (nothing moves). Every array
    returned is a fresh copy, so the engine's in-place buffers (``copy=False``) are never aliased.
    ``infos``: ``returns`` ``(N, P)`` float32 (every seat's return on the rows that ended, else 0),
    ``seat`` (the seat whose observation the row holds: the ended game's on the rows that ended) and
    ``episode_length`` (the learner's decisions in the game that ended, else 0). Numpy and Gymnasium only.
    """

    metadata = {"autoreset_mode": AutoresetMode.DISABLED, "render_modes": []}
    render_mode = None

    def __init__(self, vec: Any):
        self.vec = vec
        self.num_envs = n = vec.num_envs
        self.num_players = vec.num_players
        self.autoreset_mode = AutoresetMode.DISABLED   # the attribute TorchRL's GymWrapper reads
        self.metadata = dict(vec.metadata, autoreset_mode=AutoresetMode.DISABLED)
        A = vec.single_action_space.n
        self.single_observation_space = gymnasium.spaces.Dict(
            {"observation": vec.single_observation_space,
             "action_mask": gymnasium.spaces.Box(0, 1, (A,), np.bool_)})
        self.single_action_space = vec.single_action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._ended = np.zeros(n, bool)   # rows whose game ended in a step and that were not reset since
        self._obs: np.ndarray | None = None   # the engine's last observations (the next games' on ended rows)
        self._seat: np.ndarray | None = None

    def reset(self, *, seed: Any = None, options: dict | None = None):
        mask = (options or {}).get("reset_mask")
        if mask is not None and seed is None and self._obs is not None:
            mask = np.asarray(mask, bool).reshape(self.num_envs)
            if not mask.all() and not self._ended[mask].all():
                raise StateError(f"reset: reset_mask names rows {np.flatnonzero(mask & ~self._ended).tolist()} whose "
                                 "games have not ended; the engine restarts a row when its game ends: reset the "
                                 "rows that ended, or every row")
            if self._ended[mask].all():     # hand out the next games the engine started in the step
                self._ended[mask] = False
                return self._observation(self._obs, self.vec.action_masks()), self._info(self._seat)
        obs, info = self.vec.reset(seed=seed)
        self._ended[:] = False
        self._obs, self._seat = obs, info["seat"]
        return self._observation(obs, self.vec.action_masks()), self._info(self._seat)

    def step(self, actions):
        if self._obs is None:
            raise StateError("reset() needs to be called before step")
        if self._ended.any():
            raise StateError(f"step: rows {np.flatnonzero(self._ended).tolist()} ended and were not reset; reset "
                             "them first (reset(options={'reset_mask': ...}), as in AutoresetMode.DISABLED)")
        obs, rew, term, trunc, info = self.vec.step(np.asarray(actions))
        self._obs, self._seat = obs, info["seat"]
        ended = term | trunc
        out = self._observation(obs, self.vec.action_masks())
        infos = self._info(info["seat"], info)
        if ended.any():
            out["observation"][ended] = info["final_observation"][ended]
            out["action_mask"][ended] = False
            infos["seat"][ended] = info["final_seat"][ended]
            self._ended |= ended
        return out, np.array(rew, np.float32), np.array(term, bool), np.array(trunc, bool), infos

    def action_masks(self) -> np.ndarray:
        """The rows' masks as returned by the last ``reset`` / ``step`` would hold them (the engine's)."""
        return self.vec.action_masks()

    def close_extras(self, **kwargs) -> None:
        self.vec.close()

    @staticmethod
    def _observation(obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        return {"observation": np.array(obs, np.float32), "action_mask": np.array(mask, bool)}

    def _info(self, seat: np.ndarray, info: dict | None = None) -> dict[str, np.ndarray]:
        if info is None:
            return {"returns": np.zeros((self.num_envs, self.num_players), np.float32),
                    "seat": np.array(seat, np.int64), "episode_length": np.zeros(self.num_envs, np.int64)}
        return {"returns": np.array(info["returns"], np.float32), "seat": np.array(seat, np.int64),
                "episode_length": np.array(info["episode_length"], np.int64)}


def to_torchrl(vec: Any, *, device: Any = None):
    """A TorchRL env over ``vec`` (from :func:`mythenv.make_vec`), batch size ``(num_envs,)``: TorchRL's
    ``GymWrapper`` over :class:`MaskDictVecEnv` (categorical actions), with TorchRL's ``ActionMask``
    transform, so that ``env.rand_action`` / ``env.rollout()`` without a policy draw legal actions and a
    policy reads ``"action_mask"`` (e.g. ``torchrl.modules.MaskedCategorical``). The infos ``returns``,
    ``seat`` and ``episode_length`` are read into the tensordict. A game that ends is reset as TorchRL
    resets done sub-envs (``"_reset"``), which hands out the next game the engine already started. In
    self-play, each step's ``"seat"`` says whose decision it is."""
    import torch
    from torchrl.data import Composite, Unbounded
    from torchrl.envs import ActionMask, GymWrapper
    from torchrl.envs.gym_like import default_info_dict_reader

    view = MaskDictVecEnv(vec)
    env = GymWrapper(view, categorical_action_encoding=True, device=device)
    n, P = vec.num_envs, vec.num_players
    env.set_info_dict_reader(default_info_dict_reader(
        ["returns", "seat", "episode_length"],
        spec=Composite(returns=Unbounded((n, P), dtype=torch.float32), seat=Unbounded((n,), dtype=torch.int64),
                       episode_length=Unbounded((n,), dtype=torch.int64), shape=(n,))))
    return env.append_transform(ActionMask())


@cache
def _puffer_class():
    import pufferlib

    class MythenvPufferEnv(pufferlib.PufferEnv):
        """PufferLib's native ``PufferEnv`` over a mythenv vector env (``self.vec``): one agent per row."""

        def __init__(self, vec: Any, buf: Any = None):
            self.vec = vec
            self.num_agents = vec.num_envs
            self.observation_size = D = vec.single_observation_space.shape[0]
            self.num_actions = A = vec.single_action_space.n
            self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (D + A,), np.float32)
            self.single_action_space = gymnasium.spaces.Discrete(A)
            self.render_mode = None
            self.metadata = dict(vec.metadata)
            super().__init__(buf)   # PufferLib's buffers (its shared memory under its Multiprocessing)

        def _write(self, obs: np.ndarray) -> None:
            D = self.observation_size
            self.observations[:, :D] = obs
            self.observations[:, D:] = self.vec.action_masks()

        def reset(self, seed: Any = None):
            obs, _ = self.vec.reset(seed=seed)
            self._write(obs)
            self.rewards[:] = 0.0
            self.terminals[:] = False
            self.truncations[:] = False
            return self.observations, []

        def step(self, actions):
            obs, rew, term, trunc, info = self.vec.step(np.asarray(actions))
            self._write(obs)
            self.rewards[:] = rew
            self.terminals[:] = term
            self.truncations[:] = trunc
            infos: list[dict] = []
            ended = term | trunc
            if ended.any():
                lengths, seats, returns = info["episode_length"], info["final_seat"], info["returns"]
                infos = [{"episode_return": float(rew[i]), "episode_length": int(lengths[i]),
                          "seat": int(seats[i]), "returns": returns[i].tolist()}
                         for i in np.flatnonzero(ended).tolist()]
            return self.observations, self.rewards, self.terminals, self.truncations, infos

        def action_masks(self) -> np.ndarray:
            """The rows' legal actions, ``(num_agents, A)`` bool (also the observation's last ``A`` columns)."""
            return self.vec.action_masks()

        def close(self) -> None:
            self.vec.close()

    return MythenvPufferEnv


def to_pufferlib(vec: Any, buf: Any = None):
    """A PufferLib native ``PufferEnv`` over ``vec`` (from :func:`mythenv.make_vec`): ``num_agents`` is
    ``vec.num_envs`` (one agent per row), ``single_observation_space`` a ``Box(0, 1, (D + A,), float32)``:
    the row's observation followed by its action mask as 0/1 (PufferLib's buffers and shared memory carry
    observations, rewards and ends only, so the mask travels in the observation; a policy masks its
    logits with ``obs[:, env.observation_size:] > 0``), ``single_action_space`` ``Discrete(A)``. A game
    that ends restarts in the same step (PufferLib's native envs reset themselves); ``infos`` is a list
    with one dict per ended game (``episode_return``, ``episode_length``, ``seat``, ``returns``). ``buf``:
    the buffers PufferLib's ``Serial`` / ``Multiprocessing`` hand their envs."""
    if getattr(vec, "self_play", False):
        raise ConfigError("to_pufferlib: a self-play vector env hands every seat's decision to the caller; "
                          "a PufferEnv's agents are the rows' learners: use opponents=...")
    return _puffer_class()(vec, buf)


def make_pufferlib(game_id: str, num_envs: int, *, buf: Any = None, seed: Any = None, **kwargs: Any):
    """The env creator PufferLib's ``pufferlib.vector.make`` calls (``buf`` and ``seed`` are its
    arguments; ``kwargs`` go to :func:`mythenv.make_vec`): ``to_pufferlib(make_vec(game_id, num_envs,
    seed=seed, **kwargs), buf)``."""
    from . import make_vec

    return to_pufferlib(make_vec(game_id, num_envs, seed=seed, **kwargs), buf)

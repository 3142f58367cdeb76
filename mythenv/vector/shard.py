"""The batched engine over processes: this one and Gymnasium's ``AsyncVectorEnv`` with shared memory.

``num_workers = W`` splits the rows into ``W`` shards of ``k`` rows. The first shard is stepped in
the caller's own process (a :class:`~mythenv.vector.engine.VecEnv` over rows ``0..k-1``), while the
other ``W - 1`` are stepped at the same time in worker processes, each holding one
:class:`ShardEnv`, a ``gymnasium.Env`` whose "observation" is a whole slice of rows of the engine: a
Dict of Boxes (``obs`` ``(k, D)``, ``mask`` ``(k, A)`` int8, ``reward``, ``terminated``, ``returns``,
``seat``, ...), which ``AsyncVectorEnv(shared_memory=True)`` carries through shared memory. So two
workers on two cores are two busy processes (the caller and one worker), not a caller waiting on two
workers. The shard never ends as a whole: its rows end and restart inside it, and their ends are in
its outputs. :class:`ShardedVecEnv` is the ``VectorEnv`` the caller sees: one ``(N, ...)`` buffer of
each output, the caller's shard writing its rows in place and the workers' rows copied from the
shared memory after each step.

The workers' large outputs (observations, masks and final observations: ``k x D`` floats a step, 2.3
MB for 128 rows of Theosis) are not part of that Dict: they live in one :class:`RowBlock` of the
standard library's ``multiprocessing.shared_memory``, which each worker's engine writes in place
(``VecEnv.write_into``), so a worker does not copy them after its step (measured with ``python -m
benchmarks.vector``, docs/vector.md#workers).

Row ``r`` of the batch is the same row with the same generator whatever the number of workers, so
the same seed gives the same games with 1 or several workers.
"""

from __future__ import annotations

from functools import partial
from multiprocessing import shared_memory
from typing import Any

import gymnasium
import numpy as np
from gymnasium.spaces import Box, Dict, MultiDiscrete
from gymnasium.vector import AsyncVectorEnv, AutoresetMode
from gymnasium.vector.utils import batch_space

from mythenv.core.errors import ConfigError, StateError
from mythenv.core.registry import game_class

from .engine import VecEnv, check_actions, infos_dict

_BIG = 2**62


def one_blas_thread() -> Any:
    """Limit this process's BLAS (numpy's OpenBLAS) to one thread: each worker is one of the processes
    sharing the cores, and a policy opponent's forward over the worker's rows would otherwise start a
    BLAS thread per core in every worker (measured: 2,800 against 3,640 learner steps/s for
    ``mythenv train hera_zeus_v0 --opponents self`` on 2 cores). Needs ``threadpoolctl`` (in the
    train extra); without it nothing changes. Returns the limiter (None without threadpoolctl)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return None
    return threadpool_limits(limits=1, user_api="blas")


class RowBlock:
    """The observations, masks and final observations of ``rows`` rows in one block of shared memory
    (``multiprocessing.shared_memory``): made by the caller (``name=None``), attached by name in a
    worker. ``obs`` / ``final_obs`` ``(rows, D)`` float32 and ``mask`` ``(rows, A)`` int8 are views of
    it; :meth:`close` lets them go and closes the block (and removes it, in the caller)."""

    def __init__(self, rows: int, D: int, A: int, name: str | None = None):
        self.owner = name is None
        if self.owner:
            self.shm = shared_memory.SharedMemory(create=True, size=max(1, rows * (8 * D + A)))
        else:
            self.shm = shared_memory.SharedMemory(name=name)
        self.name = self.shm.name
        buf = self.shm.buf
        self.obs = np.ndarray((rows, D), np.float32, buffer=buf)
        self.final_obs = np.ndarray((rows, D), np.float32, buffer=buf, offset=4 * rows * D)
        self.mask = np.ndarray((rows, A), np.int8, buffer=buf, offset=8 * rows * D)

    def close(self) -> None:
        if self.shm is None:
            return
        self.obs = self.final_obs = self.mask = None
        shm, self.shm = self.shm, None
        try:
            shm.close()
        except BufferError:   # a view is still held (an engine not yet collected): it goes with the process
            pass
        if self.owner:
            shm.unlink()


class ShardEnv(gymnasium.Env):
    """Rows ``rows`` (of ``total_rows``) of the engine as one env for ``AsyncVectorEnv``, in a worker
    process with one BLAS thread (:func:`one_blas_thread`). Its engine writes the observations, masks
    and final observations of its rows into rows ``at`` of the caller's :class:`RowBlock` (``block``:
    its name and rows); the "observation" ``AsyncVectorEnv`` carries is the rest of the outputs."""

    metadata = {"render_modes": []}

    def __init__(self, game_id: str, config: dict, rows: range, total_rows: int, kwargs: dict,
                 block: tuple[str, int], at: range):
        self._blas = one_blas_thread()
        self.engine = e = VecEnv(game_id, len(rows), rows=rows, total_rows=total_rows, copy=False,
                                 **kwargs, **config)
        k, P = len(rows), e.num_players
        D, A = e.game.observation_size, e.game.num_actions
        self._block = b = RowBlock(block[1], D, A, name=block[0])
        e.write_into(b.obs[at.start:at.stop], b.mask[at.start:at.stop], b.final_obs[at.start:at.stop])
        self.observation_space = Dict({
            "reward": Box(-np.inf, np.inf, (k,), np.float32),
            "terminated": Box(0, 1, (k,), np.int8),
            "truncated": Box(0, 1, (k,), np.int8),
            "returns": Box(-np.inf, np.inf, (k, P), np.float32),
            "seat": Box(-1, P, (k,), np.int64),
            "final_seat": Box(-1, P, (k,), np.int64),
            "episode_length": Box(0, _BIG, (k,), np.int64),
        })
        self.action_space = MultiDiscrete(np.full(k, A))

    def _out(self) -> dict[str, np.ndarray]:
        e = self.engine
        return {"reward": e._rew, "terminated": e._term.view(np.int8), "truncated": e._trunc.view(np.int8),
                "returns": e._returns, "seat": e._seat,
                "final_seat": e._final_seat, "episode_length": e._ep_len}

    def reset(self, *, seed: Any = None, options: dict | None = None):
        self.engine.reset(seed=(options or {}).get("seed"))
        return self._out(), {}

    def step(self, action):
        # the batch's actions were checked by the caller's ShardedVecEnv.step before they were sent
        self.engine.apply_checked(action.tolist())
        return self._out(), 0.0, False, False, {}

    def close(self) -> None:
        self.engine = None   # the engine's views of the block go with it
        self._block.close()

    def add_snapshot(self, path: str) -> None:
        self.engine.add_snapshot(path)

    def opponent_names(self) -> list[str]:
        return self.engine.opponent_names

    def get_decisions(self) -> int:
        return self.engine.decisions

    def get_blas_threads(self) -> list[int]:
        """The BLAS libraries' thread counts in this worker (empty without threadpoolctl)."""
        if self._blas is None:
            return []
        from threadpoolctl import threadpool_info

        return [lib["num_threads"] for lib in threadpool_info() if lib.get("user_api") == "blas"]


class ShardedVecEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` rows over ``num_workers`` processes (``num_envs / num_workers`` rows each, the first
    shard in this process); the same interface and outputs as :class:`~mythenv.vector.engine.VecEnv`.
    ``context``: the multiprocessing start method of the worker processes (None: the platform's
    default)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    render_mode = None

    def __init__(self, game: str, num_envs: int, num_workers: int, *, copy: bool = False,
                 context: str | None = None, seed: int | None = None, config: dict | None = None,
                 **kwargs: Any):
        config = dict(config or {})
        self.game = g = game_class(game)(**config)
        if num_envs % num_workers:
            raise ConfigError(f"num_envs={num_envs} is not a multiple of num_workers={num_workers}; "
                              "every worker steps the same number of rows")
        W, k = num_workers, num_envs // num_workers
        self.num_envs, self.num_workers, self.num_players = num_envs, W, g.num_players
        D, A = g.observation_size, g.num_actions
        self.single_observation_space = Box(0.0, 1.0, (D,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(A)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = dict(self.metadata, name=g.info.game_id)
        self.copy = copy
        self.self_play = bool(kwargs.get("self_play"))
        self._seed = seed
        self._seeded = False
        self._k = k
        # the batch's buffers: the first k rows written in place by this process's shard
        self._obs = np.zeros((num_envs, D), np.float32)
        self._mask = np.zeros((num_envs, A), np.int8)
        self._rew = np.zeros(num_envs, np.float32)
        self._term = np.zeros(num_envs, bool)
        self._returns = np.zeros((num_envs, g.num_players), np.float32)
        self._seat = np.zeros(num_envs, np.int64)
        self._final_seat = np.full(num_envs, -1, np.int64)
        self._ep_len = np.zeros(num_envs, np.int64)
        self._trunc = np.zeros(num_envs, bool)
        self._final_obs = np.zeros((num_envs, D), np.float32)
        self._arange = np.arange(num_envs)
        self._blas = self._block = self._async = None
        self._local = VecEnv(g.info.game_id, k, rows=range(0, k), total_rows=num_envs, copy=False,
                             **kwargs, **config)
        self._local.write_into(self._obs[:k], self._mask[:k], self._final_obs[:k])
        # the workers' rows' observations, masks and final observations, written in place by their engines
        self._block = RowBlock((W - 1) * k, D, A)
        try:
            fns = [partial(ShardEnv, g.info.game_id, config, range(w * k, (w + 1) * k), num_envs, kwargs,
                           (self._block.name, (W - 1) * k), range((w - 1) * k, w * k)) for w in range(1, W)]
            self._async = AsyncVectorEnv(fns, shared_memory=True, copy=False, context=context)
        except BaseException:
            self._block.close()
            raise
        self._shared = self._async.observations   # views of the shared buffers, (W - 1, k, ...)
        # this process steps a shard too: its numpy BLAS on one thread while the env is open, as in the
        # workers (given back at close)
        self._blas = one_blas_thread()

    def reset(self, *, seed: Any = None, options: dict | None = None):
        if seed is None and not self._seeded:
            seed = self._seed if self._seed is not None else int(np.random.SeedSequence().entropy % 2**63)
        if isinstance(seed, np.ndarray):
            seed = seed.tolist()
        self._async.reset_async(options={"seed": seed})
        try:
            self._local.reset(seed=seed)
        finally:
            self._async.reset_wait()
        self._seeded = True
        self._gather()
        return self._out(self._obs), self._infos(np.zeros(self.num_envs, bool))

    def step(self, actions):
        if not self._seeded:
            raise StateError("reset() needs to be called before step")
        acts = check_actions(actions, self._mask, self._arange, self._seat, self.game.action_to_string)
        k = self._k
        self._async.step_async(np.asarray(acts[k:]).reshape(self.num_workers - 1, k))
        try:
            self._local.apply_checked(acts[:k])   # checked above, with the whole batch
        finally:
            self._async.step_wait()
        self._gather()
        ended = self._term | self._trunc
        rows = np.flatnonzero(ended[k:])   # the workers' rows that ended (this process's wrote theirs in place)
        if len(rows):
            self._final_obs[rows + k] = self._block.final_obs[rows]
        return (self._out(self._obs), self._rew.copy(), self._term.copy(), self._trunc.copy(), self._infos(ended))

    def _gather(self) -> None:
        """The batch's outputs: this process's shard's small arrays into the first ``k`` rows, the
        workers' rows from the shared memory into the rest (observations and masks from the block)."""
        k, sh, local = self._k, self._shared, self._local
        self._obs[k:] = self._block.obs
        self._mask[k:] = self._block.mask
        for out, mine, name in ((self._rew, local._rew, "reward"), (self._term, local._term, "terminated"),
                                (self._trunc, local._trunc, "truncated"),
                                (self._returns, local._returns, "returns"), (self._seat, local._seat, "seat"),
                                (self._final_seat, local._final_seat, "final_seat"),
                                (self._ep_len, local._ep_len, "episode_length")):
            out[:k] = mine
            out[k:] = sh[name].reshape((-1,) + out.shape[1:])

    def action_masks(self) -> np.ndarray:
        return self._out(self._mask.view(bool))

    def add_snapshot(self, path: str) -> None:
        self._local.add_snapshot(str(path))
        self._async.call("add_snapshot", str(path))

    @property
    def opponent_names(self) -> list[str]:
        return self._local.opponent_names

    @property
    def max_moves(self) -> int:
        """Decisions after which a game is truncated (every shard's engine has the same bound)."""
        return self._local.max_moves

    @property
    def decisions(self) -> int:
        """Decisions applied since the env was made, every seat's, summed over the processes."""
        return self._local.decisions + sum(self._async.call("get_decisions"))

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def _infos(self, ended: np.ndarray) -> dict[str, np.ndarray]:
        final = self._final_obs.copy() if self.copy and ended.any() else self._final_obs
        return infos_dict(self._seat.copy(), self._returns.copy(), ended, final, self._final_seat.copy(),
                          self._ep_len.copy())

    def close_extras(self, **kwargs) -> None:
        if getattr(self, "_async", None) is not None:
            self._async.close(**kwargs)
            self._local.close()
        if getattr(self, "_block", None) is not None:
            self._block.close()
        if getattr(self, "_blas", None) is not None:
            self._blas.restore_original_limits()
            self._blas = None

    def __repr__(self) -> str:
        return f"ShardedVecEnv({self.game.info.game_id}, num_envs={self.num_envs}, num_workers={self.num_workers})"

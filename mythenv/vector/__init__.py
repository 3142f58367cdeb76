"""Batched games: ``mythenv.make_vec(game_id, num_envs, ...)``, a ``gymnasium.vector.VectorEnv``.

Torch-free (numpy and Gymnasium only). ``engine`` steps the rows in this process, ``shard`` over
worker processes with shared memory, ``adapters`` puts the result behind other libraries' interfaces
(Stable-Baselines3's ``VecEnv``, a TorchRL env, PufferLib's ``PufferEnv``). See docs/vector.md.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game

from .engine import VecEnv, check_num_envs


def make_vec(game_id: str | Game, num_envs: int, *, opponents: Any = "random", seat: int | str = "rotate",
             self_play: bool = False, num_workers: int = 1, seed: int | None = None,
             deterministic: bool | None = None, copy: bool = False, shaping: float = 0.0,
             gamma: float = 0.99, context: str | None = None, **config: Any):
    """``num_envs`` games of ``game_id`` (with the game ``config``) as one ``gymnasium.vector.VectorEnv``.

    - ``opponents``: who plays the seats other than the learner's: a name (``"random"``,
      ``"heuristic"``, ``"ppo"`` the shipped policy of the config, ``"ppo:PATH.npz"`` an exported one,
      any other agent name), an Agent or ``fn(view) -> action``; a list with one per other seat; or a
      weighted pool ``{"heuristic": 0.5, "random": 0.3, "PATH.npz": 0.2}`` drawn per game and seat
      (``"self"``: the snapshots added with ``add_snapshot``).
    - ``seat``: the learner's seat, an int, ``"rotate"`` (row ``i``'s ``k``-th game: ``(i + k) % P``) or
      ``"random"``.
    - ``self_play``: no opponents; each row's observation and mask are for ``infos["current_player"]``.
    - ``num_workers``: processes the rows are split over, this one included: the first shard is stepped
      here, the others in ``num_workers - 1`` worker processes (``num_envs`` must be a multiple).
    - ``seed``: the first ``reset()``'s seed when it is given none.
    - ``deterministic``: None (greedy for ``ppo`` / ``ppo:PATH``, sampling for pooled snapshots),
      True (all policies greedy) or False (all sample).
    - ``copy``: False (default): the arrays returned are the engine's buffers, rewritten by the next
      ``step``; True: fresh copies (as Gymnasium's own vector envs).
    - ``shaping``: 0 (default) pays the game's returns only; ``W > 0`` adds potential-based reward
      shaping to each learner step, ``gamma * phi(s') - phi(s)`` with ``phi = W x`` the learner's
      ``State.progress()`` less the other seats' mean (``phi = 0`` at the end), as ``mythenv train``'s
      single-game envs do; not with ``self_play``. ``gamma``: its discount (the learner's).
    - ``context``: the multiprocessing start method of the workers.
    """
    n = check_num_envs(num_envs)
    if isinstance(num_workers, np.integer):
        num_workers = int(num_workers)
    if not isinstance(num_workers, int) or isinstance(num_workers, bool) or num_workers < 1:
        raise ConfigError(f"num_workers={num_workers!r} is not allowed; expected an int >= 1")
    kwargs = dict(opponents=opponents, seat=seat, self_play=self_play, deterministic=deterministic,
                  shaping=shaping, gamma=gamma)
    if num_workers == 1:
        return VecEnv(game_id, n, seed=seed, copy=copy, **kwargs, **config)
    from .shard import ShardedVecEnv

    if isinstance(game_id, Game):
        game_id, config = game_id.info.game_id, {**game_id.config, **config}
    return ShardedVecEnv(game_id, n, num_workers, copy=copy, context=context, seed=seed, config=config, **kwargs)


__all__ = ["VecEnv", "make_vec"]

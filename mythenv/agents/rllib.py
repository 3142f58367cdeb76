"""An RLlib checkpoint as an arena agent: ``rllib:CHECKPOINT_DIR`` (``make_agent``, ``mythenv arena``,
``mythenv evaluate``).

The checkpoint is what ``Algorithm.save_to_path`` writes (``training/rllib_train.py``); its RL modules
live under ``learner_group/learner/rl_module/<module id>``. The policy of a seat is the module
``policy`` names, else ``shared`` (one policy for every seat), else ``seat_<i>`` (one per seat, as
:func:`mythenv.train.rllib.build_config` maps them). The module gets the PettingZoo classic
``{"observation", "action_mask"}`` dict it was trained on, and the agent plays the most likely legal
action (``deterministic=False``: samples the masked distribution). ray and torch are imported only
when an agent is built.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent


def module_dir(path: str | Path) -> Path:
    return Path(path) / "learner_group" / "learner" / "rl_module"


class RLlibPolicyAgent(Agent):
    name = "rllib"

    def __init__(self, game: Game, seed: int | None = None, path: str | None = None, policy: str | None = None,
                 deterministic: bool = True):
        super().__init__(game, seed)
        if path is None:
            raise ConfigError("rllib agent needs a checkpoint directory: 'rllib:PATH/TO/CHECKPOINT'")
        root = module_dir(path)
        if not root.is_dir():
            raise ConfigError(f"rllib agent: {str(path)!r} is not an RLlib checkpoint (no {root} directory; "
                              "save one with Algorithm.save_to_path)")
        self.modules = sorted(p.name for p in root.iterdir() if p.is_dir())
        if policy is not None and policy not in self.modules:
            raise ConfigError(f"rllib agent: checkpoint {str(path)!r} has no module {policy!r}; "
                              f"it has {', '.join(self.modules)}")
        try:
            import torch
            from ray.rllib.core.columns import Columns
            from ray.rllib.core.rl_module.rl_module import RLModule
        except ImportError as e:
            raise ConfigError(f"rllib agent needs ray[rllib] and torch ({e}): pip install -e '.[distributed]'") from None
        self._torch, self._columns, self._load = torch, Columns, RLModule.from_checkpoint
        self.root, self.policy, self.deterministic = root, policy, deterministic
        self._cache: dict[str, object] = {}
        self.module_id = self._module_for(0)

    def _module_for(self, seat: int) -> str:
        if self.policy is not None:
            return self.policy
        for m in ("shared", f"seat_{seat}"):
            if m in self.modules:
                return m
        raise ConfigError(f"rllib agent: checkpoint {str(self.root.parents[2])!r} has no module for seat {seat} "
                          f"(looked for 'shared' and 'seat_{seat}'; it has {', '.join(self.modules)}); "
                          "pick one with 'rllib:PATH:policy=NAME'")

    def reset(self, seat: int, seed: int | None = None) -> None:
        super().reset(seat, seed)
        self.module_id = self._module_for(seat)

    def _module(self):
        m = self._cache.get(self.module_id)
        if m is None:
            m = self._cache[self.module_id] = self._load(self.root / self.module_id)
        return m

    def act(self, view: SeatView) -> int:
        torch, col = self._torch, self._columns
        obs = {"observation": torch.as_tensor(view.observation[None, :]),
               "action_mask": torch.as_tensor(view.action_mask[None, :])}
        with torch.no_grad():
            out = self._module().forward_inference({col.OBS: obs})
        logits = out[col.ACTION_DIST_INPUTS].reshape(-1).double().numpy()
        logits[view.action_mask == 0] = -np.inf
        if self.deterministic:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(len(p), p=p / p.sum()))


__all__ = ["RLlibPolicyAgent", "module_dir"]

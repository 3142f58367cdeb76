"""Adapters that turn trained policies into agents.

- ``SB3PolicyAgent``: a Stable-Baselines3 / sb3-contrib model (``MaskablePPO`` and friends) loaded
  from ``path`` or passed as ``model``; the mask is handed to ``predict`` when the model takes one.
- ``TorchPolicyAgent``: any ``torch.nn.Module`` (or callable) mapping a float32 observation batch to
  action logits; illegal actions are masked out before the argmax / sampling.
"""

from __future__ import annotations

import inspect

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent


class SB3PolicyAgent(Agent):
    name = "ppo"

    def __init__(self, game: Game, seed: int | None = None, path: str | None = None, model=None,
                 deterministic: bool = True):
        super().__init__(game, seed)
        if model is None:
            if path is None:
                raise ConfigError("ppo agent needs a model path: 'ppo:PATH/TO/model.zip'")
            try:
                from sb3_contrib import MaskablePPO
            except ImportError as e:
                raise ConfigError("loading a PPO policy needs the train extra: "
                                  "pip install torch==2.13.0 && pip install -e '.[train]'") from e
            try:
                model = MaskablePPO.load(path, device="cpu")
            except FileNotFoundError:
                raise ConfigError(f"ppo agent: no model file at {path!r}") from None
        self.model = model
        self.deterministic = deterministic
        self._takes_mask = "action_masks" in inspect.signature(model.predict).parameters

    def act(self, view: SeatView) -> int:
        kw = {"action_masks": view.action_mask.astype(bool)} if self._takes_mask else {}
        a, _ = self.model.predict(view.observation, deterministic=self.deterministic, **kw)
        a = int(np.asarray(a).reshape(-1)[0])
        if a not in view.legal_actions:  # a policy without masks may pick an illegal action
            legal = view.legal_actions
            a = legal[int(self.rng.integers(len(legal)))]
        return a


class TorchPolicyAgent(Agent):
    name = "torch"

    def __init__(self, game: Game, seed: int | None = None, policy=None, deterministic: bool = True,
                 path: str | None = None):
        super().__init__(game, seed)
        if policy is None and path is not None:
            import torch

            policy = torch.jit.load(path, map_location="cpu")
        if policy is None:
            raise ConfigError("torch agent needs policy=<callable obs -> logits> or a TorchScript path")
        self.policy = policy
        self.deterministic = deterministic

    def act(self, view: SeatView) -> int:
        logits = self.policy(view.observation[None, :])
        logits = logits.detach().cpu().numpy() if hasattr(logits, "detach") else np.asarray(logits)
        logits = logits.reshape(-1).astype(np.float64)
        logits[view.action_mask == 0] = -np.inf
        if self.deterministic:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        p /= p.sum()
        return int(self.rng.choice(len(p), p=p))

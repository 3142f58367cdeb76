"""Ray RLlib multi-agent training for any mythenv game (optional ``distributed`` extra).

The PettingZoo AEC env goes through RLlib's own ``PettingZooEnv`` wrapper unchanged; its
observation is the PettingZoo classic ``{"observation", "action_mask"}`` dict, and
:class:`MaskedPPOTorchRLModule` (RLlib's default PPO module with the mask applied to the logits, in
the style of RLlib's ``ActionMaskingTorchRLModule`` example) makes the policy sample legal actions
only, in exploration, inference and training. Self-play uses one shared policy for every seat
(``policy="shared"``) or one policy per seat (``policy="per-seat"``).

Only this module imports ray; ``import mythenv`` never does.
"""

from __future__ import annotations

from typing import Any

from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.tune.registry import register_env

import mythenv

try:
    import torch
except ImportError:  # pragma: no cover - ray[rllib] users have torch
    torch = None

FLOAT_MIN = -3.4e38


class MaskedPPOTorchRLModule(DefaultPPOTorchRLModule):
    """PPO module over ``Dict(observation=Box, action_mask=Box)``: the encoder sees ``observation``,
    and masked-out actions get a logit of -3.4e38 (probability 0)."""

    def __init__(self, *, observation_space=None, **kwargs):
        self.observation_space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self):
        super().setup()
        self.observation_space = self.observation_space_with_mask

    @staticmethod
    def _split(batch: dict) -> tuple[Any, dict]:
        obs = batch[Columns.OBS]
        batch = dict(batch)
        batch[Columns.OBS] = obs["observation"]
        return obs["action_mask"], batch

    @staticmethod
    def _mask(out: dict, mask) -> dict:
        logits = out[Columns.ACTION_DIST_INPUTS]
        out[Columns.ACTION_DIST_INPUTS] = torch.where(mask.bool(), logits, torch.full_like(logits, FLOAT_MIN))
        return out

    def _forward(self, batch: dict, **kwargs) -> dict:
        mask, batch = self._split(batch)
        return self._mask(super()._forward(batch, **kwargs), mask)

    def _forward_train(self, batch: dict, **kwargs) -> dict:
        mask, batch = self._split(batch)
        return self._mask(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch: dict, embeddings=None):
        if isinstance(batch[Columns.OBS], dict):
            _, batch = self._split(batch)
        return super().compute_values(batch, embeddings)


def env_name(game: str) -> str:
    return f"mythenv_{game}"


def register(game: str) -> str:
    """Register ``mythenv_<game>`` with Ray Tune's env registry (the env_config is the game config)."""
    name = env_name(game)
    # training masks every action, so an illegal one is a bug: it raises (env_config may override)
    register_env(name, lambda cfg: PettingZooEnv(mythenv.make_env(game, **{"illegal_action": "raise",
                                                                           **dict(cfg or {})})))
    return name


def build_config(game: str, num_env_runners: int = 0, policy: str = "shared", seed: int = 0,
                 game_config: dict | None = None, train_batch_size: int = 4000, minibatch_size: int = 256,
                 num_epochs: int = 4, lr: float = 3e-4, hiddens: tuple[int, ...] = (256, 256),
                 num_envs_per_env_runner: int = 1) -> PPOConfig:
    """A PPOConfig for self-play on ``game``: ``policy="shared"`` (one policy, every seat) or
    ``"per-seat"`` (``seat_0``, ``seat_1``, ...)."""
    if policy not in ("shared", "per-seat"):
        raise ValueError(f"policy={policy!r}; allowed: 'shared', 'per-seat'")
    game_config = dict(game_config or {})
    agents = mythenv.make_game(game, **game_config).agent_names
    if policy == "shared":
        policies = {"shared"}

        def mapping(agent_id, episode=None, **kw):
            return "shared"
    else:
        policies = {f"seat_{i}" for i in range(len(agents))}

        def mapping(agent_id, episode=None, **kw):
            return "seat_" + str(agent_id).rsplit("_", 1)[1]

    module = RLModuleSpec(module_class=MaskedPPOTorchRLModule,
                          model_config={"fcnet_hiddens": list(hiddens), "fcnet_activation": "relu",
                                        "head_fcnet_hiddens": [], "vf_share_layers": False})
    return (
        PPOConfig()
        .environment(register(game), env_config=game_config, disable_env_checking=True)  # its checker steps unmasked actions, which raise here
        .framework("torch")
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=num_envs_per_env_runner)
        .multi_agent(policies=policies, policy_mapping_fn=mapping)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={p: module for p in policies}))
        .training(train_batch_size_per_learner=train_batch_size, minibatch_size=minibatch_size,
                  num_epochs=num_epochs, lr=lr)
        .debugging(seed=seed)
    )

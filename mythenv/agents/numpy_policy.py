"""Torch-free trained policies: an MLP's weights in a numpy ``.npz`` file and its forward pass.

A trained MaskablePPO policy (sb3-contrib, ``MlpPolicy``) acts greedily through its actor path only:
``observation -> [Linear -> activation] * k -> Linear (action_net) -> logits``; the illegal actions
are masked out before the argmax (or the sampling). :func:`export_sb3` writes that path of a trained
model to an ``.npz`` file with the record of how the policy was made (``meta``, a JSON string), and
:class:`NumpyPolicy` computes the same logits with numpy (float32 weights, the same float32 matmuls
in the same order as torch, so the greedy action is the same; ``tests/agents`` checks it against the
torch model on recorded observations).

The files the package ships live in ``mythenv/agents/policies/`` (one per game and config, see
``policies/README.md``); :func:`shipped_policy` picks the one for a Game and says clearly when none
ships for its config. ``make_agent("ppo", game)`` plays it; ``make_agent("ppo:PATH.npz", game)``
plays any exported file; ``ppo:PATH.zip`` still loads an SB3 zip (needs the train extra).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent

FORMAT = "mythenv-policy"
VERSION = 1
POLICY_DIR = Path(__file__).resolve().parent / "policies"
_ACTIVATIONS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, np.float32(0.0)),
}


class NumpyPolicy:
    """The actor MLP of an exported policy: ``logits(obs)`` for one observation or a batch."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], activation: str,
                 meta: dict[str, Any], path: str | None = None):
        if activation not in _ACTIVATIONS:
            raise ConfigError(f"policy {path}: activation {activation!r} is not one of {sorted(_ACTIVATIONS)}")
        if not weights or len(weights) != len(biases):
            raise ConfigError(f"policy {path}: {len(weights)} weight and {len(biases)} bias arrays; "
                              "expected the same positive number")
        for i, (w, b) in enumerate(zip(weights, biases)):
            if w.ndim != 2 or b.shape != (w.shape[0],):
                raise ConfigError(f"policy {path}: layer {i} has weight {w.shape} and bias {b.shape}; "
                                  "expected (out, in) and (out,)")
            if i and w.shape[1] != weights[i - 1].shape[0]:
                raise ConfigError(f"policy {path}: layer {i} takes {w.shape[1]} inputs but layer {i - 1} "
                                  f"gives {weights[i - 1].shape[0]}")
        # float32 throughout, the weights transposed once so that a row of observations is x @ W
        self.wt = [np.ascontiguousarray(w.T, dtype=np.float32) for w in weights]
        self.b = [np.asarray(b, dtype=np.float32) for b in biases]
        self.act_fn = _ACTIVATIONS[activation]
        self.activation = activation
        self.meta = meta
        self.path = path

    @property
    def obs_size(self) -> int:
        return self.wt[0].shape[0]

    @property
    def num_actions(self) -> int:
        return self.wt[-1].shape[1]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        x = np.asarray(obs, dtype=np.float32)
        last = len(self.wt) - 1
        for i, (w, b) in enumerate(zip(self.wt, self.b)):
            x = x @ w + b
            if i < last:
                x = self.act_fn(x)
        return x

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """The greedy legal action (``rng`` given: a sample from the masked softmax)."""
        z = self.logits(obs).astype(np.float64)
        z[np.asarray(mask) == 0] = -np.inf
        if rng is None:
            return int(np.argmax(z))
        p = np.exp(z - z.max())
        p /= p.sum()
        return int(rng.choice(len(p), p=p))

    # ---- files --------------------------------------------------------------------------------
    def save(self, path: str | Path, dtype=np.float32) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = {}
        for i, (w, b) in enumerate(zip(self.wt, self.b)):
            arrays[f"w{i}"] = w.T.astype(dtype)
            arrays[f"b{i}"] = b.astype(dtype)
        head = {"format": FORMAT, "version": VERSION, "activation": self.activation, "layers": len(self.wt)}
        np.savez_compressed(path, header=np.array(json.dumps(head)), meta=np.array(json.dumps(self.meta)), **arrays)
        return path

    @classmethod
    def load(cls, path: str | Path) -> NumpyPolicy:
        p = Path(path)
        try:
            with np.load(p, allow_pickle=False) as z:
                files = dict(z)
        except FileNotFoundError:
            raise ConfigError(f"no policy file at {str(p)!r}") from None
        except (OSError, ValueError) as e:
            raise ConfigError(f"{p}: not a mythenv policy file ({e})") from None
        try:
            head = json.loads(str(files.pop("header")))
            meta = json.loads(str(files.pop("meta")))
        except (KeyError, json.JSONDecodeError):
            raise ConfigError(f"{p}: not a mythenv policy file (no header/meta)") from None
        if head.get("format") != FORMAT or head.get("version") != VERSION:
            raise ConfigError(f"{p}: format {head.get('format')!r} version {head.get('version')!r}; "
                              f"this mythenv reads {FORMAT!r} version {VERSION}")
        n = head.get("layers")
        if not isinstance(n, int) or sorted(files) != sorted([f"w{i}" for i in range(n)] + [f"b{i}" for i in range(n)]):
            raise ConfigError(f"{p}: arrays {sorted(files)} do not match {n!r} layers")
        return cls([files[f"w{i}"] for i in range(n)], [files[f"b{i}"] for i in range(n)],
                   head.get("activation"), meta, str(p))

    def check_game(self, game: Game) -> None:
        """ConfigError unless this policy was made for ``game``'s id, config, observation and actions."""
        gid = game.info.game_id
        want = self.meta.get("game")
        if want is not None and want != gid:
            raise ConfigError(f"policy {self.path} was trained on {want!r}, not {gid!r}")
        if self.obs_size != game.observation_size or self.num_actions != game.num_actions:
            raise ConfigError(f"policy {self.path} takes {self.obs_size} observation floats and "
                              f"{self.num_actions} actions; {gid} {_cfg_text(game.config)} has "
                              f"{game.observation_size} and {game.num_actions}")


def export_sb3(model, path: str | Path, meta: dict[str, Any] | None = None, dtype=np.float32) -> NumpyPolicy:
    """Write the actor of a MaskablePPO ``MlpPolicy`` (``model`` or ``model.policy``) to ``path``."""
    import torch

    policy = getattr(model, "policy", model)
    fe = policy.features_extractor
    if type(fe).__name__ != "FlattenExtractor":
        raise ConfigError(f"export_sb3: features extractor {type(fe).__name__} is not a FlattenExtractor")
    layers = list(policy.mlp_extractor.policy_net) + [policy.action_net]
    weights, biases, acts = [], [], set()
    for m in layers:
        if isinstance(m, torch.nn.Linear):
            weights.append(m.weight.detach().cpu().numpy().astype(np.float32))
            biases.append(m.bias.detach().cpu().numpy().astype(np.float32))
        elif isinstance(m, torch.nn.Tanh):
            acts.add("tanh")
        elif isinstance(m, torch.nn.ReLU):
            acts.add("relu")
        else:
            raise ConfigError(f"export_sb3: layer {type(m).__name__} is not Linear / Tanh / ReLU")
    if len(acts) > 1:
        raise ConfigError(f"export_sb3: mixed activations {sorted(acts)}")
    pol = NumpyPolicy(weights, biases, acts.pop() if acts else "tanh", dict(meta or {}), str(path))
    pol.save(path, dtype=dtype)
    return pol


def _cfg_text(cfg: dict) -> str:
    return "{" + ", ".join(f"{k}={v!r}" for k, v in cfg.items()) + "}"


def shipped_policies() -> list[Path]:
    return sorted(POLICY_DIR.glob("*.npz"))


def shipped_policy(game: Game) -> NumpyPolicy:
    """The policy the package ships for ``game``'s id and config, or ConfigError naming what ships."""
    gid = game.info.game_id
    have = []
    for p in shipped_policies():
        pol = NumpyPolicy.load(p)
        if pol.meta.get("game") != gid:
            continue
        if pol.meta.get("game_config") == game.config:
            pol.check_game(game)
            return pol
        have.append(_cfg_text(pol.meta.get("game_config", {})))
    ships = "; ".join(have) if have else "none"
    raise ConfigError(f"no trained policy ships for {gid} {_cfg_text(game.config)}; shipped configs of "
                      f"{gid}: {ships}. Train one (python training/reproduce.py --list) or pass ppo:PATH")


class NumpyPolicyAgent(Agent):
    """Plays an exported policy: the shipped one for the game's config, or ``path`` (an .npz file).
    Greedy by default; ``deterministic=False`` samples from the masked softmax."""

    name = "ppo"

    def __init__(self, game: Game, seed: int | None = None, path: str | None = None,
                 policy: NumpyPolicy | None = None, deterministic: bool = True):
        super().__init__(game, seed)
        if policy is not None and not isinstance(policy, NumpyPolicy):
            raise ConfigError(f"ppo: policy={policy!r} is not a NumpyPolicy (load one with NumpyPolicy.load, "
                              "or pass path=FILE.npz)")
        if path is not None and not isinstance(path, str):
            raise ConfigError(f"ppo: path={path!r} is not a file path")
        if not isinstance(deterministic, (bool, np.bool_)):
            raise ConfigError(f"ppo: deterministic={deterministic!r} must be true or false")
        if policy is None:
            policy = NumpyPolicy.load(path) if path is not None else shipped_policy(game)
        policy.check_game(game)
        self.policy = policy
        self.deterministic = bool(deterministic)

    def act(self, view: SeatView) -> int:
        return self.policy.act(view.observation, view.action_mask, None if self.deterministic else self.rng)


def make_ppo_agent(game: Game, seed: int | None = None, path: str | None = None, **kw) -> Agent:
    """``ppo`` (the shipped policy), ``ppo:PATH.npz`` (an exported policy) or ``ppo:PATH.zip`` (SB3)."""
    if path is None or str(path).endswith(".npz"):
        return NumpyPolicyAgent(game, seed=seed, path=path, **kw)
    from .policy import SB3PolicyAgent

    return SB3PolicyAgent(game, seed=seed, path=path, **kw)

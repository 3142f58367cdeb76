"""Training: sb3-contrib MaskablePPO self-play with an opponent pool (random, heuristic, frozen
snapshots of the learner). Needs the train extra (``pip install torch==2.13.0 && pip install -e
'.[train]'``); importing this package does not import torch, only :func:`train` does.

    from mythenv.train import load_config, train
    cfg = load_config(game="hera_zeus_v0").replace(steps=20_000)
    result = train(cfg, "runs/hz")          # runs/hz/final.zip -> make_agent("ppo:runs/hz/final.zip", ...)
"""

from .config import TrainConfig, load_config, parse_opponents, parse_ppo
from .pool import OpponentPool, SelfPlayEnv, list_snapshots, make_env


def train(*args, **kwargs):
    """See :func:`mythenv.train.run.train`."""
    from .run import train as _train

    return _train(*args, **kwargs)


def evaluate(*args, **kwargs):
    """See :func:`mythenv.train.run.evaluate`."""
    from .run import evaluate as _evaluate

    return _evaluate(*args, **kwargs)


__all__ = ["OpponentPool", "SelfPlayEnv", "TrainConfig", "evaluate", "list_snapshots", "load_config",
           "make_env", "parse_opponents", "parse_ppo", "train"]

"""The one agent interface for baselines and users' policies.

An agent is handed a :class:`~mythenv.core.view.SeatView` (the seat's observation, mask, legal
actions and a determinization of what it cannot see) and returns a legal action id.
"""

from __future__ import annotations

import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError, MythenvError
from mythenv.core.game import Game
from mythenv.core.registry import game_class
from mythenv.core.view import SeatView


def is_int(v: Any) -> bool:
    """An integer option (numpy integers too), never a bool or a float that equals an integer."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def is_number(v: Any) -> bool:
    """A finite number option (int or float), never a bool, NaN or an infinity."""
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_)) \
        and math.isfinite(v)


class Agent(ABC):
    """Base class. Subclasses implement :meth:`act`; ``reset`` is called at the start of each game."""

    name = "agent"

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        self.rng = np.random.default_rng(seed)

    def reset(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    @abstractmethod
    def act(self, view: SeatView) -> int:
        """The action this agent takes in ``view`` (one of ``view.legal_actions``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.info.game_id})"


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def act(self, view: SeatView) -> int:
        la = view.legal_actions
        return la[int(self.rng.integers(len(la)))]


class HeuristicAgent(Agent):
    """The game's rule-based baseline: ``GameClass.heuristic(view, rng) -> action``."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        fn = getattr(type(game), "heuristic", None)
        if fn is None:
            raise ConfigError(f"{game.info.game_id} registers no heuristic")
        self._fn = fn

    def act(self, view: SeatView) -> int:
        return self._fn(view, self.rng)


class FunctionAgent(Agent):
    """Wraps ``fn(view) -> action`` (or ``fn(obs_dict) -> action`` with ``obs_only=True``)."""

    def __init__(self, game: Game, fn: Callable, seed: int | None = None, obs_only: bool = False,
                 name: str = "function"):
        super().__init__(game, seed)
        self._fn, self._obs_only, self.name = fn, obs_only, name

    def act(self, view: SeatView) -> int:
        return int(self._fn(view.obs_dict() if self._obs_only else view))


AgentFactory = Callable[..., Agent]


def _lazy(module: str, cls: str) -> AgentFactory:
    def factory(game, seed=None, **kw):
        import importlib

        return getattr(importlib.import_module(module), cls)(game, seed=seed, **kw)

    return factory


_AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": _lazy("mythenv.agents.ismcts", "ISMCTSAgent"),
    "human": _lazy("mythenv.agents.human", "HumanAgent"),
    "ppo": _lazy("mythenv.agents.numpy_policy", "make_ppo_agent"),
    "torch": _lazy("mythenv.agents.policy", "TorchPolicyAgent"),
    "rllib": _lazy("mythenv.agents.rllib", "RLlibPolicyAgent"),
    "python": _lazy("mythenv.agents.loaders", "load_python_agent"),
    "openspiel": _lazy("mythenv.agents.openspiel", "OpenSpielBotAgent"),
}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``make_agent(name, game_id)`` build ``factory(game, seed=..., **kwargs)``."""
    if not name or ":" in name or "," in name:
        raise ConfigError(f"agent name {name!r} must be non-empty without ':' or ','")
    _AGENTS[name] = factory


def list_agents() -> list[str]:
    return sorted(_AGENTS)


def make_agent(name: str, game: str | Game, seed: int | None = None, config: dict | None = None,
               **kwargs: Any) -> Agent:
    """Build a registered agent by name for ``game`` (a game id or a Game)."""
    if isinstance(game, str):
        game = game_class(game)(**(config or {}))
    base, kw = parse_agent_spec(name)
    factory = _AGENTS.get(base)
    if factory is None:
        raise ConfigError(f"unknown agent {name!r}; available agents: {', '.join(list_agents())}")
    try:
        agent = factory(game, seed=seed, **{**kw, **kwargs})
    except TypeError as e:
        raise ConfigError(f"agent {name!r}: {e}") from None
    except ImportError as e:  # an agent whose extra is not installed (torch, sb3-contrib, ...)
        raise ConfigError(f"agent {name!r} needs {e.name or 'a package'} that is not installed ({e}); "
                          "install the train extra: pip install torch==2.13.0 && pip install -e '.[train]'") from None
    except MythenvError:
        raise
    except (OSError, ValueError) as e:  # a model file that is missing, unreadable or not a model
        raise ConfigError(f"agent {name!r}: {e}") from None
    agent.name = name
    return agent


def opponent_agent(spec: Any, game: Game, seed: int | None) -> Agent:
    """An opponent from a name (``"random"``, ``"heuristic"``, ...), an Agent, or ``fn(view)``: the
    resolver this package registers into :mod:`mythenv.core.gym` for the single-agent env."""
    if isinstance(spec, str):
        return make_agent(spec, game, seed=seed)
    if isinstance(spec, Agent):
        return spec
    if callable(spec):
        return FunctionAgent(game, spec, seed=seed)
    raise ConfigError(f"opponent {spec!r} is not an agent name, an Agent or a callable(view) -> action")


def parse_agent_spec(spec: str) -> tuple[str, dict]:
    """``"ismcts:iterations=200:rollout=heuristic"`` -> ("ismcts", {...}); a part without ``=`` is a
    path (``"ppo:runs/hz/final.zip"``)."""
    base, *parts = spec.split(":")
    kw: dict[str, Any] = {}
    for part in parts:
        if "=" in part:
            k, v = part.split("=", 1)
            try:
                kw[k] = json.loads(v)
            except json.JSONDecodeError:
                kw[k] = v
        elif part:
            kw["path"] = ":".join([kw["path"], part]) if "path" in kw else part
    return base, kw

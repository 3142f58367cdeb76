"""Agents from user code, and the one reading of an agent spec that ``mythenv evaluate`` accepts.

:func:`resolve_agent_spec` turns what a user types into a spec :func:`~mythenv.agents.make_agent`
builds (so the arena's worker processes can build it again from the string):

- a registered agent, with its options: ``heuristic``, ``ismcts:iterations=50``, ``ppo``,
  ``ppo:PATH.zip``, ``rllib:CHECKPOINT_DIR``;
- an SB3 zip or an exported policy: ``PATH.zip`` / ``PATH.npz`` -> ``ppo:PATH``;
- an RLlib checkpoint directory (``algo.save_to_path``) -> ``rllib:DIR``;
- Python code: ``FILE.py`` (the one :class:`Agent` subclass it defines), ``FILE.py:NAME`` or
  ``package.module:NAME``, where NAME is an Agent subclass or a factory ``NAME(game, seed=None,
  **options) -> Agent`` -> ``python:...`` (the ``python`` agent below).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game

from .base import Agent, list_agents

_MODULE_RE = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*$")
FORMS = ("a registered agent name (" + ", ".join(list_agents()) + ", with options as in 'ismcts:iterations=50'), "
         "an SB3 zip or an exported policy ('ppo:PATH', PATH.zip or PATH.npz), an RLlib checkpoint directory, "
         "a Python file defining an Agent (FILE.py or FILE.py:NAME) or 'package.module:NAME'")


def is_rllib_checkpoint(path: Path) -> bool:
    """A directory written by RLlib's ``Algorithm.save_to_path`` (new API stack)."""
    return path.is_dir() and ((path / "rllib_checkpoint.json").exists() or (path / "learner_group").is_dir())


def resolve_agent_spec(text: str) -> str:
    """The :func:`make_agent` spec of ``text`` (see the module docstring); a clear ConfigError when it
    is none of the accepted forms."""
    text = text.strip()
    if not text:
        raise ConfigError(f"empty agent spec; an agent is {FORMS}")
    base = text.split(":", 1)[0]
    if base in list_agents():
        return text
    path = Path(text)
    if text.endswith((".zip", ".npz")):
        if not path.is_file():
            raise ConfigError(f"agent {text!r}: no policy file at {str(path)!r} (an SB3 zip or an exported .npz)")
        return f"ppo:{text}"
    if path.is_dir():
        if not is_rllib_checkpoint(path):
            raise ConfigError(f"agent {text!r}: the directory is not an RLlib checkpoint (no "
                              "rllib_checkpoint.json or learner_group/ in it); an agent is " + FORMS)
        return f"rllib:{text}"
    file_part = text.rsplit(":", 1)[0] if re.search(r"\.py:[A-Za-z_]\w*$", text) else text
    if file_part.endswith(".py"):
        if not Path(file_part).is_file():
            raise ConfigError(f"agent {text!r}: no Python file at {file_part!r}")
        return f"python:{text}"
    if _MODULE_RE.match(text):
        return f"python:{text}"
    raise ConfigError(f"unknown agent {text!r}; an agent is {FORMS}")


_LOADED: dict[str, Any] = {}


def _load_file(path: Path):
    key = str(path.resolve())
    mod = _LOADED.get(key)
    if mod is None:
        name = "mythenv_user_agent_" + hashlib.sha1(key.encode()).hexdigest()[:12]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # dataclasses and pickling look the module up by name
        try:
            spec.loader.exec_module(mod)
        except Exception as e:
            del sys.modules[name]
            raise ConfigError(f"agent file {str(path)!r} failed to load: {type(e).__name__}: {e}") from None
        _LOADED[key] = mod
    return mod


def _target(path: str):
    """The object ``path`` names: ``FILE.py``, ``FILE.py:NAME`` or ``module:NAME``."""
    where, _, attr = path.rpartition(":") if re.search(r":[A-Za-z_]\w*$", path) else (path, "", "")
    if where.endswith(".py") or (not attr and path.endswith(".py")):
        file = Path(where or path)
        if not file.is_file():
            raise ConfigError(f"agent {path!r}: no Python file at {str(file)!r}")
        mod = _load_file(file)
        if not attr:
            found = [v for v in vars(mod).values() if isinstance(v, type) and issubclass(v, Agent)
                     and v.__module__ == mod.__name__]
            if len(found) != 1:
                names = ", ".join(c.__name__ for c in found) or "none"
                raise ConfigError(f"agent file {str(file)!r} must define exactly one Agent subclass (found: "
                                  f"{names}); name the one to use as {file}:NAME")
            return found[0]
    else:
        if not attr:
            raise ConfigError(f"agent {path!r}: expected FILE.py, FILE.py:NAME or package.module:NAME")
        try:
            mod = importlib.import_module(where)
        except ImportError as e:
            raise ConfigError(f"agent {path!r}: cannot import module {where!r} ({e})") from None
    try:
        return getattr(mod, attr)
    except AttributeError:
        public = ", ".join(k for k in vars(mod) if not k.startswith("_")) or "nothing"
        raise ConfigError(f"agent {path!r}: {mod.__name__!r} has no {attr!r} (it defines {public})") from None


def load_python_agent(game: Game, seed: int | None = None, path: str | None = None, **options: Any) -> Agent:
    """The ``python`` agent: ``python:FILE.py``, ``python:FILE.py:NAME`` or ``python:module:NAME``
    (NAME an Agent subclass or a factory returning an Agent), built with ``(game, seed=seed,
    **options)``."""
    if not path:
        raise ConfigError("python agent needs code to load: 'python:FILE.py', 'python:FILE.py:NAME' or "
                          "'python:package.module:NAME'")
    obj = _target(path)
    if not callable(obj):
        raise ConfigError(f"agent {path!r} is a {type(obj).__name__}, not an Agent subclass or a factory")
    agent = obj(game, seed=seed, **options)
    if not (callable(getattr(agent, "act", None)) and callable(getattr(agent, "reset", None))):
        raise ConfigError(f"agent {path!r} returned {type(agent).__name__}, which is not an Agent "
                          "(an object with act(view) -> action and reset(seat, seed))")
    return agent


__all__ = ["FORMS", "is_rllib_checkpoint", "load_python_agent", "resolve_agent_spec"]

"""Game id -> Game class. Games register themselves; ``list_games()`` / ``make_game()`` /
``make_env()`` are the public entry points (re-exported by ``mythenv``).

Games are discovered by importing the packages named with :func:`register_game_package` (``mythenv``
names its built-in ``mythenv.games``; the core names no game) at the first lookup; third-party games
can register with :func:`register_game` or through the ``mythenv.games`` entry-point group. A game
registered with ``listed=False`` (a test game, such as Kuhn poker) is found by id but left out of
``list_games()``, so nothing that iterates over the games (``mythenv list``, ``arena all``) meets it.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from .data import is_variant_module
from .errors import ConfigError
from .game import Game

_GAMES: dict[str, type[Game]] = {}
#: ids of the games registered with ``listed=False``
_UNLISTED: set[str] = set()
#: packages whose import registers games, imported at the first lookup
_PACKAGES: list[str] = []
_loaded = False


def register_game(cls: type[Game], listed: bool = True) -> type[Game]:
    """Register a Game class under ``cls.info.game_id`` (usable as a decorator); ``listed=False``: found
    by id (``game_class``, ``make_game``, ``make_env``) but not in ``list_games()``."""
    gid = cls.info.game_id
    if is_variant_module(cls.__module__):
        return cls  # a variant deck's copy of a built-in game (mythenv.variants): not a game of its own
    if gid in _GAMES and _GAMES[gid] is not cls:
        raise ConfigError(f"game id {gid!r} is already registered by {_GAMES[gid].__module__}")
    _GAMES[gid] = cls
    if not listed:
        _UNLISTED.add(gid)
    return cls


def register_game_package(name: str) -> None:
    """Import the package ``name`` (whose modules call :func:`register_game`) at the first lookup."""
    global _loaded
    if name not in _PACKAGES:
        _PACKAGES.append(name)
        _loaded = False


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in list(_PACKAGES):
        importlib.import_module(name)
    for ep in entry_points(group="mythenv.games"):
        register_game(ep.load())


def list_games() -> list[str]:
    """The ids of the registered games, except those registered with ``listed=False``."""
    _ensure_loaded()
    return sorted(g for g in _GAMES if g not in _UNLISTED)


def game_class(game_id: str) -> type[Game]:
    _ensure_loaded()
    cls = _GAMES.get(game_id)
    if cls is None:
        raise ConfigError(f"unknown game {game_id!r}; available games: {', '.join(list_games())}")
    return cls


def make_game(game_id: str, **config: Any) -> Game:
    """Build a validated Game; unknown config keys or values raise ``ConfigError`` (a ValueError)."""
    return game_class(game_id)(**config)


def make_env(game_id: str, render_mode: str | None = None, illegal_action: str = "terminate",
             render_seat: int | str | None = None, **config: Any):
    """The PettingZoo AEC env of ``game_id`` with the given game config (``illegal_action``,
    ``render_mode`` and ``render_seat``: see :class:`mythenv.core.env.MythEnv`)."""
    from .env import MythEnv

    return MythEnv(make_game(game_id, **config), render_mode=render_mode, illegal_action=illegal_action,
                   render_seat=render_seat)

"""Built-in games: every sub-package here registers itself on import.

Each game is a folder of the same shape: ``rules`` (a module, or a package by the rulebook's chapters),
``observe.py`` (+ ``_cobserve.c``), ``render.py``, ``heuristic`` (a module, or a package by the same
chapters with one entry point), ``cards.py`` + ``data/``, ``schema.py`` and ``__init__.py`` (the Game
class), plus a ``<game_id>.py`` module in PettingZoo's style. A game imports only the core and itself
(``tests/core/test_layers.py``). Which file holds which chapter: ``docs/map.md``.
"""

import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    if _m.ispkg:
        importlib.import_module(f"{__name__}.{_m.name}")

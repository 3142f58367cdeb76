"""Built-in games: every sub-package here registers itself on import.

Each game is a folder with the same files (data/, cards.py, rules.py, observe.py, heuristic.py,
render.py, __init__.py) plus a ``<game_id>.py`` module in PettingZoo's style.
"""

import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    if _m.ispkg:
        importlib.import_module(f"{__name__}.{_m.name}")

"""The layers: data flows down, never up (docs/design.md § Layers). The core imports nothing above it (no
agents, variants, eval or game: what it needs from them is registered into it), no game package
imports the evaluation layer, no game imports another game, and a heuristic package is layered (its
modules import each other in one direction only, none imports its entry point)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "mythenv"
CORE_MODULES = sorted("mythenv.core" if p.stem == "__init__" else f"mythenv.core.{p.stem}"
                      for p in (ROOT / "core").glob("*.py"))
#: the libraries the core may stand on besides the standard library (the core dependencies of
#: pyproject.toml; Pillow is core/draw.py's)
CORE_LIBRARIES = ("numpy", "gymnasium", "pettingzoo", "PIL")

# A fresh interpreter: the libraries first (with whatever they import themselves), then an empty
# ``mythenv`` package (so mythenv/__init__.py, which wires the layers together, does not run), then
# every core module; what the core modules added to sys.modules is printed. (One interpreter for all
# of them: a module above the core loaded by any of them shows up; the static test below names the
# line that imports it.)
_PROBE = """
import importlib, json, sys, types
for lib in {libs!r}:
    importlib.import_module(lib)
pkg = types.ModuleType("mythenv")
pkg.__path__ = [{root!r}]
sys.modules["mythenv"] = pkg
before = set(sys.modules)
for name in {names!r}:
    importlib.import_module(name)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _allowed(module: str) -> bool:
    top = module.partition(".")[0]
    return (module == "mythenv.core" or module.startswith("mythenv.core.") or top in CORE_LIBRARIES
            or top in sys.stdlib_module_names or top.startswith("_"))


def test_core_modules_import_nothing_above_the_core():
    """Importing the core's modules in a fresh interpreter loads only mythenv.core, the standard
    library and numpy / gymnasium / pettingzoo / Pillow (the core dependencies)."""
    code = _PROBE.format(libs=CORE_LIBRARIES, root=str(ROOT), names=CORE_MODULES)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = json.loads(out.splitlines()[-1])
    assert set(CORE_MODULES) <= set(loaded)
    assert [m for m in loaded if not _allowed(m)] == []


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports (at the top or inside a function), as absolute names, with the line.
    A relative import is resolved against the file's package."""
    package = ".".join(path.relative_to(ROOT.parent).parts[:-1])  # the package the file is in
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            found += [(node.lineno, mod)] if node.module else [(node.lineno, f"{mod}.{a.name}") for a in node.names]
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.append((node.lineno, node.args[0].value))
    return found


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def test_core_source_names_nothing_above_the_core():
    """No import in the core's source, not even one deferred into a function, reaches above the core."""
    bad = [f"{p.relative_to(ROOT)}:{line} imports {mod}" for p in _files(ROOT / "core")
           for line, mod in _imports(p) if mod.startswith("mythenv") and not _allowed(mod)]
    assert bad == []


GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("game", GAMES)
def test_game_imports_no_evaluation_layer_and_no_other_game(game):
    """A game package holds the game and its baseline: it imports neither mythenv.eval (the layer that
    plays games against each other) nor another game."""
    bad = []
    for p in _files(ROOT / "games" / game):
        for line, mod in _imports(p):
            other = mod.startswith("mythenv.games.") and mod.split(".")[2] != game
            if mod == "mythenv.eval" or mod.startswith("mythenv.eval.") or other:
                bad.append(f"{p.relative_to(ROOT)}:{line} imports {mod}")
    assert bad == []


def _heuristic_graph(game: str) -> dict[str, set[str]]:
    """Module -> the modules of the same heuristic package it imports (the package itself as ``__init__``)."""
    pkg = f"mythenv.games.{game}.heuristic"
    graph = {}
    for p in _files(ROOT / "games" / game / "heuristic"):
        deps = set()
        for _, mod in _imports(p):
            if mod == pkg:
                deps.add("__init__")
            elif mod.startswith(pkg + "."):
                deps.add(mod[len(pkg) + 1:].split(".")[0])
        graph[p.stem] = deps
    return graph


HEURISTIC_PACKAGES = [g for g in GAMES if (ROOT / "games" / g / "heuristic" / "__init__.py").is_file()]


@pytest.mark.parametrize("game", HEURISTIC_PACKAGES)
def test_heuristic_package_is_layered(game):
    """A heuristic grown into a package (docs/design.md: "heuristic/ by the same chapters when it grows;
    one entry point"): no module imports the entry point (``__init__``), the imports among its modules
    have no cycle, and the Game's ``heuristic`` is the entry point's ``heuristic_action``."""
    import importlib

    import mythenv

    graph = _heuristic_graph(game)
    assert [m for m, deps in graph.items() if "__init__" in deps] == []
    done: set[str] = set()

    def visit(m, path):
        assert m not in path, f"import cycle in {game}/heuristic: {' -> '.join(path + [m])}"
        if m not in done:
            for d in graph.get(m, ()):
                visit(d, path + [m])
            done.add(m)

    for m in graph:
        visit(m, [])
    entry = importlib.import_module(f"mythenv.games.{game}.heuristic").heuristic_action
    gid = next(g for g in mythenv.list_games() if mythenv.game_class(g).__module__ == f"mythenv.games.{game}")
    assert mythenv.game_class(gid).heuristic is entry

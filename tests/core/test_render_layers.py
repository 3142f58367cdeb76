"""The import graph of every game: its rules never reach its render module (no rules <-> render
circle; the Game class wires a State to its text and picture renderers, docs/design.md "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "mythenv" / "games"
GAME_NAMES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def _module_file(name: str) -> Path | None:
    """The file of module ``mythenv.games...`` ``name`` (a package's ``__init__.py``), or None."""
    base = GAMES.parent.parent.joinpath(*name.split("."))
    for f in (base.with_suffix(".py"), base / "__init__.py"):
        if f.is_file():
            return f
    return None


def _imports(name: str, f: Path) -> set[str]:
    """The absolute names of the modules ``f`` (module ``name``) imports, ``from x import y`` counted as
    both ``x`` and ``x.y`` (``y`` may be a submodule), relative imports resolved."""
    package = name if f.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(f.read_text(), str(f))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def reached_from(start: str) -> set[str]:
    """Every module of the game packages that module ``start`` imports, directly or not (imports
    inside functions count too)."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        f = _module_file(name)
        if f is None:
            continue
        seen.add(name)
        todo.extend(m for m in _imports(name, f) if m.startswith("mythenv.games."))
    return seen


def test_the_walk_finds_imports():
    """The walk itself: the Game package reaches its rules and its render module."""
    reached = reached_from("mythenv.games.hera_zeus")
    assert {"mythenv.games.hera_zeus.rules", "mythenv.games.hera_zeus.render"} <= reached


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_never_import_render(game):
    rules = f"mythenv.games.{game}.rules"
    assert _module_file(rules) is not None
    reached = reached_from(rules)
    assert rules in reached
    render = f"mythenv.games.{game}.render"
    bad = sorted(m for m in reached if m == render or m.startswith(render + "."))
    assert not bad, f"{rules} imports {bad} (directly or through another module)"

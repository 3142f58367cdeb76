"""docs/map.md stays true: every file it names exists, every function or field it names is in the
game's code, and every rules module of every game (and every module of a heuristic package) is named
in the game's section."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAP = (ROOT / "docs" / "map.md").read_text()
GAMES = sorted(p.name for p in (ROOT / "mythenv" / "games").iterdir() if (p / "__init__.py").is_file())
FILE = re.compile(r"^[\w./*-]+(\.py|\.toml|\.c|/)$")
NAME = re.compile(r"^(\w+\.)?_?[a-z][a-z0-9]*(_[a-z0-9]+)+_?\*?$|^_[a-z]\w*\*?$")


def _section(game: str) -> str:
    parts = re.split(r"\n### ", MAP)
    found = [p for p in parts if p.splitlines()[0].find(f"`mythenv/games/{game}/`") >= 0]
    assert len(found) == 1, f"docs/map.md has no section for mythenv/games/{game}/"
    return found[0].split("\n## ")[0]  # the last game's section ends where the next chapter starts


def test_paths_from_the_root_exist():
    for tok in re.findall(r"`([^`\s]+)`", MAP):
        if tok.startswith(("mythenv/", "tests/", "benchmarks/", "docs/")) and "<" not in tok:
            assert (ROOT / tok).exists(), f"docs/map.md names {tok}, which does not exist"


@pytest.mark.parametrize("game", GAMES)
def test_game_section_is_true_and_complete(game):
    text = _section(game)
    gdir = ROOT / "mythenv" / "games" / game
    bases = [gdir, gdir / "rules", gdir / "heuristic", gdir / "rules" / "monsters"]
    source = "\n".join(p.read_text() for p in gdir.rglob("*.py")) + "\n".join(
        p.read_text() for p in gdir.rglob("*.toml"))
    tokens = set()
    for cell in re.findall(r"`([^`]+)`", text):
        tokens.update(cell.split())
    for tok in tokens:
        tok = tok.strip("(),;")
        if tok.startswith(("mythenv/", "tests/", "benchmarks/", "benchmarks.")):
            continue
        if FILE.match(tok):
            assert any(list(b.glob(tok.rstrip("/"))) for b in bases), f"{game}: docs/map.md names {tok}"
        elif NAME.match(tok):
            name = tok.split(".")[-1].rstrip("*")
            assert name in source, f"{game}: docs/map.md names {tok}, which the game's code does not hold"
    rules = [p for p in (gdir / "rules").rglob("*.py") if p.name != "__init__.py"] if (gdir / "rules").is_dir() \
        else [gdir / "rules.py"]
    heur = [p for p in (gdir / "heuristic").glob("*.py") if p.name != "__init__.py"] \
        if (gdir / "heuristic").is_dir() else [gdir / "heuristic.py"]
    for p in rules + heur:
        assert f"`{p.name}`" in text, f"{game}: docs/map.md does not name {p.relative_to(ROOT)}"

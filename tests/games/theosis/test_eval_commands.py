"""The Theosis measurements quoted in docs/games/theosis.md run from ``benchmarks.theosis_eval`` (a
game package holds no evaluation script): every command the page quotes is one of its subcommands,
and each subcommand plays and prints its rate with a Wilson interval."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks import theosis_eval

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "theosis.md"
LINE = re.compile(r"(\d+) ?/ ?(\d+) wins.*\[(0\.\d{3}|1\.000), (0\.\d{3}|1\.000)\]")


def test_every_quoted_command_is_a_subcommand():
    quoted = set(re.findall(r"python -m benchmarks\.theosis_eval ([\w-]+)", DOC.read_text()))
    assert quoted == {"monsters", "coop-prep", "prep"}


@pytest.mark.parametrize("argv, lines", [
    (["monsters", "--games", "1"], 2),
    (["coop-prep", "--games", "1", "--policies", "random"], 1),
    (["prep", "--games", "1"], 1),
])
def test_subcommand_prints_each_rate_with_its_interval(argv, lines, capsys):
    theosis_eval.main(argv)
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == lines
    for line in out:
        m = LINE.search(line)
        assert m, line
        wins, games, lo, hi = int(m[1]), int(m[2]), float(m[3]), float(m[4])
        assert games == 1 and 0 <= wins <= games and 0.0 <= lo <= wins / games <= hi <= 1.0

"""docs/new_game.md describes the code as it is: each quoted block is in the file it names, and the
line counts of its table are the files' (``wc -l``)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "new_game.md").read_text()


def test_quoted_code_is_in_the_file_it_names():
    blocks = re.findall(r"```python\n# (\S+)\n(.*?)```", PAGE, re.S)
    assert len(blocks) >= 4
    for path, code in blocks:
        assert code in (ROOT / path).read_text(), f"docs/new_game.md quotes {path} wrongly:\n{code}"


def test_line_counts_are_the_files():
    rows = re.findall(r"^\| `(mythenv/\S+)` \| (\d+) \|", PAGE, re.M)
    assert len(rows) == 6
    counts = {path: len((ROOT / path).read_text().splitlines()) for path, _ in rows}
    assert {path: int(n) for path, n in rows} == counts
    assert f"| total | {sum(counts.values())} |" in PAGE

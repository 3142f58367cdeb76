"""The README's Python examples run as written."""

import re
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_readme_example_runs(i):
    namespace: dict = {}
    exec(compile(BLOCKS[i], f"README.md example {i + 1}", "exec"), namespace)
    assert any(k in namespace for k in ("env", "state", "game")), "the example built nothing"


def test_readme_opens_with_the_two_quickstart_lines():
    lines = README.split("```bash\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert len(lines) == 2
    assert "mythenv arena" in lines[0] and "pytest" in lines[1]
    # the first line also installs the web app's extra, so `mythenv serve` runs after it
    extras = re.search(r'pip install -e "\.\[([a-z,]+)\]"', lines[0]).group(1).split(",")
    assert "serve" in extras and "eval" in extras

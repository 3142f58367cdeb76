"""Generated blocks of benchmarks/README.md: ``<!-- NAME:start -->`` ... ``<!-- NAME:end -->``."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parent / "README.md"


def write_block(name: str, body: str, readme: Path = README) -> None:
    """Replace the block ``name`` with ``body`` (appended at the end when the markers are missing)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body}\n{end}"
    text = readme.read_text()
    if start in text and end in text:
        text = text[:text.index(start)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    readme.write_text(text)

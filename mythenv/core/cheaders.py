"""Write (or check) each game's generated ``_clayout.h`` from its ``observe.C_DECL``
(:mod:`mythenv.core.clayout`)::

    python -m mythenv.core.cheaders           # write the headers that differ
    python -m mythenv.core.cheaders --check   # exit 1 naming the headers that differ

Rebuild the compiled encoders afterwards (``python setup.py build_ext --inplace``).
"""

from __future__ import annotations

import argparse
import sys

from .clayout import declarations, header


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m mythenv.core.cheaders", description=(
        "Write each game's _clayout.h from its observe.C_DECL (--check: only say which are out of date)."))
    p.add_argument("--check", action="store_true", help="exit 1 when a header differs from its declaration")
    args = p.parse_args(argv)
    stale = []
    for _game, (decl, path, src) in sorted(declarations().items()):
        text = header(decl, src)
        if path.exists() and path.read_text() == text:
            continue
        if args.check:
            stale.append(str(path))
        else:
            path.write_text(text)
            print(f"wrote {path}")
    if stale:
        print("out of date (run python -m mythenv.core.cheaders): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Memory over a long run: RSS of one env sampled ten times over N agent-steps of random play.

    python -m benchmarks.soak --steps 1000000 --readme

Writes ``benchmarks/soak.json`` and, with ``--readme``, a generated block in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import platform
from pathlib import Path

import mythenv

from .bench import HERE, soak
from .readme import write_block


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.soak")
    p.add_argument("--steps", type=int, default=1_000_000)
    p.add_argument("--games", nargs="*")
    p.add_argument("--out", default=str(HERE / "soak.json"))
    p.add_argument("--readme", action="store_true")
    a = p.parse_args(argv)
    report = {"machine": platform.platform(), "steps": a.steps,
              "games": {g: soak(g, a.steps) for g in (a.games or mythenv.list_games())}}
    Path(a.out).write_text(json.dumps(report, indent=2))
    lines = ["| env | agent-steps | RSS at 2nd sample (MB) | RSS at end (MB) | growth (MB) |", "|---|---|---|---|---|"]
    for g, r in report["games"].items():
        s = r["rss_mb_samples"]
        lines.append(f"| {g} | {r['steps']:,} | {s[1]:.1f} | {s[-1]:.1f} | {r['growth_mb']:+.2f} |")
    table = "\n".join(lines)
    print(table)
    if a.readme:
        write_block("soak", f"Memory over a long run (`python -m benchmarks.soak --steps {a.steps} --readme`): "
                    f"RSS of the whole process sampled ten times while one env plays random games.\n\n{table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

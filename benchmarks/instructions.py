"""Instructions per agent-step (valgrind callgrind), per game: a raw State step, a full AEC step (the
compiled observation encoder), the same with the Python encoder, and an AEC step with the observation
encoder stubbed out. Unlike timings these counts do not move with
the machine's load, so they are the steady figure for the "AEC / raw" ratio.

    python -m benchmarks.instructions [--steps 2000] [--readme] [game ids ...]

Each figure is (instructions of a run of ``steps`` steps - instructions of a run of 0 steps) / steps,
so interpreter start-up and imports cancel out. Needs ``valgrind`` on the PATH; ``--readme`` writes
the table into benchmarks/README.md (the ``instructions`` block).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import mythenv

from .readme import write_block

MODES = ("raw", "aec", "aec_python", "aec_no_encoder")


def _loop(game_id: str, mode: str, steps: int) -> None:
    """The measured loop (run inside valgrind): the breakdown's loops, ``steps`` agent-steps."""
    from .breakdown import aec_us, raw_us, stub_encoders

    if mode == "raw":
        raw_us(game_id, steps)
    elif mode == "aec":
        aec_us(game_id, steps)
    elif mode == "aec_python":
        aec_us(game_id, steps, compiled=False)
    else:
        with stub_encoders(game_id):
            aec_us(game_id, steps)


def count(game_id: str, mode: str, steps: int) -> int:
    """Instructions callgrind counts for a whole run of ``_loop``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                            "-m", "benchmarks.instructions", "--_loop", game_id, mode, str(steps)],
                           capture_output=True, text=True, env=env, cwd=os.path.dirname(os.path.dirname(__file__)))
        m = re.search(r"Collected : (\d+)", r.stderr)
        if r.returncode != 0 or m is None:
            raise RuntimeError(f"callgrind run of {game_id} {mode} failed:\n{r.stderr[-2000:]}")
        return int(m.group(1))


def per_step(game_id: str, steps: int) -> dict[str, float]:
    return {mode: (count(game_id, mode, steps) - count(game_id, mode, 0)) / steps for mode in MODES}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.instructions")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--readme", action="store_true", help="write the table into benchmarks/README.md")
    ap.add_argument("--_loop", nargs=3, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a._loop:
        gid, mode, steps = a._loop
        _loop(gid, mode, int(steps))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind)", file=sys.stderr)
        return 2
    lines = ["| game | raw step | AEC step | AEC step, Python encoder | AEC step without encoding | AEC / raw "
             "| AEC / raw, Python encoder | with a free encoder |",
             "|---|---|---|---|---|---|---|---|"]
    print("\n".join(lines), flush=True)
    for gid in a.games or mythenv.list_games():
        r = per_step(gid, a.steps)
        lines.append(f"| {gid} | {r['raw'] / 1e3:.1f}k | {r['aec'] / 1e3:.1f}k | {r['aec_python'] / 1e3:.1f}k "
                     f"| {r['aec_no_encoder'] / 1e3:.1f}k | {r['raw'] / r['aec']:.2f} | {r['raw'] / r['aec_python']:.2f} "
                     f"| {r['raw'] / r['aec_no_encoder']:.2f} |")
        print(lines[-1], flush=True)
    if a.readme:
        write_block("instructions", f"`python -m benchmarks.instructions --steps {a.steps} --readme` "
                    "(instructions per agent-step, valgrind callgrind):\n\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Cost of ``game.state_from_dict`` on valid saved states, per game.

    python -m benchmarks.load_state [--states 30] [--rounds 3] [--baseline DIR] [--instructions] [games ...]

For each game (default config) it plays ``--states`` random positions (one bounded loop), saves them
with ``to_dict()`` and measures loading every dict, in a fresh process per measurement: CPU time
per load (the best of 15 repeats in each of ``--rounds`` processes), or with ``--instructions``
instructions per load (valgrind callgrind, a run of 3 loads of each dict minus a run of 1: unlike
timings the counts do not move with the machine's load, but each run takes a minute). Columns:
the load as it is; the load with the saved-state schema check (``mythenv.core.schema``) switched off
for the game, so the rest is ``from_dict``, ``check_invariants`` and the running-position check; and
with ``--baseline DIR`` (a checkout of another commit, e.g. ``git archive <commit> | tar -x -C DIR``)
the same dicts loaded by that code, and the ratio of today's load to it. The processes of the
columns alternate, so the machine's drift spreads over all of them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import mythenv

#: the measured loop, run by ``python -c`` with the tree to measure on ``sys.path``; prints the best
#: CPU seconds of one pass over the dicts
LOOP = """
import json, sys, time
import mythenv
gid, path, loads, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
dicts = json.load(open(path))
game = mythenv.make_game(gid)
game.state_from_dict(dicts[0])
if mode == "off":
    game._saved_state_spec = None
best = float("inf")
for _ in range(loads):
    t0 = time.process_time()
    for d in dicts:
        game.state_from_dict(d).legal_actions()
    best = min(best, time.process_time() - t0)
print(best)
"""


def sample_dicts(game, n: int, seed: int = 0) -> list[dict]:
    """``n`` saved positions of random games (every few steps of a few games)."""
    rnd = random.Random(seed)
    out: list[dict] = []
    g = 0
    while len(out) < n:
        s = game.new_initial_state(seed=seed + g)
        g += 1
        steps = 0
        while not s.is_terminal() and len(out) < n and steps < 5000:
            if steps % 9 == 0:
                out.append(json.loads(json.dumps(s.to_dict())))
            s.apply_action(rnd.choice(s.legal_actions()))
            steps += 1
    return out


def _run(tree: str, gid: str, path: str, loads: int, mode: str, valgrind: bool) -> float:
    """One process: CPU seconds of the best pass, or the instructions callgrind counts for the run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=tree)
        pre = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] if valgrind else []
        r = subprocess.run(pre + [sys.executable, "-c", LOOP, gid, path, str(loads), mode],
                           capture_output=True, text=True, env=env, cwd=tree)
        if r.returncode != 0:
            raise RuntimeError(f"run of {gid} {mode} in {tree} failed:\n{r.stderr[-2000:]}")
        if not valgrind:
            return float(r.stdout.split()[-1])
        return int(re.search(r"Collected : (\d+)", r.stderr).group(1))


def measure(cols: dict[str, tuple[str, str]], gid: str, path: str, n: int, rounds: int,
            valgrind: bool) -> dict[str, float]:
    """Per-load cost of each column (tree, mode): seconds, or instructions with ``valgrind``."""
    if valgrind:
        return {c: (_run(t, gid, path, 3, m, True) - _run(t, gid, path, 1, m, True)) / (2 * n)
                for c, (t, m) in cols.items()}
    best = dict.fromkeys(cols, float("inf"))
    for _ in range(rounds):
        for c, (t, m) in cols.items():
            best[c] = min(best[c], _run(t, gid, path, 15, m, False) / n)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.load_state", description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--states", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--baseline", default=None, help="a checkout of another commit to compare with")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind callgrind")
    a = ap.parse_args(argv)
    if a.instructions and shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind)", file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cols = {"on": (here, "on"), "off": (here, "off")}
    if a.baseline:
        cols["base"] = (os.path.abspath(a.baseline), "on")
    unit, scale = ("instructions", 1e-3) if a.instructions else ("us", 1e6)
    suffix = "k" if a.instructions else ""
    print(f"| game | load ({unit}) | schema off | load / schema off |"
          + (" baseline load | load / baseline |" if a.baseline else ""))
    print("|---|---|---|---|" + ("---|---|" if a.baseline else ""), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for gid in a.games or mythenv.list_games():
            path = os.path.join(tmp, f"{gid}.json")
            with open(path, "w") as f:
                json.dump(sample_dicts(mythenv.make_game(gid), a.states), f)
            r = measure(cols, gid, path, a.states, a.rounds, a.instructions)
            row = (f"| {gid} | {r['on'] * scale:.1f}{suffix} | {r['off'] * scale:.1f}{suffix} "
                   f"| {r['on'] / r['off']:.2f} |")
            if a.baseline:
                row += f" {r['base'] * scale:.1f}{suffix} | {r['on'] / r['base']:.2f} |"
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Raw steps/s, ``clone()`` and ``new_initial_state`` of each game, against another checkout.

    python -m benchmarks.state_speed [--rounds 5] [--steps 20000] [--aec-steps 5000] [--baseline DIR] [games ...]

What a change to a game's state (its declared fields, ``mythenv.core.fields``), its decision engine
or its encoders must not slow down, measured per game (default config): raw steps (``legal_actions``
+ ``apply_action`` of seeded random games, no observation), AEC steps (random masked play through the
PettingZoo API: ``last()``, the mask, ``step()``, every observation encoded), ``clone()`` of positions
of those games, and ``new_initial_state(seed)``.
Each figure is CPU time in a fresh process (the best of 5 passes in it); with ``--baseline DIR`` (a
checkout of another commit, e.g. ``git archive main | tar -x -C DIR``, its compiled encoders built)
the processes of the two trees alternate, ``--rounds`` times, so the drift of a shared machine spreads
over both, and the table gives the range of each figure over the rounds and the ratio of the medians
(today / baseline: above 1 is faster for steps/s, below 1 is faster for the times).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

import mythenv

#: the measured loops, run by ``python -c`` with the tree to measure on ``sys.path``; prints a JSON
#: dict of the best pass of each figure
LOOP = """
import json, random, sys, time
import mythenv
gid, steps, aec_steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = mythenv.make_game(gid)
env = mythenv.make_env(gid)

def aec(n):
    rnd, g = random.Random(0), 0
    env.reset(seed=g)
    for _ in range(n):
        obs, _r, term, trunc, _i = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                g += 1
                env.reset(seed=g)
            continue
        env.step(rnd.choice(obs["action_mask"].nonzero()[0].tolist()))

def play(n, keep=False):
    rnd = random.Random(0)
    s, g, states = game.new_initial_state(seed=0), 0, []
    for k in range(n):
        if s.is_terminal():
            g += 1
            s = game.new_initial_state(seed=g)
        s.apply_action(rnd.choice(s.legal_actions()))
        if keep and k % 13 == 0:
            states.append(s)
            s = s.clone()
    return states

states = play(2000, keep=True)[:150]
best = {"steps": 0.0, "aec": 0.0, "clone": float("inf"), "new": float("inf")}
for _ in range(5):
    t0 = time.process_time()
    play(steps)
    best["steps"] = max(best["steps"], steps / (time.process_time() - t0))
    t0 = time.process_time()
    aec(aec_steps)
    best["aec"] = max(best["aec"], aec_steps / (time.process_time() - t0))
    t0 = time.process_time()
    for _ in range(20):
        for s in states:
            s.clone()
    best["clone"] = min(best["clone"], (time.process_time() - t0) / (20 * len(states)))
    t0 = time.process_time()
    for i in range(200):
        game.new_initial_state(seed=i)
    best["new"] = min(best["new"], (time.process_time() - t0) / 200)
print(json.dumps(best))
"""

#: (figure, its heading, scale, format)
FIGURES = (("steps", "raw steps/s", 1e-3, "{:.1f}k"), ("aec", "AEC steps/s", 1e-3, "{:.1f}k"), ("clone", "`clone()` us", 1e6, "{:.2f}"),
           ("new", "`new_initial_state` us", 1e6, "{:.1f}"))


def _run(tree: str, gid: str, steps: int, aec_steps: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=tree)
    r = subprocess.run([sys.executable, "-c", LOOP, gid, str(steps), str(aec_steps)], capture_output=True, text=True,
                       env=env, cwd=tree)
    if r.returncode != 0:
        raise RuntimeError(f"run of {gid} in {tree} failed:\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.state_speed", description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=20000, help="raw steps per pass")
    ap.add_argument("--aec-steps", type=int, default=5000, help="AEC steps per pass")
    ap.add_argument("--baseline", default=None, help="a checkout of another commit to compare with")
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"after": here}
    if a.baseline:
        trees = {"before": os.path.abspath(a.baseline), **trees}
    head = " | ".join(f"{h} " + (" / ".join(trees)) for _, h, _, _ in FIGURES)
    print(f"| game | {head} |" + (" ratios (steps, AEC, clone, new) |" if a.baseline else ""))
    print("|---|" + "---|" * len(FIGURES) + ("---|" if a.baseline else ""), flush=True)
    for gid in a.games or mythenv.list_games():
        got: dict[str, list[dict]] = {t: [] for t in trees}
        for _ in range(a.rounds):
            for t, path in trees.items():
                got[t].append(_run(path, gid, a.steps, a.aec_steps))
        cells = []
        for key, _h, scale, fmt in FIGURES:
            rng = []
            for t in trees:
                vals = [r[key] * scale for r in got[t]]
                rng.append(fmt.format(min(vals)) + "-" + fmt.format(max(vals)))
            cells.append(" / ".join(rng))
        row = f"| {gid} | " + " | ".join(cells) + " |"
        if a.baseline:
            med = {t: {k: statistics.median(r[k] for r in got[t]) for k, *_ in FIGURES} for t in trees}
            row += " " + ", ".join(f"{med['after'][k] / med['before'][k]:.2f}" for k, *_ in FIGURES) + " |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

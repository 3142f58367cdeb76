"""x OpenSpiel hanabi through the AEC API, measured in short interleaved slices.

    python -m benchmarks.interleaved [--slices 40] [--steps 400] [--readme] [game ids ...]

On a shared machine a one-second measurement of a mythenv env and one of hanabi often run at
different machine speeds (this VM's hanabi rate moved between 6.5k and 16k steps/s within one run).
Here every config plays ``--steps`` agent-steps at a time between two slices of hanabi of the same
size, and the figure is the median over ``--slices`` slices of (the config's rate / the mean rate of
the two hanabi slices around it), with the quartiles: each ratio compares runs a few tens of
milliseconds apart. The play is ``benchmarks.bench``'s (``aec_steps``: random masked play through
``last()`` + mask + ``step()``; ``openspiel_steps``: pyspiel with an observation tensor per
decision), each generator keeping its game going between slices. Configs: each game's default
and its ``benchmark_configs``. ``--readme`` writes the table into benchmarks/README.md (the ``interleaved``
block). Needs pyspiel (``pip install -e ".[bench]"``).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
from time import perf_counter

import mythenv

from .bench import aec_steps, openspiel_steps, targets
from .readme import write_block


def rate(steps, k: int) -> float:
    t0 = perf_counter()
    for _ in range(k):
        next(steps)
    return k / (perf_counter() - t0)


def measure(games=None, slices: int = 40, steps: int = 400) -> dict:
    hanabi = openspiel_steps("hanabi", 0)
    plays = [(label, aec_steps(mythenv.make_env(gid, **cfg), 1)) for label, gid, cfg in targets(games)]
    rate(hanabi, steps)  # warm-up: imports, first games
    for _label, play in plays:
        rate(play, steps)
    ratios: dict[str, list[float]] = {label: [] for label, _ in plays}
    hanabi_rates: list[float] = []
    for _ in range(slices):
        for label, play in plays:
            before, own, after = rate(hanabi, steps), rate(play, steps), rate(hanabi, steps)
            hanabi_rates += [before, after]
            ratios[label].append(own / ((before + after) / 2))
    out = {"hanabi_steps_per_s": [min(hanabi_rates), statistics.median(hanabi_rates), max(hanabi_rates)]}
    for label, rs in ratios.items():
        q = statistics.quantiles(rs, n=4) if len(rs) > 1 else [rs[0]] * 3
        out[label] = {"median": statistics.median(rs), "quartiles": [q[0], q[2]]}
    return out


def table(res: dict, slices: int, steps: int) -> str:
    lo, mid, hi = res["hanabi_steps_per_s"]
    lines = [f"`python -m benchmarks.interleaved --slices {slices} --steps {steps} --readme`: {slices} slices of "
             f"{steps} agent-steps per config, each between two hanabi slices; hanabi ran at {lo:,.0f}-{hi:,.0f} "
             f"steps/s (median {mid:,.0f}) over the run.", "",
             "| env | x OpenSpiel hanabi (median of the slices) | quartiles |", "|---|---|---|"]
    for label, r in res.items():
        if label != "hanabi_steps_per_s":
            lines.append(f"| {label} | {r['median']:.2f} | {r['quartiles'][0]:.2f}-{r['quartiles'][1]:.2f} |")
    lines += ["", f"Machine: {platform.platform()}, Python {platform.python_version()}."]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.interleaved")
    ap.add_argument("games", nargs="*", help="mythenv game ids (default: all)")
    ap.add_argument("--slices", type=int, default=40)
    ap.add_argument("--steps", type=int, default=400, help="agent-steps per slice")
    ap.add_argument("--readme", action="store_true", help="write the table into benchmarks/README.md")
    a = ap.parse_args(argv)
    if a.slices < 1 or a.steps < 1:
        ap.error(f"--slices and --steps must be at least 1 (got {a.slices} and {a.steps})")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("pyspiel is not installed (pip install -e \".[bench]\")", file=sys.stderr)
        return 2
    res = measure(a.games, a.slices, a.steps)
    text = table(res, a.slices, a.steps)
    print(text)
    if a.readme:
        write_block("interleaved", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

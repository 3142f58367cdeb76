"""Where an AEC step's time goes, per game: a raw State step, a full AEC step (the compiled observation
encoder when it was built), the same with the Python encoder, and an AEC step with the observation
encoder stubbed out (so the encoder's share shows). CPU time, best of 3.

    python -m benchmarks.breakdown [--steps 10000] [--readme] [game ids ...]

``--readme`` writes the table into benchmarks/README.md (the ``breakdown`` block).
"""

from __future__ import annotations

import argparse
import os
from contextlib import contextmanager
from time import process_time as clock

import numpy as np

import mythenv

from .bench import aec_steps
from .readme import write_block


def aec_us(game_id: str, steps: int, compiled: bool = True) -> float:
    env = mythenv.make_env(game_id)
    env.unwrapped.game.use_compiled(compiled)
    play = aec_steps(env, 0)
    t0 = clock()
    for _ in range(steps):
        next(play)
    return 1e6 * (clock() - t0) / max(steps, 1)


def raw_us(game_id: str, steps: int) -> float:
    game = mythenv.make_game(game_id)
    rng = np.random.default_rng(0)
    done = 0
    t0 = clock()
    while done < steps:
        s = game.new_initial_state(seed=int(rng.integers(2**31)))
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            done += 1
    return 1e6 * (clock() - t0) / max(done, 1)


@contextmanager
def stub_encoders(game_id: str):
    """Within the block the game's encoders do nothing: the Python encoder and the compiled one (the env
    calls the compiled one, else the Python one)."""
    cls = type(mythenv.make_game(game_id))
    names = ("encode", "compiled")
    saved = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    cls.encode = lambda self, state, player, out: None
    cls.compiled = None
    try:
        yield
    finally:
        for name in names:
            if name in cls.__dict__:
                delattr(cls, name)
        for name, fn in saved.items():
            setattr(cls, name, fn)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.breakdown")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--steps", type=int, default=10_000)
    ap.add_argument("--readme", action="store_true", help="write the table into benchmarks/README.md")
    a = ap.parse_args(argv)
    lines = ["| game | raw step (us) | AEC step (us) | AEC step, Python encoder (us) | AEC step without encoding (us) "
             "| ratio | ratio, Python encoder | ratio with a free encoder |",
             "|---|---|---|---|---|---|---|---|"]
    print("\n".join(lines))
    for gid in a.games or mythenv.list_games():
        raw = min(raw_us(gid, a.steps) for _ in range(3))
        full = min(aec_us(gid, a.steps) for _ in range(3))
        py = min(aec_us(gid, a.steps, compiled=False) for _ in range(3))
        with stub_encoders(gid):
            bare = min(aec_us(gid, a.steps) for _ in range(3))
        lines.append(f"| {gid} | {raw:.1f} | {full:.1f} | {py:.1f} | {bare:.1f} | {raw / full:.2f} | {raw / py:.2f} "
                     f"| {raw / bare:.2f} |")
        print(lines[-1], flush=True)
    if a.readme:
        write_block("breakdown", f"`python -m benchmarks.breakdown --steps {a.steps} --readme`, CPU time, best of 3 "
                    f"(load average {os.getloadavg()[0]:.1f} when it ran):\n\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

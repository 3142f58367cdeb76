"""What the Hierapolis heuristic is worth: ``python -m mythenv.games.theosis.prep_eval --games 100``
plays the default config (two players, ``prep="hierapolis"``) between the heuristic and the same
heuristic answering every Hierapolis decision (``hp_*``) uniformly at random (the Arena played
alike), seats alternating, and prints the full heuristic's win rate with its 95% Wilson interval."""

from __future__ import annotations

import argparse

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.eval.arena import wilson

from .heuristic import heuristic_action


def play(game, seed: int, full: int) -> float:
    """One game; seat ``full`` plays the whole heuristic. Its return."""
    s = game.new_initial_state(seed)
    rng = np.random.default_rng(seed + 10_000)
    while not s.is_terminal():
        p = s.current_player()
        la = s.legal_actions()
        if p != full and s.dec[0].startswith("hp_"):
            a = la[int(rng.integers(len(la)))]
        else:
            a = heuristic_action(SeatView(game, s, p, rng), rng)
        s.apply_action(a)
    return s.returns()[full]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    game = mythenv.make_game("theosis_v0")
    results = [play(game, args.seed + k, k % 2) for k in range(args.games)]
    wins = sum(r > 0 for r in results)
    lo, hi = wilson(wins, args.games)
    print(f"heuristic vs heuristic with a random preparation: {wins} / {args.games} wins "
          f"({wins / args.games:.3f}, 95% Wilson interval [{lo:.3f}, {hi:.3f}]), "
          f"{sum(r == 0 for r in results)} ties")


if __name__ == "__main__":
    main()

"""Win rate of the heroes against monsters: ``python -m mythenv.games.theosis.monster_eval --games 200``
plays the solo 3-hero encounter (``encounter=solo_3``, Fast Action Preparation) with the heuristic and
with uniformly random play, and prints each rate with its 95% Wilson interval."""

from __future__ import annotations

import argparse

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.eval.arena import wilson

from .heuristic import heuristic_action


def play(game, seed: int, policy: str) -> float:
    s = game.new_initial_state(seed)
    rng = np.random.default_rng(seed + 10_000)
    while not s.is_terminal():
        la = s.legal_actions()
        if policy == "random" or len(la) == 1:
            a = la[int(rng.integers(len(la)))]
        else:
            view = SeatView(game, s, s.current_player(), rng, determinized=True)
            a = heuristic_action(view, rng)
        s.apply_action(a)
    return s.returns()[0]


def report(game, policies, games: int, seed: int, label: str) -> None:
    """Print each policy's wins of ``games`` solo games with the 95% Wilson interval."""
    for policy in policies:
        wins = sum(play(game, seed + i, policy) > 0 for i in range(games))
        lo, hi = wilson(wins, games)
        print(f"{policy:9s} {label}: {wins}/{games} wins, rate {wins / games:.3f}, 95% Wilson [{lo:.3f}, {hi:.3f}]")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--encounter", default="solo_3")
    ap.add_argument("--monsters", default="random")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    game = mythenv.make_game("theosis_v0", num_players=1, mode="solo", prep="fast", encounter=args.encounter,
                             monsters=args.monsters)
    report(game, ("heuristic", "random"), args.games, args.seed, f"{args.encounter} monsters={args.monsters}")


if __name__ == "__main__":
    main()

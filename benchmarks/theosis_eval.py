"""What the Theosis baseline is worth in the modes the arena's two-agent games do not cover: the
one-seat monster modes, and the Hierapolis preparation measured by swapping that phase's policy.
Each rate is printed with its 95 % Wilson interval (``mythenv.eval.arena.wilson``).

    python -m benchmarks.theosis_eval monsters --games 200
    python -m benchmarks.theosis_eval coop-prep --games 200
    python -m benchmarks.theosis_eval prep --games 100

``monsters``: the heroes' win rate against monsters after Fast Action Preparation, in the solo 3-hero
encounter (``num_players=1, mode="solo", prep="fast", encounter=solo_3``; ``--encounter`` and
``--monsters`` choose another fixed encounter), played by the heuristic and by uniformly random play.

``coop-prep``: the same after the co-op Hierapolis preparation (``prep="hierapolis"``: the three
enemy heroes hinder the preparation); ``--policies`` chooses which of the two play.

``prep``: the default config (two players, ``prep="hierapolis"``) between the heuristic and the same
heuristic answering every Hierapolis decision (``hp_*``) uniformly at random (the Arena played
alike), seats alternating: the full heuristic's win rate, and the ties.
"""

from __future__ import annotations

import argparse

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.eval.arena import wilson
from mythenv.games.theosis.heuristic import heuristic_action


def play_solo(game, seed: int, policy: str) -> float:
    """One one-seat game played by ``policy`` (``"heuristic"`` or ``"random"``); the seat's return."""
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
        wins = sum(play_solo(game, seed + i, policy) > 0 for i in range(games))
        lo, hi = wilson(wins, games)
        print(f"{policy:9s} {label}: {wins}/{games} wins, rate {wins / games:.3f}, 95% Wilson [{lo:.3f}, {hi:.3f}]")


def play_random_prep(game, seed: int, full: int) -> float:
    """One game; seat ``full`` plays the whole heuristic, the other one answers Hierapolis at random.
    The return of seat ``full``."""
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


def monsters(args) -> None:
    game = mythenv.make_game("theosis_v0", num_players=1, mode="solo", prep="fast", encounter=args.encounter,
                             monsters=args.monsters)
    report(game, ("heuristic", "random"), args.games, args.seed, f"{args.encounter} monsters={args.monsters}")


def coop_prep(args) -> None:
    game = mythenv.make_game("theosis_v0", num_players=1, mode="solo", prep="hierapolis", encounter=args.encounter)
    report(game, args.policies.split(","), args.games, args.seed, f"{args.encounter} prep=hierapolis")


def prep(args) -> None:
    game = mythenv.make_game("theosis_v0")
    results = [play_random_prep(game, args.seed + k, k % 2) for k in range(args.games)]
    wins = sum(r > 0 for r in results)
    lo, hi = wilson(wins, args.games)
    print(f"heuristic vs heuristic with a random preparation: {wins} / {args.games} wins "
          f"({wins / args.games:.3f}, 95% Wilson interval [{lo:.3f}, {hi:.3f}]), "
          f"{sum(r == 0 for r in results)} ties")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    m = sub.add_parser("monsters", help="the heroes against monsters after Fast Action Preparation")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--encounter", default="solo_3")
    m.add_argument("--monsters", default="random")
    m.add_argument("--seed", type=int, default=0)
    m.set_defaults(run=monsters)
    c = sub.add_parser("coop-prep", help="the heroes against monsters after the co-op Hierapolis preparation")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--encounter", default="solo_3")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--policies", default="heuristic,random")
    c.set_defaults(run=coop_prep)
    p = sub.add_parser("prep", help="the heuristic against itself with a random Hierapolis preparation")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1000)
    p.set_defaults(run=prep)
    args = ap.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()

"""Win rate of the heroes against monsters after the co-op Hierapolis preparation:
``python -m mythenv.games.theosis.coop_prep_eval --games 200`` plays the solo 3-hero encounter
(``encounter=solo_3``, ``prep="hierapolis"``: the three enemy heroes hinder the preparation) with the
heuristic and with uniformly random play, and prints each rate with its 95% Wilson interval
(``monster_eval`` does the same after Fast Action Preparation)."""

from __future__ import annotations

import argparse

import mythenv

from .monster_eval import report


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--encounter", default="solo_3")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--policies", default="heuristic,random")
    args = ap.parse_args(argv)
    game = mythenv.make_game("theosis_v0", num_players=1, mode="solo", prep="hierapolis", encounter=args.encounter)
    report(game, args.policies.split(","), args.games, args.seed, f"{args.encounter} prep=hierapolis")


if __name__ == "__main__":
    main()

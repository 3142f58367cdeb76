"""Theomachy God balance: each God's win rate in heuristic self-play (Advanced or Epic game).

TM § Final Selection of the God: "So far we have organized many Theomachy tournaments, and no god has
been seen to dominate the others." This script measures it for the shipped Pantheons
(``data/pantheons.toml``): two-player games between the heuristic and itself, the Pantheons and Gods
imposed by the script so that every ordered pair of Gods from two different Pantheons (at two
players each Pantheon is taken once) is played equally often; everything else (the draft, bets,
Abilities, Mythology cards) is the heuristic's. A God wins a game when its seat has the strictly
highest return (a Hand-bound draw is a win for nobody). Reported: games, wins, win rate and its 95 %
Wilson interval per God and per Pantheon.

    python -m benchmarks.theomachy_balance --rounds 2 --mode advanced --max-hands 30

``--rounds R`` plays every ordered pair R times (108 pairs: 216 games for R = 2); the run is bounded
by ``--max-hands`` (each game ends as a draw at that many Hands) and ``--time-limit`` seconds (the
pairs are interleaved, so a run cut short still plays every God about equally often).
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.eval.arena import wilson
from mythenv.games.theomachy.heuristic import heuristic_action
from mythenv.games.theomachy.pantheons import DEITIES, PANTHEONS
from mythenv.games.theomachy.rules import GOD, PANTHEON

GID = "theomachy_v0"


def pairs(only=()) -> list[tuple[int, int]]:
    """Every ordered pair of Gods (Deity indices) of two different Pantheons (with ``only``: the
    pairs with one of those Gods, by key)."""
    keep = {d.index for d in DEITIES if d.key in only}
    return [(a, b) for a, b in itertools.product(range(len(DEITIES)), repeat=2)
            if DEITIES[a].pantheon != DEITIES[b].pantheon and (not keep or a in keep or b in keep)]


def play(game, gods: tuple[int, ...], seed: int) -> list[float]:
    """One heuristic self-play game with the Pantheons and Gods of ``gods`` imposed; its returns."""
    s = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed ^ 0xBA1A)
    C = s.C
    limit = game.max_game_length * 2
    steps = 0
    while not s.is_terminal():
        p = s.current_player()
        if s.step == PANTHEON:
            a = C.off["pantheon"] + DEITIES[gods[p]].pantheon
        elif s.step == GOD:
            a = C.off["god"] + PANTHEONS[DEITIES[gods[p]].pantheon].deities.index(gods[p])
        else:
            a = heuristic_action(SeatView(game, s, p, rng), rng)
        s.apply_action(a)
        steps += 1
        if steps > limit:
            raise RuntimeError(f"game {seed} exceeded {limit} steps")
    return s.returns()


def measure(rounds: int, mode: str, max_hands: int, seed: int, time_limit: float, only=()) -> dict:
    game = mythenv.make_game(GID, num_players=2, deck="draft", mode=mode, max_hands=max_hands)
    games = [0] * len(DEITIES)
    wins = [0] * len(DEITIES)
    draws = 0
    played = 0
    t0 = time.perf_counter()
    order = pairs(only)
    for r in range(rounds):
        for i, pair in enumerate(order):
            if time.perf_counter() - t0 > time_limit:
                break
            ret = play(game, pair, seed + r * len(order) + i)
            played += 1
            best = max(ret)
            top = [q for q in range(2) if ret[q] == best]
            for q in range(2):
                games[pair[q]] += 1
            if len(top) == 1:
                wins[pair[top[0]]] += 1
            else:
                draws += 1
    out = {"mode": mode, "players": 2, "max_hands": max_hands, "games": played, "draws": draws,
           "seconds": round(time.perf_counter() - t0, 1), "gods": [], "pantheons": []}
    for d in DEITIES:
        n, k = games[d.index], wins[d.index]
        lo, hi = wilson(k, n)
        out["gods"].append({"god": d.name, "pantheon": PANTHEONS[d.pantheon].name, "games": n, "wins": k,
                            "rate": round(k / n, 3) if n else None, "ci95": [round(lo, 3), round(hi, 3)]})
    for pan in PANTHEONS:
        n = sum(games[d] for d in pan.deities)
        k = sum(wins[d] for d in pan.deities)
        lo, hi = wilson(k, n)
        out["pantheons"].append({"pantheon": pan.name, "games": n, "wins": k,
                                 "rate": round(k / n, 3) if n else None, "ci95": [round(lo, 3), round(hi, 3)]})
    return out


def table(res: dict) -> str:
    lines = [f"{res['games']} games ({res['mode']}, 2 players, Hand bound {res['max_hands']}, "
             f"{res['draws']} without a single winner, {res['seconds']} s)", "",
             "| God | Pantheon | games | wins | win rate | 95 % Wilson interval |", "|---|---|---|---|---|---|"]
    for g in res["gods"]:
        if not g["games"]:
            continue
        lines.append(f"| {g['god']} | {g['pantheon']} | {g['games']} | {g['wins']} | "
                     f"{100 * (g['rate'] or 0):.0f} % | {100 * g['ci95'][0]:.0f}-{100 * g['ci95'][1]:.0f} % |")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2, help="times every ordered pair of Gods is played")
    ap.add_argument("--mode", default="advanced", choices=("advanced", "epic"))
    ap.add_argument("--max-hands", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=1800.0, help="stop starting games after this many seconds")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--gods", nargs="*", default=(), help="only the pairs with one of these Gods (keys)")
    args = ap.parse_args(argv)
    res = measure(args.rounds, args.mode, args.max_hands, args.seed, args.time_limit, tuple(args.gods))
    print(table(res))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()

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
``--players 3`` / ``4`` plays line-ups of Gods from 3 / 4 different Pantheons (at most one game per
line-up and round; bound it with ``--games``); an even God then wins 1/3 / 1/4 of its games:

    python -m benchmarks.theomachy_balance --players 4 --games 240 --mode advanced --max-hands 30
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


def pairs(only=(), players: int = 2) -> list[tuple[int, ...]]:
    """Every seat-ordered line-up of ``players`` Gods (Deity indices) of different Pantheons (with
    ``only``: the line-ups with one of those Gods, by key). Two players: the 108 ordered pairs, in
    order; more: every line-up (3 players 648, 4 players 1944), shuffled with a fixed seed so that a
    run bounded by ``--games`` still plays every God about equally often in every seat."""
    keep = {d.index for d in DEITIES if d.key in only}
    out = [g for g in itertools.product(range(len(DEITIES)), repeat=players)
           if len({DEITIES[a].pantheon for a in g}) == players and (not keep or keep.intersection(g))]
    if players > 2:
        np.random.default_rng(0x7E0).shuffle(out)
    return out


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


def measure(rounds: int, mode: str, max_hands: int, seed: int, time_limit: float, only=(),
            players: int = 2, max_games: int | None = None) -> dict:
    if not 2 <= players <= len(PANTHEONS):
        raise ValueError(f"players must be 2..{len(PANTHEONS)} (each Pantheon taken once)")
    game = mythenv.make_game(GID, num_players=players, deck="draft", mode=mode, max_hands=max_hands)
    games = [0] * len(DEITIES)
    wins = [0] * len(DEITIES)
    draws = 0
    played = 0
    t0 = time.perf_counter()
    order = pairs(only, players)
    for r in range(rounds):
        for i, pair in enumerate(order):
            if time.perf_counter() - t0 > time_limit or (max_games is not None and played >= max_games):
                break
            ret = play(game, pair, seed + r * len(order) + i)
            played += 1
            best = max(ret)
            top = [q for q in range(players) if ret[q] == best]
            for q in range(players):
                games[pair[q]] += 1
            if len(top) == 1:
                wins[pair[top[0]]] += 1
            else:
                draws += 1
    out = {"mode": mode, "players": players, "max_hands": max_hands, "games": played, "draws": draws,
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
    lines = [f"{res['games']} games ({res['mode']}, {res['players']} players, Hand bound {res['max_hands']}, "
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
    ap.add_argument("--players", type=int, default=2, help="seats per game (2-4, each Pantheon once)")
    ap.add_argument("--games", type=int, default=None, help="stop after this many games (bounds the 3-4 player runs)")
    args = ap.parse_args(argv)
    res = measure(args.rounds, args.mode, args.max_hands, args.seed, args.time_limit, tuple(args.gods),
                  args.players, args.games)
    print(table(res))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()

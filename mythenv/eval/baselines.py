"""The ladder's win-rate matrix, and the figures other docs quote from ``docs/baselines.json``.

:func:`matrix` plays every pairing of a list of agents in one game config, once per seed (each seed
deals its own independent games), and reports each cell as the win rate over all of its games (the
mean of the per-seed rates, which have equal weight), the 95% Wilson interval of that pooled rate,
the number of games and each seed's own rate, so a headline figure never rests on one seed. In a
one-seat config (Theosis solo) each agent plays alone and its cell is against ``monsters``.
:func:`quote_block` writes the heuristic-vs-random figures into the marked block of
``docs/training.md``. The generator of ``docs/baselines.md`` is :mod:`mythenv.eval.ladder`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from mythenv.core.errors import ConfigError

from .arena import GameRecord, run_arena, wilson

MONSTERS = "monsters"


def matrix(game_id: str, agents: list[str], games: int, search_games: int, seeds: list[int], workers: int,
           config: dict | None = None, is_search: Callable[[str], bool] = lambda a: "ismcts" in a,
           seed_of: Callable[[int], int] = lambda s: s, records: list[GameRecord] | None = None,
           progress: bool = False, search_seeds: int | None = None) -> dict:
    """Every pairing of ``agents`` (each agent alone in a one-seat config), ``games`` games per seed
    (``search_games`` on the first ``search_seeds`` seeds, default all, when ``is_search`` holds for
    either agent; 0 skips those pairings), arena seed ``seed_of(seed)``. Appends the games to
    ``records`` when given."""
    from mythenv.core.registry import make_game

    config = dict(config or {})
    solo = make_game(game_id, **config).num_players == 1
    cells: dict = {}
    timing: dict = {}
    for pair in ([(a,) for a in agents] if solo else combinations(agents, 2)):
        search = any(is_search(x) for x in pair)
        n = search_games if search else games
        if n <= 0:
            continue
        pair_seeds = list(seeds[:search_seeds] if search and search_seeds else seeds)
        t0 = time.perf_counter()
        wins: dict[str, list[int]] = {x: [] for x in (*pair, MONSTERS)}
        draws = moves = 0
        for seed in pair_seeds:
            res = run_arena(game_id, list(pair), games=n, seed=seed_of(seed), workers=workers, config=config,
                            progress=progress)
            if records is not None:
                records += res.records
            if solo:  # the seat wins with a positive return, the monsters with a negative one
                wins[pair[0]].append(sum(r.returns[0] > 0 for r in res.records))
                wins[MONSTERS].append(sum(r.returns[0] < 0 for r in res.records))
                draws += sum(r.returns[0] == 0 for r in res.records)
            else:
                s = res.summary()
                for x in pair:
                    wins[x].append(round(s["win_rate"][x] * n))
                draws += s["draws"]
            moves += sum(r.length for r in res.records)
        dt = time.perf_counter() - t0
        a, b = (pair[0], MONSTERS) if solo else pair
        timing[f"{a} vs {b}"] = {"seconds": dt, "actions": moves}
        total = n * len(pair_seeds)
        for x, y in ((a, b), (b, a)):
            k = sum(wins[x])
            cells[f"{x}|{y}"] = {"win_rate": k / total, "ci95": list(wilson(k, total)), "games": total,
                                 "draw_rate": draws / total, "seeds": pair_seeds,
                                 "per_seed_win_rate": [w / n for w in wins[x]]}
    return {"cells": cells, "timing": timing}


def headline(report: dict, game_id: str, a: str = "heuristic", b: str = "random") -> str:
    """``a``'s win rate against ``b`` in ``game_id`` as the docs quote it: pooled rate, interval,
    games and seeds, and the per-seed range."""
    c = report["games"][game_id]["cells"][f"{a}|{b}"]
    ps = c["per_seed_win_rate"]
    return (f"{c['win_rate']:.3f} [{c['ci95'][0]:.3f}, {c['ci95'][1]:.3f}] over {c['games']} games "
            f"({len(c['seeds'])} seeds, per seed {min(ps):.2f}-{max(ps):.2f})")


def _game_command(report: dict, gid: str) -> str:
    return report["games"][gid].get("command", report["command"])


def quote_block(report: dict) -> str:
    """The marked block of docs/training.md: every game's heuristic-vs-random figure, with the command."""
    cmds = {_game_command(report, gid) for gid in report["games"]}
    if len(cmds) == 1:
        lines = [f"Generated into this block by `{cmds.pop()}` (docs/baselines.json, "
                 "[baselines.md](baselines.md)); the rule-based baseline's win rate against a random player, "
                 "seats rotated, 95% Wilson interval:", ""]
    else:
        lines = ["Generated into this block by `python -m mythenv.eval.ladder` (docs/baselines.json, "
                 "[baselines.md](baselines.md), which names each game's command and commit); the rule-based "
                 "baseline's win rate against a random player, seats rotated, 95% Wilson interval:", ""]
    lines += [f"- {gid}: {headline(report, gid)}" for gid in report["games"]
              if "heuristic|random" in report["games"][gid]["cells"]]
    return "\n".join(lines)


def write_quote(path: Path, report: dict) -> None:
    text = path.read_text()
    start, end = "<!-- baselines:start -->", "<!-- baselines:end -->"
    if start not in text or end not in text:
        raise ConfigError(f"{path} has no {start} ... {end} block to write the figures into")
    head, rest = text.split(start, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(head + start + "\n" + quote_block(report) + "\n" + end + tail)

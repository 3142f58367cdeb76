"""Ratings over a population of agents from a round-robin tournament (openskill, Plackett-Luce).

Every group of ``num_players`` agents (all combinations, or all pairs at two seats) plays
``games_per_match`` games through the arena with seats rotated; each game updates the ratings with
the seats ranked by their returns (ties share a rank).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from mythenv.core.errors import ConfigError
from mythenv.core.registry import make_game

from .arena import run_arena


@dataclass
class Rating:
    agent: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


def tournament(game_id: str, agents: Sequence[str], games_per_match: int = 20, seed: int = 0,
               workers: int = 1, config: dict | None = None, progress: bool = False) -> list[Rating]:
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:  # pragma: no cover - openskill is in the eval / dev extras
        raise ConfigError("tournaments need openskill: pip install 'mythenv[eval]'") from e
    agents = list(dict.fromkeys(agents))
    game = make_game(game_id, **(config or {}))
    n = game.num_players
    if len(agents) < 2:
        raise ConfigError("a tournament needs at least two different agents")
    groups = list(combinations(agents, n)) if len(agents) >= n else [tuple(agents)]
    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    played = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0)
    for gi, group in enumerate(groups):
        res = run_arena(game_id, list(group), games=games_per_match, seed=seed + gi, workers=workers,
                        config=config, progress=progress)
        for rec in res.records:
            seats = rec.seats
            # rank seats by return (1 = best); several seats of one agent each count
            order = sorted(set(rec.returns), reverse=True)
            ranks = [order.index(r) + 1 for r in rec.returns]
            teams = [[ratings[a]] for a in seats]
            if len(set(seats)) < len(seats):
                continue  # an agent against itself teaches the ratings nothing
            new = model.rate(teams, ranks=ranks)
            for a, team in zip(seats, new):
                ratings[a] = team[0]
                played[a] += 1
            if rec.winner >= 0:
                wins[seats[rec.winner]] += 1
    out = [Rating(a, ratings[a].mu, ratings[a].sigma, ratings[a].ordinal(), played[a], wins[a]) for a in agents]
    return sorted(out, key=lambda r: -r.ordinal)

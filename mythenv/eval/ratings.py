"""Ratings over a population of agents from a round-robin tournament (openskill, Plackett-Luce).

Every group of ``num_players`` agents (all combinations, or all pairs at two seats) plays
``games_per_match`` games through the arena with seats rotated; each game updates the ratings with
the seats ranked by their returns (ties share a rank). :func:`rate_records` rates any arena records
(the ladder's, and ``mythenv evaluate``'s against the ladder's stored ratings).
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
    _model()  # openskill is there before anything is played
    agents = list(dict.fromkeys(agents))
    game = make_game(game_id, **(config or {}))
    n = game.num_players
    if len(agents) < 2:
        raise ConfigError("a tournament needs at least two different agents")
    groups = list(combinations(agents, n)) if len(agents) >= n else [tuple(agents)]
    records = []
    for gi, group in enumerate(groups):
        res = run_arena(game_id, list(group), games=games_per_match, seed=seed + gi, workers=workers,
                        config=config, progress=progress)
        records += res.records
    return rate_records(records, agents)


def _model():
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:  # pragma: no cover - openskill is in the eval / dev extras
        raise ConfigError("ratings need openskill: pip install 'mythenv[eval]'") from e
    return PlackettLuce()


def rate_records(records, agents: Sequence[str], initial: dict[str, tuple[float, float]] | None = None,
                 fixed: Sequence[str] = (), solo_opponent: str | None = None) -> list[Rating]:
    """openskill (Plackett-Luce) ratings from arena records, applied in the order given: each game
    ranks its seats by their returns (ties share a rank); a game where one agent holds several seats
    is skipped (it teaches the ratings nothing). ``initial`` gives agents a starting (mu, sigma) (the
    ladder's stored ratings); agents in ``fixed`` keep theirs (anchors: only the others move). With
    ``solo_opponent`` a one-seat game is a match of its agent against that pseudo-agent (Theosis'
    monsters), won by the seat when the arena counts it a win, else by the monsters."""
    model = _model()
    agents = list(dict.fromkeys(agents))
    if solo_opponent is not None and solo_opponent not in agents:
        agents.append(solo_opponent)
    initial = initial or {}
    ratings = {a: (model.rating(mu=initial[a][0], sigma=initial[a][1], name=a) if a in initial
                   else model.rating(name=a)) for a in agents}
    played = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0)
    for rec in records:
        seats = list(rec.seats)
        if len(seats) == 1 and solo_opponent is not None:
            seats.append(solo_opponent)
            ranks = [1, 2] if rec.winner == 0 else [2, 1]
            winner = 0 if rec.winner == 0 else 1
        else:
            # rank seats by return (1 = best); several seats of one agent each count
            order = sorted(set(rec.returns), reverse=True)
            ranks = [order.index(r) + 1 for r in rec.returns]
            winner = rec.winner
        if len(set(seats)) < len(seats):
            continue  # an agent against itself teaches the ratings nothing
        new = model.rate([[ratings[a]] for a in seats], ranks=ranks)
        for a, team in zip(seats, new):
            if a not in fixed:
                ratings[a] = team[0]
            played[a] += 1
        won = (winner,) if len(rec.seats) == 1 or not rec.winners else rec.winners
        for w in won:
            if w >= 0:
                wins[seats[w]] += 1
    out = [Rating(a, ratings[a].mu, ratings[a].sigma, ratings[a].ordinal(), played[a], wins[a]) for a in agents]
    return sorted(out, key=lambda r: -r.ordinal)

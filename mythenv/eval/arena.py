"""Arena: N seeded games between agents with seats rotated, optionally over processes.

Seat rotation: in game ``i`` seat ``j`` is played by ``agents[(j + i) % m]`` (``m`` agents), so with
``N`` a multiple of the number of seats every agent plays every seat equally often. A game's winners
are the seats with the best return when it is positive (``winning_seats``): one seat, or several
when the rules make them win together (a Theosis team, Mythologies' shared victory, the co-op
table); each winner's agent is credited with the win. A game nobody wins with a best return of 0
is a draw. A one-seat game (or a co-op table against the monsters) is won with a positive return
and otherwise lost, not drawn. An agent's win rate is the share of its seats that won; its 95% Wilson
interval counts games (an agent at several seats of a game gives one result, as its seats' results
are tied).
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.record import Recorder, write_record
from mythenv.core.registry import make_game
from mythenv.core.view import SeatView


@dataclass
class GameRecord:
    seed: int
    seats: list[str]            # agent name per seat
    returns: list[float]
    length: int
    winner: int                 # the seat when one seat won, else -1 (a draw, or a shared win)
    winners: tuple[int, ...] = ()  # every seat that won: a team's seats, a shared victory, the co-op table


def winning_seats(returns: Sequence[float]) -> tuple[int, ...]:
    """The seats that won: those with the best return, when it is positive. Every game pays +1 to
    each winner (a team's seats, Mythologies' shared victory, every Epic seat at the target, the
    co-op table against the monsters) and 0 to all in a draw (Theomachy's last seats eliminated
    together get 0 too: a tie, not a win); a one-seat game is won with a positive return."""
    best = max(returns) if len(returns) else 0.0
    return tuple(i for i, r in enumerate(returns) if r == best) if best > 0 else ()


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # the interval holds p (c - h and c + h can miss 0 and 1 by a rounding error when k is 0 or n)
    return (max(0.0, min(p, c - h)), min(1.0, max(p, c + h)))


def seat_assignment(agents: Sequence[str], num_players: int, i: int) -> list[str]:
    m = len(agents)
    return [agents[(j + i) % m] for j in range(num_players)]


def play_game(game: Game, seat_agents: Sequence[Any], seed: int, max_steps: int | None = None,
              record: str | os.PathLike | None = None) -> GameRecord:
    """Play one game; ``seat_agents`` are Agent objects, one per seat (already built). ``record``: a
    path where the game's record (``mythenv.core.record``) is written. A game still going after
    ``max_steps`` decisions (by default ``Game.max_moves``: a seat repeating a loop the rules allow) is
    stopped there and counted a draw (every return 0; its record says ``"finished": false``)."""
    state = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed ^ 0x5EED)
    for s, ag in enumerate(seat_agents):
        ag.reset(s, seed * 7919 + s)
    rec = None if record is None else Recorder(
        game, seed, [getattr(a, "name", "?") for a in seat_agents], [seed * 7919 + s for s in range(len(seat_agents))])
    steps = 0
    limit = max_steps or game.max_moves
    while not state.is_terminal() and steps < limit:
        p = state.current_player()
        a = seat_agents[p].act(SeatView(game, state, p, rng))
        if rec is None:
            state.apply_action(a)
        else:
            rec.apply(state, a)
        steps += 1
    if rec is not None:
        write_record(rec.finish(state), record)
    ret = [float(x) for x in state.returns()] if state.is_terminal() else [0.0] * game.num_players
    winners = winning_seats(ret)
    return GameRecord(seed, [getattr(a, "name", "?") for a in seat_agents], ret, steps,
                      winners[0] if len(winners) == 1 else -1, winners)


def _worker(args) -> list[GameRecord]:
    game_id, config, agent_specs, jobs, record_dir = args
    from mythenv.agents import make_agent

    game = make_game(game_id, **config)
    cache: dict[tuple[str, int], Any] = {}
    out = []
    for i, seed in jobs:
        names = seat_assignment([n for n, _ in agent_specs], game.num_players, i)
        kw = dict(agent_specs)
        seat_agents = []
        for s, name in enumerate(names):
            key = (name, s)
            if key not in cache:
                cache[key] = make_agent(name, game, seed=seed + s, **kw[name])
                cache[key].name = name
            seat_agents.append(cache[key])
        path = None if record_dir is None else Path(record_dir) / f"{game_id}_{i:05d}_seed{seed}.json"
        out.append(play_game(game, seat_agents, seed, record=path))
    return out


@dataclass
class ArenaResult:
    game: str
    config: dict
    num_players: int
    agents: list[str]
    records: list[GameRecord] = field(default_factory=list)

    def summary(self) -> dict:
        n = len(self.records)
        wins: dict[str, float] = defaultdict(float)
        played: dict[str, int] = defaultdict(int)
        games_of: dict[str, int] = defaultdict(int)  # games in which the agent held a seat
        ret_sum: dict[str, float] = defaultdict(float)
        seat_wins: dict[str, list[int]] = {a: [0] * self.num_players for a in self.agents}
        seat_played: dict[str, list[int]] = {a: [0] * self.num_players for a in self.agents}
        draws = 0
        for r in self.records:
            won = r.winners or ((r.winner,) if r.winner >= 0 else ())
            if not won and max(r.returns, default=0.0) == 0:
                draws += 1  # nobody won and nobody is behind: a lost one-seat or co-op game is no draw
            for name in set(r.seats):
                games_of[name] += 1
            for s, name in enumerate(r.seats):
                played[name] += 1
                ret_sum[name] += r.returns[s]
                seat_played[name][s] += 1
                if s in won:
                    wins[name] += 1
                    seat_wins[name][s] += 1
        win_rate = {a: (wins[a] / played[a] if played[a] else 0.0) for a in self.agents}
        # the interval counts games, not seats: an agent at k seats of a game (a team, a table of
        # heuristics, a policy playing itself) gives one result, the share of its seats that won,
        # since its seats' results are tied; at one seat a game this is the usual count
        ci = {a: list(wilson(wins[a] * games_of[a] / played[a], games_of[a]) if played[a] else wilson(0, 0))
              for a in self.agents}
        return {
            "game": self.game,
            "config": self.config,
            "num_players": self.num_players,
            "games": n,
            "agents": self.agents,
            "win_rate": win_rate,
            "ci95": ci,
            "draws": draws,
            "draw_rate": draws / n if n else 0.0,
            "mean_return": {a: (ret_sum[a] / played[a] if played[a] else 0.0) for a in self.agents},
            "mean_length": float(np.mean([r.length for r in self.records])) if n else 0.0,
            "per_seat_win_rate": {a: [(seat_wins[a][s] / seat_played[a][s]) if seat_played[a][s] else None
                                      for s in range(self.num_players)] for a in self.agents},
        }


def run_arena(game_id: str, agents: Sequence[str], games: int = 100, seed: int = 0, workers: int = 1,
              config: dict | None = None, agent_kwargs: dict[str, dict] | None = None,
              progress: bool = False, record_dir: str | os.PathLike | None = None) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between ``agents`` (registered agent names); with
    ``record_dir``, each game's record is written there (``GAME_NNNNN_seedS.json``)."""
    from mythenv.agents import list_agents

    config = dict(config or {})
    game = make_game(game_id, **config)  # validates game id and config
    if not agents:
        raise ConfigError("no agents given; available agents: " + ", ".join(list_agents()))
    known = set(list_agents())
    for a in agents:
        if a.split(":")[0] not in known:
            raise ConfigError(f"unknown agent {a!r}; available agents: {', '.join(sorted(known))}")
    if games <= 0:
        raise ConfigError(f"games={games} must be positive")
    if workers <= 0:
        raise ConfigError(f"workers={workers} must be positive")
    uniq = list(dict.fromkeys(agents))
    base = np.random.SeedSequence(seed)
    seeds = [int(s.generate_state(1)[0]) for s in base.spawn(games)]
    jobs = list(enumerate(seeds))
    result = ArenaResult(game_id, config, game.num_players, uniq)
    bar = _progress(games, f"{game_id}: {' vs '.join(uniq)}") if progress else None
    # rotation uses the agent list as given (duplicates allowed)
    specs_rot = [(a, dict((agent_kwargs or {}).get(a, {}))) for a in agents]
    if workers == 1:
        for job in jobs:
            result.records.extend(_worker((game_id, config, specs_rot, [job], record_dir)))
            if bar:
                bar.update(1)
    else:
        chunks = [jobs[i::workers * 4] for i in range(workers * 4)]
        # spawn, not fork: a process that has run torch (a policy's training or an SB3 agent) deadlocks
        # in a forked child's first torch call (its OpenMP pool does not survive the fork)
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as ex:
            for recs in ex.map(_worker, [(game_id, config, specs_rot, c, record_dir) for c in chunks if c]):
                result.records.extend(recs)
                if bar:
                    bar.update(len(recs))
        result.records.sort(key=lambda r: seeds.index(r.seed))
    if bar:
        bar.close()
    return result


def _progress(total: int, desc: str):
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is in the eval extra
        return None
    return tqdm(total=total, desc=desc, leave=False)

"""Why a policy wins and loses: per-seat win rates and how the games end (the state's ``reason``
where the game records one), against one opponent, seats alternating, seeded.

    python training/analyze_games.py training/runs/hera_zeus_v0/final.zip hera_zeus_v0 --opponent heuristic
    python training/analyze_games.py ppo theosis_v0 --config '{"mode": "solo", "num_players": 1}'

``model``: a checkpoint (``.zip``) or exported policy (``.npz``), or an agent spec (``ppo``: the shipped
policy of the config, ``heuristic``, ...). A one-seat game (Theosis solo) wins on a positive return.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import numpy as np


def analyze(model: str, game_id: str, opponent: str, games: int, seed: int = 0, config: dict | None = None) -> dict:
    import mythenv
    from mythenv.agents import make_agent
    from mythenv.core.view import SeatView

    game = mythenv.make_game(game_id, **(config or {}))
    me = make_agent(f"ppo:{model}" if model.endswith((".zip", ".npz")) else model, game)
    opp = make_agent(opponent, game, seed=seed)
    n = game.num_players
    wins, played, ends, lengths = Counter(), Counter(), Counter(), []
    for i in range(games):
        seat = i % n
        agents = [me if s == seat else opp for s in range(n)]
        st = game.new_initial_state(seed=seed + i)
        rng = np.random.default_rng(seed + i)
        for s, a in enumerate(agents):
            a.reset(s, seed * 7919 + i * n + s)
        steps = 0
        while not st.is_terminal():
            p = st.current_player()
            st.apply_action(agents[p].act(SeatView(game, st, p, rng)))
            steps += 1
        ret = st.returns()
        won = ret[seat] > 0 if n == 1 else ret[seat] == max(ret) and ret.count(max(ret)) == 1
        played[seat] += 1
        wins[seat] += won
        lengths.append(steps)
        ends[f"{'win' if won else 'loss'}: {getattr(st, 'reason', '') or 'game over'}"] += 1
    return {"model": model, "game": game_id, "config": dict(config or {}), "opponent": opponent, "games": games, "seed": seed,
            "win_rate": sum(wins.values()) / games,
            "win_rate_by_seat": {s: wins[s] / played[s] for s in sorted(played)},
            "mean_length": float(np.mean(lengths)),
            "endings": dict(ends.most_common())}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model")
    p.add_argument("game")
    p.add_argument("--opponent", default="heuristic")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--config", type=json.loads, default={}, help="the game's config as JSON")
    p.add_argument("--out", help="write the JSON here too")
    a = p.parse_args(argv)
    res = analyze(a.model, a.game, a.opponent, a.games, a.seed, a.config)
    text = json.dumps(res, indent=2)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

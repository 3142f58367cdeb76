"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Game-agnostic: each iteration samples a determinization of the root with
``State.resample_hidden(seat, rng)`` (so the search never reads hidden information), descends one
shared tree whose edges are actions, selecting among the children legal in that determinization
by UCB1 with availability counts, expands one node, plays a rollout (random or the game's
heuristic) and backs up every seat's return. Seeded and reproducible.
"""

from __future__ import annotations

import math
import time

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent, is_int, is_number


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "player")

    def __init__(self, player: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0      # sum of returns for the seat that chose the action leading here
        self.player = player  # seat that chose the action leading here (-1 for the root)


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game: Game, seed: int | None = None, iterations: int = 300, c: float = 0.7,
                 rollout: str = "random", max_rollout: int | None = None, time_limit: float | None = None):
        super().__init__(game, seed)
        if not is_int(iterations) or iterations <= 0:
            raise ConfigError(f"ismcts: iterations={iterations!r} must be a positive integer")
        if not is_number(c) or c < 0:
            raise ConfigError(f"ismcts: c={c!r} must be a finite number >= 0")
        if rollout not in ("random", "heuristic"):
            raise ConfigError(f"ismcts: rollout={rollout!r} is not allowed; allowed: 'random', 'heuristic'")
        if rollout == "heuristic" and type(game).heuristic is None:
            raise ConfigError(f"ismcts: {game.info.game_id} has no heuristic for rollouts")
        if max_rollout is not None and (not is_int(max_rollout) or max_rollout <= 0):
            raise ConfigError(f"ismcts: max_rollout={max_rollout!r} must be a positive integer (or absent)")
        if time_limit is not None and (not is_number(time_limit) or time_limit <= 0):
            raise ConfigError(f"ismcts: time_limit={time_limit!r} must be a positive number of seconds")
        self.iterations = int(iterations)
        self.c = float(c)
        self.rollout = rollout
        self.max_rollout = max_rollout or game.max_moves
        #: seconds one decision may take: the search stops after the iteration that passes it (None: no limit)
        self.time_limit = time_limit
        self._heur = type(game).rollout_policy or type(game).heuristic

    def _rollout_action(self, st, rng) -> int:
        if self.rollout == "heuristic":
            p = st.current_player()
            return self._heur(SeatView(self.game, st, p, rng, determinized=True), rng)
        la = st.legal_actions()
        return la[int(rng.integers(len(la)))]

    def act(self, view: SeatView) -> int:
        la = view.legal_actions
        if len(la) == 1:
            return la[0]
        rng = self.rng
        root = _Node(-1)
        c = self.c
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        for _ in range(self.iterations):
            if deadline is not None and root.visits and time.monotonic() > deadline:
                break
            st = view.determinize()
            node = root
            path = [root]
            # selection / expansion
            while not st.is_terminal():
                legal = st.legal_actions()
                p = st.current_player()
                unexplored = [a for a in legal if a not in node.children]
                if unexplored:
                    a = unexplored[int(rng.integers(len(unexplored)))]
                    child = _Node(p)
                    node.children[a] = child
                    for b in legal:
                        ch = node.children.get(b)
                        if ch is not None:
                            ch.avail += 1
                    st.apply_action(a)
                    node = child
                    path.append(node)
                    break
                best, best_v = -1, -math.inf
                for b in legal:
                    ch = node.children[b]
                    ch.avail += 1
                    v = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_v:
                        best, best_v = b, v
                st.apply_action(best)
                node = node.children[best]
                path.append(node)
            # rollout
            steps = 0
            while not st.is_terminal() and steps < self.max_rollout:
                st.apply_action(self._rollout_action(st, rng))
                steps += 1
            ret = st.returns() if st.is_terminal() else [0.0] * self.game.num_players
            for n in path:
                n.visits += 1
                if n.player >= 0:
                    n.value += ret[n.player]
        # the most visited root action among those legal now
        return max(la, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                      float(rng.random())))


def make_ismcts(game: Game, seed: int | None = None, **kwargs) -> ISMCTSAgent:
    return ISMCTSAgent(game, seed=seed, **kwargs)


__all__ = ["ISMCTSAgent", "make_ismcts", "np"]

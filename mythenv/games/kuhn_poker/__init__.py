"""Kuhn poker (``kuhn_poker_v0``): the worked example of ``docs/new_game.md``, a small game written on
the core that exposes its chance event, so that OpenSpiel's exact algorithms run on it
(``tests/games/kuhn_poker/``). A test game: :func:`register` makes ``mythenv.make_env("kuhn_poker_v0")``
and ``gymnasium.make("mythenv/KuhnPoker-v0")`` find it; ``mythenv.list_games()`` never lists it.
Returns: the chips won, +-1 or +-2 (game value for seat 0: -1/18).
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.env import env_constructors
from mythenv.core.game import Game, GameInfo
from mythenv.core.gym import register_gymnasium_env
from mythenv.core.registry import register_game

from . import observe, render, rules
from .heuristic import heuristic_action

GAME_ID = "kuhn_poker_v0"


class KuhnPokerGame(Game):
    info = GameInfo(game_id=GAME_ID, name="Kuhn poker", min_players=2, max_players=2,
                    rulebook="H. W. Kuhn (1950); OpenSpiel's kuhn_poker")
    state_class = rules.KuhnState
    text_renderer = staticmethod(render.render_state)
    heuristic = staticmethod(heuristic_action)
    gym_id = "mythenv/KuhnPoker-v0"
    max_game_length = 3
    max_chance_outcomes = 3
    num_players = 2
    observe_module = observe

    def _setup(self) -> None:
        self.codec, self.observer = ActionCodec(rules.FAMILIES), observe.OBSERVER

    def new_initial_state(self, seed: int | None = None, chance_nodes: bool = False) -> rules.KuhnState:
        return rules.KuhnState(self, seed, chance_nodes=chance_nodes)

    def utility_bounds(self) -> tuple[float, float, float]:
        return (-2.0, 2.0, 0.0)


def register() -> type[KuhnPokerGame]:
    """Register the game by id (unlisted) and with Gymnasium; idempotent."""
    register_game(KuhnPokerGame, listed=False)
    register_gymnasium_env(GAME_ID)
    return KuhnPokerGame


raw_env, env = env_constructors(KuhnPokerGame)

__all__ = ["GAME_ID", "KuhnPokerGame", "env", "raw_env", "register"]

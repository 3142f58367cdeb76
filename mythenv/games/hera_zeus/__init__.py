"""Hera and Zeus (``hera_zeus_v0``): the two-player card duel.

Rulebook: ``../shared/seeds/002_19ba8e0b2fdbcdd1.txt``. Seat 0 / agent ``"player_0"`` plays Hera,
seat 1 / agent ``"player_1"`` plays Zeus (the ``first_player`` option names who starts: ``"hera"``,
``"zeus"`` or ``"random"``). Returns: +1 for the winner, -1 for the loser (no draws exist).
See ``docs/games/hera_zeus.md`` for the rules as implemented and the designed deck.

The package: ``rules.py`` (the State and its declared fields, from which ``mythenv.core.fields``
generates the copies, saved states and the saved-state schema), ``observe.py`` (the Observer; ``_cobserve.c`` its compiled
twin), ``render.py``, ``heuristic.py`` (the baseline), ``cards.py`` + ``data/`` (the deck);
this module wires them into the Game class. Map:
``docs/map.md``.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.env import env_constructors
from mythenv.core.game import Game, GameInfo, Option
from mythenv.core.registry import register_game

from . import observe, render, rules
from .heuristic import heuristic_action, rollout_action

GAME_ID = "hera_zeus_v0"


@register_game
class HeraZeusGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Hera and Zeus",
        min_players=2,
        max_players=2,
        rulebook="002_19ba8e0b2fdbcdd1.txt",
        options=(
            Option("first_player", "hera", ("hera", "zeus", "random"), label="Who starts",
                   doc="who starts (HZ § Game Play: Hera when nobody visited a Greek restaurant)"),
        ),
    )
    state_class = rules.HeraZeusState
    observe_module = observe
    text_renderer = staticmethod(render.render_state)
    status_renderer = staticmethod(render.status)
    picture_renderer = staticmethod(render.draw)
    gym_id = "mythenv/HeraZeus-v0"
    test_configs = ({}, {"first_player": "zeus"}, {"first_player": "random"})
    max_game_length = 1500
    fuzz_games = 2000
    heuristic = staticmethod(heuristic_action)
    rollout_policy = staticmethod(rollout_action)

    def _setup(self) -> None:
        self.codec = ActionCodec(rules.FAMILIES)
        assert self.codec.size == rules.NUM_ACTIONS
        self.observer = observe.OBSERVER

    @property
    def num_players(self) -> int:
        return 2

    def action_to_string(self, action: int) -> str:
        return rules.describe_action(action)


raw_env, env = env_constructors(HeraZeusGame)

__all__ = ["GAME_ID", "HeraZeusGame", "env", "raw_env"]

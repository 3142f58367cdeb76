"""Mythologies (``mythologies_v0``): pantheon drafting for 2 to 4 players, all eight mythologies.

Rulebook: ``../shared/seeds/003_4f78a05115d81413.txt``. Agents ``player_0..player_{n-1}``; seat 0
holds the first-player marker in round 1. Returns: +1 for every winner (shared victory after the
full tie-break chain), -1 for the others; with ``reward="score"`` the final Favor margin over the best
opponent. See ``docs/games/mythologies.md`` for the rules as implemented and the designed cards.

The package: ``rules/`` (the State, a package by the rulebook's chapters), ``observe.py`` (the
Observer; ``_cobserve.c`` its compiled twin), ``render.py``, ``heuristic.py`` (the baseline),
``cards.py`` + ``data/`` (the 80 card designs, the boards); the state's fields are declared in
``rules/state.py`` (``mythenv.core.fields`` generates the copies, saved states and the saved-state
schema from them); this module wires them into the Game class. Map: ``docs/map.md``.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.env import env_constructors
from mythenv.core.game import Game, GameInfo, Option
from mythenv.core.registry import register_game

from . import observe, render, rules
from .cards import MYTHS
from .heuristic import heuristic_action, rollout_action

GAME_ID = "mythologies_v0"


def _valid_myths(v) -> bool:
    if not isinstance(v, str):
        return False
    if v in ("random",) or v in rules.PRESETS:
        return True
    parts = v.split(",")
    return len(parts) == 4 and len(set(parts)) == 4 and all(p in MYTHS for p in parts)


@register_game
class MythologiesGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Mythologies",
        min_players=2,
        max_players=4,
        rulebook="003_4f78a05115d81413.txt",
        options=(
            Option("num_players", 2, (2, 3, 4), label="Number of players", doc="number of seats (MY § Components: 4 colours)"),
            Option("mythologies", "random", check=_valid_myths, label="Mythologies in play",
                   doc="'random' (MY § Overall Setup 1), 'first_game' (Celtic, Egyptian, Greek, Inca) or "
                       "4 comma-separated names, e.g. 'greek,norse,zulu,inca'",
                   allowed_text="'random', 'first_game' or 4 distinct comma-separated mythology names"),
            Option("reward", "win", ("win", "score"), label="Reward (for learning agents)",
                   doc="'win': +1 winners / -1 others; 'score': Favor margin over the best opponent"),
        ),
    )
    state_class = rules.MythologiesState
    observe_module = observe
    text_renderer = staticmethod(render.render_state)
    status_renderer = staticmethod(render.status)
    picture_renderer = staticmethod(render.draw)
    gym_id = "mythenv/Mythologies-v0"
    test_configs = ({}, {"num_players": 3}, {"num_players": 4}, {"mythologies": "first_game"})
    max_game_length = 1500
    fuzz_games = 120
    heuristic = staticmethod(heuristic_action)
    rollout_policy = staticmethod(rollout_action)

    def _setup(self) -> None:
        self.codec = ActionCodec(rules.FAMILIES)
        assert self.codec.size == rules.NUM_ACTIONS
        self.observer = observe.make_observer(self.num_players)
        self._P = {name: piece.start for name, piece in self.observer.pieces.items()}

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def utility_bounds(self) -> tuple[float, float, None]:
        """Win/lose: +1 / -1, a shared victory gives several +1 (never a constant sum). Score: the
        Favor margin over the best opponent, within +-1000 (a loose bound, far beyond any game)."""
        return (-1000.0, 1000.0, None) if self.config["reward"] == "score" else (-1.0, 1.0, None)

    def action_to_string(self, action: int) -> str:
        return rules.describe_action(action)


raw_env, env = env_constructors(MythologiesGame)

__all__ = ["GAME_ID", "MythologiesGame", "env", "raw_env"]

"""Theosis (``theosis_v0``): the hero arena, hex combat after Fast Action Preparation.

Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (rules, appendix, FAQ and errata). Seats
``player_0..player_{n-1}``; seat 0 selects first and holds the initiative. Returns: +1 for every
player of the winning team (last team standing, or a hero on the centre hex at the end of turn
nine), -1 for the others, 0 for everybody on a tie. See ``docs/games/theosis.md``.
"""

from __future__ import annotations

from mythenv.core.env import env_constructors
from mythenv.core.errors import ConfigError
from mythenv.core.game import Game, GameInfo, Option
from mythenv.core.observe import compiled_module, snapshot_encoder
from mythenv.core.registry import register_game

from . import observe, rules, schema
from .cards import MODES
from .heuristic import heuristic_action

GAME_ID = "theosis_v0"


@register_game
class TheosisGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Theosis",
        min_players=2,
        max_players=6,
        rulebook="001_4e95cd654d8b1058.txt",
        modes=tuple(MODES),
        options=(
            Option("num_players", 2, (2, 3, 4, 5, 6), doc="number of players (TH § Game Modes)"),
            Option("mode", "free_for_all", tuple(MODES),
                   doc="free_for_all, or teams_2x2 (4 players), teams_2x3 / teams_3x2 (6 players)"),
            Option("variant", "normal", ("normal", "blitz"),
                   doc="heroes per player: normal 3 / blitz 2 (5-6 players and 2x3 / 3x2 teams: 2)"),
            Option("prep", "fast", ("fast",), doc="preparation: Fast Action Preparation (Hierapolis later)"),
            Option("expansion", False, (False, True), doc="the six Expansion Powers (optional rule)"),
        ),
    )
    state_class = rules.TheosisState
    state_schema = schema.build
    gym_id = "mythenv/Theosis-v0"
    test_configs = ({}, {"num_players": 4}, {"num_players": 6},
                    {"num_players": 4, "mode": "teams_2x2", "variant": "blitz", "expansion": True})
    max_game_length = 3000
    fuzz_games = 40
    heuristic = staticmethod(heuristic_action)

    def _setup(self) -> None:
        cfg = self.config
        m = MODES[cfg["mode"]]
        if cfg["num_players"] not in m["players"]:
            raise ConfigError(f"{GAME_ID}: mode={cfg['mode']!r} is played by {list(m['players'])} players, "
                              f"not num_players={cfg['num_players']}")
        if rules.heroes_per_player(cfg["mode"], cfg["variant"], cfg["num_players"]) <= 0 or (
                cfg["variant"] == "blitz" and m["blitz"] <= 0):
            raise ConfigError(f"{GAME_ID}: mode={cfg['mode']!r} has no {cfg['variant']!r} variant; "
                              "allowed variant: 'normal'")
        from mythenv.core.actions import ActionCodec
        self.codec = ActionCodec(rules.FAMILIES)
        assert self.codec.size == rules.NUM_ACTIONS
        self.observer = observe.OBSERVER

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def new_initial_state(self, seed: int | None = None) -> rules.TheosisState:
        return rules.TheosisState(self, seed)

    def encode(self, state, player, out) -> None:
        observe.encode(state, player, out)

    compiled = compiled_module(f"{__name__}._cobserve")

    def compiled_layout(self) -> tuple:
        return observe.c_layout(self)

    encode_update_python = snapshot_encoder(observe.encode, observe._snapshot, observe.update)

    def action_to_string(self, action: int) -> str:
        return rules.describe_action(action)


raw_env, env = env_constructors(TheosisGame)

__all__ = ["GAME_ID", "TheosisGame", "env", "raw_env"]

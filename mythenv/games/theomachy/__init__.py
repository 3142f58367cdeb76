"""Theomachy: The Warrior Gods (``theomachy_v0``), the Basic, Advanced and Epic games for 2 to 8 players.

Rulebook: ``../shared/seeds/000_b58b559235c1f04d.txt``. Agents ``player_0..player_{n-1}``; seat
``p + 1`` sits to the left of seat ``p`` (clockwise). Returns: +1 for the last player standing, -1
for every eliminated seat; when the Hand bound ``max_hands`` is reached the survivors get 0 (a
draw). In the Epic game (``mode="epic"``) nobody is eliminated: +1 for each player with 10 or more
Victory Points when the game stops, -1 for the others (0 for all at the Hand bound); ``scores()`` are
the Victory Points. See ``docs/games/theomachy.md`` for the rules as implemented and the designed cards.

The package: ``rules/`` (the State, a package by the rulebook's chapters), ``observe.py`` (the
Observer; ``_cobserve.c`` its compiled twin), ``render.py``, ``heuristic.py`` (the baseline),
``cards.py`` + ``pantheons.py`` + ``data/`` (Prayer, Essence and Mythology cards, Pantheons and
Gods); the state's fields are declared once in ``rules/state.py`` (``mythenv.core.fields`` generates
its copies, saved states and the saved-state schema from them); this module wires them into the Game
class. Map: ``docs/map.md``.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.env import env_constructors
from mythenv.core.errors import ConfigError
from mythenv.core.game import Game, GameInfo, IntRange, Option
from mythenv.core.registry import register_game

from . import observe, render, rules
from .heuristic import heuristic_action
from .pantheons import PANTHEONS
from .rules.advanced import pantheon_limit

GAME_ID = "theomachy_v0"


def _int_in(lo, hi):
    return IntRange(lo, hi)


@register_game
class TheomachyGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Theomachy: The Warrior Gods",
        min_players=2,
        max_players=8,
        rulebook="000_b58b559235c1f04d.txt",
        modes=("basic", "advanced", "epic"),
        options=(
            Option("num_players", 2, check=_int_in(2, 8), allowed_text="an integer 2..8", label="Number of players",
                   doc="number of players (TM § Introduction: up to 8 with a second box)"),
            Option("deck", "prebuilt", ("prebuilt", "draft"), label="Starting decks",
                   doc="starting decks: the pre-built decks I-IV or the draft (TM § Create Your Starting Deck)"),
            Option("mode", "basic", ("basic", "advanced", "epic"), label="Game mode",
                   doc="game mode (TM § Game Preparation): 'basic', 'advanced' (Pantheons, Gods, Miracles, "
                       "Mythology cards, Heroes, the Myth Phase; needs deck='draft') or 'epic' (the "
                       "Advanced game as a race to 10 Victory Points)"),
            Option("max_hands", 60, check=_int_in(1, 100_000), allowed_text="an integer >= 1", label="Hands before a draw",
                   doc="Hand bound: the game ends as a draw between the survivors after this many Hands"),
            Option("windows", "public", ("public", "holders"), label="Who is asked to react",
                   doc="who is asked in reaction / Closing windows and whether a turn ends by itself: "
                       "'public' asks every seat that could act given public facts (each may pass); "
                       "'holders' asks only seats holding a playable card and so leaks hand contents"),
        ),
    )
    state_class = rules.TheomachyState
    observe_module = observe
    text_renderer = staticmethod(render.render_state)
    status_renderer = staticmethod(render.status)
    picture_renderer = staticmethod(render.draw)
    gym_id = "mythenv/Theomachy-v0"
    test_configs = (
        {"max_hands": 12},
        {"deck": "draft", "max_hands": 12},
        {"num_players": 3, "deck": "draft", "max_hands": 8},
        {"num_players": 4, "max_hands": 8},
        {"num_players": 4, "deck": "draft", "max_hands": 6},
        {"num_players": 5, "max_hands": 5},
        {"num_players": 6, "deck": "draft", "max_hands": 3},
        {"num_players": 8, "max_hands": 4},
        {"num_players": 8, "deck": "draft", "max_hands": 3},
        {"num_players": 3, "windows": "holders", "max_hands": 8},
        {"mode": "advanced", "deck": "draft", "max_hands": 12},
        {"mode": "advanced", "deck": "draft", "num_players": 4, "max_hands": 6},
        {"mode": "advanced", "deck": "draft", "num_players": 6, "max_hands": 3},
        {"mode": "epic", "deck": "draft", "max_hands": 12},
        {"mode": "epic", "deck": "draft", "num_players": 3, "max_hands": 8},
    )
    #: the modes a user trains on besides the default Basic game (measured by ``python -m benchmarks``)
    benchmark_configs = ({"mode": "advanced", "deck": "draft"}, {"mode": "epic", "deck": "draft"})
    max_game_length = 6000
    fuzz_games = 70
    heuristic = staticmethod(heuristic_action)

    def _setup(self) -> None:
        n = self.config["num_players"]
        advanced = self.config["mode"] != "basic"
        if advanced:
            if self.config["deck"] != "draft":
                # TM § Second Method: "if you play with the Gods and Pantheons (Advanced and Epic
                # modes), you MUST draft your decks - do NOT use the pre-built starting decks!"
                raise ConfigError(f"{GAME_ID}: mode={self.config['mode']!r} needs deck='draft' (TM § Second "
                                  "Method: with the Gods and Pantheons the decks MUST be drafted; the pre-built "
                                  "decks are for the Basic game only)")
            need = -(-n // pantheon_limit(n))
            if len(PANTHEONS) < need:
                raise ConfigError(f"{GAME_ID}: mode={self.config['mode']!r} with {n} players needs {need} "
                                  f"Pantheons (each taken at most {pantheon_limit(n)} time(s)); the data has "
                                  f"{len(PANTHEONS)}")
        self.codec = ActionCodec(rules.families(n, advanced), labels=None)
        self._codes = rules.codes(n, advanced)
        assert self.codec.size == self._codes.size
        self.observer = observe.observer(n, advanced)

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def action_to_string(self, action: int) -> str:
        return self._codes.describe(action)


raw_env, env = env_constructors(TheomachyGame)

__all__ = ["GAME_ID", "TheomachyGame", "env", "raw_env"]

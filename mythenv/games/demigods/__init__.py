"""Demigods (``demigods_v0``): the kingdom card game for 2 to 5 players.

Rulebook: ``../shared/seeds/004_fd352dc18fb78471.txt``. Seats ``player_0 .. player_{n-1}`` sit
clockwise. Returns: +1 for the seat that claims the throne, -1 for every other seat; 0 for all when
the ``max_rounds`` bound ends the game in a draw. See ``docs/games/demigods.md`` for the rules as
implemented, the designed content and the speech adaptation.

The package: ``rules.py`` (the State and its declared fields, from which ``mythenv.core.fields``
generates the copies, saved states and the saved-state schema), ``observe.py`` (the Observer;
``_cobserve.c`` its compiled twin), ``render.py``, ``heuristic.py`` (the baseline), ``cards.py`` +
``data/`` (the cards); this module wires them into the Game class. Map: ``docs/map.md``.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.env import env_constructors
from mythenv.core.errors import ConfigError
from mythenv.core.game import Game, GameInfo, IntRange, Option
from mythenv.core.registry import register_game

from . import observe, render, rules
from .cards import CARDS
from .heuristic import heuristic_action

GAME_ID = "demigods_v0"


def _int_in(lo: int, hi: int, step: int = 1):
    return IntRange(lo, hi, step)


@register_game
class DemigodsGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Demigods",
        min_players=2,
        max_players=5,
        rulebook="004_fd352dc18fb78471.txt",
        modes=("auto", "explicit"),
        options=(
            Option("num_players", 2, (2, 3, 4, 5), label="Number of players", doc="number of demigods (DG: 2 to 5)"),
            Option("first_player", "random", ("random", 0, 1, 2, 3, 4), check=lambda v: not isinstance(v, bool),
                   label="Who starts", seats=True,
                   allowed_text="'random' or a seat number", doc="first seat (DG § Setup: 'let the youngest player go first'): 'random' or a seat"),
            Option("speech", "auto", ("auto", "explicit"),
                   doc="'auto': every phrase is said right; 'explicit': speech steps (see the doc page)"),
            Option("max_rounds", 150, check=_int_in(1, 10_000), allowed_text="an int 1..10000", label="Rounds before a draw",
                   doc="rounds (turns of every seat) before the game ends in a draw"),
            Option("army_goal", CARDS.throne.army, check=_int_in(0, 100_000, 500), label="Army needed for the throne",
                   allowed_text="a multiple of 500 in 0..100000", doc="throne: Army total needed (designed)"),
            Option("wealth_goal", CARDS.throne.wealth, check=_int_in(0, 100_000, 500), label="Wealth needed for the throne",
                   allowed_text="a multiple of 500 in 0..100000", doc="throne: Wealth total needed (designed)"),
        ),
    )
    state_class = rules.DemigodsState
    observe_module = observe
    text_renderer = staticmethod(render.render_state)
    status_renderer = staticmethod(render.status)
    picture_renderer = staticmethod(render.draw)
    gym_id = "mythenv/Demigods-v0"
    test_configs = tuple({"num_players": n} for n in (2, 3, 4, 5)) + tuple(
        {"num_players": n, "speech": "explicit"} for n in (2, 3, 4, 5)) + ({"num_players": 3, "first_player": 1},)
    max_game_length = 20_000
    fuzz_games = 180
    heuristic = staticmethod(heuristic_action)

    def _setup(self) -> None:
        n = self.config["num_players"]
        if self.config["first_player"] != "random" and self.config["first_player"] >= n:
            raise ConfigError(f"{GAME_ID}: first_player={self.config['first_player']!r} is not a seat of a "
                              f"{n}-player game; allowed: 'random', 0..{n - 1}")
        self.layout = rules.Layout(n)
        self.codec = ActionCodec(rules.families(n), labels=None)
        assert self.codec.size == self.layout.size
        self.observer = observe.make_observer(n)
        self.obs_offsets = {name: piece.start for name, piece in self.observer.pieces.items()}
        counts = CARDS.counts(n)
        self.kind_of = [k for k, cnt in enumerate(counts) for _ in range(cnt)]
        self.num_cards = len(self.kind_of)
        self.explicit = self.config["speech"] == "explicit"
        self.throne_guardians = CARDS.throne.guardians

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def action_to_string(self, action: int) -> str:
        return self.layout.describe(action)


raw_env, env = env_constructors(DemigodsGame)

__all__ = ["GAME_ID", "DemigodsGame", "env", "raw_env"]

"""mythenv: reinforcement-learning environments for mythology board and card games.

>>> import mythenv
>>> mythenv.list_games()            # doctest: +SKIP
>>> env = mythenv.make_env("hera_zeus_v0")
"""

from mythenv.core.errors import (
    ConfigError,
    DataError,
    IllegalActionError,
    IllegalActionWarning,
    MythenvError,
    RecordError,
    RenderModeError,
    StateError,
)
from mythenv.core.game import TERMINAL, Game, State
from mythenv.core.registry import (
    game_class,
    list_games,
    make_env,
    make_game,
    register_game,
    register_game_package,
)

__version__ = "0.1.0"

# The core imports nothing above it: the layers above register what it needs from them, here. The
# agents register the single-agent env's opponent resolver (mythenv.core.gym), the variants the
# variant decks' lookup for data=DIR (mythenv.core.game); the built-in games register themselves.
from mythenv import agents, variants  # noqa: E402,F401,I001
from mythenv.vector import make_vec  # noqa: E402  (the batched engine: numpy and Gymnasium only)

register_game_package("mythenv.games")


def make_agent(name, game, **kwargs):
    """Build a baseline or registered agent by name (see ``mythenv.agents``)."""
    from mythenv.agents import make_agent as _make

    return _make(name, game, **kwargs)


def _register_gymnasium() -> None:
    from mythenv.core.gym import register_gymnasium_envs

    register_gymnasium_envs()


_register_gymnasium()

__all__ = ["ConfigError", "DataError", "Game", "IllegalActionError", "IllegalActionWarning", "MythenvError",
           "RecordError", "RenderModeError", "State", "StateError", "TERMINAL", "game_class", "list_games", "make_agent", "make_env",
           "make_game", "make_vec", "register_game", "__version__"]

"""PettingZoo-style module: ``from mythenv.games import theosis_v0; env = theosis_v0.env()``."""

from mythenv.games.theosis import GAME_ID, TheosisGame, env, raw_env

__all__ = ["GAME_ID", "TheosisGame", "env", "raw_env"]

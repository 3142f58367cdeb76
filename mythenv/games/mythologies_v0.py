"""PettingZoo-style module: ``from mythenv.games import mythologies_v0; env = mythologies_v0.env()``."""

from mythenv.games.mythologies import GAME_ID, MythologiesGame, env, raw_env

__all__ = ["GAME_ID", "MythologiesGame", "env", "raw_env"]

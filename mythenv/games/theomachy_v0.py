"""PettingZoo-style module: ``from mythenv.games import theomachy_v0; env = theomachy_v0.env()``."""

from mythenv.games.theomachy import GAME_ID, TheomachyGame, env, raw_env

__all__ = ["GAME_ID", "TheomachyGame", "env", "raw_env"]

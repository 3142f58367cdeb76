"""PettingZoo-style module: ``from mythenv.games import hera_zeus_v0; env = hera_zeus_v0.env()``."""

from mythenv.games.hera_zeus import GAME_ID, HeraZeusGame, env, raw_env

__all__ = ["GAME_ID", "HeraZeusGame", "env", "raw_env"]

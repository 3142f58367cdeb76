"""PettingZoo-style module: ``from mythenv.games import demigods_v0; env = demigods_v0.env(num_players=4)``."""

from mythenv.games.demigods import GAME_ID, DemigodsGame, env, raw_env

__all__ = ["GAME_ID", "DemigodsGame", "env", "raw_env"]

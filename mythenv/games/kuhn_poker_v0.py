"""PettingZoo-style module: ``from mythenv.games import kuhn_poker_v0; env = kuhn_poker_v0.env()``."""

from mythenv.games.kuhn_poker import GAME_ID, KuhnPokerGame, env, raw_env, register

__all__ = ["GAME_ID", "KuhnPokerGame", "env", "raw_env", "register"]

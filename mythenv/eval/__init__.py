"""Evaluation: the arena (seeded games between agents, seats rotated) and rating tournaments."""

from .arena import ArenaResult, GameRecord, play_game, run_arena, wilson
from .ratings import Rating, rate_records, tournament

__all__ = ["ArenaResult", "GameRecord", "Rating", "play_game", "rate_records", "run_arena", "tournament", "wilson"]

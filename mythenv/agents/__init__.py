"""Baseline agents and the agent interface. Importing this package registers :func:`opponent_agent`
as the single-agent env's opponent resolver (:func:`mythenv.core.gym.register_opponent_resolver`)."""

from mythenv.core.gym import register_opponent_resolver

from .base import (
    Agent,
    FunctionAgent,
    HeuristicAgent,
    RandomAgent,
    list_agents,
    make_agent,
    opponent_agent,
    register_agent,
)

register_opponent_resolver(opponent_agent)

__all__ = ["Agent", "FunctionAgent", "HeuristicAgent", "RandomAgent", "list_agents", "make_agent",
           "opponent_agent", "register_agent"]

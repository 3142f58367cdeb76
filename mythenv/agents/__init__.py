"""Baseline agents and the agent interface."""

from .base import Agent, FunctionAgent, HeuristicAgent, RandomAgent, list_agents, make_agent, register_agent

__all__ = ["Agent", "FunctionAgent", "HeuristicAgent", "RandomAgent", "list_agents", "make_agent",
           "register_agent"]

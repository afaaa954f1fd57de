"""Computer players: agents that see one seat's view and choose among the legal actions.

Bots and humans act through the same actions; a bot is handed only its own seat's view, so it
cannot see hidden cards even by accident.
"""

from __future__ import annotations

from engine.bots.base import LEVELS, Agent, Choice, agent_levels, explain, make_agent, register_agent

__all__ = ["LEVELS", "Agent", "Choice", "agent_levels", "explain", "make_agent", "register_agent"]

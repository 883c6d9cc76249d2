"""Game-agnostic search: the Game protocol and the searches built on it (no game's rules here)."""

from planner.search.protocol import CHANCE, TERMINAL, Game

__all__ = ["CHANCE", "TERMINAL", "Game"]

"""Players: the ``decide(view) -> Shot`` protocol and built-in players."""

from flickboard.agents.base import Player, View

__all__ = ["Player", "View"]

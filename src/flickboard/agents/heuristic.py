"""The geometric baseline: each game's plain plan (an open 20, a takeout down a clear
line, a draw to the three zone), played with calibrated noise; no simulation of its own
shots (:meth:`flickboard.agents.tactics.Tactics.heuristic`)."""

from __future__ import annotations

from dataclasses import dataclass

from flickboard.agents.player import AIPlayer, Choice
from flickboard.agents.tactics import tactics_for
from flickboard.play.view import View


@dataclass
class HeuristicPlayer(AIPlayer):
    """Geometric baseline player at a skill level."""

    label = "heuristic"

    def choose(self, view: View) -> Choice:
        """The game's plain plan, before execution noise, no harder than the player
        plays (:meth:`~flickboard.agents.player.AIPlayer.within_reach`)."""
        plan = tactics_for(view.game).heuristic(view, view.physics)
        return Choice(self.within_reach(view, [plan])[0], None)

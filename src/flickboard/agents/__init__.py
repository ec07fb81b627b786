"""AI players: each game's tactics, the heuristic, the planner and the search player.

Players answer ``decide(view) -> Shot`` (:class:`flickboard.play.view.Player`); name one
with :func:`flickboard.agents.spec.player_from_spec` (``ai:planner:competitive``, ``bot``...).
"""

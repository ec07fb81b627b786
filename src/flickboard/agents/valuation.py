"""What a position is worth to the side about to shoot: the round score to come.

The referee scores the board (never a copy of the rules here). The round from the
shooter's side after its shot (:class:`Outlook`: discs left per side and who holds the
hammer, the last shot) comes from the view's ``to_come``, the same way in every game;
each game's tactics turn the position into an expected round outcome in [-1, 1]
(:mod:`flickboard.agents.crokinole_tactics`, :mod:`flickboard.agents.shuffleboard_tactics`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from flickboard.agents.tactics import tactics_for
from flickboard.play.view import View
from flickboard.rules.base import Position, Ruling, Side


@dataclass(frozen=True, slots=True)
class Outlook:
    """The round from one side after a shot: discs left per side and who shoots last."""

    side: Side
    left: Mapping[Side, int]
    hammer: Side | None

    @property
    def total(self) -> int:
        """Discs still to play in the round."""
        return sum(self.left.values())


def outlook_after(view: View) -> Outlook:
    """Discs left and hammer once the shot of this view is made."""
    rest = view.to_come[1:]
    left = Counter(side for _, side in rest)
    return Outlook(view.turn.side, dict(left), rest[-1][1] if rest else None)


def margin(view: View, position: Position, twenties: Mapping[Side, int]) -> float:
    """My points minus the best other side's, on the board as the referee scores it."""
    board = view.referee.score(position)
    me = view.turn.side
    sides = set(board) | set(twenties) | {s for _, s in view.position.owners} | {me}
    totals = {s: board.get(s, 0) + 20 * twenties.get(s, 0) for s in sides}
    others = [v for s, v in totals.items() if s != me]
    return totals[me] - (max(others) if others else 0)


def value_of(view: View, position: Position, twenties: Mapping[Side, int], out: Outlook) -> float:
    """Expected round outcome in [-1, 1] for the side of ``view`` after a shot."""
    return tactics_for(view.game).value(view, position, twenties, out)


def ruling_value(view: View, ruling: Ruling, out: Outlook) -> float:
    """Value of the position a ruling leaves, counting the 20s it made."""
    return value_of(view, ruling.position_after, ruling.twenties(), out)

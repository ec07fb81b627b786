"""What a player sees and what it must do: ``decide(view) -> Shot``.

Seat and colour are separate from the player: the play layer hands each player a
:class:`View` of the game from its seat, and the player answers with a shot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from flickboard.geometry import Board
from flickboard.physics import Shot
from flickboard.rules.base import Position, Referee, Turn


@dataclass(frozen=True, slots=True)
class View:
    """The game as seen by the player about to shoot.

    Attributes:
        referee: the rule set in force (its ``check_start`` says where a shot may start).
        position: the discs in play and their sides.
        turn: seat, side and disc id of the shot to make.
        discs_left: discs still to shoot, per seat, this one included.
        round_number: 1-based round (crokinole) or frame (shuffleboard).
        scores: each side's points so far in the game (tournament points or totals).
        twenties: 20s each side has made so far in this round (crokinole), by side;
            they count in the round's score but are no longer on the board.
    """

    referee: Referee
    position: Position
    turn: Turn
    discs_left: tuple[tuple[int, int], ...] = ()
    round_number: int = 1
    scores: tuple[int, ...] = ()
    twenties: tuple[int, ...] = ()

    @property
    def board(self) -> Board:
        """The board or table being played on."""
        return self.position.layout.board


@runtime_checkable
class Player(Protocol):
    """Anything that chooses shots: a bot, an AI, or a person at the terminal."""

    name: str

    def decide(self, view: View) -> Shot:
        """The shot to make from this view."""
        ...

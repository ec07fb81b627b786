"""What a player sees and what it must do: ``decide(view) -> Shot``.

Seats and sides, one convention for every game:

- a **seat** is where a player stands or sits, numbered by the game kind: crokinole
  quadrants 0-3 clockwise (singles use 0 and 2, opposite); table shuffleboard players
  0-3 (singles: 0 red, 1 green; doubles: 0 red and 1 green at the end frame 1 is
  delivered from, 2 red and 3 green at the other end);
- a **side** is a colour, which a team shares (crokinole 0 red, 1 green, 2 blue,
  3 yellow; shuffleboard 0 red, 1 green/blue).

A :class:`View` is keyed the same way everywhere: ``to_come`` lists the (seat, side) of
every shot left in the round, this one first, so the discs left per seat or per side and
the hammer (the last shot) follow from it without knowing the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from flickboard.geometry import Board
from flickboard.geometry.startline import StartLine
from flickboard.physics import PhysicsParams, Shot
from flickboard.reprs import one_line
from flickboard.rules.base import Position, Referee, Ruling, Side, Turn


@dataclass(frozen=True, slots=True)
class View:
    """The game as seen by the player about to shoot: everything public, nothing more.

    Attributes:
        referee: the rule set in force (it says where a shot may start and rules on it).
        position: the discs in play and their sides.
        turn: seat, side and disc id of the shot to make.
        to_come: the (seat, side) of each shot left in the round, this one first, in
            the order the rules give (a free choice of partner takes the usual one).
        round_number: 1-based round (crokinole) or frame (shuffleboard) of the game.
        scores: each side's points so far in the game (tournament points or totals).
        twenties: 20s each side has made so far in this round, by side (crokinole);
            they count in the round's score but are no longer on the board.
        params: the physics the game is played with.
        target: points that win the game when it is a race to a target (table
            shuffleboard), else None.
    """

    referee: Referee
    position: Position
    turn: Turn
    to_come: tuple[tuple[int, Side], ...] = ()
    round_number: int = 1
    scores: tuple[int, ...] = ()
    twenties: tuple[int, ...] = ()
    params: PhysicsParams | None = None
    target: int | None = None

    def __repr__(self) -> str:
        from flickboard.play.kind import game_kind

        kind, turn = game_kind(self.game), self.turn
        scores = "-".join(map(str, self.scores)) or "none"
        return one_line(
            "View",
            f"{self.game} {self.referee.name}, {kind.round_word} {self.round_number}, "
            f"seat {turn.seat} ({kind.side_name(turn.side)}) to shoot {kind.piece} {turn.disc}, "
            f"{len(self.position.layout.discs)} in play, scores {scores}",
        )

    @property
    def board(self) -> Board:
        """The board or table being played on."""
        return self.position.layout.board

    @property
    def game(self) -> str:
        """The name of the game being played (its game kind)."""
        return self.referee.game

    @property
    def physics(self) -> PhysicsParams:
        """The physics of the game: :attr:`params`, else the game kind's defaults."""
        if self.params is not None:
            return self.params
        from flickboard.play.kind import game_kind

        return game_kind(self.game).params()

    @property
    def start_line(self) -> StartLine:
        """Where this shot may start, as the referee says."""
        return self.referee.start_line(self.position, self.turn)

    @property
    def discs_left(self) -> tuple[tuple[int, int], ...]:
        """Discs (weights) still to shoot in the round per seat, this one included,
        seats in order; a seat with none left is not listed."""
        counts = Counter(seat for seat, _ in self.to_come or ((self.turn.seat, 0),))
        return tuple(sorted(counts.items()))

    @property
    def opposing_in_play(self) -> bool:
        """Whether a disc of another side than the shooter's is in play (the shot is
        played at discs, with the less sure hand of :meth:`GameKind.noise_at
        <flickboard.play.kind.GameKind.noise_at>`)."""
        me = self.turn.side
        return any(self.position.side_of(d.id) != me for d in self.position.layout.discs)

    def left_of(self, side: Side) -> int:
        """Discs a side still has to shoot in the round, this one included."""
        return sum(1 for _, s in self.to_come if s == side)

    @property
    def hammer(self) -> Side | None:
        """The side that shoots the round's last shot (None if nothing is to come)."""
        return self.to_come[-1][1] if self.to_come else None

    def after(self, ruling: Ruling) -> View | None:
        """The view of the next shooter once this shot is ruled (None when the round is
        over): the position after, the next turn in ``to_come``, the 20s made counted."""
        rest = self.to_come[1:]
        if not rest:
            return None
        seat, side = rest[0]
        made = ruling.twenties()
        size = max(len(self.twenties), max(made, default=-1) + 1)
        twenties = [*self.twenties, *([0] * (size - len(self.twenties)))]
        for s, count in made.items():
            twenties[s] += count
        return replace(
            self,
            position=ruling.position_after,
            turn=Turn(seat, side, self.turn.disc + 1),
            to_come=rest,
            twenties=tuple(twenties),
        )


@runtime_checkable
class Player(Protocol):
    """Anything that chooses shots: a bot, an AI, or a person at a terminal or a browser."""

    name: str

    def decide(self, view: View) -> Shot:
        """The shot to make from this view."""
        ...

"""Score types shared by crokinole and shuffleboard play and by the events desk.

Totals are always derived from rounds (or frames), never stored twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.jit import Row, jitable

TOURNAMENT_ROUND_POINTS = (2, 1, 0)
"""Points for winning, tying and losing a round in tournament scoring (WCC, NCA)."""

PLACE_POINTS = (8, 6, 4, 2)
"""Points by place in 3- and 4-player crokinole (Crokinole Depot optional rule 7d)."""


@jitable
def tournament_round_points(first: int, second: int) -> tuple[int, int]:
    """2 to the higher score, 0 to the lower, 1 each when tied.

    >>> tournament_round_points(45, 30)
    (2, 0)
    >>> tournament_round_points(20, 20)
    (1, 1)
    """
    win, tie, loss = TOURNAMENT_ROUND_POINTS
    if first > second:
        return (win, loss)
    if first < second:
        return (loss, win)
    return (tie, tie)


@jitable
def place_point(scores: Row[int], count: int, side: int) -> int:
    """The place points of ``side`` among ``count`` scores: 8/6/4/2 by place, tied
    players sharing the average of the places they cover (rounded down)."""
    above = 0
    level = 0
    for k in range(count):
        if scores[k] > scores[side]:
            above += 1
        elif scores[k] == scores[side]:
            level += 1
    total = 0
    for place in range(above, above + level):
        total += PLACE_POINTS[place]
    return total // level


@jitable
def cancelled_points(first: int, second: int) -> tuple[int, int]:
    """Conventional scoring for two sides: only the difference counts.

    >>> cancelled_points(60, 20)
    (40, 0)
    """
    return (max(first - second, 0), max(second - first, 0))


def place_points(scores: Sequence[int]) -> tuple[int, ...]:
    """8/6/4/2 by place; tied players share the average of the places they cover
    (:func:`place_point`).

    >>> place_points([30, 50, 50, 10])
    (4, 7, 7, 2)
    >>> place_points([40, 40, 40, 5])
    (6, 6, 6, 2)
    """
    if not 3 <= len(scores) <= 4:
        raise InvalidInput("place scoring is for 3 or 4 players")
    return tuple(place_point(scores, len(scores), side) for side in range(len(scores)))


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One crokinole round: each side's board points (20s included) and 20s made.

    Raises :class:`InvalidInput` for a score that is not a non-negative multiple of 5
    or for more 20s than the score holds.
    """

    scores: tuple[int, ...]
    twenties: tuple[int, ...]
    unplayed: bool = False
    """True for a timed round in which no disc was shot: zero points to every side."""

    def __post_init__(self) -> None:
        if self.unplayed and (any(self.scores) or any(self.twenties)):
            raise InvalidInput("a round in which no disc was shot scores nothing")
        if len(self.scores) < 2 or len(self.scores) != len(self.twenties):
            raise InvalidInput("a round needs a score and a count of 20s for each side")
        for score, twenties in zip(self.scores, self.twenties, strict=True):
            if score < 0 or score % 5:
                raise InvalidInput(
                    f"a round score must be a non-negative multiple of 5, got {score}"
                )
            if twenties < 0 or 20 * twenties > score:
                raise InvalidInput(f"{twenties} twenties cannot fit in a round score of {score}")

    @property
    def points(self) -> tuple[int, ...]:
        """Tournament points for two sides (2/1/0), place points for three or four.

        A round in which no disc was shot before time expired scores zero for all (WCC).
        """
        if self.unplayed:
            return (0,) * len(self.scores)
        if len(self.scores) == 2:
            return tournament_round_points(self.scores[0], self.scores[1])
        return place_points(self.scores)

    @property
    def cancelled(self) -> tuple[int, ...]:
        """Conventional scoring for two sides: only the difference counts.

        >>> RoundScore((60, 20), (1, 0)).cancelled
        (40, 0)
        """
        if len(self.scores) != 2:
            raise InvalidInput("cancellation scoring is for two sides")
        return cancelled_points(*self.scores)


@dataclass(frozen=True, slots=True)
class GameScore:
    """A tournament-scored crokinole game: its rounds, and what follows from them."""

    rounds: tuple[RoundScore, ...]

    def __post_init__(self) -> None:
        if len({len(r.scores) for r in self.rounds}) > 1:
            raise InvalidInput("every round of a game must have the same sides")

    @property
    def sides(self) -> int:
        """Number of sides (players or teams)."""
        return len(self.rounds[0].scores) if self.rounds else 2

    @property
    def points(self) -> tuple[int, ...]:
        """Tournament points per side, summed over rounds."""
        return tuple(sum(r.points[s] for r in self.rounds) for s in range(self.sides))

    @property
    def twenties(self) -> tuple[int, ...]:
        """20s per side, summed over rounds."""
        return tuple(sum(r.twenties[s] for r in self.rounds) for s in range(self.sides))

    @property
    def winner(self) -> int | None:
        """Index of the side with most points, or None when the top is shared."""
        return sole_best(self.points)


@dataclass(frozen=True, slots=True)
class FrameScore:
    """One shuffleboard frame: points to each side (only one side can score)."""

    points: tuple[int, int]

    def __post_init__(self) -> None:
        if min(self.points) < 0 or min(self.points) > 0:
            raise InvalidInput("in a frame only one side scores, and never below zero")


@dataclass(frozen=True, slots=True)
class RaceScore:
    """A game to a target: conventional crokinole, fair rules, or shuffleboard.

    ``totals`` are derived from the per-round (per-frame) points.
    """

    target: int
    steps: tuple[tuple[int, ...], ...]
    time_up: bool = False
    """True when time ran out before either side reached the target: the leader wins."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per side so far."""
        if not self.steps:
            return (0, 0)
        return tuple(sum(step[s] for step in self.steps) for s in range(len(self.steps[0])))

    @property
    def reached_at(self) -> int | None:
        """How many steps (rounds, frames) it took a side to reach the target, or None
        while no side has: play stops there, so a step after it is never played.

        >>> RaceScore(100, ((60, 0), (45, 0), (0, 20))).reached_at
        2
        """
        totals = [0] * (len(self.steps[0]) if self.steps else 2)
        for n, step in enumerate(self.steps, start=1):
            totals = [t + p for t, p in zip(totals, step, strict=True)]
            if max(totals) >= self.target:
                return n
        return None

    @property
    def winner(self) -> int | None:
        """The side that reached the target with the higher total (after time ran out,
        the side ahead), if any (:func:`race_winner`)."""
        totals = self.totals
        side = race_winner(totals, len(totals), self.target, self.time_up)
        return None if side < 0 else side


@jitable
def race_winner(totals: Row[int], count: int, target: int, time_up: bool) -> int:
    """The side of ``count`` that wins a race to ``target`` on these totals: the one
    highest total if it reached the target (or time is up); -1 for none."""
    best = sole_best_of(totals, count)
    return best if best >= 0 and (totals[best] >= target or time_up) else -1


@jitable
def best_of(values: Row[int], count: int) -> int:
    """The index of the first highest of the first ``count`` values."""
    best = 0
    for k in range(1, count):
        if values[k] > values[best]:
            best = k
    return best


@jitable
def sole_best_of(values: Row[int], count: int) -> int:
    """The index of the one highest of the first ``count`` values (-1 when it is
    shared)."""
    best = best_of(values, count)
    for k in range(count):
        if k != best and values[k] == values[best]:
            return -1
    return best


def sole_best(values: Sequence[int]) -> int | None:
    """The index of the one highest value, or None when it is shared."""
    best = sole_best_of(values, len(values))
    return None if best < 0 else best

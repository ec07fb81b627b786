"""Entered results of games played to a target (CSC shuffleboard to 15, 17 or 21;
fair-rules crokinole to 100): frame by frame, or the final score, checked."""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.scoring import FrameScore, RaceScore

SHUFFLEBOARD_FRAME_MAX = 16
"""Most points one frame can give: four weights each (5(i)), a hanger scores 4 (4(f))."""


def race_from_frames(
    frames: Sequence[tuple[int, int]],
    target: int,
    *,
    frame_max: int | None = SHUFFLEBOARD_FRAME_MAX,
    multiple_of: int = 1,
    unit: str = "frame",
) -> RaceScore:
    """A decided game from its frames (rounds): only one side scores in each, and no
    frame follows the one in which a side reached ``target``. ``unit`` names a frame in
    messages: "frame" in shuffleboard, "round" in crokinole."""
    if not frames:
        raise InvalidInput(f"a game needs at least one {unit}")
    totals = [0, 0]
    for n, (a, b) in enumerate(frames, start=1):
        if max(totals) >= target:
            raise IllegalInPosition(
                f"{unit} {n}: the game ended at {totals[0]}-{totals[1]} when {target} was reached"
            )
        try:
            FrameScore((a, b))
        except InvalidInput as exc:
            why = str(exc) if unit == "frame" else f"only one side scores in a {unit}"
            raise InvalidInput(f"{unit} {n} ({a}-{b}): {why}") from None
        for points in (a, b):
            if frame_max is not None and points > frame_max:
                raise InvalidInput(
                    f"{unit} {n}: {points} points; a {unit} scores at most {frame_max}"
                )
            if points % multiple_of:
                raise InvalidInput(f"{unit} {n}: {points} is not a multiple of {multiple_of}")
        totals[0] += a
        totals[1] += b
    return decided(RaceScore(target, tuple((a, b) for a, b in frames)))


def race_from_final(score: tuple[int, int], target: int, *, multiple_of: int = 1) -> RaceScore:
    """A decided game from its final score: the winner has at least ``target``, the
    loser less (play stops when a side reaches the target)."""
    a, b = score
    if min(a, b) < 0:
        raise InvalidInput(f"a final score cannot be negative: {a}-{b}")
    if a % multiple_of or b % multiple_of:
        raise InvalidInput(f"final score {a}-{b}: points come in multiples of {multiple_of}")
    if min(a, b) >= target:
        raise IllegalInPosition(
            f"final score {a}-{b}: only one side can reach {target}; the game stops there"
        )
    return decided(RaceScore(target, ((a, b),)))


def decided(race: RaceScore) -> RaceScore:
    """The race itself if a side has won it; else :class:`InvalidInput` naming the totals."""
    if race.winner is None:
        a, b = race.totals
        raise InvalidInput(
            f"the game to {race.target} is not decided at {a}-{b}: the winner needs {race.target}"
        )
    return race

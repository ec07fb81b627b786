"""Entered results of games played to a target (CSC shuffleboard to 15, 17 or 21;
fair-rules crokinole to 100): frame by frame, or the final score, checked."""

from __future__ import annotations

import re
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


def race_from_final(
    score: tuple[int, int],
    target: int,
    *,
    multiple_of: int = 1,
    frame_max: int | None = SHUFFLEBOARD_FRAME_MAX,
) -> RaceScore:
    """A decided game from its final score: the winner has at least ``target``, the
    loser less (play stops when a side reaches the target) and, in shuffleboard, the
    winner no more than one frame past ``target - 1``: the game ends in the frame a
    side reaches the target ("The First to reach or exceed this total is the winner of
    the game", CSC VII 1) and a frame gives one side at most ``frame_max`` points."""
    a, b = score
    if min(a, b) < 0:
        raise InvalidInput(f"a final score cannot be negative: {a}-{b}")
    if a % multiple_of or b % multiple_of:
        raise InvalidInput(f"final score {a}-{b}: points come in multiples of {multiple_of}")
    if min(a, b) >= target:
        raise IllegalInPosition(
            f"final score {a}-{b}: only one side can reach {target}; the game stops there"
        )
    if frame_max is not None and max(a, b) > target - 1 + frame_max:
        raise IllegalInPosition(
            f"final score {a}-{b}: no game to {target} ends there. The game ends in the "
            f'frame a side reaches {target} ("The First to reach or exceed this total is '
            f'the winner of the game", VII 1), and a frame gives at most {frame_max} '
            f'("Each player delivers four weights", V 5(i); a hanger "scores Four (4) '
            f'points", V 4(f)): a winner has at most {target - 1 + frame_max}'
        )
    return decided(RaceScore(target, ((a, b),)))


def checked(
    race: RaceScore, *, frame_max: int | None = SHUFFLEBOARD_FRAME_MAX, multiple_of: int = 1
) -> RaceScore:
    """A game as a library caller gives it, checked as if typed: one step is a final
    score (:func:`race_from_final`), more are frames (:func:`race_from_frames`)."""
    if len(race.steps) == 1 and len(race.steps[0]) == 2:
        a, b = race.steps[0]
        return race_from_final((a, b), race.target, multiple_of=multiple_of, frame_max=frame_max)
    pairs = [(step[0], step[1]) for step in race.steps]
    if any(len(step) != 2 for step in race.steps):
        raise InvalidInput("a club game has two sides")
    unit = "frame" if frame_max is not None else "round"
    return race_from_frames(
        pairs, race.target, frame_max=frame_max, multiple_of=multiple_of, unit=unit
    )


def decided(race: RaceScore) -> RaceScore:
    """The race itself if a side has won it; else :class:`InvalidInput` naming the totals."""
    if race.winner is None:
        a, b = race.totals
        raise InvalidInput(
            f"the game to {race.target} is not decided at {a}-{b}: the winner needs {race.target}"
        )
    return race


_PAIR = re.compile(r"^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$")


def _pair(text: str, what: str) -> tuple[int, int]:
    m = _PAIR.match(text)
    if m is None:
        raise InvalidInput(f"{what} {text.strip()!r} is not like 3-0")
    return int(m.group(1)), int(m.group(2))


def race_from_text(
    frames: str | None, score: str | None, target: int, *, crokinole: bool = False
) -> RaceScore:
    """A decided game typed as frames (``3-0,0-4,...``, first side first) or, when no
    frames are given, as a final score (``21-15``); given both, the frames must add up
    to the score. Crokinole (fair rules) rounds are
    the cancelled points, multiples of 5, no cap per round."""
    step = 5 if crokinole else 1
    if not frames or not frames.strip():
        if score is None or not score.strip():
            raise InvalidInput("give the result as frames (3-0,0-4,...) or a final score (21-15)")
        cap = None if crokinole else SHUFFLEBOARD_FRAME_MAX
        return race_from_final(_pair(score, "score"), target, multiple_of=step, frame_max=cap)
    unit = "round" if crokinole else "frame"
    pairs = [_pair(part, f"{unit} {n}") for n, part in enumerate(frames.split(","), start=1)]
    if crokinole:
        race = race_from_frames(pairs, target, frame_max=None, multiple_of=5, unit=unit)
    else:
        race = race_from_frames(pairs, target)
    if score is not None and score.strip():
        given = _pair(score, "score")
        if given != race.totals:
            a, b = race.totals
            raise InvalidInput(
                f"the {unit}s add up to {a}-{b}, not the score {given[0]}-{given[1]}: "
                "correct one of them"
            )
    return race

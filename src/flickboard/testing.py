"""A conformance test for game kinds, shipped with the package (like PettingZoo's
``api_test``): ``check_kind(kind)`` plays random legal matches of a kind to the end and
checks the promises of the :class:`~flickboard.play.match.Match` interface.

- every shot offered by the start line may start there, and play moves the match on;
- a seat not in ``choices()`` is refused with :class:`OutOfTurn`, a start off the line
  with :class:`IllegalStart`, and a refused shot changes nothing;
- ``undo()`` restores the exact state before the last shot (record, choices, view);
- records round-trip: ``to_json`` loads back (``match_from_json``) into a match with the
  same record and result, and the loaded match plays on as the original does;
- a view shows only public, unchangeable things: no mutable container, no random
  generator and no part of the match is reachable from it, and it agrees with the match.

>>> from flickboard.testing import check_kind
>>> report = check_kind("crokinole", matches=1, max_shots=24, seed=3)
>>> report.shots
24
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

import numpy as np

from flickboard.agents.random_player import RandomPlayer
from flickboard.errors import IllegalStart, OutOfTurn
from flickboard.physics import PhysicsParams, Shot, ShotRecord
from flickboard.play.kind import GameKind, game_kind
from flickboard.play.match import Match
from flickboard.play.view import View
from flickboard.reprs import field_repr
from flickboard.rules.base import Referee, Ruling


class ConformanceError(AssertionError):
    """A game kind broke a promise of the Match interface."""


@dataclass
class Report:
    """What a conformance run checked."""

    matches: int = 0
    finished: int = 0
    shots: int = 0
    undos: int = 0
    refusals: int = 0
    reloads: int = 0


def check_kind(
    kind: str | GameKind,
    *,
    matches: int = 2,
    seed: int = 0,
    max_shots: int = 600,
    every: int = 7,
    setups: tuple[dict[str, Any], ...] = ({},),
) -> Report:
    """Play ``matches`` random matches of each setup (keywords of ``new_match``) and check
    the interface; undo, refusals and reloads are checked every ``every`` shots.

    Raises :class:`ConformanceError` naming the first broken promise.
    """
    game = game_kind(kind)
    report = Report()
    for k in range(matches):
        for setup in setups:
            _check_match(game, game.new_match(**setup), seed + k, max_shots, every, report)
    return report


def _check_match(
    kind: GameKind, match: Match, seed: int, max_shots: int, every: int, report: Report
) -> None:
    rng = np.random.default_rng(seed)
    players = {seat: RandomPlayer(f"random {seat}", seed * 10 + seat) for seat in match.seats}
    report.matches += 1
    for shot_number in range(max_shots):
        if match.over:
            report.finished += 1
            break
        seats = match.choices()
        _expect(bool(seats), "a match that is not over offers a seat")
        seat = seats[int(rng.integers(len(seats)))]
        view = match.view(seat)
        _check_view(match, view)
        if shot_number % every == 0:
            _check_refusals(match, seat, report)
        shot = players[seat].decide(view)
        if shot_number % every == 0 and shot_number:
            _check_undo(match, seat, shot, report)
            _check_reload(kind, match, seat, shot, report)
        step = match.play(shot, seat)
        _expect(step.entry.turn.seat == seat, "the shot is played by the seat asked")
        report.shots += 1
    _expect(match.result().over == match.over, "result().over agrees with over")
    _check_reload(kind, match, None, None, report)


def _state(match: Match) -> str:
    """Everything observable about a match, as text: record, choices, next view."""
    view = None if match.over else match.view()
    return json.dumps(match.to_json(), sort_keys=True) + repr(match.choices()) + field_repr(view)


def _check_undo(match: Match, seat: int, shot: Shot, report: Report) -> None:
    before = _state(match)
    match.play(shot, seat)
    match.undo()
    _expect(_state(match) == before, "undo restores the exact state before the last shot")
    report.undos += 1


def _check_reload(
    kind: GameKind, match: Match, seat: int | None, shot: Shot | None, report: Report
) -> None:
    data = json.loads(json.dumps(match.to_json()))
    again = kind.match_from_json(data)
    _expect(again.to_json() == data, "a record loads back to the same record")
    _expect(again.result() == match.result(), "a record loads back to the same result")
    _expect(again.over == match.over, "a record loads back to a match as far on")
    if seat is not None and shot is not None and not match.over:
        # Records round floats (1e-6 m), so the same shot is ruled alike, not to the bit.
        played, original = again.play(shot, seat).ruling, match.play(shot, seat).ruling
        match.undo()
        _expect(_fates(played) == _fates(original), "a reloaded match plays on alike")
    report.reloads += 1


def _fates(ruling: Ruling) -> tuple[bool, tuple[tuple[int, str], ...]]:
    return ruling.valid, tuple((d.disc, d.fate.value) for d in ruling.decisions)


def _check_refusals(match: Match, seat: int, report: Report) -> None:
    before = _state(match)
    others = [s for s in match.seats if s not in match.choices()]
    line = match.start_line(seat)
    x, y = line.point(0.5)
    shot = Shot(x, y, line.inward(0.5), 1.0)
    for other in others[:1]:
        try:
            match.play(shot, other)
        except OutOfTurn:
            report.refusals += 1
        else:
            raise ConformanceError(f"seat {other} shot out of turn")
    far = Shot(x * 0.2 + 0.01, y * 0.2 + 0.01, line.inward(0.5), 1.0)
    if match.start_problem(far.x, far.y, seat) is not None:
        try:
            match.play(far, seat)
        except IllegalStart:
            report.refusals += 1
        else:
            raise ConformanceError("a shot started where the referee refuses it")
    _expect(_state(match) == before, "a refused shot changes nothing")
    for u in (0.0, 0.5, 1.0):
        near = line.nearest(u)
        if near is not None:
            px, py = line.point(near)
            _expect(
                match.start_problem(px, py, seat) is None,
                f"the start line's allowed point u={near:.4f} is allowed by the referee",
            )


IMMUTABLE = (str, int, float, bool, type(None), Enum, bytes)


def _check_view(match: Match, view: View) -> None:
    _expect(view.position == match.position, "the view shows the position in play")
    _expect(view.to_come[:1] == ((view.turn.seat, view.turn.side),), "to_come starts with the turn")
    _expect(view.turn.seat in match.choices(), "the view's seat may shoot")
    seen: set[int] = set()
    _walk(view, match, seen, "view")


def _walk(value: object, match: Match, seen: set[int], path: str) -> None:
    if id(value) in seen or isinstance(value, IMMUTABLE):
        return
    seen.add(id(value))
    if value is match or isinstance(value, Match | np.random.Generator):
        raise ConformanceError(f"{path} reaches the match or a random generator")
    if isinstance(value, list | dict | set | bytearray | np.ndarray):
        raise ConformanceError(f"{path} reaches a mutable {type(value).__name__}")
    if isinstance(value, tuple | frozenset):
        for n, item in enumerate(value):
            _walk(item, match, seen, f"{path}[{n}]")
    elif is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise ConformanceError(f"{path} is a {type(value).__name__} that can be changed")
        for f in fields(value):
            if f.compare:  # a field out of equality is a cache (a layout's kernel rows)
                _walk(getattr(value, f.name), match, seen, f"{path}.{f.name}")
    elif isinstance(value, ShotRecord):
        for name in ("layout", "shot", "shooter", "events", "finals", "duration"):
            _walk(getattr(value, name), match, seen, f"{path}.{name}")
    elif not isinstance(value, Referee | PhysicsParams):
        raise ConformanceError(f"{path} reaches a {type(value).__name__} of unknown kind")


def _expect(condition: bool, promise: str) -> None:
    if not condition:
        raise ConformanceError(f"broken promise: {promise}")


__all__ = ["ConformanceError", "Report", "check_kind"]

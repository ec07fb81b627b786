"""One shot pipeline: the web plays a shot by calling ``Match.play``,
which checks the turn and the start once and gives the state log of the shot it ruled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from flickboard.physics.trajectory import state_log
from flickboard.play.kind import GameKind, game_kinds
from flickboard.play.match import Match
from flickboard.web.play.shots import play_shot


def _counting(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    """Wrap ``owner.name`` so each call is counted; the real method still runs."""
    calls: list[int] = []
    real: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@pytest.mark.parametrize("kind", game_kinds(), ids=lambda kind: kind.name)
def test_a_web_shot_checks_its_turn_and_start_once(
    kind: GameKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = kind.new_match(seed=7)
    shot = match.aim(0.5, 0.0, 1.2)
    before = match.position
    turns = _counting(monkeypatch, Match, "turn")
    starts = _counting(monkeypatch, type(match.referee), "check_start")
    step, log = play_shot(match, match.choices()[0], shot)
    assert (len(turns), len(starts)) == (1, 1)
    assert log.record is step.entry.record and step.log is None  # the game keeps no log
    again = state_log(before.layout, shot, shooter=step.entry.turn.disc, params=match.params)
    assert again.record == log.record
    assert match.history[-1].record is log.record


def test_play_without_the_log_rules_the_same_shot_alike() -> None:
    kind = game_kinds()[0]
    one, two = kind.new_match(seed=3), kind.new_match(seed=3)
    shot = one.aim(0.4, 0.05, 1.5)
    kept = one.play(shot, keep_log=True)
    bare = two.play(shot)
    assert bare.log is None and kept.log is not None
    assert kept == bare and kept.entry.record == bare.entry.record
    assert set(kept.seconds) == {"simulate", "rule"}

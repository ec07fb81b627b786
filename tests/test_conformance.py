"""The conformance test shipped in the package passes for both game kinds, and fails a
kind that breaks a promise."""

from __future__ import annotations

from typing import Any

import pytest

from flickboard.play.crokinole import CrokinoleMatch
from flickboard.play.kind import game_kind
from flickboard.testing import ConformanceError, check_kind


def test_crokinole_passes_the_conformance_test_in_every_format() -> None:
    setups: tuple[dict[str, Any], ...] = (
        {"rules": "wcc"},
        {"rules": "nca", "players": 4, "time_shots": 20},
        {"rules": "depot", "players": 3, "options": {"free_for_all": True}, "time_shots": 12},
        {"rules": "fair", "time_shots": 30},
    )
    report = check_kind("crokinole", matches=1, seed=5, every=9, setups=setups)
    assert report.finished == report.matches == 4
    assert report.undos > 5 and report.reloads > 5 and report.refusals > 5


def test_table_shuffleboard_passes_the_conformance_test_singles_and_doubles() -> None:
    setups: tuple[dict[str, Any], ...] = (
        {"target": 1},
        {"players": 4, "target": 1, "best_of_three": True},
    )
    report = check_kind("table shuffleboard", matches=1, seed=2, every=11, setups=setups)
    assert report.finished == report.matches == 2
    assert report.undos > 3 and report.reloads > 3


class _ForgetfulMatch(CrokinoleMatch):
    """A match whose undo forgets nothing: it breaks the undo promise."""

    def undo(self) -> None:
        pass


def test_the_conformance_test_catches_an_undo_that_does_not_restore(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kind = game_kind("crokinole")
    made = kind.new_match

    def forgetful(*args: Any, **kw: Any) -> Any:
        match = made(*args, **kw)
        match.__class__ = _ForgetfulMatch
        return match

    monkeypatch.setattr(kind, "new_match", forgetful)
    with pytest.raises(ConformanceError, match="undo restores"):
        check_kind(kind, matches=1, every=3, max_shots=10)

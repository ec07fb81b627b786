"""A real board's entry: where the discs stopped and which disc was struck first make a
hand outcome the referee rules as it rules the shot the simulator played
(:func:`flickboard.rules.hand.outcome_from_places`, docs/review.md "Games from a real
board")."""

from __future__ import annotations

import pytest

from flickboard.agents.spec import player_from_spec
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscFinal, DiscState, EventKind, Layout, PlacedDisc
from flickboard.play.driver import play_match
from flickboard.play.kind import game_kind
from flickboard.play.match import ShotAction
from flickboard.rules import referee
from flickboard.rules.base import Fate, Position, Turn
from flickboard.rules.hand import judge, outcome_from_places, scoresheet


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_a_played_game_entered_by_its_places_is_ruled_shot_for_shot_the_same(game: str) -> None:
    kind = game_kind(game)
    played = kind.new_match(seed=4)
    play_match(played, [player_from_spec("bot", kind, 1), player_from_spec("bot", kind, 2)])
    entered = kind.new_match(seed=4)
    shots = 0
    for action, step in zip(played.history, played.replay(), strict=True):
        assert isinstance(action, ShotAction) and step is not None
        record = action.record
        assert record.shot is not None
        places, first = scoresheet(record)
        outcome = outcome_from_places(
            record.layout, record.shooter, (record.shot.x, record.shot.y), places, first
        )
        by_hand = entered.play_hand(outcome, action.seat)
        ruled = step.ruling  # type: ignore[attr-defined]
        assert by_hand.ruling.valid == ruled.valid, (shots, ruled.summary)
        assert [(d.disc, d.fate) for d in by_hand.ruling.decisions] == [
            (d.disc, d.fate) for d in ruled.decisions
        ], (shots, ruled.summary)
        shots += 1
    assert shots >= 16 and entered.result() == played.result()


def test_a_disc_that_moved_with_none_struck_is_refused() -> None:
    board = CrokinoleBoard.standard()
    layout = Layout(board, (PlacedDisc(0, 0.0, 0.1),))
    shooter = DiscFinal(1, 0.0, -0.1, DiscState.ON_SURFACE)
    moved = DiscFinal(0, 0.0, 0.15, DiscState.ON_SURFACE)
    with pytest.raises(InvalidInput, match="disc 0 moved, but no disc was struck"):
        outcome_from_places(layout, 1, (0.0, -0.3), [shooter, moved], None)
    with pytest.raises(InvalidInput, match="the disc struck first \\(5\\) is not on the board"):
        outcome_from_places(layout, 1, (0.0, -0.3), [shooter], 5)
    with pytest.raises(InvalidInput, match="where the shooter \\(disc 1\\) stopped"):
        outcome_from_places(layout, 1, (0.0, -0.3), [moved], 0)


def test_a_disc_knocked_into_the_ditch_goes_over_the_rim_and_the_shooter_drops_for_20() -> None:
    board = CrokinoleBoard.standard()
    layout = Layout(board, (PlacedDisc(0, 0.0, 0.1),))
    ditch = (board.surface_radius + board.rail_radius) / 2
    places = [
        DiscFinal(1, 0.0, 0.0, DiscState.IN_HOLE),
        DiscFinal(0, 0.0, ditch, DiscState.IN_DITCH),
    ]
    start = (0.0, -board.shooting_line_radius)
    outcome = outcome_from_places(layout, 1, start, places, 0)
    kinds = [(e.kind, e.disc) for e in outcome.events]
    assert kinds.index((EventKind.DISC_CONTACT, 1)) < kinds.index((EventKind.LEFT_SURFACE, 0))
    assert kinds.index((EventKind.LINE_CLEAR, 0)) < kinds.index((EventKind.LEFT_SURFACE, 0))
    assert (EventKind.LANDED, 0) in kinds and (EventKind.DROPPED, 1) in kinds
    position = Position.of(layout, {0: 1})
    ruling = judge(referee("wcc"), position, Turn(0, 0, 1), outcome)
    fates = {d.disc: d.fate for d in ruling.decisions}
    assert ruling.valid and fates == {0: Fate.OUT, 1: Fate.TWENTY}

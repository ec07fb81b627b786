"""Game kinds: found by name and alias, each game's facts, matches and the notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flickboard.errors import DuplicateName, FlickboardError, InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import PhysicsParams
from flickboard.play.crokinole import CrokinoleMatch
from flickboard.play.kind import game_kind, game_kinds, load_match, new_match, register_kind
from flickboard.play.noise import LEVELS
from flickboard.play.shuffleboard import ShuffleboardMatch


def test_kinds_are_found_by_name_and_alias() -> None:
    assert [k.name for k in game_kinds()] == ["crokinole", "shuffleboard"]
    assert game_kind("Table  Shuffleboard") is game_kind("shuffleboard")
    assert game_kind(game_kind("crokinole")).title == "crokinole"
    with pytest.raises(InvalidInput, match="unknown game 'carrom'; known: crokinole, shuffleboard"):
        game_kind("carrom")


def test_a_kind_cannot_be_registered_twice() -> None:
    with pytest.raises(DuplicateName, match="registered twice"):
        register_kind(game_kind("crokinole"))


def test_each_kind_holds_its_board_physics_rules_and_colours() -> None:
    crokinole, shuffleboard = game_kind("crokinole"), game_kind("shuffleboard")
    assert crokinole.board() == CrokinoleBoard.standard()
    assert shuffleboard.board() == ShuffleboardTable.csc()
    assert shuffleboard.params() == PhysicsParams.shuffleboard()
    assert crokinole.rule_sets == ("wcc", "nca", "depot", "fair") and shuffleboard.rule_sets == (
        "csc",
    )
    assert crokinole.side_names[:2] == shuffleboard.side_names == ("red", "green")
    assert (crokinole.piece, shuffleboard.piece) == ("disc", "weight")
    low, high = shuffleboard.speed_range()
    assert 0 < low < high


def test_a_kind_refuses_another_games_rule_set_by_name() -> None:
    with pytest.raises(InvalidInput, match="'csc' is not a crokinole rule set; crokinole: wcc"):
        game_kind("crokinole").referee("csc")
    with pytest.raises(InvalidInput, match="unknown rule set 'snooker'"):
        game_kind("shuffleboard").referee("snooker")


def test_levels_scale_one_profile_and_get_steadier() -> None:
    kind = game_kind("crokinole")
    angles = [kind.noise(level).angle for level in LEVELS]
    assert angles == sorted(angles, reverse=True) and kind.noise("perfect").silent
    with pytest.raises(InvalidInput, match="unknown skill level 'grandmaster'"):
        kind.noise("grandmaster")


def test_new_match_makes_each_games_match_and_checks_the_setup() -> None:
    assert isinstance(new_match("crokinole", "nca", players=4), CrokinoleMatch)
    assert isinstance(new_match("shuffleboard", best_of_three=True), ShuffleboardMatch)
    with pytest.raises(InvalidInput, match="played by 2, 4 players, not 3"):
        new_match("shuffleboard", players=3)
    with pytest.raises(InvalidInput, match="at least 1"):
        new_match("crokinole", games=0)
    with pytest.raises(InvalidInput, match="by shots or by seconds, not both"):
        new_match("crokinole", time_shots=4, time_seconds=60)
    with pytest.raises(InvalidInput, match="one game or a best of three"):
        new_match("shuffleboard", games=2)
    with pytest.raises(InvalidInput, match="target is a rule-set option"):
        new_match("crokinole", target=60)


def test_a_match_reads_well_in_a_repr() -> None:
    match = new_match("crokinole")
    assert repr(match) == (
        "<CrokinoleMatch wcc, 2 players: game 1 of 1 in play; seat 0 (red) to shoot>"
    )
    assert "<svg" in match._repr_svg_()


def test_load_match_finds_the_game_of_any_record() -> None:
    match = new_match("shuffleboard")
    match.play(match.aim(0.5, 0.0, 1.4))
    loaded = load_match(match.to_json())
    assert isinstance(loaded, ShuffleboardMatch) and loaded.to_json() == match.to_json()
    with pytest.raises(InvalidInput, match="not a flickboard record"):
        load_match({"format": "pgn"})


def test_position_notation_formats_each_disc_in_millimetres() -> None:
    kind = game_kind("crokinole")
    match = new_match("crokinole")
    match.play(match.aim(0.5, 0.0, 0.8))
    text = kind.format_position(match.position)
    assert text.startswith("crokinole 0r:") and text.endswith(",-87.33")
    assert kind.format_position(kind.parse_position(text)) == text


coordinate = st.floats(-0.25, 0.25).map(lambda v: round(v, 5))


@given(st.lists(st.tuples(coordinate, coordinate, st.integers(0, 1)), max_size=6))
def test_position_notation_round_trips(discs: list[tuple[float, float, int]]) -> None:
    from flickboard.physics import Layout, PlacedDisc
    from flickboard.rules.base import Position

    kind = game_kind("crokinole")
    placed, owners = [], {}
    for x, y, side in discs:
        if (
            all((x - p.x) ** 2 + (y - p.y) ** 2 > 0.04**2 for p in placed)
            and x * x + y * y > 0.02**2
        ):
            placed.append(PlacedDisc(len(placed), x, y))
            owners[len(placed) - 1] = side
    try:
        position = Position.of(Layout(kind.board(), tuple(placed)), owners)
    except FlickboardError:
        return
    text = kind.format_position(position)
    again = kind.parse_position(text)
    assert kind.format_position(again) == text
    for a, b in zip(position.layout.discs, again.layout.discs, strict=True):
        assert abs(a.x - b.x) <= 5e-6 and abs(a.y - b.y) <= 5e-6


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("shuffleboard 0r:0,1", "starts with 'crokinole'"),
        ("crokinole 0q:1,1", "colour letter one of rgby"),
        ("crokinole 0r:1;1", "bad disc"),
    ],
)
def test_bad_position_notation_names_the_token(text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        game_kind("crokinole").parse_position(text)

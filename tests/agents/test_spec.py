"""Naming AI players: ai[:KIND][:LEVEL]."""

from __future__ import annotations

import pytest

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner
from flickboard.agents.random_player import RandomPlayer
from flickboard.agents.search import SearchPlayer
from flickboard.agents.shuffleboard_bot import ShuffleboardBot
from flickboard.agents.simple import SimpleBot
from flickboard.agents.spec import is_ai_spec, parse_spec, player_from_spec
from flickboard.errors import InvalidInput


@pytest.mark.parametrize(
    ("spec", "kind", "level"),
    [
        ("ai", "planner", "club"),
        ("ai:world", "planner", "world"),
        ("AI:Search", "search", "club"),
        ("ai:planner:novice", "planner", "novice"),
        ("ai:expert:heuristic", "heuristic", "expert"),
    ],
)
def test_spec_names_kind_and_level(spec: str, kind: str, level: str) -> None:
    assert parse_spec(spec) == (kind, level)


def test_player_from_spec_builds_the_named_player_with_its_seed() -> None:
    assert isinstance(player_from_spec("ai:heuristic", "crokinole", 3), HeuristicPlayer)
    assert isinstance(player_from_spec("ai:search:world", "shuffleboard"), SearchPlayer)
    planner = player_from_spec("ai:club", "crokinole", 9, "red")
    assert isinstance(planner, Planner)
    assert (planner.seed, planner.level, planner.name) == (9, "club", "red")


@pytest.mark.parametrize("spec", ["ai:grandmaster", "ai:club:world", "ai:search:planner", "robot"])
def test_bad_specs_are_refused_with_a_clear_message(spec: str) -> None:
    with pytest.raises(InvalidInput, match="ai"):
        player_from_spec(spec, "crokinole")


@pytest.mark.parametrize(
    ("game", "bot"), [("crokinole", SimpleBot), ("table shuffleboard", ShuffleboardBot)]
)
def test_bot_and_random_name_each_games_simple_players(game: str, bot: type) -> None:
    assert isinstance(player_from_spec("bot", game, 3, "Bea"), bot)
    assert player_from_spec("bot", game, 3, "Bea").name == "Bea"
    assert isinstance(player_from_spec(" Random ", game), RandomPlayer)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidInput, match="game"):
        player_from_spec("ai:club", "curling")


def test_only_ai_names_are_ai_specs() -> None:
    assert is_ai_spec("ai:club") and is_ai_spec(" AI ")
    assert not is_ai_spec("human") and not is_ai_spec("air")

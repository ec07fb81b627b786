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
from flickboard.play.kind import game_kind
from flickboard.play.noise import LEVELS, TIERS, check_level, level_help


@pytest.mark.parametrize(
    ("spec", "kind", "level"),
    [
        ("ai", "planner", "competitive"),
        ("ai:world", "planner", "champion"),
        ("AI:Search", "search", "competitive"),
        ("ai:planner:novice", "planner", "novice"),
        ("ai:expert:heuristic", "heuristic", "top-competitive"),
    ],
)
def test_spec_names_kind_and_level(spec: str, kind: str, level: str) -> None:
    assert parse_spec(spec) == (kind, level)


def test_player_from_spec_builds_the_named_player_with_its_seed() -> None:
    assert isinstance(player_from_spec("ai:heuristic", "crokinole", 3), HeuristicPlayer)
    assert isinstance(player_from_spec("ai:search:world", "shuffleboard"), SearchPlayer)
    planner = player_from_spec("ai:club", "crokinole", 9, "red")
    assert isinstance(planner, Planner)
    assert (planner.seed, planner.level, planner.name) == (9, "competitive", "red")


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


@pytest.mark.parametrize(
    ("former", "tier"),
    [("club", "competitive"), ("expert", "top-competitive"), ("world", "champion")],
)
@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_former_level_names_are_the_same_players(game: str, former: str, tier: str) -> None:
    kind = game_kind(game)
    assert kind.noise(former) == kind.noise(tier)
    assert kind.noise(former, at_discs=True) == kind.noise(tier, at_discs=True)
    assert parse_spec(f"ai:{former}") == ("planner", tier)
    player = player_from_spec(f"ai:{former}", game, 3)
    assert player.name == f"ai:planner:{tier}"


@pytest.mark.parametrize(
    "spelling",
    ["strong-recreational", "Strong recreational", "strong_recreational", " STRONG  recreational "],
)
def test_strong_recreational_is_accepted_however_it_is_spelled(spelling: str) -> None:
    assert check_level(spelling) == "strong-recreational"
    assert parse_spec(f"ai:search:{spelling}") == ("search", "strong-recreational")


def test_every_tier_says_what_it_is_with_the_source_figure() -> None:
    assert set(TIERS) == set(LEVELS)
    for level, target in game_kind("crokinole").skill_targets.items():
        assert f"{round(100 * target)} % of open 20s" in TIERS[level]
    assert level_help() == ", ".join(LEVELS)  # the tiers' names only


def test_an_unknown_level_names_the_tiers_and_not_their_former_names() -> None:
    with pytest.raises(InvalidInput, match=r"strong-recreational.*champion, perfect$") as refused:
        check_level("grandmaster")
    assert "club" not in str(refused.value) and "world" not in str(refused.value)


def test_a_kinds_figures_by_level_are_read_by_former_names_and_listed_by_new_ones() -> None:
    kind = game_kind("crokinole")
    assert kind.skill_targets["world"] == kind.skill_targets["champion"] == 0.75
    assert kind.level_scales["club"] == kind.level_scales["competitive"]
    assert list(kind.skill_targets) == list(LEVELS[:-1])
    with pytest.raises(KeyError):
        kind.level_scales["grandmaster"]

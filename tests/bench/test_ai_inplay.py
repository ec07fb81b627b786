"""What the AI plays, measured: its own opening shots, mid-round decisions, a baseline
player from another source tree (no timing asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

import flickboard
from flickboard.agents.planner import Planner, PlannerBudget
from flickboard.agents.spec import player_from_spec
from flickboard.bench.ai import wilson
from flickboard.bench.ai_inplay import midround_times, midround_views, opening_rate, opening_view
from flickboard.bench.baseline import BaselinePlayer
from flickboard.errors import InvalidInput

TINY = PlannerBudget(samples=4, candidates=20, refine_rounds=1, population=4, elite=2)


def test_a_perfect_planner_drops_every_opening_twenty() -> None:
    result = opening_rate("crokinole", lambda seed: Planner("perfect", seed, TINY), 3, 1, wilson)
    assert result["rate"] == 1.0
    assert result["by_intent"]["open 20"]["decisions"] == 3


def test_the_shuffleboard_skill_view_is_the_hammer_on_a_clear_table() -> None:
    view = opening_view("shuffleboard")
    assert len(view.to_come) == 1 and not view.position.layout.discs
    result = opening_rate("shuffleboard", lambda seed: Planner("club", seed, TINY), 4, 2, wilson)
    assert sum(v["decisions"] for v in result["by_intent"].values()) == 4
    assert 0.0 <= result["rate"] <= 1.0


def test_mid_round_views_have_shots_played_and_shots_to_come() -> None:
    views = midround_views("crokinole", 5, 3)
    assert len(views) == 5
    for view in views:
        total = view.turn.disc + len(view.to_come)
        assert total / 3 <= view.turn.disc <= 2 * total / 3
        assert len({view.position.side_of(d.id) for d in view.position.layout.discs}) == 2


def test_mid_round_times_are_kept_per_decision_with_the_shots_meant_invalid() -> None:
    out = midround_times(
        "shuffleboard", {"planner": lambda seed: Planner("club", seed, TINY)}, 2, 4
    )
    assert out["positions"] == 2
    assert len(out["planner"]["cpu"]) == len(out["planner"]["wall"]) == 2
    assert out["planner"]["invalid_meant"] == 0


def test_a_baseline_player_from_a_source_tree_plays_as_that_tree_does() -> None:
    src = Path(flickboard.__file__).parent.parent
    view = opening_view("crokinole")
    baseline = BaselinePlayer(src, "ai:heuristic:club", "crokinole", 3)
    try:
        assert baseline.decide(view) == player_from_spec(
            "ai:heuristic:club", "crokinole", 3
        ).decide(view)
    finally:
        baseline.close()


def test_a_baseline_needs_a_flickboard_source_folder(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="not a flickboard source folder"):
        BaselinePlayer(tmp_path, "ai:planner:club", "crokinole")


def test_self_play_rounds_count_the_hammer_and_the_twenties() -> None:
    from flickboard.bench.ai_selfplay import count

    def rnd(final: list[int], hammer: int, made: int) -> dict[str, object]:
        shots = [{"made": {"0": made}}]
        return {"level": "club", "players": {"0": "planner", "2": "planner"},
                "hammer": hammer, "final": final, "shots": shots}  # fmt: skip

    out = count([rnd([20, 5], 0, 1), rnd([0, 10], 0, 0), rnd([5, 5], 1, 0)])
    club = out["club planner"]
    assert (club["rounds"], club["decided"], club["hammer_won"]) == (3, 2, 0.5)
    assert club["twenties_per_player_game"] == 4 * (1 / 2) / 3

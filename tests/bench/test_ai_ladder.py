"""The search ladder: paired games of the default search against today's, kept after
every pair and carried on when started again (tiny budgets; no timing asserted)."""

from __future__ import annotations

import json
from pathlib import Path

from flickboard.agents.planner import PlannerBudget
from flickboard.agents.search import BUDGETS, CLASSIC, SearchBudget
from flickboard.bench.ai_ladder import _resumed, budget_json, ladder_report, search_ladder

SMALL = PlannerBudget(samples=2, candidates=6, refine_rounds=0, population=2, elite=1, widen=0)
WIDER = SearchBudget(SMALL, widen=2, schedule=(1, 2), top=2, outcomes=2, replies=2,
                     reply_samples=2, reply_check=2, exhaustive_top=2)  # fmt: skip
NARROW = SearchBudget(SMALL, widen=0, schedule=(1, 2), top=1, outcomes=1, replies=1,
                      reply_samples=1, reply_check=1, exhaustive_top=1)  # fmt: skip


def test_todays_search_is_kept_by_name_beside_the_new_default() -> None:
    assert BUDGETS["classic"] is CLASSIC and BUDGETS["default"] == SearchBudget()
    assert (CLASSIC.schedule, CLASSIC.top, CLASSIC.outcomes, CLASSIC.replies) == (
        (3, 8, 24, 48), 3, 8, 12,
    )  # fmt: skip
    assert CLASSIC.planner == PlannerBudget() and CLASSIC.reply_samples == 4
    default = SearchBudget()
    assert default.schedule[-1] > CLASSIC.schedule[-1] and default.top > CLASSIC.top
    assert default.replies > CLASSIC.replies and default.outcomes > CLASSIC.outcomes
    assert default.reply_samples > CLASSIC.reply_samples
    # The default weighs on quasi-random draws, today's on independent ones; the ladder's
    # JSON says which (another draw scheme is other games, not carried on from).
    assert default.planner.quasi and not CLASSIC.planner.quasi
    assert budget_json(default)["quasi"] and not budget_json(CLASSIC)["quasi"]


def test_a_ladder_cut_short_carries_on_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    seen: list[int] = []

    def play(pairs: int) -> dict[str, object]:
        return search_ladder(
            "crokinole", "novice", pairs, 3, path, search=WIDER, classic=NARROW,
            on_pair=lambda r: seen.append(int(r["pairs_played"])),  # type: ignore[call-overload]
        )  # fmt: skip

    first = play(1)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == first and kept["match"]["games"] == 2 and kept["pairs_played"] == 1
    again = play(2)
    assert seen == [1, 2]  # the first pair is not played again
    assert again["match"]["games"] == 4 and again["pairs_played"] == 2  # type: ignore[index]
    counts = again["match"]["counts"]  # type: ignore[index]
    assert counts["games"] == 4 and len(counts["twenties"]) == 4
    assert "over 4 games" in ladder_report(again)  # type: ignore[arg-type]
    # Other games (another seed, another budget) are not carried on from.
    key = {k: again[k] for k in ("kind", "game", "level", "seed", "search_budget")}
    assert _resumed(path, key) is not None
    assert _resumed(path, {**key, "seed": 4}) is None
    assert _resumed(path, {**key, "search_budget": budget_json(NARROW)}) is None


def test_a_ladder_on_two_workers_plays_the_same_games_in_pair_order(tmp_path: Path) -> None:
    def play(name: str, workers: int) -> dict[str, object]:
        seen: list[int] = []
        result = search_ladder(
            "crokinole", "novice", 2, 5, tmp_path / name, search=WIDER, classic=NARROW,
            on_pair=lambda r: seen.append(int(r["pairs_played"])), workers=workers,  # type: ignore[call-overload]
        )  # fmt: skip
        assert seen == [1, 2]
        return result

    alone, pooled = play("alone.json", 1), play("pooled.json", 2)
    assert pooled["match"] == alone["match"]
    assert pooled["match"]["games"] == 4  # type: ignore[index]

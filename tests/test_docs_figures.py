"""The figures in the docs are the benchmarks' JSON (bench/results/), made by
scripts/docs_figures.py, never typed by hand."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from tests.conftest import script as load_script

ROOT = Path(__file__).resolve().parents[1]


def script() -> ModuleType:
    return load_script("scripts/docs_figures.py")


def test_every_figures_block_matches_its_json() -> None:
    figures = script()
    for doc in figures.DOCS:
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert figures.rewritten(text) == text, f"run python scripts/docs_figures.py ({doc})"


def test_the_physics_block_gives_the_fair_ratios_from_the_json() -> None:
    figures = script()
    text = (ROOT / "docs/physics.md").read_text(encoding="utf-8")
    block = text.split("<!-- figures: bench/results/physics.json -->")[1].split("<!--")[0]
    data = json.loads((ROOT / "bench/results/physics.json").read_text(encoding="utf-8"))
    for row in data["timings"]:
        if row["times_flickboard"] is not None:
            assert f"({row['times_flickboard']:.0f}× flickboard's time)" in block
    assert "to rest" in block and "fixed 3 s" not in text  # the fair ratios only
    changed = {**data, "facts": {**data["facts"], "scene_simulate_over_kernel": 9.99}}
    assert "9.99×" in figures.physics(changed)  # the block follows the JSON
    assert data["batch"], "the batch physics against the bare kernel is in the JSON"
    for row in data["batch"]:  # the batch's share of the kernel's rate, each row
        assert f"| {row['scene']} | {row['shots_per_call']}" in block
        assert f"| {row['share_of_kernel']:.2f} |" in block


def test_the_ai_blocks_give_the_decision_times_and_the_ladder_from_the_json() -> None:
    figures = script()
    text = (ROOT / "docs/ai.md").read_text(encoding="utf-8")
    source = "bench/results/ai-crokinole-midround.json"
    block = text.split(f"<!-- figures: {source} -->")[1].split("<!--")[0]
    data = json.loads((ROOT / source).read_text(encoding="utf-8"))
    for who in ("planner", "search", "classic"):
        median = data["midround_decision_time"][who]["cpu"]["median_s"]
        assert f"| {who} | {median:.3f} s |" in block
    ladder = json.loads(
        (ROOT / "bench/results/ai-crokinole-search-ladder.json").read_text(encoding="utf-8")
    )
    games = ladder["match"]["games"]
    assert f"of {games} games against `CLASSIC`" in text
    won = {**ladder, "match": {**ladder["match"], "a_win_rate": 0.7, "wilson95": [0.63, 0.76]}}
    assert "0.700 of" in figures.ai_ladder(won) and "is met" in figures.ai_ladder(won)
    lost = {**ladder, "match": {**ladder["match"], "a_win_rate": 0.45, "wilson95": [0.3, 0.55]}}
    assert "is not met." in figures.ai_ladder(lost) and "stronger" not in figures.ai_ladder(lost)
    close = {**ladder, "match": {**ladder["match"], "a_win_rate": 0.58, "wilson95": [0.51, 0.64]}}
    assert "is not met (the score is under it" in figures.ai_ladder(close)
    assert "The default search is the stronger" in figures.ai_ladder(close)


def test_the_search_choice_block_gives_each_picks_gain_from_the_json() -> None:
    source = "bench/results/ai-crokinole-search-choice.json"
    text = (ROOT / "docs/ai.md").read_text(encoding="utf-8")
    block = text.split(f"<!-- figures: {source} -->")[1].split("<!--")[0]
    data = json.loads((ROOT / source).read_text(encoding="utf-8"))
    for who, name in (("default", "the default search"), ("planner", "the planner")):
        gain = data["gain_over_classic"][who]
        assert f"| {name} | {gain['mean']:+.4f} | [{gain['low']:+.4f}, " in block
    assert f"{data['positions']} mid-round positions" in block

"""``flickboard bench review``: its ladder's verdicts and the figures docs/review.md shows
(written from bench/results/review.json, never by hand)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import script

from flickboard.agents.value_model import PLAYING_LEVELS
from flickboard.bench.review import ladder_figures

ROOT = Path(__file__).resolve().parents[2]


def test_the_ladder_is_ordered_only_when_every_level_beats_the_one_below() -> None:
    rising = {level: [80.0 + 2 * k, 81.0 + 2 * k] for k, level in enumerate(PLAYING_LEVELS)}
    figures = ladder_figures(rising, 1)
    assert figures["ordered"] and figures["apart"]
    assert figures["novice"]["mean"] == 80.5 and figures["novice"]["players"] == 2
    swapped = dict(rising, recreational=rising["novice"], novice=rising["recreational"])
    assert not ladder_figures(swapped, 1)["ordered"]
    close = {level: [90.0, 95.0] for level in PLAYING_LEVELS}
    close["champion"] = [90.1, 95.1]
    assert not ladder_figures(close, 1)["apart"]  # the intervals overlap


def test_docs_review_shows_the_figures_of_the_benchs_json() -> None:
    result = json.loads((ROOT / "bench/results/review.json").read_text(encoding="utf-8"))
    doc = (ROOT / "docs/review.md").read_text(encoding="utf-8")
    assert script("bench/review.py").figures_into(doc, result) == doc, (
        "run python bench/review.py --doc"
    )
    assert "champion planner:" in doc and result["complete"]

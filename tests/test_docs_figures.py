"""The figures in the docs are the benchmarks' JSON (bench/results/), made by
scripts/docs_figures.py, never typed by hand."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_figures", ROOT / "scripts/docs_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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

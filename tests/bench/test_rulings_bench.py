"""The rulings bench counts what it says, and the docs' table comes from its JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import script
from typer.testing import CliRunner

from flickboard.bench.rulings import CROKINOLE_RULE_SETS, Settings, run
from flickboard.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def test_bench_rulings_compares_every_rule_set_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "rulings.json"
    result = CliRunner().invoke(
        app,
        ["bench", "rulings", "--shots", "60", "--compare", "30", "--per-position", "15",
         "--output", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    crokinole = data["games"]["crokinole"]["rule_sets"]
    assert [r["label"] for r in crokinole] == [label for label, _, _ in CROKINOLE_RULE_SETS]
    for r in crokinole + data["games"]["shuffleboard"]["rule_sets"]:
        assert r["disagreements"] == 0, r["examples"]
        # shots that ran, counted position by position (15 a position) up to the target
        assert 60 <= r["shots"] < 60 + 15
        assert 30 <= r["compared"] < 30 + 15
    assert "disagree" in result.output


def test_a_long_run_leaves_its_counts_so_far_at_each_checkpoint() -> None:
    saved: list[dict[str, Any]] = []
    settings = Settings(shots=40, per_position=10, games=("shuffleboard",), every=20)
    final = run(settings, checkpoint=saved.append)
    assert [s["complete"] for s in saved] == [False] * len(saved) and len(saved) >= 1
    counts = [s["games"]["shuffleboard"]["shots"] for s in saved]
    assert counts == sorted(counts) and 20 <= counts[0] < final["games"]["shuffleboard"]["shots"]
    assert final["complete"] and saved[0]["games"]["shuffleboard"]["rule_sets"][0]["compared"] > 0


def test_bench_rulings_refuses_an_unknown_game() -> None:
    result = CliRunner().invoke(app, ["bench", "rulings", "--game", "curling"])
    assert result.exit_code != 0
    assert "crokinole and/or shuffleboard" in result.output


def test_the_docs_table_is_written_from_the_bench_json() -> None:
    data = json.loads((ROOT / "bench/results/rulings.json").read_text(encoding="utf-8"))
    page = (ROOT / "docs/rules.md").read_text(encoding="utf-8")
    docs = script("bench/rulings.py")
    table = page.split(docs.DOC_BEGIN, 1)[1].split(docs.DOC_END, 1)[0].strip()
    assert table == docs.markdown(data), "run: python bench/rulings.py --docs"

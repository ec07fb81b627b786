"""docs/envs.md's throughput figures are the bench's JSON, written by a script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import script

ROOT = Path(__file__).resolve().parents[2]
DOCS = script("bench/envs_docs.py")
"""The development script that writes the figures."""
RESULTS = ROOT / "bench" / "results" / "envs.json"
PAGE = ROOT / "docs" / "envs.md"


def test_the_docs_figures_are_those_of_the_bench_json() -> None:
    result = json.loads(RESULTS.read_text(encoding="utf-8"))
    page = PAGE.read_text(encoding="utf-8")
    assert DOCS.rewritten(page, result) == page, "run: python bench/envs_docs.py"
    block = page[page.index(DOCS.BEGIN) : page.index(DOCS.END)]
    for row in result["configurations"]:
        assert f"| {row['name']} |" in block
    match = next(r for r in result["configurations"] if r["kind"] == "match")
    assert f"{match['per_second_cpu']:,.0f} plays/s" in block


@pytest.mark.parametrize("block", ["figures", "ladder"])
def test_the_script_rewrites_a_stale_page_and_check_says_so(tmp_path: Path, block: str) -> None:
    if block == "figures":
        source, (begin, end), figures = RESULTS, (DOCS.BEGIN, DOCS.END), DOCS.figures
    else:
        source, figures = DOCS.ladder_results("crokinole"), DOCS.ladder_figures
        begin, end = DOCS.ladder_marks("crokinole")
    result = json.loads(source.read_text(encoding="utf-8"))
    page = tmp_path / "envs.md"
    page.write_text(f"before\n{begin}\n| typed by hand | 946 steps/s |\n{end}\nafter\n")
    results = tmp_path / "results.json"
    results.write_text(json.dumps(result))
    args = ["--results", str(results), "--page", str(page)]
    assert DOCS.main([*args, "--check"]) == 1
    assert DOCS.main(args) == 0 and DOCS.main([*args, "--check"]) == 0
    text = page.read_text()
    assert text.startswith("before\n") and text.endswith("\nafter\n")
    assert figures(result) in text and "typed by hand" not in text

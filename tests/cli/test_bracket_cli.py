"""``flickboard event bracket``: a fair-rules single elimination of six with its
consolation draw, to a winner, on a temporary SQLite file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app

Run = Callable[..., str]

EVENT = """
name: Fair crokinole
format: elimination
best_of_three_from: 2
entrants:
  - {id: "1", name: Ann}
  - {id: "2", name: Bob}
  - {id: "3", name: Cat}
  - {id: "4", name: Dan}
  - {id: "5", name: Eve}
  - {id: "6", name: Fay}
"""


@pytest.fixture
def run(tmp_path: Path) -> Run:
    runner = CliRunner()
    db = sqlite_at_head(tmp_path / "fair.sqlite")

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, ["event", *args, "--db", db])
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout if code == 0 else result.stderr

    return invoke


def _matches(run: Run) -> dict[str, dict[str, object]]:
    data = json.loads(run("bracket", "show", "Fair crokinole", "--json"))
    return {m["id"]: m for part in ("main", "consolation") for st in data[part] for m in st}


def test_fair_rules_bracket_of_six_to_a_winner(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "fair.yaml"
    path.write_text(EVENT)
    run("create", str(path))
    m = _matches(run)
    # Top seeds 1 and 2 take the byes; 4 v 5 and 3 v 6 play the first round.
    assert (m["M1-1"]["sides"], m["M1-1"]["winner"]) == (["1", None], "1")
    assert m["M1-2"]["sides"] == ["4", "5"] and m["M1-4"]["sides"] == ["3", "6"]
    assert m["M3-1"]["best_of"] == 3 and m["M2-1"]["best_of"] == 1
    err = run("bracket", "result", "Fair crokinole", "-m", "M2-1", "--score", "100-40", code=2)
    assert err == "error: match M2-1 waits for the winner of M1-2 (1 is through)\n"
    err = run("bracket", "result", "Fair crokinole", "-m", "M1-1", "--score", "100-40", code=2)
    assert err == "error: match M1-1 is a bye: 1 goes through without a game\n"
    err = run("bracket", "result", "Fair crokinole", "-m", "M1-2", "--rounds", "5-5,100-0", code=2)
    assert err == "error: round 1 (5-5): only one side scores in a round\n"
    err = run("bracket", "result", "Fair crokinole", "-m", "M1-2", "--score", "95-40", code=2)
    assert "not decided at 95-40" in err
    run("bracket", "result", "Fair crokinole", "-m", "M1-2", "--score", "60-100")
    out = run("bracket", "result", "Fair crokinole", "-m", "M1-4", "--rounds", "40-0,0-25,65-0")
    assert "M1-4: 105-25" in out and "consolation draw" in out
    m = _matches(run)
    # Two first-round losers: the consolation final, best of three from two left too.
    assert m["C1-1"]["sides"] == ["4", "6"] and m["C1-1"]["best_of"] == 3
    for score in ("30-100", "15-100"):
        run("bracket", "result", "Fair crokinole", "-m", "C1-1", "--score", score)
    run("bracket", "result", "Fair crokinole", "-m", "M2-1", "--score", "100-55")
    run("bracket", "result", "Fair crokinole", "-m", "M2-2", "--score", "20-100")
    for score in ("100-10", "45-100", "100-95"):
        run("bracket", "result", "Fair crokinole", "-m", "M3-1", "--score", score)
    err = run("bracket", "result", "Fair crokinole", "-m", "M3-1", "--score", "100-0", code=2)
    assert "is decided: 1 won it" in err
    out = run("bracket", "show", "Fair crokinole", "--csv", str(tmp_path / "b.csv"))
    assert "champion: 1 Ann" in out and "consolation winner: 6" in out
    lines = (tmp_path / "b.csv").read_text().splitlines()
    assert lines[0] == "draw,match,stage,best_of,side1,side2,winner"
    assert "main,M1-1,1,1,1,,1" in lines and "consolation,C1-1,1,3,4,6,6" in lines
    m = _matches(run)
    assert (m["M3-1"]["sides"], m["M3-1"]["winner"]) == (["1", "3"], "1")

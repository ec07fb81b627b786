"""``flickboard event league``: a four-person and a six-person night, end to end on a
temporary SQLite file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app

Run = Callable[..., str]


def _team(code: str, name: str, n: int) -> str:
    players = "\n".join(
        f"      - {{id: {code}{i}, name: {name} player {i}}}" for i in range(1, n + 1)
    )
    return f"  - id: {code}\n    name: {name}\n    players:\n{players}\n"


@pytest.fixture
def run(tmp_path: Path) -> Run:
    runner = CliRunner()
    db = sqlite_at_head(tmp_path / "league.sqlite")

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, ["event", *args, "--db", db])
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout if code == 0 else result.stderr

    return invoke


def _create(run: Run, tmp_path: Path, fmt: str, n: int) -> None:
    path = tmp_path / "league.yaml"
    path.write_text(
        f"name: Tuesday\nformat: {fmt}\nentrants:\n"
        + _team("S", "Sharks", n + 1)
        + _team("J", "Jets", n)
    )
    assert f"created Tuesday ({fmt}): 2 entrants" in run("create", str(path))


def test_four_person_night_to_the_match_result(run: Run, tmp_path: Path) -> None:
    _create(run, tmp_path, "league-four", 4)
    assert "night 1: S Sharks (home) v J Jets" in run("league", "schedule", "Tuesday")
    run("league", "lineup", "Tuesday", "-n", "1", "-t", "S", "1=S1", "2=S2", "3=S3", "4=S4")
    run("league", "lineup", "Tuesday", "-n", "1", "-t", "J", "1=J1", "2=J2", "3=J3", "4=J4")
    table = run("league", "rotation", "Tuesday", "-n", "1")
    assert "H3 S3 Sharks player 3" in table and "V2 J2 Jets player 2" in table
    err = run(
        "league",
        "sub",
        "Tuesday",
        "-n",
        "1",
        "-t",
        "S",
        "-g",
        "2",
        "--out",
        "S1",
        "--in",
        "S3",
        code=2,
    )
    assert err.startswith("error: ") and err.count("\n") == 1
    run("league", "sub", "Tuesday", "-n", "1", "-t", "S", "-g", "4", "--out", "S2", "--in", "S5")
    scores = ["21-5", "10-21", "21-20", "21-13", "5-21"]
    for game, score in enumerate(scores, start=1):
        run("league", "result", "Tuesday", "-n", "1", "-t", "J", "-g", str(game), "--score", score)
    err = run(
        "league", "result", "Tuesday", "-n", "1", "-t", "S", "-g", "1", "--score", "21-3", code=2
    )
    assert err == "error: game 1 of night 1, S v J, is already entered\n"
    err = run(
        "league", "result", "Tuesday", "-n", "1", "-t", "S", "-g", "6", "--score", "20-3", code=2
    )
    assert "not decided at 20-3" in err
    out = run(
        "league",
        "result",
        "Tuesday",
        "-n",
        "1",
        "-t",
        "S",
        "-g",
        "6",
        "--frames",
        "4-0,0-6,16-0,0-7,1-0",
    )
    assert "round 1: total points S 52 - 46 J; round point: S +1" in out
    assert "round 2: total points S 47 - 47 J; round point: ½ each" in out
    assert "match points (final): Sharks 5½ - 2½ Jets" in out
    match = run("league", "match", "Tuesday", "-n", "1", "-t", "S")
    assert "H2 S5 Sharks player 5" in match and "H2 S2 Sharks player 2" in match
    data = json.loads(run("league", "standings", "Tuesday", "--json"))
    assert [(x["team"], x["match_points"], x["games_won"]) for x in data] == [
        ("S", "11/2", 4),
        ("J", "5/2", 2),
    ]
    assert "5½ match points: 4 games won + 1½ round points" in data[0]["reason"]
    run("league", "standings", "Tuesday", "--csv", str(tmp_path / "l.csv"))
    lines = (tmp_path / "l.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "place,team,name,matches,match_points,games_won,points_for,tied,reason"
    assert lines[1].startswith("1,S,Sharks,1,11/2,4,")
    rows = {
        line.split("│")[2].strip(): line
        for line in run("league", "players", "Tuesday").splitlines()
        if line.count("│") > 5
    }
    # Two nights of six games are scheduled: 25% is 3 games (VII 9).
    assert "│ 3      │ 12        │ eligible" in rows["S1"]
    assert "│ 2      │ 12        │ not eligible: needs 3 games" in rows["S5"]
    assert "│ 1      │ 12        │ not eligible" in rows["S2"]


def test_six_person_night_with_forfeit_to_the_match_result(run: Run, tmp_path: Path) -> None:
    _create(run, tmp_path, "league-six", 6)
    run("league", "lineup", "Tuesday", "-n", "2", "-t", "J", "A=J1,J2", "B=J3,J4", "C=J5,J6")
    run("league", "lineup", "Tuesday", "-n", "2", "-t", "S", "A=S1,S2", "B=S3,S4", "C=S5,S6")
    table = run("league", "rotation", "Tuesday", "-n", "2")
    assert "Night 2: Jets (home, red) v Sharks (visitors)" in table
    assert "Home (LE & RE)" in table and "A: J1 Jets player 1 & J2 Jets player 2" in table
    out = run("league", "forfeit", "Tuesday", "-n", "2", "-t", "S", "--minutes", "16")
    assert "S forfeits game 1 of night 2" in out
    sub = ("league", "sub", "Tuesday", "-n", "2", "-t", "S")
    err = run(*sub, "-g", "5", "--out", "S3", "--in", "S7", "--during", code=2)
    assert "only before the beginning of a game" in err and "S3 plays game 5 to its end" in err
    run(*sub, "-g", "5", "--out", "S3", "--in", "S7")
    out = run("league", "ends", "Tuesday", "-n", "2", "-t", "S", "-g", "6", "--pair", "b")
    # the visitors' pair B plays games 4 and 7: S7 came in at S3's left end, then swapped
    assert "B: S3 Sharks player 3 & S4 Sharks player 4" in out  # game 4
    assert "B: S4 Sharks player 4 & S7 Sharks player 7" in out  # game 7
    err = run(
        "league",
        "sub",
        "Tuesday",
        "-n",
        "2",
        "-t",
        "S",
        "-g",
        "7",
        "--out",
        "S1",
        "--in",
        "S3",
        code=2,
    )
    assert "may only return there" in err
    for game in range(2, 10):
        score = "21-11" if game % 2 else "14-21"
        run("league", "result", "Tuesday", "-n", "2", "-t", "S", "-g", str(game), "--score", score)
    err = run(
        "league", "result", "Tuesday", "-n", "2", "-t", "S", "-g", "10", "--score", "21-1", code=2
    )
    assert "game 10 is not in the six-person rotation" in err
    out = run("league", "match", "Tuesday", "-n", "2", "-t", "J")
    # Jets: forfeit game 1 plus odd games 3, 5, 7, 9; Sharks: even games 2, 4, 6, 8.
    assert "match points (final): Jets 5 - 4 Sharks" in out
    assert "forfeited by S (delay)" in out and "B: S4 Sharks player 4 & S7 Sharks player 7" in out
    table = run("league", "standings", "Tuesday")
    assert "Jets" in table and "5 match points: 5 games won" in table

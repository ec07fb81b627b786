"""``flickboard event csc``: a CSC double round robin of four teams through a
sudden-death game and the playoffs to a champion, on a temporary SQLite file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.events.csc import double_round_robin
from flickboard.store.acting import Actor
from flickboard.store.service import DeskService

Run = Callable[..., str]

EVENT = """
name: Zone singles
format: csc-round-robin
discipline: singles
entrants:
  - {id: A, name: Ann Reid}
  - {id: B, name: Bob Hall}
  - {id: C, name: Cat Moss}
  - {id: D, name: Dan Pike}
"""

BEATS = {("B", "C"), ("C", "D"), ("D", "B")}
"""A wins every game; among B, C, D each beats one twice: three tied for second."""


@pytest.fixture
def run(tmp_path: Path) -> Run:
    runner = CliRunner()
    db = sqlite_at_head(tmp_path / "csc.sqlite")

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, ["event", *args, "--db", db])
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout if code == 0 else result.stderr

    return invoke


def _score(home: str, visitors: str) -> list[str]:
    home_wins = home == "A" or (visitors != "A" and (home, visitors) in BEATS)
    if home_wins:
        return ["--frames", "3-0,0-2,4-0,0-1,8-0"]
    return ["--score", "9-15"]


def test_csc_double_round_robin_through_playoffs_to_a_champion(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "csc.yaml"
    path.write_text(EVENT)
    assert "created Zone singles (csc-round-robin): 4 entrants" in run("create", str(path))
    draws = double_round_robin(list("ABCD"))
    assert run("csc", "games", "Zone singles").count("Reid") == 6
    err = run(
        "csc",
        "result",
        "Zone singles",
        "-r",
        "1",
        "--home",
        "A",
        "--visitors",
        "C",
        "--score",
        "15-2",
        code=2,
    )
    assert "not drawn in round 1" in err and err.count("\n") == 1
    for d in draws:
        for home, visitors in d.games:
            run(
                "csc",
                "result",
                "Zone singles",
                "-r",
                str(d.round_no),
                "--home",
                home,
                "--visitors",
                visitors,
                *_score(home, visitors),
            )
    home, visitors = draws[0].games[0]
    err = run(
        "csc",
        "result",
        "Zone singles",
        "-r",
        "1",
        "--home",
        home,
        "--visitors",
        visitors,
        "--score",
        "15-2",
        code=2,
    )
    assert err == f"error: the round 1 game {home} v {visitors} is already entered\n"
    data = json.loads(run("csc", "standings", "Zone singles", "--json"))
    assert [(x["team"], x["points"], x["place"]) for x in data["standings"]] == [
        ("A", 6, 1),
        ("B", 2, 2),
        ("C", 2, 2),
        ("D", 2, 2),
    ]
    assert data["first"] == "A" and data["pending"] == ["B", "C", "D"]
    err = run("csc", "playoff", "Zone singles", "--series", "semi", "--score", "15-3", code=2)
    assert "not settled" in err
    out = run(
        "csc",
        "sudden-death",
        "Zone singles",
        "--for",
        "semi",
        "--home",
        "C",
        "--visitors",
        "D",
        "--score",
        "11-15",
    )
    assert "semi-final (best of three): B v D" in out
    data = json.loads(run("csc", "standings", "Zone singles", "--json"))
    reasons = {x["team"]: x["reason"] for x in data["standings"]}
    assert reasons["A"].startswith("first, bye to the final (8.2 b): 6 aggregate points")
    assert "sudden death: beat C" in reasons["D"] and reasons["D"].startswith("semi-final")
    assert reasons["C"].startswith("out") and "lost to D" in reasons["C"]
    # Knocked out in sudden death, C is fourth; B and D, level and both through, share 2nd.
    assert [(x["team"], x["place"], x["tied"]) for x in data["standings"]] == [
        ("A", 1, False),
        ("B", 2, True),
        ("D", 2, True),
        ("C", 4, False),
    ]
    run("csc", "standings", "Zone singles", "--csv", str(tmp_path / "z.csv"))
    lines = (tmp_path / "z.csv").read_text().splitlines()
    assert lines[0] == "place,team,name,points,games,scored,tied,out,prize_forfeited_by,reason"
    assert lines[4].startswith("4,C,") and ',no,,"out, not in the top three' in lines[4]
    for score in ("15-10", "12-15", "15-7"):
        run("csc", "playoff", "Zone singles", "--series", "semi", "--score", score)
    err = run("csc", "playoff", "Zone singles", "--series", "semi", "--score", "15-3", code=2)
    assert "the semi is decided (B won it)" in err
    run("csc", "playoff", "Zone singles", "--series", "final", "--score", "15-3")
    out = run("csc", "playoff", "Zone singles", "--series", "final", "--frames", "14-0,0-9,1-0")
    assert "final (best of three): A v B; games won by A, A" in out
    assert "champion: A Ann Reid" in out
    data = json.loads(run("csc", "standings", "Zone singles", "--json"))
    assert (data["semi_winner"], data["champion"]) == ("B", "A")


def test_csc_game_corrected_and_withdrawn_from_the_command_line(run: Run, tmp_path: Path) -> None:
    spec = tmp_path / "zone.yaml"
    spec.write_text(EVENT)
    run("create", str(spec))
    run("csc", "result", "Zone singles", "-r", "1", "--home", "A", "--visitors", "D",
        "--score", "15-9")  # fmt: skip
    err = run("csc", "result", "Zone singles", "-r", "1", "--home", "B", "--visitors", "C",
              "--score", "99999-0", code=2)  # fmt: skip
    assert "no game to 15 ends there" in err and "\n" not in err.strip()
    listed = run("csc", "entered", "Zone singles")
    assert "A v D" in listed and "15-9" in listed
    out = run("csc", "correct", "Zone singles", "--game", "1", "--frames", "0-9,15-0",
              "--reason", "frames miscounted")  # fmt: skip
    assert out.strip() == "corrected game 1: the round 1 game A v D 15-9"
    err = run("csc", "correct", "Zone singles", "--game", "1", "--score", "40-0",
              "--reason", "x", code=2)  # fmt: skip
    assert "a winner has at most 30" in err
    out = run("csc", "withdraw", "Zone singles", "--game", "1", "--reason", "wrong board")
    assert out.startswith("withdrawn game 1")
    assert "A v D" not in run("csc", "entered", "Zone singles")


def test_the_command_lines_reasons_are_audited_and_a_withdrawn_games_id_is_not_reused(
    run: Run, tmp_path: Path
) -> None:
    spec = tmp_path / "zone.yaml"
    spec.write_text(EVENT)
    run("create", str(spec))
    game = ["Zone singles", "-r", "1", "--home", "A", "--visitors", "D", "--score", "15-9"]
    run("csc", "result", *game)
    run("csc", "correct", "Zone singles", "--game", "1", "--score", "15-8",
        "--reason", "frames miscounted")  # fmt: skip
    run("csc", "withdraw", "Zone singles", "--game", "1", "--reason", "wrong board")
    svc = DeskService(f"sqlite:///{tmp_path / 'csc.sqlite'}")
    trail = svc.audit(Actor.desk(), "Zone singles")
    details = [(a["action"], a["detail"]) for a in trail[-2:]]
    assert details == [
        ("correct_club_game", "Zone singles game 1: frames miscounted"),
        ("withdraw_club_game", "Zone singles game 1: wrong board"),
    ]
    run("csc", "result", *game)
    assert [g.id for g in svc.games.stored("Zone singles")] == [2]  # never 1 again


def test_csc_vi_12_offence_from_the_command_line_signed_by_a_referee(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "csc.yaml"
    path.write_text(EVENT)
    run("create", str(path))
    db = f"sqlite:///{tmp_path / 'csc.sqlite'}"  # the run fixture's database
    runner = CliRunner()
    monkeypatch.setenv("FLICKBOARD_NEW_PASSWORD", "director-pass")
    assert runner.invoke(app, ["desk", "admin", "--db", db]).exit_code == 0
    monkeypatch.setenv("FLICKBOARD_PASSWORD", "director-pass")
    monkeypatch.setenv("FLICKBOARD_NEW_PASSWORD", "referee-pass")
    assert runner.invoke(app, ["desk", "referee", "REF", "--db", db]).exit_code == 0
    monkeypatch.setenv("FLICKBOARD_PASSWORD", "referee-pass")
    offence = ["csc", "offence", "Zone singles", "--referee", "REF"]
    err = run(*offence, "--player", "E", "--act", "threat of violence", code=2)
    assert "E is not a player entered in this event" in err
    # singles, no players listed: the entrant's ID is the player
    out = run(*offence, "--player", "C", "--act", "threat of violence")
    assert "Cat Moss: offence detrimental to the game (CSC VI 12): threat of violence" in out
    rows = json.loads(run("csc", "standings", "Zone singles", "--json"))["standings"]
    assert {r["team"]: r["prize_forfeited_by"] for r in rows} == {
        "A": "",
        "B": "",
        "C": "C",
        "D": "",
    }
    monkeypatch.setenv("FLICKBOARD_PASSWORD", "wrong")
    assert "wrong name or password" in run(*offence, "--player", "D", "--act", "x", code=2)

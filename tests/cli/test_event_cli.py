"""``flickboard event`` end to end on a temporary SQLite file, and ``standings FILE``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app

EVENT = """
name: Club night
category: adult singles
games: 2
seed: 5
entrants:
  - {id: "1", name: Ann Brubacher}
  - {id: "2", name: Joe Martin}
  - {id: "3", name: Lena Bauman}
  - {id: "4", name: Ray Weber}
"""


CASUAL = (
    "name: Casual\ncategory: adult singles\nformat: round-robin\nentrants:\n"
    '  - {id: "N", name: Nick}\n  - {id: "X", name: Xavi}\n'
)


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    runner = CliRunner()
    db = sqlite_at_head(tmp_path / "events.sqlite")

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(
            app, [*args, "--db", db] if args[0] in ("event", "desk") else list(args)
        )
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout if code == 0 else result.stderr

    return invoke


def _create(run, tmp_path: Path) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    path = tmp_path / "event.yaml"
    path.write_text(EVENT)
    assert "created Club night: 4 entrants" in run("event", "create", str(path))
    out = run("event", "draw", "Club night")
    return re.findall(r"board \d: (\d) .* v (\d) ", out)


def test_event_cli_whole_evening(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    games = _create(run, tmp_path)
    assert len(games) == 2
    (a, b), (c, d) = games
    run(
        "event",
        "enter",
        "Club night",
        "-r",
        "1",
        "--player",
        a,
        "--opponent",
        b,
        "--rounds",
        "60-40/1-0,35-35,20-55/1-2,80-10/3-0",
    )
    run(
        "event",
        "enter",
        "Club night",
        "-r",
        "1",
        "--player",
        c,
        "--opponent",
        d,
        "--rounds",
        "60-40/1-0,35-35,20-55/1-2,80-10/3-0",
    )
    out = run("event", "standings", "Club night")
    assert "PROVISIONAL: 2 cards not validated yet" in out
    assert 'flickboard event validate "Club night" -r ROUND' in out
    assert json.loads(run("event", "standings", "Club night", "--json"))["provisional"] is True
    run("event", "validate", "Club night", "-r", "1", "--opponent", b, "--initials", "JM")
    run("event", "validate", "Club night", "-r", "1", "--opponent", d, "--initials", "RW")
    data = json.loads(run("event", "standings", "Club night", "--json"))
    assert sorted(map(sorted, data["unresolved"])) == sorted([sorted([a, c]), sorted([b, d])])
    out = run("event", "shootout", "Club night", f"{a}=XoXoXooo-ooo", f"{c}=XXXX-Xoooooo")
    assert f"{b}/{d}" in out or f"{d}/{b}" in out
    data = json.loads(run("event", "standings", "Club night", "--json"))
    assert data["standings"][0]["entrant"] == c
    assert "shoot-out: 5 twenties (XXXX-Xoooooo)" in data["standings"][0]["reasons"]
    table = run("event", "standings", "Club night")
    assert "Ann Brubacher" in table and "tournament points" in table
    monkeypatch.setenv("FLICKBOARD_NEW_PASSWORD", "director-pass")
    run("desk", "admin")
    monkeypatch.setenv("FLICKBOARD_PASSWORD", "director-pass")
    monkeypatch.setenv("FLICKBOARD_NEW_PASSWORD", "referee-pass")
    run("desk", "referee", "REF")
    monkeypatch.setenv("FLICKBOARD_PASSWORD", "referee-pass")
    out = run(
        "event",
        "correct",
        "Club night",
        "-r",
        "1",
        "--player",
        a,
        "--referee",
        "REF",
        "--game-round",
        "3",
        "--rounds",
        "55-20/2-1",
        "--reason",
        "misread",
    )
    # a now wins alone: the shoot-out a and c held is void and is removed.
    assert f"shoot-out among {a}, {c} removed" in out
    trail = json.loads(run("event", "corrections", "Club night"))
    assert trail[0]["referee"] == "REF"
    data = json.loads(run("event", "standings", "Club night", "--json"))
    assert data["standings"][0]["entrant"] == a and data["standings"][0]["points"] == 7
    cmn = json.loads(
        run("event", "export", "Club night", "--format", "cmn", "--date", "2026-02-11T19:30Z")
    )
    assert cmn["cmn"] == "1.0"
    assert cmn["event"] == {"name": "Club night", "type": "tournament", "round": 1}
    assert {m["match"]["date"] for m in cmn["matches"]} == {"2026-02-11T19:30:00Z"}
    assert "[Side1Id" in run("event", "export", "Club night", "--format", "scoresheet")
    pdf = tmp_path / "cards.pdf"
    run("event", "scorecards", "Club night", "--pdf", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")
    ratings = json.loads(run("event", "ratings", "--json"))
    assert ratings[0]["id"] in (a, c)
    assert {r["name"] for r in ratings} == {
        "Ann Brubacher",
        "Joe Martin",
        "Lena Bauman",
        "Ray Weber",
    }
    assert "Ann Brubacher" in run("event", "ratings")


def test_event_cli_bad_input_one_line_exit_2(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), _ = _create(run, tmp_path)
    err = run(
        "event",
        "enter",
        "Club night",
        "-r",
        "1",
        "--player",
        a,
        "--opponent",
        b,
        "--rounds",
        "62-40,35-35,20-55,80-10",
        code=2,
    )
    assert err == (
        "error: round 1 (62-40): a round score must be a non-negative multiple of 5, got 62\n"
    )
    err = run(
        "event",
        "enter",
        "Club night",
        "-r",
        "1",
        "--player",
        a,
        "--opponent",
        b,
        "--rounds",
        "sixty",
        code=2,
    )
    assert "not like 60-40" in err
    err = run("event", "standings", "Nope", code=2)
    assert "no event called 'Nope'" in err
    err = run("event", "create", str(tmp_path / "missing.yaml"), code=2)
    assert "cannot read" in err


def test_standings_file_json(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(
        json.dumps(
            {
                "name": "Pool A",
                "category": "adult singles",
                "format": "round-robin",
                "entrants": [{"id": x, "name": f"Player {x}"} for x in "ABC"],
                # The round robin's circle draw: B v C, then C v A, then A v B.
                "cards": [
                    _card(3, "A", "B", 6, (2, 1)),
                    _card(1, "B", "C", 6, (1, 1)),
                    _card(2, "C", "A", 6, (1, 3)),
                ],
            }
        )
    )
    result = CliRunner().invoke(
        app, ["standings", str(path), "--json", "--csv", str(tmp_path / "s.csv")]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["entrant"] for p in data["standings"]] == ["A", "B", "C"]
    assert (tmp_path / "s.csv").read_text().startswith("place,id,name")
    bad = CliRunner().invoke(app, ["standings", str(tmp_path / "nope.json")])
    assert bad.exit_code == 2 and "cannot read" in bad.stderr


def _card(rnd: int, a: str, b: str, points: int, tw: tuple[int, int]) -> dict[str, object]:
    from flickboard.events.eventfile import card_spec
    from flickboard.events.scorecard import Scorecard, validate
    from flickboard.events.synthetic import game_with

    card = Scorecard("adult singles", rnd, (a, b), (a, b), game_with(points, tw))
    return card_spec(validate(card, b, b)).model_dump()


def test_bench_standings_command_reports_both_timings() -> None:
    result = CliRunner().invoke(
        app, ["bench", "standings", "--players", "40", "--games", "3", "--repeats", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 40 and data["cards"] > 60
    assert data["speedup"] == pytest.approx(data["naive_seconds"] / data["desk_seconds"])
    assert data["database_seconds"] > 0 and data["database_setup_seconds"] > 0
    text = CliRunner().invoke(
        app, ["bench", "standings", "--players", "20", "--games", "2", "--repeats", "1"]
    )
    assert "from the database" in text.stdout and "in memory" in text.stdout


CHAMP = """
name: Final
category: adult singles
format: championship
entrants:
  - {id: "17", name: Ann Brubacher}
  - {id: "42", name: Joe Martin}
"""


def test_championship_match_from_the_command_line(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = run(
        "event",
        "championship",
        "Final",
        "--category",
        "adult singles",
        "--side",
        "17=Ann Brubacher",
        "--side",
        "42=Joe Martin",
    )
    assert "best two of three" in out
    four = "60-40,40-60,60-40,40-60"
    err = run("event", "enter", "Final", "-r", "1", "--player", "17", "--opponent", "42",
              "--rounds", four, code=2)  # fmt: skip
    assert (
        err
        == "error: the championship game is tied 4-4 after 4 rounds: play round 5 (a winner has to be determined)\n"
    )
    for game in ("1", "2"):
        run("event", "enter", "Final", "-r", game, "--player", "17", "--opponent", "42",
            "--rounds", four + ",45-20/1-0", "--championship")  # fmt: skip
        run("event", "validate", "Final", "-r", game, "--opponent", "42", "--initials", "JM")
    err = run("event", "enter", "Final", "-r", "3", "--player", "42", "--opponent", "17",
              "--rounds", "60-40,60-40,60-40,60-40", code=2)  # fmt: skip
    assert "game 3 was played after the series was decided (2-0 in games)" in err
    data = json.loads(run("event", "standings", "Final", "--json"))
    assert [p["entrant"] for p in data["standings"]] == ["17", "42"]
    assert data["standings"][0]["reasons"] == [
        "won the championship match 2 games to 0 (best two of three)"
    ]
    path = tmp_path / "final.yaml"
    path.write_text(CHAMP.replace("Final", "Final 2"))
    run("event", "create", str(path))
    assert "board 1: 17 Ann Brubacher v 42 Joe Martin" in run("event", "draws", "Final 2")


def test_export_then_create_draws_the_next_round(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), (c, d) = _create(run, tmp_path)
    for x, y in ((a, b), (c, d)):
        run("event", "enter", "Club night", "-r", "1", "--player", x, "--opponent", y,
            "--rounds", "60-40,35-35,20-55,80-10")  # fmt: skip
    out = tmp_path / "copy.json"
    run("event", "export", "Club night", "-o", str(out))
    data = json.loads(out.read_text())
    assert data["draws"][0]["round"] == 1 and len(data["draws"][0]["games"]) == 2
    data["name"] = "Copy"
    out.write_text(json.dumps(data))
    run("event", "create", str(out))
    assert run("event", "draw", "Copy").startswith("round 2")


SPEC = Path(__file__).parents[1] / "play" / "data"
LEAGUE = """
name: Tuesday
category: adult singles
games: 4
entrants:
  - {id: "CRK-00142", name: Jeff Decker}
  - {id: "CRK-00087", name: Maria Santos}
  - {id: "A", name: Ann Reid}
  - {id: "B", name: Bob Hall}
  - {id: "C", name: Cat Moss}
  - {id: "D", name: Dan Pike}
draws:
  - {round: 1, games: [["CRK-00142", A], ["CRK-00087", B], [C, D]]}
  - {round: 2, games: [["CRK-00142", B], ["CRK-00087", C], [A, D]]}
  - {round: 3, games: [["CRK-00142", C], ["CRK-00087", D], [A, B]]}
  - {round: 4, games: [["CRK-00142", "CRK-00087"], [A, C], [B, D]]}
"""


def test_event_create_imports_cmn_json_and_old_scoresheets(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    league = tmp_path / "league.yaml"
    league.write_text(LEAGUE)
    out = run("event", "create", str(league), "--cmn", str(SPEC / "cmn-singles-league.json"))
    assert (
        "read cmn-singles-league.json: CMN match 1 (Jeff Decker v Maria Santos): scores read" in out
    )
    assert "created Tuesday: 6 entrants, 1 card" in out
    exported = json.loads(run("event", "export", "Tuesday", "--format", "cmn"))
    games = exported["match"]["games"]
    assert games[0] == {"winner": 0, "scores": [60, 5], "twenties": [2, 0]}
    err = run("event", "export", "Tuesday", "--format", "cmn", "--date", "yesterday", code=2)
    assert "--date must be ISO 8601" in err
    old = tmp_path / "old.cmn"
    old.write_text(run("event", "export", "Tuesday", "--format", "scoresheet"))
    again = league.read_text().replace("Tuesday", "Wednesday")
    (tmp_path / "again.yaml").write_text(again)
    out = run("event", "create", str(tmp_path / "again.yaml"), "--cmn", str(old))
    assert "created Wednesday: 6 entrants, 1 card" in out


def test_event_create_cmn_results_only_round_trips_through_the_db_into_standings_and_cmn(  # type: ignore[no-untyped-def]
    run, tmp_path: Path
) -> None:
    """The CMN draft's minimal example (winners only) is stored as a results-only card:
    standings from the database say the 20s are not recorded, and the CMN and event
    file exports give back exactly the winners."""
    casual = tmp_path / "casual.yaml"
    casual.write_text(CASUAL)
    minimal = SPEC / "cmn-casual-minimal.json"
    out = run("event", "create", str(casual), "--cmn", str(minimal))
    assert "created Casual: 2 entrants, 1 card" in out
    run("event", "validate", "Casual", "-r", "1", "--opponent", "X", "--initials", "XV")
    data = json.loads(run("event", "standings", "Casual", "--json"))
    assert [(p["entrant"], p["points"]) for p in data["standings"]] == [("N", 6), ("X", 2)]
    assert data["standings"][0]["reasons"][0] == (
        "6 tournament points (20s not recorded in 1 game: results only)"
    )
    assert not data["provisional"]
    exported = json.loads(run("event", "export", "Casual", "--format", "cmn"))
    assert exported["match"]["games"] == json.loads(minimal.read_text())["match"]["games"]
    assert exported["match"]["winner"] == 0
    assert exported["match"]["flickboard"]["validated"] == {"by": "X", "initials": "XV"}
    (card,) = json.loads(run("event", "export", "Casual"))["cards"]
    assert card["rounds"] == [{"winner": w} for w in (0, 0, 1, 0)] and "seal" in card
    again = tmp_path / "again.cmn.json"
    again.write_text(run("event", "export", "Casual", "--format", "cmn"))
    (tmp_path / "again.yaml").write_text(CASUAL.replace("Casual", "Again"))
    run("event", "create", str(tmp_path / "again.yaml"), "--cmn", str(again))
    assert run("event", "export", "Again", "--format", "cmn").count('"winner": 0') == 4
    err = run("event", "export", "Casual", "--format", "scoresheet", code=2)
    assert "holds results only, which a scoresheet cannot: export it as CMN" in err


def test_event_create_refuses_a_game_without_its_winner_and_unknown_files_plainly(  # type: ignore[no-untyped-def]
    run, tmp_path: Path
) -> None:
    casual = tmp_path / "casual.yaml"
    casual.write_text(CASUAL)
    record = json.loads((SPEC / "cmn-casual-minimal.json").read_text())
    record["match"]["games"][1] = {"twenties": [1, 0]}
    no_winner = tmp_path / "no-winner.json"
    no_winner.write_text(json.dumps(record))
    err = run("event", "create", str(casual), "--cmn", str(no_winner), code=2)
    assert err == "error: match.games[1].winner is required (0, 1 or null)\n"
    notes = tmp_path / "notes.txt"
    notes.write_text("Nick beat Xavi 3 rounds to 1\n")
    err = run("event", "create", str(casual), "--cmn", str(notes), code=2)
    assert "neither CMN 1.0" in err and "nor a flickboard scoresheet" in err
    assert "Casual" not in run("event", "list")


def test_standings_of_results_only_cards_say_which_20s_a_tie_needs(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    results = tmp_path / "results.yaml"
    results.write_text(
        EVENT
        + "cards:\n"
        + "  - round: 1\n    sides: ['1', '2']\n    validated: {by: '2', initials: JM}\n"
        + "    rounds: [{winner: 0}, {winner: 0}, {winner: 1}, {winner: 0}]\n"
    )
    data = json.loads(run("standings", str(results), "--json"))
    assert [p["entrant"] for p in data["standings"]][:1] == ["1"]
    assert "20s not recorded in 1 game" in data["standings"][0]["reasons"][0]
    results.write_text(
        results.read_text()
        + "  - round: 1\n    sides: ['3', '4']\n    validated: {by: '4', initials: RW}\n"
        + "    rounds: [{scores: [40, 0], twenties: [1, 0]}, {scores: [40, 0]}, "
        + "{scores: [0, 40]}, {scores: [40, 0]}]\n"
    )
    err = run("standings", str(results), code=2)
    assert err.count("\n") == 1
    assert "are tied on 6 tournament points, and 20s break the tie next (WCC)" in err
    assert "the 20s of 1 in all games of the preliminary are not recorded" in err

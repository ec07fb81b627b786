"""The desk's faults at the command line, each a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app

EVENT = """
name: Club night
category: adult singles
games: 3
entrants:
  - {id: "1", name: Ann Brubacher}
  - {id: "2", name: Joe Martin}
  - {id: "3", name: Lena Bauman}
  - {id: "4", name: Ray Weber}
"""
GAME = "60-40/1-0,35-35,20-55/1-2,80-10/3-0"


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    runner = CliRunner()
    db = sqlite_at_head(tmp_path / "events.sqlite")

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout if code == 0 else result.stderr

    return invoke


def _drawn(run, tmp_path: Path) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    (tmp_path / "e.yaml").write_text(EVENT, encoding="utf-8")
    run("event", "create", str(tmp_path / "e.yaml"))
    return re.findall(r"board \d: (\d) .* v (\d) ", run("event", "draw", "Club night"))


def test_delete_and_rename_an_event(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _drawn(run, tmp_path)
    assert "renamed" in run("event", "rename", "Club night", "Tuesday club")
    assert run("event", "list").split() == ["Tuesday", "club"]
    assert "add --yes" in run("event", "delete", "Tuesday club", code=2)
    run("event", "delete", "Tuesday club", "--yes")
    assert run("event", "list") == ""


def test_withdraw_a_card_entered_in_error(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), _ = _drawn(run, tmp_path)
    run("event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b, "--rounds", GAME)
    assert "withdrew the round 1 card" in run(
        "event", "withdraw-card", "Club night", "-r", "1", "--player", b
    )
    run("event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b, "--rounds", GAME)
    run("event", "validate", "Club night", "-r", "1", "--opponent", b, "--initials", "JM")
    err = run("event", "withdraw-card", "Club night", "-r", "1", "--player", a, code=2)
    assert "the card is validated: it is not withdrawn, a referee corrects it instead" in err


def test_csv_import_of_entrants(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "e.yaml").write_text(EVENT, encoding="utf-8")
    run("event", "create", str(tmp_path / "e.yaml"))
    csv = tmp_path / "more.csv"
    csv.write_text("id,name,gender\n5,Ζωή Παπαδοπούλου,F\n6,Дмитрий Иванов,M\n", encoding="utf-8")
    assert "added 2 entrants to Club night" in run("event", "entrants", "Club night", str(csv))
    csv.write_text("id,name\n7,\u202eevil\n", encoding="utf-8")
    err = run("event", "entrants", "Club night", str(csv), code=2)
    assert "line 2" in err and "U+202E" in err
    run("event", "draw", "Club night")
    csv.write_text("id,name\n8,Late Comer\n", encoding="utf-8")
    assert "is drawn: entrants are added before round 1" in run(
        "event", "entrants", "Club night", str(csv), code=2
    )


def test_blank_scorecards_for_a_drawn_round(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    games = _drawn(run, tmp_path)
    pdf = tmp_path / "blank.pdf"
    run("event", "scorecards", "Club night", "--pdf", str(pdf), "--blank", "1")
    text = " ".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    assert "Club night - adult singles - round 1 - board 2" in text
    assert all(f"#{a} points" in text and f"#{b} 20s" in text for a, b in games)
    assert "round 2 of Club night is not drawn" in run(
        "event", "scorecards", "Club night", "--pdf", str(pdf), "--blank", "2", code=2
    )


def test_correct_reports_the_round_it_corrects(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), _ = _drawn(run, tmp_path)
    run("event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b, "--rounds", GAME)
    err = run(
        "event", "correct", "Club night", "-r", "1", "--player", a, "--referee", "R",
        "--game-round", "2", "--rounds", "62-30", "--reason", "x", code=2,
    )  # fmt: skip
    assert err.startswith("error: round 2 (62-30)")


def test_errors_name_the_players_and_count_in_words(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), _ = _drawn(run, tmp_path)
    names = {"1": "Ann Brubacher", "2": "Joe Martin", "3": "Lena Bauman", "4": "Ray Weber"}
    err = run(
        "event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b,
        "--rounds", "180-0/9-0,35-35,20-55,80-10", code=2,
    )  # fmt: skip
    assert f"round 1: {names[a]} has 9 twenties but shoots only 8 discs" in err
    err = run(
        "event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b,
        "--rounds", "40-130/0-1,35-35,20-55,80-10", code=2,
    )  # fmt: skip
    assert f"{names[b]} scored 130, more than 8 discs can score with 1 twenty" in err


def test_impossible_round_scores_are_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, b), _ = _drawn(run, tmp_path)
    for rounds, message in (
        ("5000-40,35-35,20-55,80-10", "scored 5000, more than 8 discs can score"),
        ("165-0/8-0,35-35,20-55,80-10", "scored 165, more than 8 discs can score with 8 twenties"),
        ("1" + "0" * 22 + "-0,35-35,20-55,80-10", "no round scores that much"),
    ):
        err = run(
            "event", "enter", "Club night", "-r", "1", "--player", a, "--opponent", b,
            "--rounds", rounds, code=2,
        )  # fmt: skip
        assert message in err and err.count("\n") == 1


def test_a_23_digit_number_anywhere_is_a_clean_error(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _drawn(run, tmp_path)
    big = "9" * 23
    err = run("event", "validate", "Club night", "-r", big, "--opponent", "1",
              "--initials", "AB", code=2)  # fmt: skip
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_names_need_a_visible_character_and_no_bidi_override(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for name, message in (("'   '", "needs a visible character"), ("Ann\u202eBob", "U+202E")):
        (tmp_path / "e.yaml").write_text(EVENT.replace("Ann Brubacher", name), encoding="utf-8")
        err = run("event", "create", str(tmp_path / "e.yaml"), code=2)
        assert message in err


def test_league_nights_take_round_like_enter(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    teams = "\n".join(
        f"  - {{id: T{t}, name: Team {t}, players: ["
        + ", ".join(f"{{id: P{t}{i}, name: Player {t}{i}}}" for i in range(6))
        + "]}"
        for t in (1, 2)
    )
    (tmp_path / "l.yaml").write_text(f"name: Tuesday\nformat: league-six\nentrants:\n{teams}\n")
    run("event", "create", str(tmp_path / "l.yaml"))
    by_round = run("event", "league", "rotation", "Tuesday", "-r", "1")
    by_night = run("event", "league", "rotation", "Tuesday", "--night", "1")
    assert by_round == by_night and "Night 1" in by_round


def test_shoot_help_shows_the_optional_fields() -> None:
    out = CliRunner().invoke(app, ["shoot", "--help"], env={"COLUMNS": "200"}).stdout
    assert "layout and shot, optionally shooter and params" in " ".join(out.split())


def test_a_scorer_code_is_issued_for_a_drawn_game_and_revoked(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (a, _), _ = _drawn(run, tmp_path)
    code = run("desk", "code", "Club night", "-r", "1", "--player", a).strip()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{8}", code)
    assert run("desk", "revoke", code) == "code revoked\n"
    assert "unknown or revoked scorer code" in run("desk", "revoke", code, code=2)


def test_the_audit_trail_names_the_command_that_wrote(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from flickboard.store.acting import Actor
    from flickboard.store.service import DeskService

    _drawn(run, tmp_path)
    service = DeskService(f"sqlite:///{tmp_path / 'events.sqlite'}")
    actions = {str(a["action"]) for a in service.audit(Actor.desk())}
    assert {"event create", "event draw"} <= actions, actions

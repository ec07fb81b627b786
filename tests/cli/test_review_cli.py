"""``flickboard review``: records written by the terminal reviewed, as JSON and as a
summary; a folder gives the trend; bad input is one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app

runner = CliRunner()


def _played(tmp_path: Path, game: str, name: str, *args: str) -> Path:
    record = tmp_path / name
    result = runner.invoke(
        app, ["match", game, *args, "--seed", "2", "--quiet", "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    return record


def test_review_json_of_a_terminal_crokinole_match_lists_shots_and_players(tmp_path: Path) -> None:
    record = _played(tmp_path, "crokinole", "match.json", "--time-shots", "4")
    result = runner.invoke(app, ["review", "crokinole", str(record), "--json"])
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["format"] == "flickboard/review" and review["game"] == "crokinole"
    assert [s["seat"] for s in review["shots"]] == [0, 2, 0, 2]
    for shot in review["shots"]:
        assert shot["label"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert 0 <= shot["expected_loss"] <= 1 and shot["comment"].startswith("you chose")
        assert shot["meant_from"] == "ai"  # the terminal records the AI's choice
    assert sorted(p["seat"] for p in review["players"]) == [0, 2]
    assert all(0 <= p["accuracy"] <= 100 for p in review["players"])


def test_review_of_a_shuffleboard_record_for_one_seat_writes_the_file_and_a_summary(
    tmp_path: Path,
) -> None:
    record = _played(tmp_path, "shuffleboard", "sh.json", "--red", "bot", "--target", "1")
    out = tmp_path / "review.json"
    args = ["review", "shuffleboard", str(record), "--seat", "1", "--level", "expert"]
    result = runner.invoke(app, [*args, "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert "accuracy" in result.stdout and "costliest shots" in result.stdout
    assert "key moment " in result.stdout and "points of winning chance for" in result.stdout
    review = json.loads(out.read_text(encoding="utf-8"))
    assert {s["seat"] for s in review["shots"]} == {1}
    assert {s["level"] for s in review["shots"]} == {
        "top-competitive"
    }  # the alias, reported by its name


def test_review_of_a_folder_gives_each_player_s_trend(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for k in (1, 2):
        _played(folder, "crokinole", f"game{k}.json", "--time-shots", "2")
    result = runner.invoke(app, ["review", "crokinole", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["source"] for r in data["reviews"]] == ["game1.json", "game2.json"]
    assert all(len(t["games"]) == 2 for t in data["trends"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["shuffleboard"], "is not a table shuffleboard record"),
        (["crokinole", "--level", "grandmaster"], "unknown skill level 'grandmaster'"),
        (
            ["crokinole", "--seat", "1"],
            "seat 1 is not at this table: its seats are 0 (red), 2 (green)",
        ),
        (["crokinole", "--level", "x=club"], "--level takes LEVEL or SEAT=LEVEL"),
    ],
)
def test_bad_review_input_is_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    record = _played(tmp_path, "crokinole", "m.json", "--time-shots", "1")
    game, *rest = args
    result = runner.invoke(app, ["review", game, str(record), *rest])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_review_of_a_missing_record_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", "crokinole", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "no such file or folder" in result.output

"""Replays of both games shot by shot, pictures of shots and positions, and the summaries of
``score`` and ``rule`` (with ``--json`` for machines)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.play.kind import load_match
from flickboard.play.match import ShotAction

runner = CliRunner()

SVG = "{http://www.w3.org/2000/svg}"


def _played(tmp_path: Path, game: str, *args: str) -> tuple[Path, str]:
    record = tmp_path / f"{game}.json"
    result = runner.invoke(
        app, ["match", game, *args, "--seed", "2", "--quiet", "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    return record, result.stdout


def _shots_in(record: Path) -> int:
    match = load_match(json.loads(record.read_text(encoding="utf-8")))
    return sum(isinstance(a, ShotAction) for a in match.history)


def test_replay_shuffleboard_gives_the_game_as_played(tmp_path: Path) -> None:
    record, played = _played(tmp_path, "shuffleboard", "--red", "bot", "--target", "5")
    result = runner.invoke(app, ["replay", "shuffleboard", str(record)])
    assert result.exit_code == 0, result.output
    verdict = played.strip().splitlines()[-1]
    assert verdict.startswith("Game 1: ") and verdict in result.stdout
    assert "F1" in result.stdout and "totals" in result.stdout


def test_replay_best_of_three_shuffleboard_ends_with_the_match(tmp_path: Path) -> None:
    args = ["--red", "bot", "--best-of-three", "--target", "2"]
    record, played = _played(tmp_path, "shuffleboard", *args)
    result = runner.invoke(app, ["replay", "shuffleboard", str(record)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1] == played.strip().splitlines()[-1]
    assert "wins the match" in result.stdout


@pytest.mark.parametrize(
    ("game", "args"),
    [("crokinole", ["--time-shots", "6"]), ("shuffleboard", ["--red", "bot", "--target", "2"])],
)
def test_replay_shot_by_shot_shows_each_ruling_and_the_board_and_draws_each_shot(
    tmp_path: Path, game: str, args: list[str]
) -> None:
    record, _ = _played(tmp_path, game, *args)
    shots = _shots_in(record)
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    cmd = ["replay", game, str(record), "--shots", "--picture", str(pictures)]
    result = runner.invoke(app, cmd)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1.1.1: red" in out and "1.1.2: green" in out
    assert out.count(" left: ") == 0  # a replay has no score line, only the boards
    files = sorted(pictures.glob("*.svg"))
    assert len(files) == shots and files[0].name == "shot-1.01.01.svg"
    first = ET.parse(files[0]).getroot()
    assert first.tag == f"{SVG}svg"
    assert first.findall(f".//{SVG}polyline")  # the shooter's path, sampled from the physics
    only = tmp_path / "only"
    only.mkdir()
    one = runner.invoke(
        app, ["replay", game, str(record), "--shot", "1.1.2", "--picture", str(only)]
    )
    assert one.exit_code == 0, one.output
    assert [p.name for p in only.iterdir()] == ["shot-1.01.02.svg"]
    assert "1.1.2: green" in one.stdout and "1.1.1:" not in one.stdout


def test_replay_refuses_another_games_record_a_missing_shot_and_a_file_for_a_folder(
    tmp_path: Path,
) -> None:
    record, _ = _played(tmp_path, "crokinole", "--time-shots", "2")
    (tmp_path / "file").write_text("not a folder")
    for args, message in (
        (["shuffleboard", str(record)], "is a crokinole record: flickboard replay crokinole"),
        (["crokinole", str(record), "--shot", "1.9.1"], "there is no shot 1.9.1 in this record"),
        (["crokinole", str(record), "--shot", "one"], "--shot must be GAME.ROUND.SHOT"),
        (["crokinole", str(record), "--picture", str(tmp_path / "file")], "not a folder"),
    ):
        result = runner.invoke(app, ["replay", *args])
        assert result.exit_code == 2, result.output
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_replay_makes_the_picture_folder_when_it_is_missing(tmp_path: Path) -> None:
    record, _ = _played(tmp_path, "crokinole", "--time-shots", "2")
    folder = tmp_path / "pictures" / "game"
    result = runner.invoke(app, ["replay", "crokinole", str(record), "--picture", str(folder)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["shot-1.01.01.svg", "shot-1.01.02.svg"]


def _board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.json"
    discs = [
        {"side": "red", "x": 0, "y": 2},
        {"side": "green", "x": 6, "y": 0},
        {"side": "green", "x": 0.7, "y": 0, "leaning": True},
    ]
    path.write_text(json.dumps({"units": "in", "discs": discs, "twenties": {"red": 1}}))
    return path


def test_score_crokinole_summarises_the_board_and_draws_it(tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    result = runner.invoke(
        app, ["score", "crokinole", str(_board_file(tmp_path)), "--picture", str(picture)]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "R0" in out and "G1" in out and "g2" in out  # the board, as red sees it
    assert "red disc 0: 15" in out and "green disc 1: 10" in out
    assert "│ red   │           15 │   1 │    35 │" in out
    svg = ET.parse(picture).getroot()
    labels = [t.text for t in svg.iter(f"{SVG}text")]
    assert labels == ["0", "1", "2"]
    machine = runner.invoke(app, ["score", "crokinole", str(_board_file(tmp_path)), "--json"])
    assert json.loads(machine.stdout)["sides"]["red"]["total"] == 35


def test_rule_crokinole_summarises_the_ruling_and_draws_the_shot(tmp_path: Path) -> None:
    shot = tmp_path / "shot.json"
    shot.write_text(
        json.dumps(
            {
                "units": "in",
                "discs": [{"id": 1, "side": "green", "x": 0, "y": 6}],
                "seat": 2,
                "side": "red",
                "players": 4,
                "outcome": {
                    "shooter": 100,
                    "start": [0, 12],
                    "events": [
                        {"kind": "disc_contact", "disc": 100, "other": 1},
                        {"kind": "left_surface", "disc": 1, "other": "rim"},
                    ],
                    "finals": [
                        {"id": 100, "x": 0, "y": 9},
                        {"id": 1, "x": 0, "y": -13.5, "state": "in_ditch"},
                    ],
                },
            }
        )
    )
    picture = tmp_path / "shot.svg"
    result = runner.invoke(app, ["rule", "crokinole", str(shot), "--picture", str(picture)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat 2: Valid shot by red: a red disc struck a green disc" in out
    assert "After the shot, seen from seat 2." in out
    lines = out.splitlines()
    red_row = next(k for k, line in enumerate(lines) if "R100" in line)
    hole_row = next(k for k, line in enumerate(lines) if " o " in line)
    assert red_row > hole_row  # seat 2's disc, 9 in on its side, is drawn below the hole
    svg = ET.parse(picture).getroot()
    assert len(svg.findall(f".//{SVG}polyline")) == 2  # both moved: start to end, by hand
    faded = [c for c in svg.iter(f"{SVG}circle") if c.get("fill-opacity") == "0.35"]
    assert len(faded) == 1  # green's disc, in the ditch


def test_score_shuffleboard_summarises_the_count_and_draws_the_table(tmp_path: Path) -> None:
    file = tmp_path / "table.json"
    weights = [{"colour": "red", "x": 0.0, "y": 4.2}, {"colour": "green", "x": 0.1, "y": 4.1}]
    file.write_text(json.dumps({"weights": weights}))
    picture = tmp_path / "table.svg"
    result = runner.invoke(app, ["score", "shuffleboard", str(file), "--picture", str(picture)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "R0" in out and "G1" in out
    assert "weight 0: red, zone three, leading, 3 points" in out
    assert "Frame count: red 3 - green 0." in out
    assert [t.text for t in ET.parse(picture).getroot().iter(f"{SVG}text")] == ["0", "1"]

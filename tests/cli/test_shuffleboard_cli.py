"""The shuffleboard commands, run through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.agents.shuffleboard_bot import RELEASE_Y, draw_speed
from flickboard.cli.app import app
from flickboard.physics import PhysicsParams
from flickboard.play.shuffleboard_record import game_from_json

RUNNER = CliRunner()


def test_score_shuffleboard_prints_the_count_as_json(tmp_path: Path) -> None:
    file = tmp_path / "frame.json"
    file.write_text(
        json.dumps(
            {
                "weights": [
                    {"colour": "red", "x": 0.0, "y": 4.2},
                    {"colour": "green", "x": 0.1, "y": 4.1},
                    {"colour": "red", "x": -0.1, "y": 3.8},
                ]
            }
        )
    )
    result = RUNNER.invoke(app, ["score", "shuffleboard", str(file)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["leader"] == "red"
    assert data["points"] == {"red": 3, "green": 0}
    assert [w["leading"] for w in data["weights"]] == [True, False, False]


def test_score_shuffleboard_rejects_overlapping_weights(tmp_path: Path) -> None:
    file = tmp_path / "bad.json"
    file.write_text(
        json.dumps(
            {"weights": [{"colour": "red", "x": 0, "y": 4}, {"colour": "red", "x": 0, "y": 4.01}]}
        )
    )
    result = RUNNER.invoke(app, ["score", "shuffleboard", str(file)])
    assert result.exit_code == 2
    assert "overlap" in result.stderr
    assert "Traceback" not in result.output


def test_score_shuffleboard_rejects_bad_json_and_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert RUNNER.invoke(app, ["score", "shuffleboard", str(bad)]).exit_code == 2
    missing = RUNNER.invoke(app, ["score", "shuffleboard", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr


def test_match_shuffleboard_singles_bots_play_to_the_end_and_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["match", "shuffleboard", "--red", "bot", "--green", "bot", "--seed", "5"]
    result = RUNNER.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "singles to 15" in result.stdout
    assert "wins" in result.stdout.splitlines()[-1]
    data = json.loads(record.read_text())
    result_data = data["result"]
    assert result_data["winner"] in ("red", "green")
    assert max(result_data["totals"].values()) >= 15
    totals = result_data["totals"]
    assert game_from_json(data).totals == (totals["red"], totals["green"])
    again = RUNNER.invoke(app, args)
    assert again.stdout == result.stdout  # seeded: the same game again


def test_match_shuffleboard_doubles_bots_play_to_the_end() -> None:
    result = RUNNER.invoke(
        app,
        [
            "match",
            "shuffleboard",
            "--players",
            "4",
            "--red",
            "bot",
            "--green",
            "bot",
            "--seed",
            "2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "doubles to 17" in result.stdout
    assert "red 2:" in result.stdout and "green 2:" in result.stdout  # partners at the far end
    assert "wins" in result.stdout.splitlines()[-1]


def test_match_shuffleboard_human_types_deliveries_until_the_target() -> None:
    # A human red against a bot, to 1 point: bad lines are explained, then draws.
    speed = draw_speed(PhysicsParams.shuffleboard(), RELEASE_Y, 4.19)
    lines = ["nonsense", "0 99", "help"] + [f"0 {speed:.4f} 10"] * 80
    result = RUNNER.invoke(
        app,
        ["match", "shuffleboard", "--green", "bot", "--target", "1", "--seed", "1"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "expected ANGLE SPEED" in result.stdout  # "nonsense"
    assert "speed must be" in result.stdout  # "0 99"
    assert "'help' repeats this" in result.stdout
    assert "wins" in result.stdout.splitlines()[-1]


def test_match_shuffleboard_input_ending_early_stops_and_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    result = RUNNER.invoke(app, ["match", "shuffleboard", "--record", str(record)], input="0 1.5\n")
    assert result.exit_code == 0
    assert "Stopped: input ended" in result.stdout
    data = json.loads(record.read_text())
    assert data["rounds"][0]["shots"][0]["turn"]["side"] == 0
    assert game_from_json(data).deliveries[0].player == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3"], "2 or 4 players"),
        (["--red", "robot"], "is not a player"),
        (["--target", "0"], "positive"),
    ],
)
def test_match_shuffleboard_bad_options_get_one_line_errors(args: list[str], message: str) -> None:
    result = RUNNER.invoke(app, ["match", "shuffleboard", "--green", "bot", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_match_shuffleboard_person_says_the_other_player_delivered_out_of_turn(
    tmp_path: Path,
) -> None:
    speed = draw_speed(PhysicsParams.shuffleboard(), RELEASE_Y, 4.19)
    record = tmp_path / "game.json"
    lines = [f"other 0 {speed:.4f} 10", f"0 {speed:.4f} -10"]
    args = ["match", "shuffleboard", "--green", "human", "--record", str(record)]
    result = RUNNER.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "other ANGLE SPEED" in result.stdout and "5(h)" in result.stdout
    shots = json.loads(record.read_text())["rounds"][0]["shots"]
    assert [s["turn"]["side"] for s in shots] == [1, 0]  # green out of turn, then red
    assert shots[0]["calls"] == {"out_of_order": True}
    assert [d.player for d in game_from_json(json.loads(record.read_text())).deliveries] == [1, 0]
    # Against a bot the claim is refused and the person is asked again.
    against_bot = RUNNER.invoke(
        app, ["match", "shuffleboard", "--green", "bot"], input=f"other 0 {speed:.4f}\n"
    )
    assert against_bot.exit_code == 0
    assert "not a person at the terminal" in against_bot.stdout

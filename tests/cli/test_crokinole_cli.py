"""``flickboard score crokinole`` and ``flickboard match crokinole`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.play.cmn import parse_match
from flickboard.play.crokinole_record import replay_game
from flickboard.play.gamerecord import game_record_from_json

runner = CliRunner()


def _board_file(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_score_crokinole_prints_each_sides_score(tmp_path: Path) -> None:
    data = {
        "rules": "wcc",
        "units": "in",
        "discs": [
            {"side": "red", "x": 0, "y": 2},
            {"side": "green", "x": 6, "y": 0},
            {"side": "red", "x": 0, "y": -10},
            {"side": "green", "x": 0.7, "y": 0, "leaning": True},
        ],
        "twenties": {"red": 2},
    }
    result = runner.invoke(app, ["score", "crokinole", str(_board_file(tmp_path, data))])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["sides"]["red"] == {"board": 20, "twenties": 2, "total": 60}
    assert out["sides"]["green"] == {"board": 25, "twenties": 0, "total": 25}
    assert [d["points"] for d in out["discs"]] == [15, 10, 5, 15]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"discs": [{"side": "red", "x": 0, "y": 0.1}, {"side": "red", "x": 0.01, "y": 0.1}]},
            "overlap",
        ),
        ({"discs": [{"side": "red", "x": 0, "y": 0.5}]}, "off the playing surface"),
        ({"discs": [{"side": "purple", "x": 0, "y": 0.1}]}, "unknown side 'purple'"),
        ({"discs": [{"side": "red", "x": "a", "y": 0.1}]}, "x must be a number"),
        ({"rules": "csc", "discs": []}, "not a crokinole rule set"),
        ({"discs": [], "units": "cubits"}, "units must be one of"),
        ([1, 2], "must be a JSON object"),
        (
            {"discs": [{"side": "red", "x": 0, "y": 0.1}], "twenties": {"red": 12}},
            "red has 13 discs",
        ),
    ],
)
def test_score_crokinole_bad_file_exits_2_with_one_line(
    tmp_path: Path, data: object, message: str
) -> None:
    result = runner.invoke(app, ["score", "crokinole", str(_board_file(tmp_path, data))])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_score_crokinole_unreadable_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert runner.invoke(app, ["score", "crokinole", str(path)]).exit_code == 2
    assert runner.invoke(app, ["score", "crokinole", str(tmp_path / "missing.json")]).exit_code == 2


@pytest.mark.parametrize(
    ("args", "players"),
    [
        (["--rules", "wcc"], 2),
        (["--rules", "nca", "--players", "4"], 4),
        (
            [
                "--rules",
                "depot",
                "--players",
                "4",
                "--free-for-all",
                "--option",
                "free_for_all=true",
            ],
            4,
        ),
    ],
)
def test_match_crokinole_bots_play_to_the_end_and_save_the_record(
    tmp_path: Path, args: list[str], players: int
) -> None:
    record, cmn = tmp_path / "match.json", tmp_path / "match.cmn"
    result = runner.invoke(
        app,
        [
            "match",
            "crokinole",
            *args,
            "--games",
            "1",
            "--seed",
            "3",
            "--record",
            str(record),
            "--cmn",
            str(cmn),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Valid shot" in result.stdout and "Match:" in result.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    game = replay_game(game_record_from_json(data["games"][0]))
    assert len(game.rounds) == 4 and game.seating.players == players
    (parsed,) = parse_match(cmn.read_text(encoding="utf-8"))
    assert parsed.rounds == tuple(game.rounds)


def test_match_crokinole_human_is_reprompted_until_the_shot_is_valid() -> None:
    lines = ["help", "zero one", "0 40", "0 1.0 40", *["0 1.0"] * 16]
    result = runner.invoke(
        app,
        ["match", "crokinole", "--red", "human", "--time-shots", "4", "--games", "1"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "ANGLE SPEED" in result.stdout
    assert "not numbers" in result.stdout
    assert "speed must be above 0 and at most 12" in result.stdout
    assert "quadrant" in result.stdout
    assert result.stdout.count("shot by red:") == 2


def test_match_crokinole_human_input_ending_stops_cleanly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["match", "crokinole", "--green", "human"], input="")
    assert result.exit_code == 0
    assert "Stopped: input ended" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "snooker"], "unknown rule set"),
        (["--red", "robot"], "--red must be human"),
        (["--players", "3"], "free-for-all"),
        (["--option", "direct_hit"], "KEY=VALUE"),
        (["--rules", "wcc", "--option", "direct_hit=true"], "unexpected keyword"),
        (["--games", "0"], "at least one game"),
        (["--record", "/no/such/folder/m.json"], "does not exist"),
        (["--players", "4", "--first-seat", "1"], "seat 1 is green's"),
        (["--players", "4", "--first-seat", "7"], "seat 7 is empty"),
        (["--first-seat", "2"], "first seat must be red's: 0"),
    ],
)
def test_match_crokinole_bad_options_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["match", "crokinole", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_nca_doubles_partners_of_the_team_chosen_to_play_first_decide_which_starts(
    tmp_path: Path,
) -> None:
    record = tmp_path / "doubles.json"
    args = ["match", "crokinole", "--rules", "nca", "--players", "4", "--first-seat", "2"]
    more = ["--games", "2", "--time-shots", "2", "--quiet", "--record", str(record)]
    result = runner.invoke(app, [*args, *more])
    assert result.exit_code == 0, result.output
    games = json.loads(record.read_text(encoding="utf-8"))["games"]
    first = [g["rounds"][0]["shots"][0]["turn"] for g in games]
    assert first[0] == {"seat": 2, "side": 0, "disc": 0}
    assert first[1]["seat"] == 3 and first[1]["side"] == 1
    assert [g["setup"]["first_seat"] for g in games] == [2, 3]
    assert replay_game(game_record_from_json(games[0])).first_seat == 2


def test_match_crokinole_record_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    args = ["match", "crokinole", "--time-shots", "0", "--quiet", "--record", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"cannot write {tmp_path}" in result.stderr
    assert "Traceback" not in result.output


def test_match_crokinole_record_is_compact_version_2(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    args = ["match", "crokinole", "--time-shots", "6", "--quiet", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    text = record.read_text(encoding="utf-8")
    assert text.count("\n") == 1
    (game,) = json.loads(text)["games"]
    assert game["version"] == 2 and game["precision"] == 6
    assert replay_game(game_record_from_json(game)).rounds[0].unplayed is False

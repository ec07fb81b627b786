"""``flickboard score crokinole`` and ``flickboard match crokinole`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.play.cmn import parse_cmn
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
    result = runner.invoke(app, ["score", "crokinole", "--json", str(_board_file(tmp_path, data))])
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
        (
            {"players": 2, "discs": [{"side": "red", "x": 0, "y": 0.1}], "twenties": {"red": 8}},
            "red has 9 discs on the board and in the hole; no side shoots more than 8",
        ),
        (
            {"discs": [{"side": "blue", "x": 0, "y": 0.1}]},
            "blue is not in play: wcc with these players has 2 colours (red, green)",
        ),
        ({"players": 3, "discs": []}, "wcc has no 3-player free-for-all"),
        ({"players": 5, "discs": []}, "players must be 2, 3 or 4"),
        ({"teams": False, "discs": []}, "teams needs players"),
        ({"players": 2, "teams": True, "discs": []}, "true only with 4 players"),
    ],
)
def test_score_crokinole_bad_file_exits_2_with_one_line(
    tmp_path: Path, data: object, message: str
) -> None:
    result = runner.invoke(app, ["score", "crokinole", str(_board_file(tmp_path, data))])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_score_crokinole_counts_discs_for_the_players_and_lists_every_side(
    tmp_path: Path,
) -> None:
    data = {
        "rules": "depot",
        "options": {"free_for_all": True},
        "players": 4,
        "teams": False,
        "discs": [{"side": "blue", "x": 0, "y": 0.05}],
        "twenties": {"red": 6},
    }
    result = runner.invoke(app, ["score", "crokinole", "--json", str(_board_file(tmp_path, data))])
    assert result.exit_code == 0, result.output
    sides = json.loads(result.stdout)["sides"]
    assert list(sides) == ["red", "green", "blue", "yellow"]
    assert sides["red"]["total"] == 120 and sides["blue"]["total"] == 15
    assert sides["yellow"] == {"board": 0, "twenties": 0, "total": 0}
    doubles = {"players": 4, "discs": [], "twenties": {"green": 12}}
    result = runner.invoke(
        app, ["score", "crokinole", "--json", str(_board_file(tmp_path, doubles))]
    )
    assert json.loads(result.stdout)["sides"]["red"]["total"] == 0
    too_many = {**data, "twenties": {"red": 7}}
    result = runner.invoke(app, ["score", "crokinole", str(_board_file(tmp_path, too_many))])
    assert "red has 7 discs" in result.stderr


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
    record, cmn = tmp_path / "match.json", tmp_path / "match.cmn.json"
    two_sides = "--free-for-all" not in args
    written = ["--cmn", str(cmn)] if two_sides else []
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
            *written,
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Valid shot" in result.stdout and "Match:" in result.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    game = replay_game(game_record_from_json(data["games"][0]))
    assert len(game.rounds) == 4 and game.seating.players == players
    if two_sides:
        (parsed,) = parse_cmn(cmn.read_text(encoding="utf-8"))
        assert parsed.rounds() == tuple(game.rounds)
        assert parsed.format == ("doubles" if players == 4 else "singles")


def test_match_crokinole_cmn_is_refused_before_play_for_more_than_two_sides(
    tmp_path: Path,
) -> None:
    args = ["--players", "3", "--rules", "depot", "--option", "free_for_all=true"]
    cmn = tmp_path / "m.cmn.json"
    result = runner.invoke(app, ["match", "crokinole", *args, "--cmn", str(cmn)])
    assert result.exit_code == 2
    assert "--cmn: CMN records games of two sides" in result.stderr
    assert not cmn.exists()


def test_match_crokinole_human_is_reprompted_until_the_shot_is_valid() -> None:
    lines = ["help", "zero one", "0 40", "0 8", "0 1.0 40", *["0 1.0"] * 16]
    result = runner.invoke(
        app,
        ["match", "crokinole", "--red", "human", "--time-shots", "4", "--games", "1"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "ANGLE SPEED" in result.stdout
    assert "not numbers" in result.stdout
    assert "speed must be above 0 and at most 12" in result.stdout
    assert "SPEED in m/s (0.3-4; about 1 reaches the middle)" in result.stdout  # the web's
    assert "speed must be between 0.3 and 4.0 m/s in crokinole, not 8.0" in result.stdout
    assert "offset 40 cm is outside your quadrant: start from -25.5 to 25.5 cm" in result.stdout
    assert result.stdout.count("shot by red:") == 2


def test_match_crokinole_human_input_ending_stops_cleanly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["match", "crokinole", "--green", "human"], input="")
    assert result.exit_code == 0
    assert "Match stopped (input ended) in game 1: no result." in result.stdout
    assert "Match:" not in result.stdout


def test_match_crokinole_quit_mid_game_saves_the_shots_played_and_no_result(
    tmp_path: Path,
) -> None:
    record, cmn = tmp_path / "m.json", tmp_path / "m.cmn.json"
    args = ["match", "crokinole", "--red", "human", "--record", str(record), "--cmn", str(cmn)]
    result = runner.invoke(app, args, input="0 1.0\n0 1.0\n0 1.0\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Match stopped (stopped at the player's request) in game 1" in result.stdout
    assert "Match: tied" not in result.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["stopped"] is True
    (game,) = data["games"]
    assert game["result"] is None and [len(r["shots"]) for r in game["rounds"]] == [6]
    replayed = replay_game(game_record_from_json(game))
    assert not replayed.over and replayed.current is not None
    assert len(replayed.current.shots) == 6
    assert parse_cmn(cmn.read_text(encoding="utf-8")) == ()  # CMN holds finished games only
    again = runner.invoke(app, ["replay", "crokinole", str(record)])
    assert again.exit_code == 0, again.output
    assert "Match stopped in game 1: no result." in again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--rules", "snooker"],
            "unknown crokinole rule set 'snooker'; known: depot, fair, nca, wcc",
        ),
        (["--rules", "csc"], "'csc' is not a crokinole rule set"),
        (["--red", "robot"], "--red: 'robot' is not a player"),
        (["--players", "3"], "free-for-all"),
        (["--option", "direct_hit"], "KEY=VALUE"),
        (
            ["--rules", "wcc", "--option", "direct_hit=true"],
            "rule set 'wcc' has no option direct_hit; its options: category",
        ),
        (["--championship", "--games", "5"], "best two of three games, not 5"),
        (["--youngest", "2"], "only the fair rules let the youngest player shoot first"),
        (["--rules", "fair", "--youngest", "2", "--first-seat", "0"], "not both"),
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
    assert len(result.stderr.strip().splitlines()) == 1


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


def test_match_crokinole_record_is_compact_version_3(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    args = ["match", "crokinole", "--time-shots", "6", "--quiet", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    text = record.read_text(encoding="utf-8")
    assert text.count("\n") == 1
    (game,) = json.loads(text)["games"]
    assert game["version"] == 3 and game["precision"] == 6
    assert replay_game(game_record_from_json(game)).rounds[0].unplayed is False


def test_depot_7c_free_order_a_team_of_people_chooses_which_partner_shoots(
    tmp_path: Path,
) -> None:
    record = tmp_path / "free.json"
    args = ["match", "crokinole", "--rules", "depot", "--option", "free_order=true"]
    more = ["--players", "4", "--red", "human", "--time-shots", "4", "--record", str(record)]
    result = runner.invoke(app, [*args, *more], input="0 1.0\n5\n2\n0 1.0\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("red: which partner shoots, seat 2 or 0? ") == 2
    assert "type 2 or 0" in result.stdout
    (game,) = json.loads(record.read_text(encoding="utf-8"))["games"]
    seats = [shot["turn"]["seat"] for shot in game["rounds"][0]["shots"]]
    assert seats[0] == 0 and seats[2] == 2 and seats[1] in (1, 3)


def test_fair_youngest_player_shoots_first_at_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "fair.json"
    args = ["match", "crokinole", "--rules", "fair", "--youngest", "2", "--time-shots", "2"]
    result = runner.invoke(app, [*args, "--quiet", "--record", str(record)])
    assert result.exit_code == 0, result.output
    (game,) = json.loads(record.read_text(encoding="utf-8"))["games"]
    assert game["rounds"][0]["shots"][0]["turn"] == {"seat": 2, "side": 1, "disc": 0}


def test_fair_game_ended_by_time_is_decided_by_the_score_then_not_by_20s(tmp_path: Path) -> None:
    args = ["match", "crokinole", "--rules", "fair", "--time-shots", "30", "--seed", "12"]
    result = runner.invoke(app, [*args, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "Game 1: red wins, ahead when time ran out (25-0)" in result.stdout
    assert "Match: red wins 1 game to 0" in result.stdout
    assert "WCC tie-break" not in result.stdout


def test_replay_crokinole_prints_the_result_and_exports_cmn(tmp_path: Path) -> None:
    record, cmn, again = tmp_path / "m.json", tmp_path / "m.json.cmn", tmp_path / "again.cmn"
    args = ["match", "crokinole", "--games", "2", "--time-shots", "6", "--quiet", "--seed", "4"]
    played = runner.invoke(app, [*args, "--record", str(record), "--cmn", str(cmn)])
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["replay", "crokinole", str(record), "--cmn", str(again)])
    assert result.exit_code == 0, result.output
    verdict = [line for line in played.stdout.splitlines() if line.startswith("Match:")]
    assert verdict and verdict[0] in result.stdout
    assert "Game 2:" in result.stdout
    written, replayed = (json.loads(p.read_text(encoding="utf-8")) for p in (cmn, again))
    for data in (written, replayed):  # the date: when play ended, when the record was written
        for m in data["matches"]:
            assert m["match"].pop("date").endswith("Z")
    assert written == replayed and len(written["matches"]) == 2
    rulings = runner.invoke(app, ["replay", "crokinole", str(record), "--rulings"])
    assert rulings.stdout.count("shot by") == 12


def test_replay_crokinole_refuses_a_tampered_or_unreadable_record(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    args = ["match", "crokinole", "--time-shots", "2", "--quiet", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["games"][0]["rounds"][0]["score"]["scores"][0] += 5
    record.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", "crokinole", str(record)])
    assert result.exit_code == 2
    assert "round 1: recorded score" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    record.write_text("{", encoding="utf-8")
    assert runner.invoke(app, ["replay", "crokinole", str(record)]).exit_code == 2
    cmn = Path(__file__).parents[1] / "play" / "data" / "cmn-casual-minimal.json"
    result = runner.invoke(app, ["replay", "crokinole", str(cmn)])
    assert result.exit_code == 2
    assert "this is CMN (results, no shots): a replay needs a match record" in result.stderr


def _shot_file(tmp_path: Path, **changes: object) -> Path:
    data: dict[str, object] = {
        "rules": "wcc",
        "units": "in",
        "players": 2,
        "discs": [{"id": 1, "side": "green", "x": 0, "y": 6}],
        "seat": 0,
        "side": "red",
        "outcome": {
            "shooter": 100,
            "start": [0, -12],
            "events": [
                {"kind": "disc_contact", "disc": 100, "other": 1},
                {"kind": "left_surface", "disc": 1, "other": "rim"},
            ],
            "finals": [
                {"id": 100, "x": 0, "y": 3},
                {"id": 1, "x": 0, "y": 13.5, "state": "in_ditch"},
            ],
        },
        **changes,
    }
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_rule_crokinole_rules_a_shot_entered_by_hand(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rule", "crokinole", "--json", str(_shot_file(tmp_path))])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["ruling"]["valid"] is True
    fates = {d["disc"]: (d["fate"], d["clause"]) for d in out["ruling"]["decisions"]}
    assert fates == {100: ("in_play", "wcc/in-play"), 1: ("out", "wcc/out-of-bounds")}
    assert out["ruling"]["decisions"][0]["y"] == pytest.approx(3)
    assert out["sides"] == {
        "red": {"board": 15, "twenties": 0, "total": 15},
        "green": {"board": 0, "twenties": 0, "total": 0},
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seat": 7}, "seat must be 0-3"),
        ({"side": "blue"}, "blue is not in play"),
        ({"outcome": {"shooter": 1, "start": [0, -12], "finals": []}}, "already a disc"),
        ({"rules": "snooker"}, "unknown crokinole rule set"),
        ({"seat": 1}, "a shot from seat 1 must start"),
    ],
)
def test_rule_crokinole_bad_shot_file_exits_2_with_one_line(
    tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    result = runner.invoke(app, ["rule", "crokinole", str(_shot_file(tmp_path, **changes))])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1

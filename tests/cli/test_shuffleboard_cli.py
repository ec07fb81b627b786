"""The shuffleboard commands, run through typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.cli.shuffleboard import AIM_HELP, aim_to_shot
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import DiscState, PhysicsParams, simulate
from flickboard.play.shuffleboard import coin_toss
from flickboard.play.shuffleboard_kind import draw_speed
from flickboard.play.shuffleboard_record import game_from_json, match_from_json
from flickboard.rules import Turn
from flickboard.rules.shuffleboard import (
    GREEN,
    RED,
    CSCReferee,
    colour_name,
    side_of_colour,
    table_position,
)
from flickboard.rules.shuffleboard import RELEASE_LINE as RELEASE_Y

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
    result = RUNNER.invoke(app, ["score", "shuffleboard", "--json", str(file)])
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
    assert "Match stopped (input ended)" in result.stdout
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


def test_score_shuffleboard_names_a_weight_short_of_the_foul_line(tmp_path: Path) -> None:
    file = tmp_path / "short.json"
    file.write_text(json.dumps({"weights": [{"colour": "red", "x": 0.0, "y": 1.0}]}))
    result = RUNNER.invoke(app, ["score", "shuffleboard", "--json", str(file)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["weights"][0]["zone"] == "short"


def test_match_shuffleboard_help_gives_the_tables_speeds_as_simulated() -> None:
    found = re.search(
        r"about (\d\.\d\d) stops in the three zone, below (\d\.\d\d) it does not cross the "
        r"foul line.*above (\d\.\d\d) it falls off the far end",
        AIM_HELP,
    )
    assert found is not None
    draw, foul, off = (float(v) for v in found.groups())
    assert "across the table" in AIM_HELP and "reaches the middle" not in AIM_HELP
    table = ShuffleboardTable.csc()
    referee = CSCReferee(table)

    def rest(speed: float) -> tuple[Zone | None, bool]:
        """Where a straight delivery at this speed ends, and whether it counts (5(n))."""
        empty = table_position(table, [])
        shot = aim_to_shot(0.0, speed, 0.0)
        record = simulate(empty.layout, shot, params=PhysicsParams.shuffleboard())
        ruling = referee.rule(empty, Turn(0, RED, 0), record)
        final = record.final(0)
        on = final.state is DiscState.ON_SURFACE
        return (table.zone_of(final.x, final.y) if on else None), ruling.valid

    assert rest(draw) == (Zone.THREE, True)
    assert not rest(foul - 0.01)[1] and rest(foul + 0.01)[1]
    assert rest(off - 0.01)[0] is not None and rest(off + 0.01)[0] is None
    result = RUNNER.invoke(app, ["match", "shuffleboard"], input="help\n")
    assert AIM_HELP in result.stdout


def test_match_shuffleboard_best_of_three_records_and_replays_the_whole_match(
    tmp_path: Path,
) -> None:
    record = tmp_path / "match.json"
    args = ["match", "shuffleboard", "--red", "bot", "--green", "bot", "--best-of-three"]
    result = RUNNER.invoke(app, [*args, "--target", "3", "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    toss = colour_name(coin_toss(5))
    assert toss == "green"  # the seed's coin toss, shown before game 3
    assert "Game 1: red shoots first (rule 3)" in result.stdout
    assert "Game 2: green shoots first (rule 3)" in result.stdout
    assert f"Game 3: coin toss, {toss} shoots first (rule 3)" in result.stdout
    assert result.stdout.splitlines()[-1] == "Red wins the match 2-1."
    data = json.loads(record.read_text())
    assert data["format"] == "flickboard/shuffleboard-match" and data["toss"] == toss
    match = match_from_json(data)
    assert match.result().scores == (2, 1) and len(match.games) == 3
    assert [g.rules.first for g in match.games] == [RED, GREEN, GREEN]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_match_shuffleboard_first_by_coin_toss_is_seeded_and_shown(
    tmp_path: Path, seed: int
) -> None:
    record = tmp_path / "game.json"
    args = ["match", "shuffleboard", "--red", "bot", "--green", "bot", "--target", "1"]
    result = RUNNER.invoke(
        app, [*args, "--first", "toss", "--seed", str(seed), "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    toss = colour_name(coin_toss(seed))
    assert f"Coin toss: {toss} shoots first (Part VII 5)." in result.stdout
    data = json.loads(record.read_text())
    assert data["setup"]["first"] == toss
    assert data["rounds"][0]["shots"][0]["turn"]["side"] == side_of_colour(toss)


def test_match_shuffleboard_first_colour_set_by_a_schedule_and_refused_when_wrong() -> None:
    green_first = RUNNER.invoke(
        app, ["match", "shuffleboard", "--green", "bot", "--first", "green"], input="quit\n"
    )
    assert green_first.exit_code == 0, green_first.output
    assert "green (4 weights left)" not in green_first.stdout  # the bot delivered first
    assert "green: Green's weight" in green_first.stdout.split("red (4 weights left)")[0]
    for args, message in (
        (["--first", "purple"], "--first must be red, green or toss"),
        (["--best-of-three", "--first", "toss"], "a best-of-three starts with red"),
        (["--best-of-three", "--first", "green"], "a best-of-three starts with red"),
    ):
        refused = RUNNER.invoke(app, ["match", "shuffleboard", *args])
        assert refused.exit_code == 2 and message in refused.stderr
        assert "Traceback" not in refused.output


def at_the_prompt(tmp_path: Path, lines: list[str], *args: str) -> tuple[str, Any]:
    """A person plays red against the bot, typing ``lines``; the output and the record."""
    record = tmp_path / "game.json"
    command = ["match", "shuffleboard", "--green", "bot", *args, "--record", str(record)]
    result = RUNNER.invoke(app, command, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout, json.loads(record.read_text())


def test_match_shuffleboard_person_calls_fouls_at_the_prompt(tmp_path: Path) -> None:
    lines = [
        "foul 5b 2",  # green's player: a warning
        "foul 5b 2",  # again: two points
        "foul 5c 1",  # 5(c) goes with the delivery
        "foul 5b",
        "foul 9z 1",
        "foul 5b 3",
        "0 1.5",
    ]
    out, data = at_the_prompt(tmp_path, lines)
    for said in (
        "warning for a first offence (5(b))",
        "again - loses 2 points (5(b)). Score: red 0 - green -2",
        "type 'call body_over_end' before the aim",
        "type 'foul RULE PLAYER', e.g. 'foul 5b 2' (players: 1 red, 2 green)",
        "unknown foul '9z'",
        "player must be 1-2, got 3",
        "Match stopped (input ended)",
    ):
        assert said in out
    assert [(f["player"], f["warning"], f["points"]) for f in data["result"]["fouls"]] == [
        (2, True, 0),
        (2, False, 2),
    ]
    game = game_from_json(data)
    assert game.totals == (0, -2) and len(game.deliveries) == 2  # red's weight and the bot's


def test_match_shuffleboard_person_enters_the_officials_calls(tmp_path: Path) -> None:
    lines = [
        "call upside_down",
        "0 1.55",  # red's weight 0: dead, upside down (4(i))
        "weights",  # green's bot weight 1 is in play, in the three zone
        "call hanger_fell 1",
        "0 1.55 10",  # refused: weight 1 is no hanger (5(i))
        "call clear",
        "call knocked_upside_down 1",
        "0 1.0 -10",  # refused: the weight never reaches weight 1 (5(g))
        "call knocked_upside_down 7",  # no such weight
        "call flipped",
        "call clear",
        "call body_over_end",
        "0 1.55 10",  # weight 2: dead, 5(c), no warning
        "call opponent_weight",
        "0 1.3 -10",  # weight 4: green's weight delivered by red, exchanged (5(f))
    ]
    out, data = at_the_prompt(tmp_path, lines, "--seed", "3")
    for said in (
        "Calls for the next delivery: upside_down.",
        "it was delivered upside down (4(i)",
        "G1: green weight 1, zone three: ",
        "weight 1 was not a hanger",
        "weight 1 did not move in this delivery",
        "no weight 7 is in play",
        "unknown call 'flipped'",
        "lower body went beyond the end of the table (5(c))",
        "exchanged for one of red's unplayed weights without penalty (5(f))",
    ):
        assert said in out
    shots = data["rounds"][0]["shots"]
    assert [s.get("calls") for s in shots if s["turn"]["side"] == RED] == [
        {"upside_down": True},
        {"body_over_end": True},
        {"opponent_weight": True},
    ]
    game = game_from_json(data)
    assert [(p.foul, p.warning, p.points) for p in game.penalties] == [("5c", False, 0)]


def test_foul_lists_only_the_fouls_it_takes_and_never_offers_5c(tmp_path: Path) -> None:
    out, _ = at_the_prompt(tmp_path, ["foul", "foul 9z 1", "foul 5(c) 1", "foul 5(b) 2"])
    listed = out.split("Fouls called with 'foul RULE PLAYER'")[1].splitlines()[0]
    for key in ("4j:", "5a:", "5b:", "5j:", "5l:"):
        assert key in listed
    assert (
        "5c:" not in listed and "5(c) (lower body beyond the end) goes with the delivery" in listed
    )
    assert "unknown foul '9z'; fouls called at the prompt: 4j, 5a, 5b, 5j, 5l" in out
    assert "5(c) makes the delivery dead: type 'call body_over_end'" in out
    assert "warning for a first offence (5(b))" in out  # brackets are fine

"""Playing at the terminal: the board turned to the shooter with numbered discs, the score
line, the prompt's commands (discs, score, undo, explain), names, people's execution
noise, and AI games shown live (paced, the board after every shot, explanations)."""

from __future__ import annotations

import io
import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.cli.crokinole import CrokinoleTerminal
from flickboard.cli.session import TerminalTable
from flickboard.cli.shuffleboard import ShuffleboardTerminal
from flickboard.cli.terminal import TerminalHuman, aim_on_line, board_text, facing, score_line
from flickboard.cli.textboard import Canvas
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PlacedDisc
from flickboard.play.kind import load_match, new_match
from flickboard.play.match import Match
from flickboard.rules.base import Position

runner = CliRunner()


def _where(text: str, label: str) -> tuple[int, int]:
    """(row, column) of the first character of ``label`` in a drawn board."""
    for row, line in enumerate(text.splitlines()):
        if label in line:
            return row, line.index(label)
    raise AssertionError(f"{label} is not on the board:\n{text}")


def _east_of_the_hole() -> Position:
    board = CrokinoleBoard.standard()
    return Position.of(Layout(board, (PlacedDisc(4, 0.12, 0.0),)), {4: 0})


@pytest.mark.parametrize(
    ("seat", "looks"),
    [(0, "right"), (2, "left"), (1, "ahead"), (3, "behind")],
)
def test_the_board_is_turned_to_the_seat_that_looks_at_it(seat: int, looks: str) -> None:
    # a disc east of the hole: right of it from seat 0, left from seat 2 (opposite), beyond
    # it from seat 1 (west, facing east), short of it from seat 3
    match = new_match("crokinole", players=4)
    position = _east_of_the_hole()
    text = board_text(CrokinoleTerminal(match.referee), position, facing(match, position, seat))
    text_plain = text.plain
    disc_row, disc_col = _where(text_plain, "R4")
    hole_row, hole_col = _where(text_plain, "o")
    seen = {
        "right": disc_row == hole_row and disc_col > hole_col,
        "left": disc_row == hole_row and disc_col < hole_col,
        "ahead": disc_row < hole_row and abs(disc_col + 1 - hole_col) <= 1,
        "behind": disc_row > hole_row and abs(disc_col + 1 - hole_col) <= 1,
    }
    assert seen[looks], text_plain


@pytest.mark.parametrize("seat", [0, 2])
def test_positive_offsets_and_angles_go_to_the_shooters_right_as_the_board_shows_it(
    seat: int,
) -> None:
    match = new_match("crokinole")
    if seat == 2:
        match.play(match.aim(0.5, 0.0, 0.3))  # red's disc stops short; green (seat 2) is up
    view = match.view(seat)
    canvas = Canvas((-0.4, -0.4, 0.4, 0.4), facing(match, view.position, seat), 41)
    shot = aim_on_line(view.start_line, 20.0, 1.0, 10.0)
    start_right, start_ahead = canvas.rotate(shot.x, shot.y)
    assert start_right == pytest.approx(0.10, abs=0.005) and start_ahead < 0  # at the bottom
    # turned 20 degrees clockwise (to the right as drawn) from straight in at its start
    ix, iy = canvas.rotate(-shot.x, -shot.y)
    dx, dy = canvas.rotate(math.cos(shot.angle), math.sin(shot.angle))
    turned = math.degrees(math.atan2(ix * dy - iy * dx, ix * dx + iy * dy))
    assert turned == pytest.approx(-20.0)


def test_discs_are_drawn_with_their_colour_letter_and_id_lower_case_when_leaning() -> None:
    board = CrokinoleBoard.standard()
    discs = (
        PlacedDisc(0, 0.0, 0.1),
        PlacedDisc(11, -0.15, 0.0),
        PlacedDisc(3, board.hole_radius, 0.0, leaning=True),
    )
    position = Position.of(Layout(board, discs), {0: 0, 11: 1, 3: 1})
    text = board_text(CrokinoleTerminal(), position, math.pi / 2).plain
    assert "R0" in text and "G11" in text and "g3" in text
    assert _where(text, "R0")[0] < _where(text, "o")[0]  # 10 cm beyond the hole, up


def test_the_score_line_gives_round_score_20s_discs_left_and_hammer() -> None:
    match = new_match("crokinole", players=2)
    match.play(match.aim(0.5, 0.0, 1.0))  # red's open 20
    view = match.view()
    names = {0: "Ann", 2: "Joe"}
    line = score_line(CrokinoleTerminal(match.referee), match, view, names)
    assert line == (
        "Round 1 | game points red 0 - green 0 | 20s: red 1, green 0 | discs left: "
        "Ann 7, Joe 8 | hammer: green"
    )
    table = new_match("shuffleboard")
    frame = score_line(ShuffleboardTerminal(), table, table.view(), {0: "red", 1: "green"})
    assert frame == (
        "Frame 1 | red 0 - green 0 (to 15) | weights left: red 4, green 4 | hammer: green"
    )


def _record(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_crokinole_prompt_takes_discs_score_explain_and_undo(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    lines = ["discs", "explain", "0 1", "explain", "discs", "score", "undo", "0 1", "quit"]
    args = ["match", "crokinole", "--red", "human", "--green", "ai:heuristic"]
    result = runner.invoke(app, [*args, "--record", str(record)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "red (8 discs left; ANGLE SPEED [OFFSET] or help) > " in out  # the hint
    assert "No discs are in play." in out
    assert "No AI has shot yet." in out
    assert "green's last shot: " in out
    assert "Took back 2 actions: red to shoot again." in out
    assert "On the board now: red " in out
    shots = [s for r in _record(record)["games"][0]["rounds"] for s in r["shots"]]
    assert len(shots) == 2  # taken back, then played again with its reply
    # what each shot meant: the person's aim, played with no noise, is the shot itself;
    # the AI's, its choice and words (the taken-back ones are gone with their shots)
    assert [s["intent"]["by"] for s in shots] == ["exact", "ai"]
    assert shots[1]["intent"]["words"] and shots[1]["intent"]["shot"]
    after = load_match(_record(record)).position  # the AI replies alike: the same position
    for d in after.layout.discs:
        colour = "red" if after.side_of(d.id) == 0 else "green"
        assert f"{colour[0].upper()}{d.id}: {colour} disc {d.id}, worth" in out


def test_shuffleboard_prompt_takes_score_explain_undo_and_weights(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    lines = ["score", "0 1.55", "explain", "weights", "undo", "score", "quit"]
    args = ["match", "shuffleboard", "--green", "ai:heuristic", "--record", str(record)]
    result = runner.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "red (4 weights left; ANGLE SPEED [OFFSET] or help) > " in out
    assert out.count("Frame 1 | red 0 - green 0 (to 15) | weights left: red 4, green 4") >= 2
    assert "green's last shot: " in out
    assert ": green weight 1, zone " in out
    assert "Took back 2 actions: red to shoot again." in out
    assert not any(r["shots"] for r in _record(record)["rounds"])


def test_undo_with_nothing_of_yours_to_take_back_says_so() -> None:
    result = runner.invoke(
        app, ["match", "crokinole", "--green", "human", "--time-shots", "2"], input="undo\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "There is no shot of yours to take back." in result.stdout


def test_names_show_at_the_prompt_and_in_rulings_and_are_kept_for_a_resume(
    tmp_path: Path,
) -> None:
    record = tmp_path / "m.json"
    args = ["match", "crokinole", "--red", "human", "--name", "red=Ann", "--name", "green=Joe"]
    result = runner.invoke(app, [*args, "--record", str(record)], input="0 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Ann (8 discs left;" in result.stdout and "Joe: Valid shot by green" in result.stdout
    tags = _record(record)["tags"]
    assert tags["Side1"] == "Ann" and tags["Side2"] == "Joe"
    assert tags["Players"] == "red=human, green=bot"
    again = runner.invoke(app, ["match", "crokinole", "--resume", str(record)], input="0 1\nquit\n")
    assert "Ann (7 discs left;" in again.stdout  # a person, named, as the record says
    shots = [s for r in _record(record)["games"][0]["rounds"] for s in r["shots"]]
    assert [s["intent"]["by"] for s in shots][:3] == ["exact", "ai", "exact"]  # kept


def test_partners_are_named_in_seat_order_and_a_bad_name_is_refused() -> None:
    args = ["match", "crokinole", "--players", "4", "--red", "human", "--quiet"]
    result = runner.invoke(app, [*args, "--name", "red=Ann,Bob"], input="0 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Ann (6 discs left;" in result.stdout
    for bad, message in (
        ("purple=Zed", "--name must be COLOUR=NAME with a colour in play (red, green)"),
        ("red=Ann", "--name red: give 2 names (seats 0, 2), separated by commas"),
    ):
        refused = runner.invoke(app, [*args, "--name", bad])
        assert refused.exit_code == 2 and message in refused.stderr
    doubles = runner.invoke(
        app,
        ["match", "shuffleboard", "--players", "4", "--name", "red=Ann,Bob", "--quiet"],
        input="quit\n",
    )
    assert "Players: 1 Ann, 2 green 1, 3 Bob, 4 green 2" in doubles.stdout


def _twenties_of_red(level: str, tmp_path: Path) -> tuple[int, str, Any]:
    """Red types '0 1' (an open 20 when played perfectly) four times, green a shot too
    weak to reach the 15 line; red's 20s, the output, and red's shots as played."""
    record = tmp_path / f"{level}.json"
    args = ["match", "crokinole", "--red", "human", "--green", "human", "--time-shots", "8"]
    more = ["--human-level", level, "--seed", "3", "--record", str(record), "--quiet"]
    result = runner.invoke(app, [*args, *more], input="0 1\n0 0.3\n" * 4)
    assert result.exit_code == 0, result.output
    game = _record(record)["games"][0]
    # what the record keeps as meant: the aim typed, played with a hand's noise, or with
    # none (perfect) the shot itself
    meant = {s["intent"]["by"] for r in game["rounds"] for s in r["shots"]}
    assert meant == ({"exact"} if level == "perfect" else {"aim"})
    twenties = game["rounds"][0]["score"]["twenties"][0]
    red = [
        s["record"]["shot"] for r in game["rounds"] for s in r["shots"] if s["turn"]["side"] == 0
    ]
    return twenties, result.stdout, red


def test_people_play_with_their_chosen_levels_execution_noise(tmp_path: Path) -> None:
    perfect, said, aimed = _twenties_of_red("perfect", tmp_path)
    assert perfect == 4 and "Your hand" not in said
    assert all(s["angle"] == pytest.approx(math.pi / 2) and s["speed"] == 1.0 for s in aimed)
    club, said, played = _twenties_of_red("club", tmp_path)
    assert club < 4  # '0 1' no longer makes a 20 every time
    assert said.count("Your hand: ") == 8  # both people's shots
    assert len({(s["angle"], s["speed"]) for s in played}) == 4
    refused = runner.invoke(app, ["match", "crokinole", "--human-level", "godlike"])
    assert refused.exit_code == 2 and "unknown skill level 'godlike'" in refused.stderr


class Sleeps:
    """Counts the pauses asked for (instead of waiting them)."""

    def __init__(self) -> None:
        self.pauses: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.pauses.append(seconds)


def _ai_game(match: Match, **options: Any) -> tuple[TerminalTable, str, Sleeps]:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    sleeps = Sleeps()
    game = CrokinoleTerminal(match.referee, console)
    table = TerminalTable(
        match,
        game,
        console,
        specs={0: "ai:heuristic", 1: "ai:heuristic"},
        command="match crokinole",
        **options,
    )
    table.observer.sleep = sleeps
    table.run()
    return table, out.getvalue(), sleeps


def test_an_ai_game_is_shown_live_paced_with_the_board_after_every_shot_and_explained() -> None:
    match = new_match("crokinole", time_shots=6)
    _, out, sleeps = _ai_game(match, pace=0.75, explain=True)
    # six shots: the board and score line after each but the last (the round's end shows
    # it), a pause after each of those, and what every AI shot tried
    assert out.count(" | discs left: ") == 5
    assert sleeps.pauses == [0.75] * 5
    assert out.count(" tries: ") == 6
    assert out.count("o") >= 6  # the hole, on every board drawn


def test_no_pause_when_the_output_is_not_a_terminal_unless_asked() -> None:
    _, out, sleeps = _ai_game(new_match("crokinole", time_shots=4))
    assert sleeps.pauses == [] and " tries: " not in out
    result = runner.invoke(app, ["match", "crokinole", "--time-shots", "2", "--pace", "-1"])
    assert result.exit_code == 2


def test_offsets_outside_the_start_line_are_refused_with_the_range_in_both_games() -> None:
    table = runner.invoke(app, ["match", "shuffleboard"], input="0 1.5 30\nquit\n")
    assert "offset 30 cm is outside the table: start from -21.1 to 21.1 cm" in table.stdout
    assert "wholly on the playing surface" not in table.stdout
    board = runner.invoke(app, ["match", "crokinole", "--red", "human"], input="0 1 30\nquit\n")
    assert "offset 30 cm is outside your quadrant: start from -25.5 to 25.5 cm" in board.stdout
    assert "wholly on the playing surface" not in board.stdout


SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def test_a_person_at_seat_2_sees_the_board_from_their_side_saved_as_a_screenshot() -> None:
    # what a person playing green against the AI sees, in colour, kept for people to look
    # at (out/screenshots/terminal-crokinole-seat-2.svg)
    match = new_match("crokinole")
    console = Console(record=True, width=110, force_terminal=True, color_system="truecolor")
    table = TerminalTable(
        match,
        CrokinoleTerminal(match.referee, console),
        console,
        specs={0: "ai:heuristic", 1: "human"},
        names={0: "Max", 2: "Ann"},
        command="match crokinole",
    )
    typed = iter(["0 1", "-4 1.4 8", "discs"])

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    person = table.players[2]
    assert isinstance(person, TerminalHuman)
    person.read = read
    table.run()
    said = console.export_text(clear=False)
    assert "Ann (7 discs left; ANGLE SPEED [OFFSET] or help) > " in said
    boards = said.split("Round 1 | ")
    assert "=" in boards[-2].splitlines()[-3]  # green's start line, at the bottom for green
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    console.save_svg(str(SCREENSHOTS / "terminal-crokinole-seat-2.svg"), title="flickboard")


def test_an_offset_on_a_disc_is_refused_by_the_referee_and_past_the_ends_with_the_ranges() -> None:
    match = new_match("crokinole")
    line = match.start_line()
    x, y = line.point(0.5)  # a green disc lying on red's shooting line, in the middle
    position = Position.of(Layout(CrokinoleBoard.standard(), (PlacedDisc(1, x, y),)), {1: 1})
    view = replace(match.view(), position=position)
    out = io.StringIO()
    person = TerminalHuman("red", Console(file=out, width=200), span="your quadrant")
    typed = iter(["0 1 0", "0 1 40", "0 1 -12"])
    person.read = lambda prompt: next(typed)
    shot = person.decide(view)  # '0 1 0' starts on the green disc: the referee says why
    problem = view.referee.start_problem(position, view.turn, shot.x, shot.y)
    assert problem == "the shooting disc would overlap disc 1"
    shot = person.decide(view)  # past the ends: refused with the stretches left open
    said = out.getvalue()
    assert (
        "offset 40 cm is outside your quadrant: start from -25.5 to -3.2 cm or 3.2 to 25.5 cm "
        "along your start line"
    ) in said
    assert view.referee.start_problem(position, view.turn, shot.x, shot.y) is None

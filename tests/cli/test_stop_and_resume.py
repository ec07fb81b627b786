"""A match stopped at the terminal keeps its record: Ctrl-C (a real SIGINT to a real
process), any error, quit; and ``--resume`` plays on from it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.cli.crokinole import CrokinoleTerminal
from flickboard.cli.session import TerminalTable
from flickboard.play.kind import load_match, new_match
from flickboard.play.match import ShotAction
from flickboard.play.view import View

runner = CliRunner()

GAMES = {
    "crokinole": ["--rules", "wcc"],
    "shuffleboard": ["--red", "bot", "--target", "5"],
}


def _shots(data: Any) -> list[dict[str, Any]]:
    """Every shot of a match record (either game), in order."""
    games = data.get("games", [data])
    return [shot for g in games for r in g["rounds"] for shot in r["shots"]]


def _interrupt(command: list[str], after: int) -> tuple[int, str]:
    """Run the command line, send SIGINT once ``after`` shots have shown their board and
    score line, and return its exit code and output."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "flickboard", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # a test run started in the background may ignore SIGINT; the player's does not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    lines, seen = [], 0
    for line in proc.stdout:
        lines.append(line)
        seen += " left: " in line  # the score line under the board after each shot
        if seen == after:
            proc.send_signal(signal.SIGINT)
            break
    rest, _ = proc.communicate(timeout=120)
    return proc.returncode, "".join(lines) + rest


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_writes_the_record_says_where_and_resume_plays_it_to_the_end(
    tmp_path: Path, game: str
) -> None:
    record = tmp_path / "match.json"
    command = ["match", game, *GAMES[game], "--record", str(record), "--name", "red=Ann"]
    code, out = _interrupt([*command, "--pace", "0.5", "--seed", "4"], after=3)
    assert code == 130, out
    assert "Match interrupted (Ctrl-C) in game 1: no result." in out
    stopped = json.loads(record.read_text(encoding="utf-8"))
    played = _shots(stopped)
    assert len(played) >= 3
    assert (
        f"The record of the {len(played)} shots played is in {record}; go on with: "
        f"flickboard match {game} --resume {record}"
    ) in out
    match = load_match(stopped)  # the record replays, shot by shot
    assert not match.over
    assert sum(isinstance(a, ShotAction) for a in match.history) == len(played)

    resumed = runner.invoke(app, ["match", game, "--resume", str(record), "--quiet"])
    assert resumed.exit_code == 0, resumed.output
    assert f"Resuming {record}: {len(played)} shots played" in resumed.stdout
    finished = json.loads(record.read_text(encoding="utf-8"))
    assert "stopped" not in finished and load_match(finished).over
    assert _shots(finished)[: len(played)] == played  # play went on from the last shot
    assert finished["tags"]["Players"].startswith("red=bot")  # the same players sat down
    assert "Ann" in finished["tags"].values()  # and kept their names


def test_resume_refuses_what_the_record_sets_another_game_and_a_finished_match(
    tmp_path: Path,
) -> None:
    record = tmp_path / "m.json"
    made = runner.invoke(
        app, ["match", "crokinole", "--time-shots", "2", "--quiet", "--record", str(record)]
    )
    assert made.exit_code == 0, made.output
    for args, message in (
        (["crokinole", "--rules", "nca"], "--rules: a resumed match is played as its record"),
        (
            ["crokinole"],
            "holds a finished match (green wins on tournament points (0-2)): nothing to resume",
        ),
        (["shuffleboard"], "is a crokinole record: resume it with flickboard match crokinole"),
    ):
        result = runner.invoke(app, ["match", *args[:1], "--resume", str(record), *args[1:]])
        assert result.exit_code == 2, result.output
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


class Exploding:
    """A player whose third decision fails, as a bug in a player would."""

    name = "exploding"

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view: View) -> Any:
        from flickboard.agents.spec import player_from_spec

        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the player broke")
        return player_from_spec("bot", "crokinole", 1).decide(view)


def test_any_error_during_play_still_writes_the_record_and_says_where(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    match = new_match("crokinole")
    console = Console(record=True, width=120)
    table = TerminalTable(
        match,
        CrokinoleTerminal(match.referee, console),
        console,
        specs={0: "bot", 1: "bot"},
        record=record,
        command="match crokinole",
        quiet=True,
    )
    table.players[0] = Exploding()  # type: ignore[assignment]
    with pytest.raises(RuntimeError, match="the player broke"):
        table.run()
    shots = _shots(json.loads(record.read_text(encoding="utf-8")))
    assert len(shots) == 4  # red's two shots and green's replies, before red's third
    said = console.export_text()
    assert "Match stopped by an unexpected error in game 1." in said
    assert f"The record of the 4 shots played is in {record}" in said


def test_quit_without_a_record_says_how_to_keep_one() -> None:
    result = runner.invoke(app, ["match", "crokinole", "--red", "human"], input="0 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Match stopped (stopped at the player's request) in game 1: no result." in result.stdout
    assert "No record was kept of the 2 shots played (play with --record FILE" in result.stdout

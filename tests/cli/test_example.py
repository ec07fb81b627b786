"""``flickboard example``: every example is valid, fed to the command that reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import sqlite_at_head
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.cli.example import EXAMPLES

runner = CliRunner()


def _run(command: str, file: Path, db: str) -> str:
    """Run one of an example's commands on ``file`` (events in a database of their own)."""
    words = command.replace("flickboard ", "").replace("'Spring open'", "SPRING").split()
    args = [str(file) if w == "FILE" else "Spring open" if w == "SPRING" else w for w in words]
    if args[0] == "event":
        args += ["--db", db]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, f"{command}: {result.output}"
    return result.stdout


def test_every_example_is_listed_with_the_commands_that_read_it() -> None:
    result = runner.invoke(app, ["example"])
    assert result.exit_code == 0, result.output
    for name, ex in EXAMPLES.items():
        assert name in result.stdout and ex.file in result.stdout


@pytest.mark.parametrize("name", sorted(set(EXAMPLES) - {"entrants", "new-event"}))
def test_each_example_is_read_by_its_commands(tmp_path: Path, name: str) -> None:
    file = tmp_path / EXAMPLES[name].file
    written = runner.invoke(app, ["example", name, str(file)])
    assert written.exit_code == 0, written.output
    assert f"wrote {file}" in written.stdout
    db = sqlite_at_head(tmp_path / "events.sqlite")
    for command in EXAMPLES[name].commands:
        if "--resume" in command:
            out = _run(command + " --quiet", file, db)
            assert "Resuming" in out and "Match:" in out  # the stopped match played to its end
        else:
            _run(command, file, db)


def test_the_entrants_example_fills_the_new_event_example(tmp_path: Path) -> None:
    result = runner.invoke(app, ["example", "all", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(e.file for e in EXAMPLES.values())
    db = sqlite_at_head(tmp_path / "events.sqlite")
    _run(EXAMPLES["new-event"].commands[0], tmp_path / "new-event.yaml", db)
    added = _run(EXAMPLES["entrants"].commands[0], tmp_path / "entrants.csv", db)
    assert "added 3 entrants to Spring open" in added
    drawn = runner.invoke(app, ["event", "draw", "Spring open", "--db", db])
    assert drawn.exit_code == 0 and "Ζωή Παπαδοπούλου" in drawn.stdout


def test_an_example_without_a_file_is_printed_and_an_unknown_one_refused() -> None:
    printed = runner.invoke(app, ["example", "crokinole-board"])
    assert printed.exit_code == 0
    assert json.loads(printed.stdout)["units"] == "in"
    refused = runner.invoke(app, ["example", "chess-board"])
    assert refused.exit_code == 2 and "no example 'chess-board'; examples:" in refused.stderr

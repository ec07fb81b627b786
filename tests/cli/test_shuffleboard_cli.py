"""The shuffleboard commands, run through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from flickboard.cli.app import app

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

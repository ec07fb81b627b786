"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from flickboard.errors import FlickboardError
from flickboard.geometry import ShuffleboardTable
from flickboard.rules.shuffleboard.position import colour_name, position_from_json
from flickboard.rules.shuffleboard.scoring import count_frame


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def read_json(path: Path) -> Any:
    """Parse a JSON file, failing with a one-line message."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(f"{path} is not valid JSON: {exc}")


def score_table(data: Any) -> dict[str, Any]:
    """The count of a table position as JSON-ready data."""
    table = ShuffleboardTable.csc()
    position = position_from_json(data, table)
    count = count_frame(table, position)
    red, green = count.points
    return {
        "rules": "csc",
        "leader": None if count.leader is None else colour_name(count.leader),
        "level": count.level,
        "points": {"red": red, "green": green},
        "weights": [
            {
                "colour": colour_name(w.side),
                "x": position.layout.disc(w.disc).x,
                "y": position.layout.disc(w.disc).y,
                "zone": w.zone.name.lower(),
                "leading": w.leading,
                "points": w.points,
            }
            for w in count.weights
        ],
        "explanation": count.explanation(),
    }


def score(
    file: Annotated[Path, typer.Argument(help="Table position JSON (docs/formats.md).")],
) -> None:
    """Score a table shuffleboard frame from weight positions (CSC rule 4)."""
    data = read_json(file)
    try:
        result = score_table(data)
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


def register(app: typer.Typer) -> None:
    """Add the shuffleboard commands to the score and match groups."""
    from flickboard.cli.app import score_app

    del app
    score_app.command("shuffleboard")(score)

"""``flickboard shoot``: simulate one shot, print its events, draw its trajectories."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.terminal import fail
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import Board


def parse_point(text: str, what: str) -> tuple[float, float]:
    """``X,Y`` in metres."""
    parts = text.split(",")
    if len(parts) != 2:
        raise InvalidInput(f"{what} must be X,Y in metres, got {text!r}")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise InvalidInput(f"{what} must be X,Y in metres, got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InvalidInput(f"{what} must be finite numbers, got {text!r}")
    return x, y


def board_named(name: str) -> Board:
    """The standard board or table of the game kind called ``name`` (or an alias)."""
    from flickboard.play.kind import game_kind, game_kinds

    try:
        return game_kind(name).board()
    except InvalidInput:
        known = ", ".join(kind.name for kind in game_kinds())
        raise InvalidInput(f"board must be one of {known}, got {name!r}") from None


def read_shot_file(path: Path) -> dict[str, Any]:
    """The JSON object in a shot file (layout, shot, optional shooter and params)."""
    from flickboard.jsonfields import loads_json

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InvalidInput(f"{path} is not a text file") from None
    data = loads_json(text, str(path))
    if not isinstance(data, dict) or "layout" not in data or "shot" not in data:
        raise InvalidInput(f"{path} must be a JSON object with 'layout' and 'shot'")
    return data


def shoot(
    board: Annotated[str, typer.Option(help="crokinole or shuffleboard.")] = "crokinole",
    disc: Annotated[
        list[str] | None, typer.Option(help="A resting disc X,Y (repeat; ids 0, 1, ...).")
    ] = None,
    start: Annotated[str | None, typer.Option("--from", help="Shot start X,Y (m).")] = None,
    angle: Annotated[float, typer.Option(help="Direction, degrees from +x.")] = 90.0,
    speed: Annotated[float | None, typer.Option(help="Release speed (m/s).")] = None,
    spin: Annotated[float, typer.Option(help="Spin (rad/s, counter-clockwise).")] = 0.0,
    file: Annotated[
        Path | None,
        typer.Option(help="JSON shot file: layout and shot, optionally shooter and params."),
    ] = None,
    picture: Annotated[Path | None, typer.Option(help="Write trajectories (.svg/.png).")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the shot record (JSON).")] = None,
    fps: Annotated[float, typer.Option(help="Frames per second for the picture.")] = 240.0,
) -> None:
    """Simulate one shot: print what happened, draw where every disc went."""
    from flickboard.physics import Layout, PlacedDisc, Shot, simulate
    from flickboard.physics.describe import describe
    from flickboard.physics.engine import default_params
    from flickboard.physics.serialize import (
        layout_from_dict,
        params_from_dict,
        record_to_dict,
        shot_from_dict,
    )

    try:
        for path in (picture, record):
            if path is not None and not path.parent.is_dir():
                raise InvalidInput(f"cannot write {path}: folder {path.parent} does not exist")
        if picture is not None and picture.suffix.lower() not in (".svg", ".png"):
            raise InvalidInput(f"picture must end in .svg or .png, got {picture.name!r}")
        shooter = None
        params = None
        if file is not None:
            data = read_shot_file(file)
            layout = layout_from_dict(data["layout"])
            shot = shot_from_dict(data["shot"])
            if "shooter" in data:
                shooter = data["shooter"]
                if isinstance(shooter, bool) or not isinstance(shooter, int):
                    raise InvalidInput("shooter must be an integer id")
            if "params" in data:
                params = params_from_dict(data["params"], default_params(layout))
        else:
            if start is None or speed is None:
                raise InvalidInput("give --from X,Y and --speed (or --file)")
            the_board = board_named(board)
            placed = tuple(
                PlacedDisc(k, *parse_point(text, f"--disc {k}"))
                for k, text in enumerate(disc or [])
            )
            layout = Layout(the_board, placed)
            x, y = parse_point(start, "--from")
            shot = Shot(x, y, math.radians(angle), speed, spin)
        from flickboard.cli.kernels import warm_kernels
        from flickboard.cli.terminal import console_for_progress

        warm_kernels(console_for_progress())  # compiling takes minutes the first time: say so
        result = simulate(layout, shot, shooter=shooter, params=params)
        trajectory = None
        if picture is not None:
            from flickboard.draw import draw_trajectory
            from flickboard.physics import sample_trajectory

            trajectory = sample_trajectory(
                layout, shot, fps, shooter=shooter, params=params, turns=True
            )
    except FlickboardError as exc:
        fail(str(exc))
        return
    console = Console(highlight=False)
    the_board = layout.board
    console.print(f"[bold]Shot by disc {result.shooter}[/bold] ({len(result.events)} events)")
    for event in result.events:
        console.print(f"{event.time:7.3f} s  {describe(event, the_board)}")
    table = Table(title="Where every disc ended")
    for column in ("disc", "x (m)", "y (m)", "state"):
        table.add_column(column)
    for final in result.finals:
        table.add_row(str(final.id), f"{final.x:.4f}", f"{final.y:.4f}", final.state.value)
    console.print(table)
    if record is not None:
        record.write_text(json.dumps(record_to_dict(result), indent=1), encoding="utf-8")
        console.print(f"record written to {record}")
    if picture is not None and trajectory is not None:
        try:
            draw_trajectory(trajectory, picture)
        except (OSError, FlickboardError) as exc:
            fail(f"cannot write {picture}: {exc}")
        console.print(f"picture written to {picture}")


def register(app: typer.Typer) -> None:
    """Add ``shoot`` to the command line."""
    app.command("shoot")(shoot)

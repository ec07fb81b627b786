"""Entry point of the ``flickboard`` command.

Command groups shared by several games (``score``, ``match``, ``bench``) are created
here; each command module in :data:`COMMAND_MODULES` defines ``register(app)`` and adds
its commands to the top level or to a group.
"""

from __future__ import annotations

import importlib

import typer

import flickboard

app = typer.Typer(
    name="flickboard",
    help="Crokinole and table shuffleboard by the book.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
score_app = typer.Typer(help="Score a board or table from disc positions.", no_args_is_help=True)
match_app = typer.Typer(help="Play a whole match at the terminal.", no_args_is_help=True)
bench_app = typer.Typer(
    help="Benchmarks (ratios against a baseline run alongside).", no_args_is_help=True
)
app.add_typer(score_app, name="score")
app.add_typer(match_app, name="match")
app.add_typer(bench_app, name="bench")

COMMAND_MODULES: tuple[str, ...] = (
    "shuffleboard",
    "event",
    "crokinole",
    "league",
    "csc",
    "bracket",
    "bench_physics",
    "shoot",
    "bench_ai",
)
"""Modules of flickboard.cli that define ``register(app)``; each adds its commands."""


@app.command()
def version() -> None:
    """Print the flickboard version."""
    typer.echo(flickboard.__version__)


for _name in COMMAND_MODULES:
    importlib.import_module(f"flickboard.cli.{_name}").register(app)


def main() -> None:
    """Run the command line."""
    app()

"""Entry point of the ``flickboard`` command: each command module registers itself here."""

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

COMMAND_MODULES: tuple[str, ...] = ()
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

"""The command groups of the command line, found on the app a module registers on (so
no command module imports :mod:`flickboard.cli.app`, which imports them)."""

from __future__ import annotations

from typing import Any

import typer


def subgroup(app: typer.Typer, name: str) -> typer.Typer:
    """The group ``flickboard NAME`` of ``app`` (``score``, ``match``, ``replay``...)."""
    for group in app.registered_groups:
        if group.name == name and group.typer_instance is not None:
            return group.typer_instance
    raise LookupError(f"the command line has no group {name!r}")


def command_group(**options: Any) -> typer.Typer:
    """A command group (``typer.Typer``) whose help is Markdown: a docstring's paragraphs
    are reflowed to the terminal's width, and `code` shows as code."""
    return typer.Typer(rich_markup_mode="markdown", **options)

"""``flickboard shoot``: placeholder replaced below."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add ``shoot`` to the command line (filled in next)."""

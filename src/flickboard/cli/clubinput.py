"""Input shared by the event commands (``flickboard event ...``, ``league|csc|bracket``):
the desks with one-line errors, and game results typed as frames or a final score."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, TypeVar

import typer
from sqlalchemy.exc import SQLAlchemyError
from typer.main import get_current_context  # type: ignore[attr-defined]  # not in typer's __all__

from flickboard.cli.terminal import fail
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.events.racegame import race_from_text
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor, acting
from flickboard.store.base import Store

D = TypeVar("D", bound=Store)
C = TypeVar("C", bound=str)

Frames = Annotated[
    str | None,
    typer.Option("--frames", help="Frame by frame, first side first: 3-0,0-4,2-0,..."),
]
Score = Annotated[str | None, typer.Option("--score", help="Final score, first side first: 21-15")]


@contextmanager
def club_desk(cls: type[D], db: str | None) -> Iterator[D]:
    """A desk (tournament or club) whose errors become one-line messages and exit code 2.
    Its writes are the desk terminal's (the director's rights, no account), audited
    under the command's name."""
    ctx = get_current_context(silent=True)  # typer's own click, not a separate one
    command = ctx.command_path.removeprefix("flickboard ") if ctx is not None else "cli"
    try:
        with acting(Actor.desk(), command[:40]):
            yield cls(db)
    except FlickboardError as exc:
        fail(str(exc))
    except OverflowError:
        fail("a number is out of the range the database keeps")
    except SQLAlchemyError as exc:
        fail(f"database: {str(exc).splitlines()[0]}")


def one_of(value: str, option: str, choices: tuple[C, ...]) -> C:
    """``value`` if it is one of an option's ``choices``, else :class:`InvalidInput`."""
    for choice in choices:
        if value == choice:
            return choice
    raise InvalidInput(f"{option} must be {' or '.join(choices)}, not {value!r}")


def parse_result(
    frames: str | None,
    score: str | None,
    target: int,
    *,
    crokinole: bool = False,
) -> RaceScore:
    """One of ``--frames`` or ``--score`` as a decided game to ``target``
    (:func:`flickboard.events.racegame.race_from_text`)."""
    if (frames is None) == (score is None):
        raise InvalidInput("give the result as --frames 3-0,0-4,... or as --score 21-15")
    return race_from_text(frames, score, target, crokinole=crokinole)

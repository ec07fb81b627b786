"""The table's games in the database: written after every change, read back after a
restart (tables ``play_games`` and ``play_shots``, migration 0005).

A game is saved as its setup, its seats (with hashed tokens) and its shots, each shot's
record compact at full precision: replayed through a match built from the setup, the
shots rebuild the game exactly. Every write names the version it changes and bumps it
(``UPDATE ... WHERE version = ?``), so a change made meanwhile by another writer is
refused rather than overwritten; each write is one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, bindparam, delete, insert, select, update
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition
from flickboard.store.db import SYNC_NORMAL, WRITE, engine_for
from flickboard.store.models import PlayGameRow, PlayShotRow


class ChangedMeanwhile(IllegalInPosition):
    """The game was changed by another writer since it was read (reload it)."""


@dataclass(frozen=True)
class SavedShot:
    """A shot as saved: its number, seat, compact record and note."""

    number: int
    seat: int
    record: dict[str, Any]
    note: dict[str, Any]


@dataclass(frozen=True)
class SavedGame:
    """A game as saved."""

    id: str
    game: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    version: int
    shots: list[SavedShot]


_GAMES = cast(Table, PlayGameRow.__table__)
_SHOTS = cast(Table, PlayShotRow.__table__)
_BUMP = update(_GAMES).where(
    _GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version")
)
"""A game's row set at a version; the columns set are the parameters given."""
_ADD = insert(_SHOTS)
"""A shot's row."""


def _set_at(connection: Connection, game_id: str, version: int, values: dict[str, Any]) -> None:
    """Set ``values`` in the game's row if it is still at ``version``, else
    :class:`ChangedMeanwhile` (nothing set)."""
    done = connection.execute(_BUMP, {"b_id": game_id, "b_version": version, **values})
    if done.rowcount != 1:
        raise ChangedMeanwhile(
            "this game was changed meanwhile (another window or server); reload the page"
        )


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class SavedGames:
    """The table's games in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: Engine | None = None

    @cached_property
    def writer(self) -> Engine:
        """The engine with the execution options of a write (made once)."""
        return self.engine.execution_options(**WRITE)

    @property
    def engine(self) -> Engine:
        """The engine (opened, and the schema upgraded, on first use). On SQLite a shot
        is committed to the write-ahead log without waiting for the disk
        (``synchronous=NORMAL``): kept across a crash of the server, see docs/web.md."""
        if self._engine is None:
            self._engine = engine_for(self.url, synchronous=SYNC_NORMAL)
        return self._engine

    @property
    def commits_quickly(self) -> bool:
        """True on SQLite, where a commit does not wait for the disk (above): short
        enough to make on the server's event loop."""
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self.writer) as session, session.begin():
            yield session

    def create(
        self, game_id: str, game: str, setup: dict[str, Any], seats: list[dict[str, Any]]
    ) -> None:
        """Save a new game (version 0, no shots)."""
        with self._write() as session:
            at = _now()
            session.add(
                PlayGameRow(
                    id=game_id,
                    game=game,
                    setup=json.dumps(setup),
                    seats=json.dumps(seats),
                    status="playing",
                    version=0,
                    created=at,
                    updated=at,
                )
            )

    def load(self, game_id: str) -> SavedGame | None:
        """A saved game with its shots, or None."""
        with Session(self.engine) as session:
            row = session.get(PlayGameRow, game_id)
            if row is None:
                return None
            shots = [
                SavedShot(s.number, s.seat, json.loads(s.record), json.loads(s.note))
                for s in row.shots
            ]
            return SavedGame(
                row.id,
                row.game,
                json.loads(row.setup),
                json.loads(row.seats),
                row.status,
                row.version,
                shots,
            )

    def record(self, game_id: str) -> dict[str, Any] | None:
        """The match record saved when a game of it ended (None before)."""
        with Session(self.engine) as session:
            text = session.scalar(select(PlayGameRow.record).where(PlayGameRow.id == game_id))
        return None if text is None else dict(json.loads(text))

    def keep_record(self, game_id: str, version: int, record: dict[str, Any]) -> None:
        """Save the match record of a game at ``version`` (not a change of the game: the
        version stays); :class:`ChangedMeanwhile` if the game is no longer at it."""
        with self.writer.begin() as connection:
            _set_at(connection, game_id, version, {"record": json.dumps(record)})

    def change(
        self,
        game_id: str,
        version: int,
        *,
        add: SavedShot | None = None,
        keep: int | None = None,
        status: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        """One change of a game at ``version``: add a shot, keep only the first ``keep``
        shots (undo), set the status, seats or record; the version goes up by one.

        Raises :class:`ChangedMeanwhile` (and changes nothing) when the game is no
        longer at ``version``.
        """
        values: dict[str, Any] = {"version": version + 1, "updated": _now()}
        if status is not None:
            values["status"] = status
        if seats is not None:
            values["seats"] = json.dumps(seats)
        if record is not None:
            values["record"] = json.dumps(record)
        # Core statements on one connection (no ORM session), values passed as
        # parameters of cached statements: the shortest transaction
        with self.writer.begin() as connection:
            _set_at(connection, game_id, version, values)
            if keep is not None:
                connection.execute(
                    delete(_SHOTS).where(_SHOTS.c.game_id == game_id, _SHOTS.c.number > keep)
                )
            if add is not None:
                connection.execute(
                    _ADD,
                    {
                        "game_id": game_id,
                        "number": add.number,
                        "seat": add.seat,
                        "record": json.dumps(add.record),
                        "note": json.dumps(add.note),
                    },
                )

"""What every desk shares: the engine, one transaction per user action, and the lock
that serialises writes to one event."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import DataError
from sqlalchemy.orm import Session

from flickboard.errors import InvalidInput
from flickboard.store.db import WRITE, engine_for
from flickboard.store.models import EventRow


class Store:
    """A database of events. Writes go through :meth:`_write`: one transaction,
    committed whole or rolled back whole; the first thing a write does to an event is
    :meth:`_lock` it."""

    def __init__(self, url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine if engine is not None else engine_for(url)
        self._writer = self.engine.execution_options(**WRITE)

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite). A number too large for
        the database is a clear error, not a traceback."""
        try:
            with Session(self._writer) as session, session.begin():
                session.info["write"] = True
                yield session
        except (OverflowError, DataError) as exc:
            detail = str(getattr(exc, "orig", exc) or exc).splitlines()[0]
            raise InvalidInput(
                f"a number is out of the range the database keeps ({detail})"
            ) from None

    @contextmanager
    def _read(self) -> Iterator[Session]:
        try:
            with Session(self.engine) as session:
                yield session
        except OverflowError:
            raise InvalidInput("a number is out of the range the database keeps") from None

    @staticmethod
    def _lock(s: Session, name: str) -> None:
        """Inside a write: lock the event's row (PostgreSQL waits here for any other
        write to the same event, then reads what it committed) and bump its revision.
        SQLite writes are serialised whole by ``BEGIN IMMEDIATE``."""
        if s.info.get("write"):
            s.execute(
                update(EventRow)
                .where(EventRow.name == name)
                .values(revision=EventRow.revision + 1)
                .execution_options(synchronize_session=False)
            )

    def count(self, table: type[object]) -> int:
        """Rows in a table (for checks that nothing changed)."""
        with self._read() as s:
            return int(s.scalar(select(func.count()).select_from(table)) or 0)

"""What every desk shares: the engine, one transaction per user action, and the lock
that serialises writes to one event."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlalchemy import Engine, func, select, text, update
from sqlalchemy.exc import DataError
from sqlalchemy.orm import Session

from flickboard.errors import InvalidInput
from flickboard.store.acting import CHANNEL, Change, Notifier, current
from flickboard.store.db import WRITE, engine_for
from flickboard.store.models import AuditRow, EventRow


def now() -> datetime:
    """The time a write is made (UTC, without tzinfo, as the database keeps it)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Store:
    """A database of events. Writes go through :meth:`_write`: one transaction,
    committed whole or rolled back whole; the first thing a write does to an event is
    :meth:`_lock` it."""

    def __init__(
        self,
        url: str | None = None,
        engine: Engine | None = None,
        notifier: Notifier | None = None,
    ) -> None:
        self.engine = engine if engine is not None else engine_for(url)
        self._writer = self.engine.execution_options(**WRITE)
        # A read is several queries (cards, their rounds, corrections, names): on
        # PostgreSQL they must see one snapshot, or a card committed between two of them
        # would show without its rounds. SQLite reads see one snapshot already (WAL).
        postgres = self.engine.dialect.name == "postgresql"
        self._reader = (
            self.engine.execution_options(isolation_level="REPEATABLE READ")
            if postgres
            else self.engine
        )
        self.notifier = notifier

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite), audited with the
        acting identity. A public change is announced: by NOTIFY inside the transaction
        on PostgreSQL (delivered on commit) and to :attr:`notifier` after the commit. A
        number too large for the database is a clear error, not a traceback."""
        act = current()
        changes: list[Change] = []
        try:
            with Session(self._writer) as session, session.begin():
                session.info["write"] = True
                session.info["changed"] = {}
                yield session
                changed: dict[str, tuple[int, int]] = session.info["changed"]
                session.add(
                    AuditRow(
                        event_name=next(iter(changed), None),
                        at=now(),
                        role=act.actor.role,
                        actor=act.actor.name,
                        action=act.action,
                        detail=act.detail,
                    )
                )
                if act.public:
                    changes = [Change(i, n, r, act.action) for n, (i, r) in changed.items()]
                if session.get_bind().dialect.name == "postgresql":
                    for change in changes:
                        session.execute(
                            text("SELECT pg_notify(:channel, :payload)"),
                            {"channel": CHANNEL, "payload": change.payload()},
                        )
        except (OverflowError, DataError) as exc:
            detail = str(getattr(exc, "orig", exc) or exc).splitlines()[0]
            raise InvalidInput(
                f"a number is out of the range the database keeps ({detail})"
            ) from None
        if self.notifier is not None:
            for change in changes:
                self.notifier(change)

    @contextmanager
    def _read(self) -> Iterator[Session]:
        """One read: every query in it sees the same committed state."""
        try:
            with Session(self._reader) as session:
                yield session
        except OverflowError:
            raise InvalidInput("a number is out of the range the database keeps") from None

    @staticmethod
    def _lock(s: Session, name: str) -> None:
        """Inside a write: lock the event's row (PostgreSQL waits here for any other
        write to the same event, then reads what it committed) and bump its revision.
        SQLite writes are serialised whole by ``BEGIN IMMEDIATE``."""
        if s.info.get("write") and name not in s.info["changed"]:
            row = s.execute(
                update(EventRow)
                .where(EventRow.name == name)
                .values(revision=EventRow.revision + 1)
                .returning(EventRow.id, EventRow.revision)
                .execution_options(synchronize_session=False)
            ).first()
            if row is not None:
                s.info["changed"][name] = (row[0], row[1])

    @staticmethod
    def _created(s: Session, ev: EventRow) -> None:
        """Inside a write: a new event, announced and audited like a changed one."""
        if s.info.get("write"):
            s.flush()
            s.info["changed"][ev.name] = (ev.id, ev.revision or 0)

    def count(self, table: type[object]) -> int:
        """Rows in a table (for checks that nothing changed)."""
        with self._read() as s:
            return int(s.scalar(select(func.count()).select_from(table)) or 0)

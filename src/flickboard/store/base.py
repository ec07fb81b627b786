"""What every desk shares: the engine, one transaction per user action, and the lock
that serialises writes to one event."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Delete, Engine, Table, event, func, inspect, select, text, update
from sqlalchemy.exc import DataError
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

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
    def _write(self, *, audited: bool = True) -> Iterator[Session]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite), audited with the
        acting identity and the rows it changed, before and after (:class:`Trail`;
        ``audited=False`` only for a session's bookkeeping). A public change is
        announced: by NOTIFY inside the transaction on PostgreSQL (delivered on commit)
        and to :attr:`notifier` after the commit. A number too large for the database
        is a clear error, not a traceback."""
        act = current()
        changes: list[Change] = []
        try:
            with Session(self._writer) as session, session.begin():
                session.info["write"] = True
                session.info["changed"] = {}
                trail = Trail(session) if audited else None
                yield session
                changed: dict[str, tuple[int, int]] = session.info["changed"]
                if trail is not None:
                    session.flush()
                    trail.stop()
                    session.add(
                        AuditRow(
                            event_name=session.info.get("event") or next(iter(changed), None),
                            at=now(),
                            role=act.actor.role,
                            actor=act.actor.name,
                            action=act.action,
                            detail=act.detail,
                            before=trail.text(trail.before),
                            after=trail.text(trail.after),
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
        except (OverflowError, DataError):
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


SECRET_COLUMNS = frozenset({"password_hash", "code_hash", "id_hash", "csrf", "value"})
"""Columns whose values the audit trail never copies (it says ``"(secret)"``)."""


class Trail:
    """The rows one write changes, before and after, for its audit row: ORM inserts,
    updates and deletes (each changed column), and rows a bulk DELETE removes (read
    just before). Keys are ``table:primary key``."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.before: dict[str, dict[str, Any]] = {}
        self.after: dict[str, dict[str, Any]] = {}
        event.listen(session, "after_flush", self._flushed)
        event.listen(session, "do_orm_execute", self._executing)

    def stop(self) -> None:
        """Stop listening (before the audit row itself is added)."""
        event.remove(self.session, "after_flush", self._flushed)
        event.remove(self.session, "do_orm_execute", self._executing)

    @staticmethod
    def _key(obj: object) -> str:
        """``table:primary key``, read from the row's columns: a row just inserted has
        its key there before the session lists it under one."""
        mapper = inspect(obj).mapper
        ident = mapper.primary_key_from_instance(obj)
        return f"{mapper.local_table.name}:{'/'.join(map(str, ident))}"

    @staticmethod
    def _value(column: str, value: Any) -> Any:
        if column in SECRET_COLUMNS and value is not None:
            return "(secret)"
        return value

    def _flushed(self, session: Session, _flush: UOWTransaction) -> None:
        for obj in session.new:
            state = inspect(obj)
            self.after[self._key(obj)] = {
                a.key: self._value(a.key, a.value) for a in state.attrs if a.key in _columns(obj)
            }
        for obj in session.dirty:
            state = inspect(obj)
            old: dict[str, Any] = {}
            new: dict[str, Any] = {}
            for a in state.attrs:
                if a.key not in _columns(obj):
                    continue
                history = a.history
                if history.has_changes():
                    old[a.key] = self._value(a.key, history.deleted[0] if history.deleted else None)
                    new[a.key] = self._value(a.key, history.added[0] if history.added else None)
            if new:
                key = self._key(obj)
                self.before.setdefault(key, {}).update(
                    {k: v for k, v in old.items() if k not in self.before.get(key, {})}
                )
                self.after.setdefault(key, {}).update(new)
        for obj in session.deleted:
            state = inspect(obj)
            self.before[self._key(obj)] = {
                k: self._value(k, v) for k, v in state.dict.items() if k in _columns(obj)
            }

    def _executing(self, state: ORMExecuteState) -> None:
        statement = state.statement
        if not isinstance(statement, Delete):
            return
        mapper = state.bind_mapper
        if mapper is None:
            return
        table = mapper.local_table
        assert isinstance(table, Table)
        gone = state.session.execute(
            select(*table.columns).where(*statement._where_criteria)
        ).mappings()
        keys = [c.name for c in table.primary_key.columns]
        for row in gone:
            key = f"{table.name}:{'/'.join(str(row[k]) for k in keys)}"
            self.before[key] = {k: self._value(k, v) for k, v in row.items()}

    @staticmethod
    def text(values: dict[str, dict[str, Any]]) -> str | None:
        """The values as JSON (None when there are none)."""
        return json.dumps(values, default=str, sort_keys=True) if values else None


def _columns(obj: object) -> frozenset[str]:
    return frozenset(c.key for c in inspect(obj).mapper.column_attrs)

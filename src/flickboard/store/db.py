"""Database location, engine and schema upgrades.

Writes are serialised per database on SQLite (every write transaction begins
``IMMEDIATE``, WAL lets readers go on meanwhile) and per event on PostgreSQL (each
write locks the event's row first, see :mod:`flickboard.store.desk`).
"""

from __future__ import annotations

import os
import threading
from functools import cache, partial
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import SQLAlchemyError

from flickboard.errors import InvalidInput


class DatabaseTooNew(InvalidInput):
    """The database was upgraded by a newer flickboard than this one."""


URL_ENV = "FLICKBOARD_DATABASE_URL"
"""Environment variable naming the database URL (overrides the default file)."""

MIGRATIONS = Path(__file__).with_name("migrations")


def default_url() -> str:
    """``$FLICKBOARD_DATABASE_URL``, else a SQLite file in the user data directory."""
    url = os.environ.get(URL_ENV)
    if url:
        return url
    folder = Path(platformdirs.user_data_dir("flickboard"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'flickboard.sqlite'}"


WRITE = {"flickboard_write": True}
"""Execution option of write transactions (``BEGIN IMMEDIATE`` on SQLite)."""


SYNC_FULL = "FULL"
"""SQLite's default: a commit waits until the write-ahead log is on disk (fsync)."""
SYNC_NORMAL = "NORMAL"
"""A commit is written to the write-ahead log (the operating system holds it) without
waiting for the disk: kept across a crash of the process, not always across a power
loss (the last commits may be lost; the database stays consistent). See docs/web.md."""


def _sqlite_connect(dbapi_connection: Any, _record: Any, synchronous: str = SYNC_FULL) -> None:
    dbapi_connection.isolation_level = None  # transactions begun by _sqlite_begin
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] not in ("memory", "wal"):
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    """A write transaction takes the database's write lock at once, so that a write
    never reads a state another write is about to change."""
    write = connection.get_execution_options().get("flickboard_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


POOLED = (10, 20)
"""Connections a pooled engine keeps open on PostgreSQL, and how many more it may open
at once (a server's request threads may all wait for an event's lock at once)."""
UNPOOLED = (5, 10)
"""The same for an engine made with ``pooled=False`` (SQLAlchemy's defaults)."""


def engine_for(
    url: str | None = None,
    *,
    synchronous: str = SYNC_FULL,
    pool: tuple[int, int] | None = None,
) -> Engine:
    """An engine for ``url`` (default :func:`default_url`), schema upgraded to head
    (``synchronous``: how SQLite commits, :data:`SYNC_FULL` or :data:`SYNC_NORMAL`;
    ``pool``: as :func:`make_engine`)."""
    engine = make_engine(url, synchronous=synchronous, pool=pool)
    try:
        upgrade(engine)
    except SQLAlchemyError as exc:
        raise InvalidInput(
            f"cannot open database {engine.url!r}: {str(exc).splitlines()[0]}"
        ) from None
    return engine


def make_engine(
    url: str | None = None,
    *,
    pooled: bool = True,
    synchronous: str = SYNC_FULL,
    pool: tuple[int, int] | None = None,
) -> Engine:
    """An engine for ``url`` as flickboard uses it, without touching the schema
    (``pool``: on PostgreSQL the connections kept open and the more it may open, by
    default :data:`POOLED`, or :data:`UNPOOLED` when not ``pooled``; ``synchronous``:
    SQLite's commit mode, see :data:`SYNC_NORMAL`)."""
    if synchronous not in (SYNC_FULL, SYNC_NORMAL):
        raise InvalidInput(f"synchronous must be {SYNC_FULL} or {SYNC_NORMAL}, not {synchronous!r}")
    url = url or default_url()
    if "://" not in url:
        raise InvalidInput(f"not a database URL: {url!r} (try sqlite:///path or postgresql://...)")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    try:
        sqlite = url.startswith("sqlite")
        size, overflow = pool or (POOLED if pooled else UNPOOLED)
        sizes = {} if sqlite else {"pool_size": size, "max_overflow": overflow}
        engine = create_engine(url, connect_args={"timeout": 30} if sqlite else {}, **sizes)
    except Exception as exc:  # bad driver names and malformed URLs
        raise InvalidInput(f"cannot open database {url!r}: {exc}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", partial(_sqlite_connect, synchronous=synchronous))
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the packaged Alembic migrations up to ``revision``; refuse a database
    that a newer flickboard has upgraded (:class:`DatabaseTooNew`).

    On SQLite foreign keys are off while the migrations run (a table rebuilt by a
    migration must not cascade deletes to its children) and checked afterwards.
    """
    with _UPGRADING:  # Alembic's command context is per process, not per thread
        _upgrade(engine, revision)


_UPGRADING = threading.Lock()


@cache
def _revisions() -> tuple[frozenset[str], str]:
    """The packaged migrations' revision ids and their head (read once per process)."""
    scripts = ScriptDirectory.from_config(_config())
    head = scripts.get_current_head()
    assert head is not None, "the packaged migrations have one head"
    return frozenset(s.revision for s in scripts.walk_revisions()), head


def _upgrade(engine: Engine, revision: str) -> None:
    known, head = _revisions()
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        sqlite = engine.dialect.name == "sqlite"
        if sqlite and raw is not None:
            raw.execute("PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                current = MigrationContext.configure(connection).get_current_heads()
                for rev in current:
                    if rev not in known:
                        raise DatabaseTooNew(
                            f"the database is at schema revision {rev}, newer than this "
                            f"flickboard knows (up to {head}): upgrade flickboard to open it"
                        )
                if revision in ("head", head) and current == (head,):
                    return  # already there: nothing to load or run
                cfg = _config()
                cfg.attributes["connection"] = connection
                command.upgrade(cfg, revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").first()
                    if broken is not None:
                        raise InvalidInput(f"schema upgrade broke a reference: {tuple(broken)}")
        finally:
            if sqlite and raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")

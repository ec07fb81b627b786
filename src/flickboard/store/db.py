"""Database location, engine and schema upgrades."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event

from flickboard.errors import InvalidInput

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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def engine_for(url: str | None = None) -> Engine:
    """An engine for ``url`` (default :func:`default_url`), schema upgraded to head."""
    url = url or default_url()
    if "://" not in url:
        raise InvalidInput(f"not a database URL: {url!r} (try sqlite:///path or postgresql://...)")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    try:
        engine = create_engine(url)
    except Exception as exc:  # bad driver names and malformed URLs
        raise InvalidInput(f"cannot open database {url!r}: {exc}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    upgrade(engine)
    return engine


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the packaged Alembic migrations up to ``revision``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)

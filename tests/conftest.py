"""Fixtures every test folder shares: a real PostgreSQL server for the storage and
web tests (the one named by FLICKBOARD_TEST_POSTGRES_URL, which the test script starts;
without it, a throw-away server is started here the same way, so the PostgreSQL case
always really runs), and fresh schemas in it."""

from __future__ import annotations

import atexit
import glob
import importlib.util
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType

import httpx
import pytest
import typer.main
import typer.testing
from sqlalchemy import create_engine, make_url, text

HTTP = httpx.Client(limits=httpx.Limits(max_keepalive_connections=0), timeout=30)
"""The tests' client for plain HTTP on loopback, made once: a new client loads the
certificate store (50 ms of CPU, paid at every ``httpx.get`` of a poll loop); no
connection is kept between requests, so servers come and go freely. Unless a request
says otherwise it waits 30 s for an answer (a loaded machine, not a hung server)."""

typer.testing._get_command = cache(typer.main.get_command)  # type: ignore[attr-defined]
"""Typer's test runner builds an application's click commands again at every
``invoke`` (0.15-0.35 s of CPU for flickboard's tree); built once per application here.
The command line's lazy groups swap a placeholder for its command when it is first run,
whenever its module was registered, so a tree built once still runs every command."""


ROOT = Path(__file__).resolve().parents[1]


@cache
def script(path: str) -> ModuleType:
    """A development script of the checkout (``bench/NAME.py``, ``scripts/NAME.py``),
    loaded as a module once, from its path under the repository's root."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _sqlite_head() -> Path:
    """A SQLite database upgraded to head, made once per test process."""
    from flickboard.store.db import engine_for

    folder = Path(tempfile.mkdtemp(prefix="flickboard-head-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    engine_for(f"sqlite:///{folder / 'head.sqlite'}").dispose()
    return folder / "head.sqlite"


def sqlite_copy(source: Path, path: Path) -> str:
    """The URL of a copy of the SQLite database ``source`` made at ``path`` (SQLite's
    backup: consistent whatever its write-ahead log holds)."""
    with closing(sqlite3.connect(source)) as made, closing(sqlite3.connect(path)) as new:
        made.backup(new)
    return f"sqlite:///{path}"


def sqlite_at_head(path: Path) -> str:
    """The URL of a new SQLite database at ``path`` with the schema at head: a copy of
    one upgraded once per test process, instead of the migrations run again for every
    test (a third of a second of CPU each; they are tested on empty databases in
    tests/store/test_migrations.py)."""
    return sqlite_copy(_sqlite_head(), path)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """URL of a PostgreSQL database for the tests."""
    url = os.environ.get("FLICKBOARD_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    pg_ctl = found[-1] if found else shutil.which("pg_ctl")
    assert pg_ctl, "PostgreSQL is not installed: run scripts/test.sh (it installs it)"
    bin_dir = Path(pg_ctl).parent
    folder = Path(tempfile.mkdtemp(prefix="flickboard-pg-"))
    port = _free_port()
    run_as: list[str] = []
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]

    def run(*args: str) -> None:
        subprocess.run([*run_as, *args], check=True, capture_output=True)

    run(str(bin_dir / "initdb"), "-D", f"{folder}/data", "-U", "flickboard", "--auth=trust")
    run(
        pg_ctl,
        "-D",
        f"{folder}/data",
        "-l",
        f"{folder}/log",
        "-w",
        "-o",
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
        "start",
    )
    try:
        run(
            str(bin_dir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "flickboard",
            "flickboard_test",
        )
        yield f"postgresql+psycopg://flickboard@127.0.0.1:{port}/flickboard_test"
    finally:
        subprocess.run(
            [*run_as, pg_ctl, "-D", f"{folder}/data", "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_schema_url(postgres_url: str) -> Iterator[str]:
    """URL of a fresh, empty PostgreSQL schema (dropped afterwards)."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_url)
    with admin.begin() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    yield f"{postgres_url}?options=-csearch_path%3D{schema}"
    with admin.begin() as c:
        c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@contextmanager
def _new_database(postgres_url: str, template: str | None = None) -> Iterator[str]:
    """A new database on the tests' PostgreSQL server (a copy of ``template`` if given),
    its URL while the block runs, dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else "")))
    try:
        yield str(make_url(postgres_url).set(database=name))
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(scope="session")
def _postgres_head(postgres_url: str) -> Iterator[str]:
    """A PostgreSQL database upgraded to head once per test process: its name."""
    from flickboard.store.db import engine_for

    with _new_database(postgres_url) as url:
        engine_for(url).dispose()
        yield str(make_url(url).database)


@pytest.fixture
def postgres_at_head_url(postgres_url: str, _postgres_head: str) -> Iterator[str]:
    """URL of a fresh PostgreSQL database with the schema at head: a copy of one upgraded
    once per test process (``CREATE DATABASE ... TEMPLATE``), dropped afterwards."""
    with _new_database(postgres_url, _postgres_head) as url:
        yield url

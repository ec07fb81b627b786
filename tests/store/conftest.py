"""Storage fixtures: every storage test runs on SQLite and on a real PostgreSQL server
(``postgres_url`` in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from tests.conftest import sqlite_at_head

from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.store.db import engine_for
from flickboard.store.desk import Desk


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """URL of an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'events.sqlite'}"
        return
    yield request.getfixturevalue("postgres_schema_url")


@pytest.fixture
def engine(request: pytest.FixtureRequest, empty_url: str) -> Iterator[Engine]:
    """A new database with the schema at head: a copy of one the migrations upgraded once
    per test process (they are tested from empty in test_migrations.py)."""
    if empty_url.startswith("sqlite:///"):
        url = sqlite_at_head(Path(empty_url.removeprefix("sqlite:///")))
    else:
        url = request.getfixturevalue("postgres_at_head_url")
    eng = engine_for(url)
    yield eng
    eng.dispose()


@pytest.fixture
def desk(engine: Engine) -> Desk:
    """A desk over the empty database."""
    return Desk(engine=engine)


@pytest.fixture
def zone() -> ClubEventFile:
    """A CSC singles round robin of teams A, B and C."""
    spec = parse_any(
        {
            "name": "Zone",
            "format": "csc-round-robin",
            "discipline": "singles",
            "entrants": [{"id": t, "name": f"Team {t}"} for t in "ABC"],
        }
    )
    assert isinstance(spec, ClubEventFile)
    return spec


def league_spec(fmt: str = "league-four") -> ClubEventFile:
    """A league "Tuesday" of teams HOME and VIS (players H1... and V1..., two spares
    each); night 1 HOME at home, night 2 VIS."""
    n = 4 if fmt == "league-four" else 6
    spec = parse_any(
        {
            "name": "Tuesday",
            "format": fmt,
            "entrants": [
                {
                    "id": team,
                    "name": f"Team {team}",
                    "players": [
                        {"id": f"{team[0]}{i}", "name": f"{team} player {i}"}
                        for i in range(1, n + 3)
                    ],
                }
                for team in ("HOME", "VIS")
            ],
        }
    )
    assert isinstance(spec, ClubEventFile)
    return spec

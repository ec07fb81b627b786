"""The serving role on PostgreSQL: granted by ``flickboard desk grant`` as the tables'
owner, it runs the desk (sign-in, events, cards) but cannot alter, disable, empty or
rewrite the audit trail; on SQLite the command says there are no roles."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError
from typer.testing import CliRunner

from flickboard.cli.app import app as cli
from flickboard.events.eventfile import parse_event
from flickboard.store.db import engine_for
from flickboard.store.service import DeskService

ATTACKS = (
    "ALTER TABLE audit DISABLE TRIGGER ALL",
    "ALTER TABLE audit DISABLE TRIGGER audit_no_update",
    "DROP TRIGGER audit_no_update ON audit",
    "DROP TABLE audit",
    "TRUNCATE audit",
    "UPDATE audit SET actor = 'someone else'",
    "DELETE FROM audit",
    "UPDATE alembic_version SET version_num = '0001'",
)
"""What a server taken over would try, each on its own."""


@pytest.fixture
def serving(postgres_schema_url: str) -> Iterator[tuple[str, str]]:
    """(owner's URL, serving role's URL) on a fresh schema: the schema made by the
    owner, a new login role for the server."""
    role = f"serve_{uuid.uuid4().hex[:10]}"
    owner = create_engine(postgres_schema_url)
    with owner.begin() as c:
        c.execute(text(f"CREATE ROLE {role} LOGIN"))
    engine_for(postgres_schema_url).dispose()  # the owner migrates
    user = postgres_schema_url.split("://", 1)[1].split("@", 1)[0]
    yield postgres_schema_url, postgres_schema_url.replace(f"://{user}@", f"://{role}@", 1)
    with owner.begin() as c:
        c.execute(text(f"DROP OWNED BY {role}"))
        c.execute(text(f"DROP ROLE {role}"))
    owner.dispose()


def test_the_serving_role_runs_the_desk_but_cannot_touch_the_audit(
    serving: tuple[str, str],
) -> None:
    owner_url, role_url = serving
    role = role_url.split("://", 1)[1].split("@", 1)[0]
    done = CliRunner().invoke(cli, ["desk", "grant", role, "--db", owner_url])
    assert done.exit_code == 0, done.output
    svc = DeskService(role_url)
    director = svc.accounts.set_director("Dee", "director-pass")
    assert svc.identity.login("Dee", "director-pass", "10.0.0.1").name == "Dee"
    spec = parse_event(
        {
            "name": "Open",
            "category": "adult singles",
            "games": 2,
            "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 5)],
        }
    )
    svc.events.create(director, spec)
    svc.rounds.draw(director, "Open", publish=True)
    trail = svc.audit(director)
    assert [a["action"] for a in trail][-2:] == ["create_event", "draw"]
    for attack in ATTACKS:
        refused = pytest.raises(DBAPIError, match=r"must be owner|permission denied")
        with refused, svc.engine.begin() as c:
            c.execute(text(attack))
    assert svc.audit(director) == trail
    svc.engine.dispose()


def test_grant_refuses_the_owner_and_sqlite(serving: tuple[str, str], tmp_path: Path) -> None:
    owner_url, _ = serving
    owner = owner_url.split("://", 1)[1].split("@", 1)[0]
    done = CliRunner().invoke(cli, ["desk", "grant", owner, "--db", owner_url])
    assert done.exit_code == 2 and "superuser" in done.stderr  # the test server's owner is one
    done = CliRunner().invoke(cli, ["desk", "grant", "nobody_here", "--db", owner_url])
    assert done.exit_code == 2 and "no PostgreSQL role called 'nobody_here'" in done.stderr
    done = CliRunner().invoke(cli, ["desk", "grant", "x", "--db", f"sqlite:///{tmp_path}/d.db"])
    assert done.exit_code == 2 and "whoever can write the file" in done.stderr

"""Sign-in limits in the database, account locks per address, IDs never reused, and an
audit that ``INSERT OR REPLACE`` cannot rewrite.

``address_failures`` counts failed sign-ins and code joins per client address (every
worker sees one count, taken atomically); ``account_locks`` counts an account's failed
sign-ins per address and locks that address out of that account only, so nobody else
can lock its owner out. ``accounts.locked`` goes (the locks are per address now);
``accounts.failures`` stays, the failures from anywhere since the last good sign-in.

On SQLite every table keyed by an integer ``id`` is rebuilt with ``AUTOINCREMENT``, so a
deleted row's ID (a withdrawn game's) is never given to a new row, and a trigger refuses
an INSERT over an existing audit row (``INSERT OR REPLACE`` deletes the old row without
firing the DELETE trigger). PostgreSQL sequences never reuse IDs already.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

NO_REPLACE = (
    "CREATE TRIGGER audit_no_replace BEFORE INSERT ON audit "
    "WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM audit WHERE id = NEW.id) "
    "BEGIN SELECT RAISE(ABORT, 'audit rows are append-only'); END"
)
"""SQLite: an INSERT naming an audit row's ID is refused before REPLACE can delete it."""

ID_COLUMN = re.compile(r"^(\s*)id INTEGER NOT NULL,", re.MULTILINE)
KEY_CLAUSE = re.compile(r",?\s*PRIMARY KEY \(id\)(,?)")


def autoincrement_sql(sql: str) -> str | None:
    """A SQLite ``CREATE TABLE`` rewritten so that its integer ``id`` is ``PRIMARY KEY
    AUTOINCREMENT``; None for a table not keyed by one (or already rewritten)."""
    if "AUTOINCREMENT" in sql or not ID_COLUMN.search(sql) or not KEY_CLAUSE.search(sql):
        return None
    sql = ID_COLUMN.sub(r"\1id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,", sql, count=1)
    # "PRIMARY KEY (id), " in the middle, or ", PRIMARY KEY (id)" last
    return KEY_CLAUSE.sub(lambda m: "," if m.group(1) else "", sql, count=1)


def _sqlite_autoincrement() -> None:
    """Rebuild every table keyed by an integer ``id`` with AUTOINCREMENT (the SQLite
    way: a new table, the rows copied, the old one dropped, the new one renamed; its
    indexes and triggers made again). Foreign keys are off while migrations run."""
    bind = op.get_bind()
    tables = bind.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).all()
    for name, sql in tables:
        rebuilt = autoincrement_sql(sql)
        if rebuilt is None:
            continue
        extras = bind.exec_driver_sql(
            "SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') "
            "AND tbl_name = ? AND sql IS NOT NULL",
            (name,),
        ).all()
        head = re.match(r'CREATE TABLE ("?)(\w+)\1', rebuilt)
        assert head is not None, rebuilt
        bind.exec_driver_sql(rebuilt.replace(head.group(0), f'CREATE TABLE "new_{name}"', 1))
        bind.exec_driver_sql(f'INSERT INTO "new_{name}" SELECT * FROM "{name}"')
        bind.exec_driver_sql(f'DROP TABLE "{name}"')
        bind.exec_driver_sql(f'ALTER TABLE "new_{name}" RENAME TO "{name}"')
        for (extra,) in extras:
            bind.exec_driver_sql(extra)


def upgrade() -> None:
    """Add the failure counts, drop the whole-account lock, and (SQLite) make IDs
    AUTOINCREMENT and the audit proof against REPLACE."""
    op.create_table(
        "address_failures",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last", sa.DateTime, nullable=False),
    )
    op.create_table(
        "account_locks",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("locked", sa.Boolean, nullable=False),
    )
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("locked")
    if op.get_bind().dialect.name == "sqlite":
        _sqlite_autoincrement()
        op.execute(NO_REPLACE)


def downgrade() -> None:
    """Back to 0010: the per-address counts go, the account lock comes back (unlocked);
    SQLite tables keep AUTOINCREMENT (0010 reads them alike)."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER audit_no_replace")
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("locked", sa.Boolean, server_default=sa.false(), nullable=False))
    op.drop_table("account_locks")
    op.drop_table("address_failures")

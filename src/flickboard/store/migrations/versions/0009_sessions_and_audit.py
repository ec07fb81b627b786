"""Server-side sessions, account locks and an append-only audit trail.

``desk_sessions`` holds signed-in sessions (the cookie carries only a random ID, kept
here as its SHA-256), so signing out and a password change end them. ``accounts`` gets
``failures`` and ``locked`` (an account locks after many failed sign-ins in a row until
the director lifts it). ``audit`` gets ``before`` and ``after`` (the rows a write
changed, JSON), and triggers that refuse UPDATE and DELETE on it: the trail is
append-only on SQLite and PostgreSQL alike.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

REFUSAL = "audit rows are append-only"
"""The error a trigger raises on UPDATE or DELETE of an audit row."""

SQLITE_TRIGGERS = tuple(
    f"CREATE TRIGGER audit_no_{verb.lower()} BEFORE {verb} ON audit "
    f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
    for verb in ("UPDATE", "DELETE")
)

POSTGRES_TRIGGERS = (
    "CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS "
    f"$$ BEGIN RAISE EXCEPTION '{REFUSAL}'; END $$",
    "CREATE TRIGGER audit_no_update BEFORE UPDATE OR DELETE ON audit "
    "FOR EACH ROW EXECUTE FUNCTION audit_append_only()",
    "CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit "
    "FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()",
)


def upgrade() -> None:
    """Add the sessions table, the lock columns, the audit values and its triggers."""
    op.create_table(
        "desk_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("code_hash", sa.String(64), nullable=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("seen", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("failures", sa.Integer, server_default="0", nullable=False))
        batch.add_column(sa.Column("locked", sa.Boolean, server_default=sa.false(), nullable=False))
    with op.batch_alter_table("audit") as batch:
        batch.add_column(sa.Column("before", sa.Text, nullable=True))
        batch.add_column(sa.Column("after", sa.Text, nullable=True))
    postgres = op.get_bind().dialect.name == "postgresql"
    for sql in POSTGRES_TRIGGERS if postgres else SQLITE_TRIGGERS:
        op.execute(sql)


def downgrade() -> None:
    """Back to 0007: the triggers, audit values, lock columns and sessions go."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER audit_no_truncate ON audit")
        op.execute("DROP TRIGGER audit_no_update ON audit")
        op.execute("DROP FUNCTION audit_append_only()")
    else:
        op.execute("DROP TRIGGER audit_no_update")
        op.execute("DROP TRIGGER audit_no_delete")
    with op.batch_alter_table("audit") as batch:
        batch.drop_column("after")
        batch.drop_column("before")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("locked")
        batch.drop_column("failures")
    op.drop_table("desk_sessions")

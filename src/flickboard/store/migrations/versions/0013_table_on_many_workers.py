"""The browser table on several server processes (docs/web.md, "Several workers").

``play_games`` gets ``shot_count`` (shots saved: filled from ``play_shots``),
``takebacks`` (a copy held with another count reads the game afresh), ``events`` (the
number of the game's latest live event), the AI's lease (``ai_owner``, ``ai_until``: the
one process whose AI plays the turn), ``watched_until`` (some page watches it),
``spectacle`` (every seat the AI's), ``address`` (the SHA-256 of the address that
made it), and what a read shows (``state``, the game's state as JSON after its last
change, and ``ai_seat``, the AI seat to shoot next), with indexes for the per-address and AI v AI counts. ``play_events`` keeps
each game's latest live events, numbered, for every process's pages; on PostgreSQL a
trigger sends ``NOTIFY flickboard_table, 'GAME NUMBER KIND DATA'`` for each event saved
(``'GAME NUMBER'`` when its text would not fit the 8000 bytes of a notification),
delivered when its transaction commits.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

POSTGRES_NOTIFY = (
    "CREATE FUNCTION play_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
    "IF octet_length(NEW.data) < 7500 THEN PERFORM pg_notify('flickboard_table', "
    "NEW.game_id || ' ' || NEW.number || ' ' || NEW.kind || ' ' || NEW.data); "
    "ELSE PERFORM pg_notify('flickboard_table', NEW.game_id || ' ' || NEW.number); END IF; "
    "RETURN NULL; END $$",
    "CREATE TRIGGER play_events_notify AFTER INSERT ON play_events "
    "FOR EACH ROW EXECUTE FUNCTION play_event_notify()",
)


def upgrade() -> None:
    with op.batch_alter_table("play_games") as batch:
        batch.add_column(sa.Column("shot_count", sa.Integer, server_default="0", nullable=False))
        batch.add_column(sa.Column("takebacks", sa.Integer, server_default="0", nullable=False))
        batch.add_column(sa.Column("events", sa.Integer, server_default="0", nullable=False))
        batch.add_column(sa.Column("ai_owner", sa.String(40), nullable=True))
        batch.add_column(sa.Column("ai_until", sa.Float, nullable=True))
        batch.add_column(sa.Column("watched_until", sa.Float, nullable=True))
        batch.add_column(
            sa.Column("spectacle", sa.Boolean, server_default=sa.false(), nullable=False)
        )
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.add_column(sa.Column("state", sa.Text, nullable=True))
        batch.add_column(sa.Column("ai_seat", sa.Integer, nullable=True))
        batch.create_index("ix_play_games_address_created", ["address", "created"])
        batch.create_index("ix_play_games_spectacle_status", ["spectacle", "status"])
    op.execute(
        "UPDATE play_games SET shot_count = "
        "(SELECT COUNT(*) FROM play_shots WHERE play_shots.game_id = play_games.id)"
    )
    op.create_table(
        "play_events",
        sa.Column(
            "game_id",
            sa.String(40),
            sa.ForeignKey("play_games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        for sql in POSTGRES_NOTIFY:
            op.execute(sql)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER play_events_notify ON play_events")
        op.execute("DROP FUNCTION play_event_notify()")
    op.drop_table("play_events")
    with op.batch_alter_table("play_games") as batch:
        batch.drop_index("ix_play_games_spectacle_status")
        batch.drop_index("ix_play_games_address_created")
        for column in (
            "ai_seat", "state", "address", "spectacle", "watched_until", "ai_until", "ai_owner", "events",
            "takebacks", "shot_count",
        ):  # fmt: skip
            batch.drop_column(column)

"""Games at the browser table: ``play_games`` (setup, seats, status, record) and
``play_shots`` (each shot's record, enough to replay the game after a restart).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``play_games`` and ``play_shots``."""
    op.create_table(
        "play_games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=True),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
    )
    op.create_table(
        "play_shots",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id",
            sa.String(40),
            sa.ForeignKey("play_games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.UniqueConstraint("game_id", "number"),
    )


def downgrade() -> None:
    """Drop ``play_shots`` and ``play_games``."""
    op.drop_table("play_shots")
    op.drop_table("play_games")

"""Game reviews of the browser table's games: ``play_reviews`` (docs/review.md).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``play_reviews``."""
    op.create_table(
        "play_reviews",
        sa.Column(
            "game_id",
            sa.String(40),
            sa.ForeignKey("play_games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("level", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("shots", sa.Integer, nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("review", sa.Text, nullable=True),
        sa.Column("updated", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop ``play_reviews``."""
    op.drop_table("play_reviews")

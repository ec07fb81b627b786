"""The players of a doubles team, so that ratings rate each player.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``entrant_players``."""
    op.create_table(
        "entrant_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "entrant_id",
            sa.Integer,
            sa.ForeignKey("entrants.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("entrant_id", "code"),
    )


def downgrade() -> None:
    """Drop ``entrant_players``."""
    op.drop_table("entrant_players")

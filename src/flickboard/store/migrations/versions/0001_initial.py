"""Initial schema: events, entrants, draws, cards, rounds, corrections, shoot-outs.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _fk(column: str, target: str) -> sa.Column[int]:
    return sa.Column(column, sa.Integer, sa.ForeignKey(target, ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("category", sa.String(80), nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("bye_points", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime, server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "entrants",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("event_id", "code"),
    )
    op.create_table(
        "draw_games",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("side0", sa.String(40), nullable=False),
        sa.Column("side1", sa.String(40), nullable=True),
        sa.UniqueConstraint("event_id", "round_no", "side0"),
    )
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("side0", sa.String(40), nullable=False),
        sa.Column("side1", sa.String(40), nullable=False),
        sa.Column("championship", sa.Boolean, nullable=False),
        sa.Column("validated_by", sa.String(40), nullable=True),
        sa.Column("initials", sa.String(10), nullable=True),
        sa.UniqueConstraint("event_id", "round_no", "side0"),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("card_id", "cards.id"),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("entrant", sa.String(40), nullable=False),
        sa.UniqueConstraint("event_id", "round_no", "entrant"),
    )
    op.create_table(
        "card_rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("card_id", "cards.id"),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("score0", sa.Integer, nullable=False),
        sa.Column("score1", sa.Integer, nullable=False),
        sa.Column("twenties0", sa.Integer, nullable=False),
        sa.Column("twenties1", sa.Integer, nullable=False),
        sa.UniqueConstraint("card_id", "idx"),
        sa.CheckConstraint("score0 >= 0 AND score0 % 5 = 0", name="score0_multiple_of_5"),
        sa.CheckConstraint("score1 >= 0 AND score1 % 5 = 0", name="score1_multiple_of_5"),
        sa.CheckConstraint("twenties0 >= 0 AND 20 * twenties0 <= score0", name="twenties0_fit"),
        sa.CheckConstraint("twenties1 >= 0 AND 20 * twenties1 <= score1", name="twenties1_fit"),
    )
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("card_id", "cards.id"),
        sa.Column("referee", sa.String(40), nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("before", sa.Text, nullable=False),
        sa.Column("after", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime, server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "shootouts",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
    )
    op.create_table(
        "shootout_scores",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("shootout_id", "shootouts.id"),
        sa.Column("entrant", sa.String(40), nullable=False),
        sa.Column("twenties", sa.String(20), nullable=False),
        sa.UniqueConstraint("shootout_id", "entrant"),
    )


def downgrade() -> None:
    """Drop every table."""
    for table in (
        "shootout_scores",
        "shootouts",
        "corrections",
        "card_rounds",
        "seats",
        "cards",
        "draw_games",
        "entrants",
        "events",
    ):
        op.drop_table(table)

"""Records that make the last rule clauses expressible.

``shootout_scores`` gets ``attempts``: each shot of a WCC shoot-out in the order shot
(``X`` a 20, ``o`` no 20, ``-`` short of or out of the 15 circle), comma-separated per
player; NULL for shoot-outs stored before, which keep their 20s only.

``club_substitutions`` gets ``penalty``: the match points a six-person substitution
forfeited (CSC VII 12(c)-(d), entered after the games it broke were played; 0 for every
substitution stored before, all of them checked before their games).

``club_end_changes`` (new): a six-person pair changing ends from a game of a league
night on (CSC VII 7).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shootout_scores") as batch:
        batch.add_column(sa.Column("attempts", sa.String(40), nullable=True))
    with op.batch_alter_table("club_substitutions") as batch:
        batch.add_column(sa.Column("penalty", sa.Integer, server_default="0", nullable=False))
    op.create_table(
        "club_end_changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "fixture_id",
            sa.Integer,
            sa.ForeignKey("club_fixtures.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("slot", sa.String(2), nullable=False),
        sa.Column("from_game", sa.Integer, nullable=False),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("club_end_changes")
    with op.batch_alter_table("club_substitutions") as batch:
        batch.drop_column("penalty")
    with op.batch_alter_table("shootout_scores") as batch:
        batch.drop_column("attempts")

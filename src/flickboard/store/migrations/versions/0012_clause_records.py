"""Records that make the last rule clauses expressible.

``shootout_scores`` gets ``attempts``: each shot of a WCC shoot-out in the order shot
(``X`` a 20, ``o`` no 20, ``-`` short of or out of the 15 circle), comma-separated per
player; NULL for shoot-outs stored before, which keep their 20s only.

Revision ID: 0012
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shootout_scores") as batch:
        batch.add_column(sa.Column("attempts", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shootout_scores") as batch:
        batch.drop_column("attempts")

"""Club events keep their discipline (singles or doubles): a CSC team plays with its
first one or two listed players, the rest of its delegation are substitutes (Part VI
7.1, 7.2).

Existing CSC round robins get ``singles`` when their division is a singles event or,
without a division, when their games are to 15 (Part V: singles to 15, doubles to 17);
every other club event ``doubles`` (leagues play doubles; brackets list no players).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``events.discipline`` and fill it for the club events already stored."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("discipline", sa.String(10), nullable=True))
    op.get_bind().execute(
        sa.text(
            "UPDATE events SET discipline = CASE "
            "WHEN division LIKE '%singles' THEN 'singles' "
            "WHEN division IS NULL AND target = 15 AND format = 'csc-round-robin' "
            "THEN 'singles' ELSE 'doubles' END "
            "WHERE format IN ('csc-round-robin', 'league-six', 'league-four', 'elimination')"
        )
    )


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("events") as batch:
        batch.drop_column("discipline")

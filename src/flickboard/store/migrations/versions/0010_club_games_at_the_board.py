"""Club games entered at the board: one side enters, the other confirms or disputes.

``club_games`` gets ``status`` (``entered`` at the board and waiting for the other
side, ``disputed`` and waiting for a referee, or ``confirmed``; games stored before
this revision were entered by officials and are ``confirmed``), ``entered_by`` (the
side that entered it at the board), ``confirmed_by`` (the other side and their
initials, or the referee who ruled), and ``dispute`` (why it was disputed).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_games") as batch:
        batch.add_column(
            sa.Column("status", sa.String(12), server_default="confirmed", nullable=False)
        )
        batch.add_column(sa.Column("entered_by", sa.String(40), nullable=True))
        batch.add_column(sa.Column("confirmed_by", sa.String(120), nullable=True))
        batch.add_column(sa.Column("dispute", sa.String(1000), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club_games") as batch:
        for column in ("dispute", "confirmed_by", "entered_by", "status"):
            batch.drop_column(column)

"""A table game's snapshot (docs/web.md, "Storage"): ``play_games`` gets ``snapshot``
(the match as it stood after shot ``snapshot_shots``, :mod:`flickboard.play.snapshot`)
and ``snapshot_code`` (the digest of the code that wrote it: other code replays the
shots instead). A game is read back from its snapshot and the shots saved after it.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("play_games") as batch:
        batch.add_column(sa.Column("snapshot", sa.LargeBinary, nullable=True))
        batch.add_column(sa.Column("snapshot_shots", sa.Integer, nullable=True))
        batch.add_column(sa.Column("snapshot_code", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play_games") as batch:
        for column in ("snapshot_code", "snapshot_shots", "snapshot"):
            batch.drop_column(column)

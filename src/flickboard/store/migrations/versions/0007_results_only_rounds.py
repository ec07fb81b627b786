"""Results-only rounds: a card round may hold only its winner (CMN 1.0: "the only
guaranteed field per game is ``winner``"), with whatever of the points and 20s was
recorded.

``card_rounds`` gets ``results_only`` (false for every round already stored) and
``winner`` (a results-only round's winning side; NULL a tie); the points and 20s become
nullable. The checks on points and 20s now hold where they are recorded, a new check
keeps every round either fully scored or results-only, and another keeps a recorded
score in line with the winner. Existing rounds are scored rounds and pass unchanged.

Downgrade refuses while any results-only round is stored (0006 cannot hold it: delete
or re-enter those cards first); otherwise it restores the 0006 table exactly.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

FIGURES = ("score0", "score1", "twenties0", "twenties1")

OLD_CHECKS = {
    "score0_multiple_of_5": "score0 >= 0 AND score0 % 5 = 0",
    "score1_multiple_of_5": "score1 >= 0 AND score1 % 5 = 0",
    "twenties0_fit": "twenties0 >= 0 AND 20 * twenties0 <= score0",
    "twenties1_fit": "twenties1 >= 0 AND 20 * twenties1 <= score1",
}
"""The checks of revision 0001-0006 (every figure required)."""

NEW_CHECKS = {
    "score0_multiple_of_5": "score0 IS NULL OR (score0 >= 0 AND score0 % 5 = 0)",
    "score1_multiple_of_5": "score1 IS NULL OR (score1 >= 0 AND score1 % 5 = 0)",
    "twenties0_fit": (
        "twenties0 IS NULL OR (twenties0 >= 0 AND (score0 IS NULL OR 20 * twenties0 <= score0))"
    ),
    "twenties1_fit": (
        "twenties1 IS NULL OR (twenties1 >= 0 AND (score1 IS NULL OR 20 * twenties1 <= score1))"
    ),
    "round_scored_or_results_only": (
        "(NOT results_only AND winner IS NULL AND score0 IS NOT NULL AND score1 IS NOT NULL"
        " AND twenties0 IS NOT NULL AND twenties1 IS NOT NULL)"
        " OR (results_only AND (winner IS NULL OR winner IN (0, 1))"
        " AND (score0 IS NULL) = (score1 IS NULL) AND (twenties0 IS NULL) = (twenties1 IS NULL))"
    ),
    "round_winner_fits_scores": (
        "NOT results_only OR score0 IS NULL"
        " OR (winner IS NULL AND score0 = score1)"
        " OR (winner IS NOT NULL AND ((winner = 0 AND score0 > score1)"
        " OR (winner = 1 AND score1 > score0)))"
    ),
}
"""The checks from 0007 on (kept here as written, so that later model changes do not
change what this revision does; ``models.ROUND_CHECKS`` holds the same today)."""


def upgrade() -> None:
    """Add ``results_only`` and ``winner``, make the figures nullable, swap the checks."""
    with op.batch_alter_table("card_rounds") as batch:
        for name in OLD_CHECKS:
            batch.drop_constraint(name, type_="check")
        batch.add_column(
            sa.Column("results_only", sa.Boolean, server_default=sa.false(), nullable=False)
        )
        batch.add_column(sa.Column("winner", sa.Integer, nullable=True))
        for column in FIGURES:
            batch.alter_column(column, existing_type=sa.Integer, nullable=True)
        for name, sql in NEW_CHECKS.items():
            batch.create_check_constraint(name, sql)


def downgrade() -> None:
    """Back to 0006, refused while results-only rounds are stored."""
    bind = op.get_bind()
    found = bind.execute(
        sa.text("SELECT COUNT(*) FROM card_rounds WHERE results_only")
    ).scalar_one()
    if found:
        raise RuntimeError(
            f"cannot downgrade below 0007: {found} results-only card rounds are stored, "
            "which revision 0006 cannot hold; delete or re-enter those cards first"
        )
    with op.batch_alter_table("card_rounds") as batch:
        for name in NEW_CHECKS:
            batch.drop_constraint(name, type_="check")
        batch.drop_column("winner")
        batch.drop_column("results_only")
        for column in FIGURES:
            batch.alter_column(column, existing_type=sa.Integer, nullable=False)
        for name, sql in OLD_CHECKS.items():
            batch.create_check_constraint(name, sql)

"""Club events: CSC round robins and leagues, fair-rules brackets (teams, rosters,
fixtures, line-ups, substitutions, games with frames, forfeits).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _fk(column: str, target: str, nullable: bool = False) -> sa.Column[int]:
    return sa.Column(
        column, sa.Integer, sa.ForeignKey(target, ondelete="CASCADE"), nullable=nullable
    )


def upgrade() -> None:
    """Create the club-event tables."""
    op.create_table(
        "club_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("best_of_three_from", sa.Integer, nullable=True),
        sa.Column("created", sa.DateTime, server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "club_teams",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "club_events.id"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("event_id", "code"),
    )
    op.create_table(
        "club_players",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("team_id", "club_teams.id"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("team_id", "code"),
    )
    op.create_table(
        "club_fixtures",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "club_events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("home", sa.String(40), nullable=False),
        sa.Column("visitors", sa.String(40), nullable=False),
        sa.UniqueConstraint("event_id", "round_no", "home"),
        sa.UniqueConstraint("event_id", "round_no", "visitors"),
    )
    op.create_table(
        "club_lineups",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("fixture_id", "club_fixtures.id"),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("slot", sa.String(2), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player", sa.String(40), nullable=False),
        sa.UniqueConstraint("fixture_id", "side", "slot", "seat"),
        sa.UniqueConstraint("fixture_id", "side", "player"),
    )
    op.create_table(
        "club_substitutions",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("fixture_id", "club_fixtures.id"),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("from_game", sa.Integer, nullable=False),
        sa.Column("player_out", sa.String(40), nullable=False),
        sa.Column("player_in", sa.String(40), nullable=False),
    )
    op.create_table(
        "club_games",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "club_events.id"),
        _fk("fixture_id", "club_fixtures.id", nullable=True),
        sa.Column("label", sa.String(40), nullable=False),
        sa.Column("game_no", sa.Integer, nullable=False),
        sa.Column("side0", sa.String(40), nullable=False),
        sa.Column("side1", sa.String(40), nullable=False),
        sa.Column("winner", sa.Integer, nullable=False),
        sa.Column("forfeit_by", sa.Integer, nullable=True),
        sa.UniqueConstraint("event_id", "label", "game_no"),
        sa.CheckConstraint("side0 <> side1", name="two_sides"),
        sa.CheckConstraint("forfeit_by IS NULL OR forfeit_by IN (0, 1)", name="forfeit_side"),
        sa.CheckConstraint("winner IN (0, 1)", name="winner_side"),
    )
    op.create_table(
        "club_frames",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("game_id", "club_games.id"),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("points0", sa.Integer, nullable=False),
        sa.Column("points1", sa.Integer, nullable=False),
        sa.UniqueConstraint("game_id", "idx"),
        sa.CheckConstraint("points0 >= 0 AND points1 >= 0", name="frame_points_not_negative"),
    )


def downgrade() -> None:
    """Drop the club-event tables."""
    for table in (
        "club_frames",
        "club_games",
        "club_substitutions",
        "club_lineups",
        "club_fixtures",
        "club_players",
        "club_teams",
        "club_events",
    ):
        op.drop_table(table)

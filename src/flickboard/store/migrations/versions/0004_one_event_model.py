"""One event model and the desk: club events move into ``events`` / ``entrants`` /
``entrant_players`` (their fixtures and games now point at ``events``); draft draws,
boards, disputes, accounts, scorer codes, sanctions and the audit trail.

Existing data is carried over: every club event becomes an event with new IDs, its
teams entrants and its roster players. A club event whose name a crokinole event
already has is renamed ``NAME (club)`` (names are unique across all events now).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

CLUB_TABLES = (
    "club_frames",
    "club_games",
    "club_substitutions",
    "club_lineups",
    "club_fixtures",
)
"""Club tables that point at a club event, children first."""


def _fk(column: str, target: str, nullable: bool = False) -> sa.Column[int]:
    return sa.Column(
        column, sa.Integer, sa.ForeignKey(target, ondelete="CASCADE"), nullable=nullable
    )


def _rows(table: str) -> list[dict[str, Any]]:
    result = op.get_bind().execute(sa.text(f"SELECT * FROM {table} ORDER BY id"))
    return [dict(r._mapping) for r in result]


def _create_club_tables() -> None:
    op.create_table(
        "club_fixtures",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("home", sa.String(40), nullable=False),
        sa.Column("visitors", sa.String(40), nullable=False),
        sa.Column("board", sa.Integer, nullable=True),
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
        _fk("event_id", "events.id"),
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


def _create_desk_tables() -> None:
    op.create_table(
        "draw_rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("published", sa.Boolean, nullable=False),
        sa.Column("drawn_by", sa.String(80), nullable=False),
        sa.Column("drawn_at", sa.DateTime, server_default=sa.func.now(), nullable=False),
        sa.UniqueConstraint("event_id", "round_no"),
    )
    op.create_table(
        "disputes",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("card_id", "cards.id"),
        sa.Column("raised_by", sa.String(80), nullable=False),
        sa.Column("raised_at", sa.DateTime, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("ruled_by", sa.String(80), nullable=True),
        sa.Column("ruled_at", sa.DateTime, nullable=True),
        sa.Column("ruling", sa.Text, nullable=True),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime, server_default=sa.func.now(), nullable=False),
        sa.CheckConstraint("role IN ('director', 'referee')", name="account_role"),
    )
    op.create_table(
        "scorer_codes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        _fk("event_id", "events.id"),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("side0", sa.String(40), nullable=False),
        sa.Column("side1", sa.String(40), nullable=False),
        sa.Column("issued_by", sa.String(80), nullable=False),
        sa.Column("issued_at", sa.DateTime, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True),
        _fk("event_id", "events.id"),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("entrant", sa.String(40), nullable=True),
        sa.Column("round_no", sa.Integer, nullable=True),
        sa.Column("game_round", sa.Integer, nullable=True),
        sa.Column("player", sa.String(40), nullable=True),
        sa.Column("player_in", sa.String(40), nullable=True),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_name", sa.String(200), nullable=True),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )


def upgrade() -> None:
    """Merge the club tables into the event model and add the desk's tables."""
    bind = op.get_bind()
    with op.batch_alter_table("events") as batch:
        batch.alter_column("category", existing_type=sa.String(80), nullable=True)
        batch.add_column(sa.Column("target", sa.Integer, nullable=True))
        batch.add_column(sa.Column("best_of_three_from", sa.Integer, nullable=True))
        batch.add_column(sa.Column("date", sa.Date, nullable=True))
        batch.add_column(sa.Column("parent_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("championship", sa.String(200), nullable=True))
        batch.add_column(sa.Column("division", sa.String(40), nullable=True))
        batch.add_column(sa.Column("revision", sa.Integer, server_default="0", nullable=False))
        batch.create_foreign_key(
            "fk_events_parent_id_events", "events", ["parent_id"], ["id"], ondelete="SET NULL"
        )
    for table in ("entrants", "entrant_players"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("gender", sa.String(1), nullable=True))
    with op.batch_alter_table("draw_games") as batch:
        batch.add_column(sa.Column("board", sa.Integer, nullable=True))
    with op.batch_alter_table("cards") as batch:
        batch.add_column(sa.Column("ruled_by", sa.String(80), nullable=True))
        batch.add_column(sa.Column("entered_by", sa.String(80), nullable=True))
        batch.add_column(sa.Column("entered_at", sa.DateTime, nullable=True))
        batch.add_column(sa.Column("validated_at", sa.DateTime, nullable=True))
    _create_desk_tables()
    bind.execute(
        sa.text(
            "INSERT INTO draw_rounds (event_id, round_no, published, drawn_by) "
            "SELECT DISTINCT event_id, round_no, :yes, 'before 0004' FROM draw_games "
            "WHERE round_no >= 1"
        ),
        {"yes": True},
    )

    club = {t: _rows(t) for t in (*CLUB_TABLES, "club_events", "club_teams", "club_players")}
    for table in (*CLUB_TABLES, "club_players", "club_teams", "club_events"):
        op.drop_table(table)
    _create_club_tables()

    taken = {r[0] for r in bind.execute(sa.text("SELECT name FROM events"))}
    events = sa.table(
        "events",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("format", sa.String),
        sa.column("category", sa.String),
        sa.column("games", sa.Integer),
        sa.column("seed", sa.Integer),
        sa.column("bye_points", sa.Integer),
        sa.column("created"),
        sa.column("target", sa.Integer),
        sa.column("best_of_three_from", sa.Integer),
    )
    event_id: dict[int, int] = {}
    for ev in club["club_events"]:
        name = ev["name"] if ev["name"] not in taken else f"{ev['name']} (club)"
        new = bind.execute(
            events.insert()
            .values(
                name=name,
                format=ev["format"],
                category=None,
                games=0,
                seed=0,
                bye_points=0,
                created=ev["created"],
                target=ev["target"],
                best_of_three_from=ev["best_of_three_from"],
            )
            .returning(events.c.id)
        ).scalar_one()
        event_id[ev["id"]] = new
    entrants = sa.table(
        "entrants",
        sa.column("id", sa.Integer),
        sa.column("event_id", sa.Integer),
        sa.column("position", sa.Integer),
        sa.column("code", sa.String),
        sa.column("name", sa.String),
    )
    entrant_id: dict[int, int] = {}
    for team in club["club_teams"]:
        entrant_id[team["id"]] = bind.execute(
            entrants.insert()
            .values(
                event_id=event_id[team["event_id"]],
                position=team["position"],
                code=team["code"],
                name=team["name"],
            )
            .returning(entrants.c.id)
        ).scalar_one()
    players = sa.table(
        "entrant_players",
        sa.column("entrant_id", sa.Integer),
        sa.column("position", sa.Integer),
        sa.column("code", sa.String),
        sa.column("name", sa.String),
    )
    for p in club["club_players"]:
        bind.execute(
            players.insert().values(
                entrant_id=entrant_id[p["team_id"]],
                position=p["position"],
                code=p["code"],
                name=p["name"],
            )
        )
    for table in reversed(CLUB_TABLES):
        rows = club[table]
        for r in rows:
            if "event_id" in r:
                r["event_id"] = event_id[r["event_id"]]
        if rows:
            target = sa.table(table, *(sa.column(c) for c in rows[0]))
            bind.execute(target.insert(), rows)
            if bind.dialect.name == "postgresql":
                bind.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT max(id) FROM {table}))"
                    )
                )


def downgrade() -> None:
    """Not supported: club events cannot be split back out without losing the desk's
    data (accounts, disputes, sanctions)."""
    raise NotImplementedError("migration 0004 cannot be downgraded")

"""Database tables. The Alembic migrations in ``migrations/`` create exactly these."""

from __future__ import annotations

from datetime import date as date_
from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

ROUND_CHECKS: dict[str, str] = {
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
"""The check constraints of ``card_rounds`` (migration 0007): a scored round has both
sides' points and 20s and no stored winner; a results-only round has its winner (or
none: a tie) and each pair of figures recorded for both sides or neither; points in
fives, the 20s fitting in the points, and a recorded score agreeing with the winner."""


class Base(DeclarativeBase):
    """Declarative base of the flickboard tables."""


class EventRow(Base):
    """Any event: a crokinole preliminary, round robin, round of 32 or championship
    match (with a WCC ``category``), or a club event (CSC round robin, league,
    fair-rules bracket, with a ``target``). Migration 0004 made this one table."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    format: Mapped[str] = mapped_column(String(40))
    category: Mapped[str | None] = mapped_column(String(80), nullable=True)
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    bye_points: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    best_of_three_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    date: Mapped[date_ | None] = mapped_column(Date, nullable=True)
    parent_id: Mapped[int | None] = mapped_column(
        ForeignKey("events.id", ondelete="SET NULL"), nullable=True
    )
    """The event this one was made from (pools, a round of 32: its preliminary)."""
    championship: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """CSC: the championship (tournament) this event is part of (VI 9 order of events)."""
    division: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """CSC: mixed doubles, ladies' singles, ... (VI 9)."""
    discipline: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """Club events: singles or doubles (a CSC team's first one or two players play, the
    rest of its delegation are substitutes, VI 7; migration 0005)."""
    revision: Mapped[int] = mapped_column(Integer, server_default="0")
    """Bumped by every write to the event: the row lock that serialises its writes."""

    entrants: Mapped[list[EntrantRow]] = relationship(
        back_populates="event", order_by="EntrantRow.position"
    )


class EntrantRow(Base):
    """A player or team in an event, by ID number."""

    __tablename__ = "entrants"
    __table_args__ = (UniqueConstraint("event_id", "code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    gender: Mapped[str | None] = mapped_column(String(1), nullable=True)

    event: Mapped[EventRow] = relationship(back_populates="entrants")
    players: Mapped[list[EntrantPlayerRow]] = relationship(
        order_by="EntrantPlayerRow.position", cascade="all, delete-orphan"
    )


class EntrantPlayerRow(Base):
    """A player of an entrant: a doubles team's two players (migration 0003), a league
    team's roster, a CSC team's delegation (migration 0004)."""

    __tablename__ = "entrant_players"
    __table_args__ = (UniqueConstraint("entrant_id", "code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entrant_id: Mapped[int] = mapped_column(ForeignKey("entrants.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    gender: Mapped[str | None] = mapped_column(String(1), nullable=True)


class DrawGameRow(Base):
    """A drawn game of one round (``side1`` is NULL for a bye)."""

    __tablename__ = "draw_games"
    __table_args__ = (UniqueConstraint("event_id", "round_no", "side0"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    side0: Mapped[str] = mapped_column(String(40))
    side1: Mapped[str | None] = mapped_column(String(40), nullable=True)
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DrawRoundRow(Base):
    """A drawn round: a draft until published (migration 0004). Unique per (event,
    round), so two draws of one round cannot both be stored."""

    __tablename__ = "draw_rounds"
    __table_args__ = (UniqueConstraint("event_id", "round_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    published: Mapped[bool] = mapped_column(Boolean)
    drawn_by: Mapped[str] = mapped_column(String(80))
    drawn_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class CardRow(Base):
    """A scorecard: one game between two entrants in a draw round."""

    __tablename__ = "cards"
    __table_args__ = (UniqueConstraint("event_id", "round_no", "side0"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    side0: Mapped[str] = mapped_column(String(40))
    side1: Mapped[str] = mapped_column(String(40))
    championship: Mapped[bool] = mapped_column(default=False)
    validated_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    initials: Mapped[str | None] = mapped_column(String(10), nullable=True)
    ruled_by: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The referee whose dispute ruling validated the card (instead of the opponent)."""
    entered_by: Mapped[str | None] = mapped_column(String(80), nullable=True)
    entered_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    validated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    rounds: Mapped[list[CardRoundRow]] = relationship(
        order_by="CardRoundRow.idx", cascade="all, delete-orphan"
    )
    corrections: Mapped[list[CorrectionRow]] = relationship(
        order_by="CorrectionRow.id", cascade="all, delete-orphan"
    )
    disputes: Mapped[list[DisputeRow]] = relationship(
        order_by="DisputeRow.id", cascade="all, delete-orphan"
    )


class DisputeRow(Base):
    """The opponent's dispute of a card and the referee's ruling on it."""

    __tablename__ = "disputes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"))
    raised_by: Mapped[str] = mapped_column(String(80))
    raised_at: Mapped[datetime] = mapped_column(DateTime)
    reason: Mapped[str] = mapped_column(Text)
    ruled_by: Mapped[str | None] = mapped_column(String(80), nullable=True)
    ruled_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    ruling: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatRow(Base):
    """Where an entrant plays in a draw round: at most one game per round."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("event_id", "round_no", "entrant"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"))
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    entrant: Mapped[str] = mapped_column(String(40))


class CardRoundRow(Base):
    """One round of a card: both sides' points and 20s; or, in a results-only round
    (migration 0007), the winner (None: a tie) and whatever of the points and 20s was
    recorded. The constraints are those of ``ROUND_CHECKS`` (shared with the migration)."""

    __tablename__ = "card_rounds"
    __table_args__ = (
        UniqueConstraint("card_id", "idx"),
        *(CheckConstraint(sql, name=name) for name, sql in ROUND_CHECKS.items()),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"))
    idx: Mapped[int] = mapped_column(Integer)
    score0: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score1: Mapped[int | None] = mapped_column(Integer, nullable=True)
    twenties0: Mapped[int | None] = mapped_column(Integer, nullable=True)
    twenties1: Mapped[int | None] = mapped_column(Integer, nullable=True)
    results_only: Mapped[bool] = mapped_column(Boolean, server_default=false())
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A results-only round's winning side (0 the marking side, 1 the opponent; None a
    tie); always None in a scored round, whose winner follows from its scores."""


class CorrectionRow(Base):
    """The audit trail: a referee's correction of one round of a card."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"))
    referee: Mapped[str] = mapped_column(String(40))
    idx: Mapped[int] = mapped_column(Integer)
    before: Mapped[str] = mapped_column(Text)
    after: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class ShootOutRow(Base):
    """One shoot-out (or repetition) of an event, in the order it was held."""

    __tablename__ = "shootouts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))

    scores: Mapped[list[ShootOutScoreRow]] = relationship(
        order_by="ShootOutScoreRow.id", cascade="all, delete-orphan"
    )


class ShootOutScoreRow(Base):
    """An entrant's 20s in one shoot-out: comma-separated counts per player; and its
    attempts in the order shot, comma-separated per player (migration 0012; NULL in a
    shoot-out stored before)."""

    __tablename__ = "shootout_scores"
    __table_args__ = (UniqueConstraint("shootout_id", "entrant"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    shootout_id: Mapped[int] = mapped_column(ForeignKey("shootouts.id", ondelete="CASCADE"))
    entrant: Mapped[str] = mapped_column(String(40))
    twenties: Mapped[str] = mapped_column(String(20))
    attempts: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ClubFixtureRow(Base):
    """A scheduled meeting: a round-robin game, or a league night's match."""

    __tablename__ = "club_fixtures"
    __table_args__ = (
        UniqueConstraint("event_id", "round_no", "home"),
        UniqueConstraint("event_id", "round_no", "visitors"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    home: Mapped[str] = mapped_column(String(40))
    visitors: Mapped[str] = mapped_column(String(40))
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ClubLineupRow(Base):
    """One place of a league night's starting line-up (slot A/B/C or 1-4, seat 0/1)."""

    __tablename__ = "club_lineups"
    __table_args__ = (
        UniqueConstraint("fixture_id", "side", "slot", "seat"),
        UniqueConstraint("fixture_id", "side", "player"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fixture_id: Mapped[int] = mapped_column(ForeignKey("club_fixtures.id", ondelete="CASCADE"))
    side: Mapped[int] = mapped_column(Integer)
    slot: Mapped[str] = mapped_column(String(2))
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(40))


class ClubSubstitutionRow(Base):
    """A substitution on a league night, in the order it was made; ``penalty``: the
    match points it forfeited (six-person VII 12(c)-(d), entered after the games it
    broke were played; migration 0012)."""

    __tablename__ = "club_substitutions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fixture_id: Mapped[int] = mapped_column(ForeignKey("club_fixtures.id", ondelete="CASCADE"))
    side: Mapped[int] = mapped_column(Integer)
    from_game: Mapped[int] = mapped_column(Integer)
    player_out: Mapped[str] = mapped_column(String(40))
    player_in: Mapped[str] = mapped_column(String(40))
    penalty: Mapped[int] = mapped_column(Integer, server_default="0")


class ClubEndsChangeRow(Base):
    """A six-person pair changing ends from a game of a league night on (VII 7;
    migration 0012), in the order made."""

    __tablename__ = "club_end_changes"
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fixture_id: Mapped[int] = mapped_column(ForeignKey("club_fixtures.id", ondelete="CASCADE"))
    side: Mapped[int] = mapped_column(Integer)
    slot: Mapped[str] = mapped_column(String(2))
    from_game: Mapped[int] = mapped_column(Integer)


class ClubGameRow(Base):
    """A played (or forfeited) game. ``label`` names the meeting it belongs to: a
    fixture, a sudden-death draw, a playoff series or a bracket match."""

    __tablename__ = "club_games"
    __table_args__ = (
        UniqueConstraint("event_id", "label", "game_no"),
        CheckConstraint("side0 <> side1", name="two_sides"),
        CheckConstraint("forfeit_by IS NULL OR forfeit_by IN (0, 1)", name="forfeit_side"),
        CheckConstraint("winner IN (0, 1)", name="winner_side"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    fixture_id: Mapped[int | None] = mapped_column(
        ForeignKey("club_fixtures.id", ondelete="CASCADE"), nullable=True
    )
    label: Mapped[str] = mapped_column(String(40))
    game_no: Mapped[int] = mapped_column(Integer)
    side0: Mapped[str] = mapped_column(String(40))
    side1: Mapped[str] = mapped_column(String(40))
    winner: Mapped[int] = mapped_column(Integer)
    forfeit_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(12), server_default="confirmed")
    """``entered`` at the board (waiting for the other side), ``disputed`` (waiting
    for a referee) or ``confirmed``: only confirmed games count."""
    entered_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The side that entered it at the board (None: an official)."""
    confirmed_by: Mapped[str | None] = mapped_column(String(120), nullable=True)
    dispute: Mapped[str | None] = mapped_column(String(1000), nullable=True)

    frames: Mapped[list[ClubFrameRow]] = relationship(order_by="ClubFrameRow.idx")


class ClubFrameRow(Base):
    """One frame (round) of a game: points to each side, or the final score as one."""

    __tablename__ = "club_frames"
    __table_args__ = (
        UniqueConstraint("game_id", "idx"),
        CheckConstraint("points0 >= 0 AND points1 >= 0", name="frame_points_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("club_games.id", ondelete="CASCADE"))
    idx: Mapped[int] = mapped_column(Integer)
    points0: Mapped[int] = mapped_column(Integer)
    points1: Mapped[int] = mapped_column(Integer)


class AccountRow(Base):
    """A desk account: the director or a referee, with an argon2 password hash."""

    __tablename__ = "accounts"
    __table_args__ = (CheckConstraint("role IN ('director', 'referee')", name="account_role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(200))
    active: Mapped[bool] = mapped_column(Boolean)
    created: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    failures: Mapped[int] = mapped_column(Integer, server_default="0")
    """Failed sign-ins from anywhere since the last good one (migration 0009)."""


class AccountLockRow(Base):
    """An account's failed sign-ins in a row from one client address (migration 0011):
    that address is locked out of that account after
    :data:`~flickboard.store.accounts.LOCK_AFTER` of them, until the director lifts it;
    other addresses are not."""

    __tablename__ = "account_locks"

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    locked: Mapped[bool] = mapped_column(Boolean)


class AddressFailureRow(Base):
    """Failed sign-ins and code joins in a row from one client address (migration
    0011), counted by every worker in one place: :mod:`flickboard.store.throttle`."""

    __tablename__ = "address_failures"

    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last: Mapped[datetime] = mapped_column(DateTime)


class DeskSessionRow(Base):
    """A signed-in session held by the server (migration 0009): the cookie carries only
    its random ID, kept here as its SHA-256; an account's or a scorer code's."""

    __tablename__ = "desk_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True
    )
    code_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime)
    seen: Mapped[datetime] = mapped_column(DateTime)


class ScorerCodeRow(Base):
    """A table scorer's code for one game of a drawn round: no account; the code is
    kept only as its SHA-256."""

    __tablename__ = "scorer_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    side0: Mapped[str] = mapped_column(String(40))
    side1: Mapped[str] = mapped_column(String(40))
    issued_by: Mapped[str] = mapped_column(String(80))
    issued_at: Mapped[datetime] = mapped_column(DateTime)
    revoked: Mapped[bool] = mapped_column(Boolean)


class SanctionRow(Base):
    """A sanction or an absence recorded by a referee (WCC, CSC): warning, forfeited
    round or game, disqualification, withdrawal, no-show; CSC VI 7.1/7.2 a partner
    continuing alone and substitutes; VI 12 an offence; VI 14 a board taken out; VII 14
    a league match postponed (``round_no`` the night)."""

    __tablename__ = "sanctions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    entrant: Mapped[str | None] = mapped_column(String(40), nullable=True)
    round_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    game_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)
    player_in: Mapped[str | None] = mapped_column(String(40), nullable=True)
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime)


class AuditRow(Base):
    """Every write made through the desk service: who (role and name), when, what, and
    the rows it changed before and after (JSON). Append-only: triggers refuse UPDATE and
    DELETE (migration 0009); no foreign key, so the rows outlive a deleted event."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    role: Mapped[str] = mapped_column(String(20))
    actor: Mapped[str] = mapped_column(String(80))
    action: Mapped[str] = mapped_column(String(40))
    detail: Mapped[str] = mapped_column(Text)
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    after: Mapped[str | None] = mapped_column(Text, nullable=True)


class SettingRow(Base):
    """A setting of this database, e.g. the key that seals its exports."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class PlayGameRow(Base):
    """A game at the browser table (docs/web.md, "The table"): how it was set up, its
    seats (names, players, hashed seat tokens), and its match record once a game of it
    ends. ``version`` counts the changes (shots, undos, joins, resignation): a write
    names the version it changes, so two writers never both apply (migration 0005)."""

    __tablename__ = "play_games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    setup: Mapped[str] = mapped_column(Text)
    seats: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20))
    version: Mapped[int] = mapped_column(Integer)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime)
    updated: Mapped[datetime] = mapped_column(DateTime)
    shot_count: Mapped[int] = mapped_column(Integer, server_default="0")
    """Shots saved (the rows of ``play_shots``), migration 0013."""
    takebacks: Mapped[int] = mapped_column(Integer, server_default="0")
    """Take-backs so far: a copy held with another count replays the game afresh."""
    events: Mapped[int] = mapped_column(Integer, server_default="0")
    """The number of the game's latest live event (``play_events``)."""
    ai_owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The server process whose AI plays the turn now (its lease, until ``ai_until``)."""
    ai_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the AI's lease ends (Unix seconds) unless renewed."""
    watched_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Until when some page watches the game (Unix seconds; renewed while one does)."""
    spectacle: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """Every seat is the AI's (an AI v AI match)."""
    address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The SHA-256 of the address that made the game (the per-address limits)."""
    state: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The game's state (JSON) after its last change, as a read answers it (None for a
    game on a wall clock, whose state changes by itself)."""
    ai_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The AI seat to shoot next (None when a person is to shoot or the game is over)."""
    snapshot: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    """The match as it stood after shot :attr:`snapshot_shots`
    (:mod:`flickboard.play.snapshot`): the game is read back from it and the shots
    after it (migration 0014)."""
    snapshot_shots: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The shots the snapshot holds."""
    snapshot_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The digest of the code that wrote the snapshot (other code replays the shots)."""

    shots: Mapped[list[PlayShotRow]] = relationship(
        order_by="PlayShotRow.number", cascade="all, delete-orphan"
    )

    __table_args__ = (
        Index("ix_play_games_address_created", "address", "created"),
        Index("ix_play_games_spectacle_status", "spectacle", "status"),
    )


class PlayEventRow(Base):
    """A live event of a browser-table game, numbered from 1 per game (``shot``,
    ``state``, ``thinking``, ``problem`` and its JSON text): what every server process
    hands to the pages it serves, in order, and what a page that reconnects has missed
    (the latest few are kept; migration 0013)."""

    __tablename__ = "play_events"

    game_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("play_games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    data: Mapped[str] = mapped_column(Text)


class PlayReviewRow(Base):
    """The game review of a browser-table game (docs/review.md), cached with the game:
    the level it was weighed at, how far it got, and the review JSON once done
    (migration 0008)."""

    __tablename__ = "play_reviews"

    game_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("play_games.id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20))
    shots: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    review: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated: Mapped[datetime] = mapped_column(DateTime)


class PlayShotRow(Base):
    """One shot of a browser-table game, numbered from 1: the seat, the shot record
    (compact, full precision: replayed through the match it rebuilds the game exactly)
    and what the page shows beside it (the aim meant, the AI's explanation)."""

    __tablename__ = "play_shots"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("play_games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)
    note: Mapped[str] = mapped_column(Text)

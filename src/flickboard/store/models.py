"""Database tables. The Alembic migrations in ``migrations/`` create exactly these."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base of the flickboard tables."""


class EventRow(Base):
    """An event: a preliminary or a round robin in one category."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    format: Mapped[str] = mapped_column(String(40))
    category: Mapped[str] = mapped_column(String(80))
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    bye_points: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())

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

    event: Mapped[EventRow] = relationship(back_populates="entrants")


class DrawGameRow(Base):
    """A drawn game of one round (``side1`` is NULL for a bye)."""

    __tablename__ = "draw_games"
    __table_args__ = (UniqueConstraint("event_id", "round_no", "side0"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(Integer)
    side0: Mapped[str] = mapped_column(String(40))
    side1: Mapped[str | None] = mapped_column(String(40), nullable=True)


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

    rounds: Mapped[list[CardRoundRow]] = relationship(
        order_by="CardRoundRow.idx", cascade="all, delete-orphan"
    )
    corrections: Mapped[list[CorrectionRow]] = relationship(
        order_by="CorrectionRow.id", cascade="all, delete-orphan"
    )


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
    """One round of a card: both sides' points and 20s."""

    __tablename__ = "card_rounds"
    __table_args__ = (
        UniqueConstraint("card_id", "idx"),
        CheckConstraint("score0 >= 0 AND score0 % 5 = 0", name="score0_multiple_of_5"),
        CheckConstraint("score1 >= 0 AND score1 % 5 = 0", name="score1_multiple_of_5"),
        CheckConstraint("twenties0 >= 0 AND 20 * twenties0 <= score0", name="twenties0_fit"),
        CheckConstraint("twenties1 >= 0 AND 20 * twenties1 <= score1", name="twenties1_fit"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"))
    idx: Mapped[int] = mapped_column(Integer)
    score0: Mapped[int] = mapped_column(Integer)
    score1: Mapped[int] = mapped_column(Integer)
    twenties0: Mapped[int] = mapped_column(Integer)
    twenties1: Mapped[int] = mapped_column(Integer)


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
    """An entrant's 20s in one shoot-out: comma-separated counts per player."""

    __tablename__ = "shootout_scores"
    __table_args__ = (UniqueConstraint("shootout_id", "entrant"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    shootout_id: Mapped[int] = mapped_column(ForeignKey("shootouts.id", ondelete="CASCADE"))
    entrant: Mapped[str] = mapped_column(String(40))
    twenties: Mapped[str] = mapped_column(String(20))

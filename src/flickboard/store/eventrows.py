"""An event's rows read back as domain values inside the caller's session: the
reads every desk action shares (the event, its entrants, draws, cards and sanctions)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session, selectinload

from flickboard.errors import IllegalInPosition, InvalidInput, NotFound
from flickboard.events.draw import Draw
from flickboard.events.eventfile import DrawSpec, EventFile, card_spec
from flickboard.events.formats import FORMATS, EventFormat, club_format
from flickboard.events.sanctions import KINDS, Sanction
from flickboard.events.scorecard import (
    Correction,
    Scorecard,
    Validation,
    with_trail,
)
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Game
from flickboard.play.scoring import GameScore
from flickboard.store.base import Store
from flickboard.store.cardrows import StoredRound, pair, round_of, rounds_of
from flickboard.store.models import (
    CardRoundRow,
    CardRow,
    CorrectionRow,
    DrawGameRow,
    DrawRoundRow,
    EntrantPlayerRow,
    EntrantRow,
    EventRow,
    SanctionRow,
    ShootOutRow,
)


class EventRows(Store):
    """The crokinole desk's reads inside a transaction."""

    def _event(self, s: Session, name: str) -> EventRow:
        self._lock(s, name)
        row = s.scalar(select(EventRow).where(EventRow.name == name))
        if row is None:
            raise NotFound(f"no event called {name!r}")
        club = club_format(row.format)
        if club is not None:
            raise IllegalInPosition(
                f"{name} is a {row.format} event: run it with flickboard event {club.command} ..."
            )
        return row

    @staticmethod
    def _entrants(s: Session, ev: EventRow) -> list[dict[str, Any]]:
        """The event's entrants in order, each with its players (two queries, no ORM
        objects: the desk reads them on every write)."""
        players: dict[int, list[dict[str, str]]] = defaultdict(list)
        for eid, code, full in s.execute(
            select(EntrantPlayerRow.entrant_id, EntrantPlayerRow.code, EntrantPlayerRow.name)
            .join(EntrantRow, EntrantRow.id == EntrantPlayerRow.entrant_id)
            .where(EntrantRow.event_id == ev.id)
            .order_by(EntrantPlayerRow.entrant_id, EntrantPlayerRow.position)
        ):
            players[eid].append({"id": code, "name": full})
        return [
            {"id": code, "name": full, "players": players[eid]}
            for eid, code, full in s.execute(
                select(EntrantRow.id, EntrantRow.code, EntrantRow.name)
                .where(EntrantRow.event_id == ev.id)
                .order_by(EntrantRow.position)
            )
        ]

    @staticmethod
    def _names(s: Session, ev: EventRow) -> dict[str, str]:
        rows = s.execute(
            select(EntrantRow.code, EntrantRow.name)
            .where(EntrantRow.event_id == ev.id)
            .order_by(EntrantRow.position)
        )
        return {code: full for code, full in rows}

    def _meta(self, s: Session, ev: EventRow) -> EventFile:
        """The event file without its cards: entrants, draws, byes and shoot-outs."""
        draws = self._draws(s, ev)
        byes: dict[str, int] = {}
        for d in draws:
            if d.round_no == 0 and d.bye is not None:
                byes[d.bye] = byes.get(d.bye, 0) + 1
        shootouts = []
        for so in s.scalars(
            select(ShootOutRow)
            .where(ShootOutRow.event_id == ev.id)
            .order_by(ShootOutRow.id)
            .options(selectinload(ShootOutRow.scores))
        ):
            shootouts.append(
                ShootOut.of(
                    {
                        sc.entrant: sc.attempts.split(",")
                        if sc.attempts is not None
                        else [int(x) for x in sc.twenties.split(",")]
                        for sc in so.scores
                    }
                ).as_file()
            )
        return EventFile.model_validate(
            {
                "name": ev.name,
                "category": ev.category,
                "format": ev.format,
                "games": ev.games,
                "seed": ev.seed,
                "bye_points": ev.bye_points,
                "entrants": self._entrants(s, ev),
                "draws": [
                    DrawSpec(round=d.round_no, games=list(d.games), bye=d.bye)
                    for d in draws
                    if d.round_no >= 1
                ],
                "byes": byes,
                "shootouts": shootouts,
                "date": ev.date,
                "sanctions": [
                    {
                        "kind": x.kind,
                        "entrant": x.entrant,
                        "reason": x.reason,
                        "round": x.round_no,
                        "game_round": x.game_round,
                        "by": x.by,
                        "at": x.at,
                    }
                    for x in s.scalars(
                        select(SanctionRow)
                        .where(SanctionRow.event_id == ev.id, SanctionRow.kind.in_(KINDS))
                        .order_by(SanctionRow.id)
                    )
                ],
            }
        )

    @staticmethod
    def _sanctions(s: Session, ev: EventRow) -> list[Sanction]:
        """The event's sanctions and absences in the order recorded (as stored: each
        was checked when it was recorded)."""
        return [
            Sanction(x.kind, x.entrant or "", x.reason, x.round_no, x.game_round, x.by, x.at)  # type: ignore[arg-type]
            for x in s.scalars(
                select(SanctionRow)
                .where(SanctionRow.event_id == ev.id, SanctionRow.kind.in_(KINDS))
                .order_by(SanctionRow.id)
            )
        ]

    @staticmethod
    def _cards(s: Session, *where: ColumnElement[bool]) -> list[Scorecard]:
        """The cards matching ``where`` in play order (event, draw round, entry), with
        their rounds, validation and corrections: four queries however many cards."""
        ids = select(CardRow.id).where(*where)
        rounds: dict[int, list[StoredRound]] = defaultdict(list)
        for cid, only, winner, s0, s1, t0, t1 in s.execute(
            select(
                CardRoundRow.card_id,
                CardRoundRow.results_only,
                CardRoundRow.winner,
                CardRoundRow.score0,
                CardRoundRow.score1,
                CardRoundRow.twenties0,
                CardRoundRow.twenties1,
            )
            .where(CardRoundRow.card_id.in_(ids))
            .order_by(CardRoundRow.card_id, CardRoundRow.idx)
        ):
            rounds[cid].append((only, winner, pair(s0, s1), pair(t0, t1)))
        trails: dict[int, list[Correction]] = defaultdict(list)
        for c in s.scalars(
            select(CorrectionRow).where(CorrectionRow.card_id.in_(ids)).order_by(CorrectionRow.id)
        ):
            trails[c.card_id].append(
                Correction(c.referee, c.idx, round_of(c.before), round_of(c.after), c.reason, c.at)
            )
        names: dict[tuple[int, str], str] = {
            (eid, code): full
            for eid, code, full in s.execute(
                select(EntrantRow.event_id, EntrantRow.code, EntrantRow.name).where(
                    EntrantRow.event_id.in_(select(CardRow.event_id).where(*where))
                )
            )
        }
        out = []
        for cid, eid, rnd, a, b, champ, by, initials, ruled, cat in s.execute(
            select(
                CardRow.id,
                CardRow.event_id,
                CardRow.round_no,
                CardRow.side0,
                CardRow.side1,
                CardRow.championship,
                CardRow.validated_by,
                CardRow.initials,
                CardRow.ruled_by,
                EventRow.category,
            )
            .join(EventRow, EventRow.id == CardRow.event_id)
            .where(*where)
            .order_by(CardRow.event_id, CardRow.round_no, CardRow.id)
        ):
            scored, outcomes = rounds_of(rounds[cid])
            card = Scorecard(
                str(cat),
                rnd,
                (a, b),
                (names[(eid, a)], names[(eid, b)]),
                GameScore(scored),
                championship=champ,
                outcomes=outcomes,
            )
            if by is not None and initials is not None:
                card = replace(card, validation=Validation(by, initials, ruled))
            if trails[cid]:
                card = with_trail(card, trails[cid])
            out.append(card)
        return out

    @staticmethod
    def _drafts(s: Session, ev: EventRow) -> set[int]:
        return set(
            s.scalars(
                select(DrawRoundRow.round_no).where(
                    DrawRoundRow.event_id == ev.id, DrawRoundRow.published.is_(False)
                )
            )
        )

    @classmethod
    def _draws(cls, s: Session, ev: EventRow, *, drafts: bool = False) -> list[Draw]:
        hidden = set() if drafts else cls._drafts(s, ev)
        rows = s.execute(
            select(DrawGameRow.round_no, DrawGameRow.side0, DrawGameRow.side1)
            .where(DrawGameRow.event_id == ev.id, DrawGameRow.round_no.not_in(hidden))
            .order_by(DrawGameRow.id)
        ).all()
        by_round: dict[int, list[tuple[str, str | None]]] = {}
        for n, a, b in rows:
            by_round.setdefault(n, []).append((a, b))
        out = []
        for n, games in sorted(by_round.items()):
            bye = next((a for a, b in games if b is None), None)
            pairs = tuple((a, b) for a, b in games if b is not None)
            out.append(Draw(n, pairs, bye))
        return out

    @staticmethod
    def _entered(s: Session, ev: EventRow) -> list[Game]:
        """The event's entered games without their rounds, in entry order."""
        rows = s.execute(
            select(CardRow.round_no, CardRow.side0, CardRow.side1, CardRow.championship)
            .where(CardRow.event_id == ev.id)
            .order_by(CardRow.id)
        ).all()
        return [Game(r, (a, b), c) for r, a, b, c in rows]

    @staticmethod
    def _round_row(s: Session, ev: EventRow, round_no: int) -> DrawRoundRow:
        row = s.scalar(
            select(DrawRoundRow).where(
                DrawRoundRow.event_id == ev.id, DrawRoundRow.round_no == round_no
            )
        )
        if row is None:
            raise InvalidInput(f"round {round_no} of {ev.name} is not drawn")
        return row

    def _opponent(self, s: Session, ev: EventRow, round_no: int, who: str) -> str:
        """Whom ``who`` is drawn against in a published round."""
        for d in self._draws(s, ev):
            if d.round_no == round_no:
                for a, b in d.games:
                    if who in (a, b):
                        return b if a == who else a
        raise IllegalInPosition(f"{who} has no drawn game in round {round_no} of {ev.name}")

    def _snapshot(self, s: Session, ev: EventRow) -> EventFile:
        cards = self._cards(s, CardRow.event_id == ev.id)
        return self._meta(s, ev).model_copy(update={"cards": [card_spec(c) for c in cards]})


def row_format(ev: EventRow) -> EventFormat:
    """The format of a crokinole event (the desk's ``_event`` refuses club events)."""
    return FORMATS[ev.format]


def category_of(ev: EventRow) -> str:
    """The WCC category of a crokinole event."""
    assert ev.category is not None, "a crokinole event has a category"
    return ev.category

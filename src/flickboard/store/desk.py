"""The events desk over a database: each method is one user action and one transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date as date_
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from flickboard.errors import IllegalInPosition, InvalidInput, NotFound
from flickboard.events.categories import category
from flickboard.events.draw import Draw, check_in_draw, pools, round_robin
from flickboard.events.eventfile import EntrantSpec, EventFile
from flickboard.events.formats import (
    FORMATS,
    EventFormat,
    club_format,
    crokinole_format,
    format_title,
)
from flickboard.events.ratings import RatedGame, rated_game
from flickboard.events.sanctions import OUT_KINDS, Sanction, check_sanction
from flickboard.events.scorecard import (
    Scorecard,
    correct,
    rule,
    validate,
)
from flickboard.events.series import CHAMPIONSHIP_GAMES, championship_series
from flickboard.events.shootout import ShootOut, check_needed, check_players
from flickboard.events.standings import Standings, check_cards
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.store.acting import current
from flickboard.store.base import now
from flickboard.store.cardrows import correction_row
from flickboard.store.cuts import ROUND_OF_32, check_cut, check_finished, left_to_play
from flickboard.store.draws import DrawDesk
from flickboard.store.eventrows import category_of, row_format
from flickboard.store.models import (
    CardRoundRow,
    CardRow,
    CorrectionRow,
    DisputeRow,
    DrawGameRow,
    EntrantPlayerRow,
    EntrantRow,
    EventRow,
    SanctionRow,
    SeatRow,
    ShootOutRow,
    ShootOutScoreRow,
)
from flickboard.store.seal import SEAL_KEY, sealed, unsealed
from flickboard.store.settings import Settings


@dataclass(frozen=True, slots=True)
class EventInfo:
    """What lists of events show: ID, name, format, WCC category (None for club
    events), date and revision (bumped by every write)."""

    id: int
    name: str
    format: str
    category: str | None
    date: date_ | None
    revision: int

    @property
    def club(self) -> bool:
        """A CSC round robin, league or fair-rules bracket."""
        return club_format(self.format) is not None

    @property
    def event_format(self) -> EventFormat | None:
        """A crokinole event's format (what its pages show); None for a club event."""
        return crokinole_format(self.format)

    @property
    def format_title(self) -> str:
        """The format's name as pages print it ("CSC six-person league")."""
        return format_title(self.format)


@dataclass(frozen=True, slots=True)
class LiveStandings:
    """A crokinole event's standings as a live page shows them."""

    standings: Standings
    names: dict[str, str]
    rounds_drawn: int
    games: int
    unfinished: str | None
    """What is left to play (None: every game has its card)."""
    disputed: int = 0
    """Cards counted as pending that are disputed: they wait for a referee, not for the
    opponent's validation."""


@dataclass(frozen=True, slots=True)
class CardState:
    """A stored card with who entered it and when, and its open dispute (if any)."""

    card: Scorecard
    entered_by: str | None
    entered_at: datetime | None
    dispute: str | None = None
    disputed_by: str | None = None


class Desk(DrawDesk):
    """Events, draws, scorecards and shoot-outs kept in one database."""

    # -- reading -----------------------------------------------------------------

    def events(self) -> list[str]:
        """Names of the stored events."""
        with self._read() as s:
            return list(
                s.scalars(
                    select(EventRow.name).where(EventRow.format.in_(FORMATS)).order_by(EventRow.id)
                )
            )

    def catalog(self) -> list[EventInfo]:
        """Every stored event, crokinole and club, in the order created."""
        with self._read() as s:
            return [
                EventInfo(e.id, e.name, e.format, e.category, e.date, e.revision or 0)
                for e in s.scalars(select(EventRow).order_by(EventRow.id))
            ]

    def info(self, event_id: int) -> EventInfo:
        """One event by its ID (as the web addresses events)."""
        with self._read() as s:
            e = s.get(EventRow, event_id)
            if e is None:
                raise NotFound(f"no event with ID {event_id}")
            return EventInfo(e.id, e.name, e.format, e.category, e.date, e.revision or 0)

    def unfinished(self, name: str) -> str | None:
        """Why the event's games are not all played yet (rounds to draw, drawn games
        without a card), or None when every game has its card."""
        return self.live(name).unfinished

    def live(self, name: str) -> LiveStandings:
        """What a live standings page shows, read once: standings (provisional while
        cards are pending), names, rounds drawn and whether every game is played."""
        with self._read() as s:
            ev = self._event(s, name)
            cards = self._cards(s, CardRow.event_id == ev.id)
            meta = self._meta(s, ev)
            entered = {(c.draw_round, frozenset(c.sides)) for c in cards}
            return LiveStandings(
                meta.standings(cards, provisional=True),
                meta.names,
                len([d for d in meta.drawn() if d.round_no >= 1]),
                meta.games,
                left_to_play(meta, entered),
                s.scalar(
                    select(func.count(func.distinct(DisputeRow.card_id)))
                    .join(CardRow, CardRow.id == DisputeRow.card_id)
                    .where(CardRow.event_id == ev.id, DisputeRow.ruled_at.is_(None))
                )
                or 0,
            )

    def card_states(self, name: str) -> list[CardState]:
        """Every card of the event with who entered it and its open dispute, if any."""
        with self._read() as s:
            ev = self._event(s, name)
            cards = self._cards(s, CardRow.event_id == ev.id)
            rows = s.scalars(
                select(CardRow)
                .where(CardRow.event_id == ev.id)
                .order_by(CardRow.round_no, CardRow.id)
                .options(selectinload(CardRow.disputes))
            ).all()
            out = []
            for card, row in zip(cards, rows, strict=True):
                open_ = next((d for d in row.disputes if d.ruled_at is None), None)
                out.append(
                    CardState(
                        card,
                        row.entered_by,
                        row.entered_at,
                        None if open_ is None else open_.reason,
                        None if open_ is None else open_.raised_by,
                    )
                )
            return out

    def names(self, name: str) -> dict[str, str]:
        """Entrant ID -> full name."""
        with self._read() as s:
            return self._names(s, self._event(s, name))

    def format_of(self, name: str) -> str:
        """The event's format: preliminary, round-robin or championship."""
        with self._read() as s:
            return self._event(s, name).format

    def snapshot(self, name: str) -> EventFile:
        """The whole event with its results, as an event file."""
        with self._read() as s:
            return self._snapshot(s, self._event(s, name))

    def standings(self, name: str, *, provisional: bool = True) -> Standings:
        """Standings of the event; while cards wait for validation they count and the
        standings are provisional (``provisional=False`` refuses them instead)."""
        with self._read() as s:
            ev = self._event(s, name)
            cards = self._cards(s, CardRow.event_id == ev.id)
            return self._meta(s, ev).standings(cards, provisional=provisional)

    def record_sanction(self, name: str, sanction: Sanction) -> Standings:
        """Record a sanction or absence (kept in the audit trail); the standings after
        it, provisional while cards are pending."""
        with self._write() as s:
            ev = self._event(s, name)
            meta = self._meta(s, ev)
            earlier = meta.to_sanctions()
            check_sanction(sanction, meta.ids, earlier)
            cards = self._cards(s, CardRow.event_id == ev.id)
            if meta.event_format.series:
                pair = (meta.ids[0], meta.ids[1])
                championship_series(pair, cards, [*earlier, sanction])  # still a match?
            if sanction.kind == "no-show":
                assert sanction.round_no is not None
                self._opponent(s, ev, sanction.round_no, sanction.entrant)  # drawn?
                if any(
                    c.draw_round == sanction.round_no and sanction.entrant in c.sides for c in cards
                ):
                    raise IllegalInPosition(
                        f"the round {sanction.round_no} game of {sanction.entrant} has a card: "
                        "it was played"
                    )
            s.add(
                SanctionRow(
                    event_id=ev.id,
                    kind=sanction.kind,
                    entrant=sanction.entrant,
                    round_no=sanction.round_no,
                    game_round=sanction.game_round,
                    reason=sanction.reason,
                    by=sanction.by or str(current().actor),
                    at=now(),
                )
            )
            s.flush()
            return self._meta(s, ev).standings(cards, provisional=True)

    def sanctions(self, name: str) -> list[Sanction]:
        """The event's sanctions and absences in the order recorded."""
        with self._read() as s:
            return self._meta(s, self._event(s, name)).to_sanctions()

    def corrections(self, name: str) -> list[dict[str, object]]:
        """The audit trail of referee corrections."""
        with self._read() as s:
            ev = self._event(s, name)
            rows = s.execute(
                select(CardRow, CorrectionRow)
                .join(CorrectionRow, CorrectionRow.card_id == CardRow.id)
                .where(CardRow.event_id == ev.id)
                .order_by(CorrectionRow.id)
            ).all()
            return [
                {
                    "round": card.round_no,
                    "sides": [card.side0, card.side1],
                    "referee": c.referee,
                    "game_round": c.idx + 1,
                    "before": json.loads(c.before),
                    "after": json.loads(c.after),
                    "reason": c.reason,
                }
                for card, c in rows
            ]

    def rated_games(self) -> list[RatedGame]:
        """Every validated game of every event, in the order played (events in the order
        created, then draw round, then entry), each side as its players."""
        with self._read() as s:
            out = []
            for ev in s.scalars(
                select(EventRow)
                .order_by(EventRow.id)
                .options(selectinload(EventRow.entrants).selectinload(EntrantRow.players))
            ):
                members = {e.code: [p.code for p in e.players] or [e.code] for e in ev.entrants}
                for card in self._cards(s, CardRow.event_id == ev.id):
                    if card.validated:
                        out.append(rated_game(card, members))
            return out

    def player_names(self) -> dict[str, str]:
        """Player and entrant ID -> name over every crokinole event (the latest event's
        name where they differ)."""
        with self._read() as s:
            out: dict[str, str] = {}
            for code, name in s.execute(
                select(EntrantRow.code, EntrantRow.name)
                .join(EventRow, EventRow.id == EntrantRow.event_id)
                .where(EventRow.format.in_(FORMATS))
                .order_by(EventRow.id)
            ):
                out[code] = name
            for code, name in s.execute(
                select(EntrantPlayerRow.code, EntrantPlayerRow.name)
                .join(EntrantRow, EntrantRow.id == EntrantPlayerRow.entrant_id)
                .join(EventRow, EventRow.id == EntrantRow.event_id)
                .where(EventRow.format.in_(FORMATS))
                .order_by(EventRow.id)
            ):
                out[code] = name
            return out

    def all_cards(self) -> list[Scorecard]:
        """Validated cards of every event, in the order played: events in the order
        created, then draw round, then entry."""
        with self._read() as s:
            return [c for c in self._cards(s) if c.validated]

    # -- writing -------------------------------------------------------------------

    def export(self, name: str) -> EventFile:
        """The event as an event file with a seal on every validated or corrected card
        (:mod:`flickboard.store.seal`); the first export makes the sealing key."""
        return sealed(self.snapshot(name), Settings(engine=self.engine).secret(SEAL_KEY))

    def create_event(self, spec: EventFile) -> list[str]:
        """Store a new event with its entrants and draws; a round robin and a
        championship match are drawn at once. Returns notes for the person importing.

        Cards (with their corrections), byes and shoot-outs in the file are checked
        against each other and the draw, then imported in the same transaction. A
        validated card whose seal does not verify is imported as not validated, and a
        note says so (:mod:`flickboard.store.seal`).
        """
        key = Settings(engine=self.engine).read(SEAL_KEY)
        spec, notes = unsealed(spec, bytes.fromhex(key) if key else None)
        spec.to_cards()  # every card checked before anything is written
        if spec.shootouts:
            spec.standings(provisional=True)  # every shoot-out among a group still tied
        try:
            with self._write() as s:
                self._create(s, spec)
        except IntegrityError as exc:
            raise IllegalInPosition(f"event {spec.name!r} not stored: {_reason(exc)}") from None
        return notes

    def create_championship(
        self, name: str, category_name: str, sides: Sequence[tuple[str, str]]
    ) -> None:
        """A WCC championship match (best two of three games) between two (ID, name)s."""
        self.create_event(
            EventFile(
                name=name,
                category=category_name,
                format="championship",
                games=CHAMPIONSHIP_GAMES,
                entrants=[EntrantSpec(id=i, name=n) for i, n in sides],
            )
        )

    def _create(self, s: Session, spec: EventFile, parent: EventRow | None = None) -> None:
        """Write one event inside the caller's transaction (``parent``: the event it is
        made from)."""
        if s.scalar(select(EventRow.id).where(EventRow.name == spec.name)) is not None:
            raise IllegalInPosition(f"an event called {spec.name!r} already exists")
        ev = EventRow(
            name=spec.name,
            format=spec.format,
            category=spec.category,
            games=spec.games,
            seed=spec.seed,
            bye_points=spec.bye_points,
            date=spec.date,
            parent_id=parent.id if parent is not None else None,
        )
        s.add(ev)
        self._created(s, ev)
        for i, e in enumerate(spec.entrants):
            row = EntrantRow(event_id=ev.id, position=i, code=e.id, name=e.name)
            row.players = [
                EntrantPlayerRow(position=j, code=p.id, name=p.name)
                for j, p in enumerate(e.players)
            ]
            s.add(row)
        for d in spec.drawn():
            self._add_draw(s, ev, d)
        for who, n in spec.byes.items():
            if n:
                s.add(DrawGameRow(event_id=ev.id, round_no=0, side0=who, side1=None))
        s.flush()
        for card in spec.to_cards():
            self._add_card(s, ev, card)
        for so in spec.to_shootouts():
            self._add_shootout(s, ev, so)

    def create_pools(self, name: str, count: int, size: int) -> list[str]:
        """Round-robin pools from the top ``count * size`` of a finished preliminary,
        snake seeded; refused while a tie that decides who is in the pools, or which
        pool a player goes to, still needs a shoot-out."""
        if count < 1 or size < 2:
            raise InvalidInput("pools need a count of 1 or more and 2 or more players each")
        with self._write() as s:
            ev = self._event(s, name)
            spec = self._snapshot(s, ev)
            if not spec.event_format.makes_cuts:
                raise IllegalInPosition(f"{name} is not a preliminary")
            check_finished(spec)
            standings = spec.standings()
            check_cut(name, standings, count * size, count)
            by_id = {e.id: e for e in spec.entrants}
            created = []
            for i, pool in enumerate(pools(standings.order[: count * size], count), start=1):
                pool_spec = spec.model_copy(
                    update={
                        "name": f"{name} pool {i}",
                        "format": "round-robin",
                        "games": len(round_robin(pool)),
                        "entrants": [by_id[e] for e in pool],
                        "draws": [],
                        "cards": [],
                        "byes": {},
                        "shootouts": [],
                    }
                )
                self._create(s, pool_spec, parent=ev)
                created.append(pool_spec.name)
            return created

    def create_round_of_32(self, name: str, games: int) -> str:
        """The WCC Recreational Round of 32 from a finished recreational preliminary:
        its top 32, drawn and ranked like a preliminary (points, 20s, then a shoot-out;
        WCC Tie-Breaking Procedure, "In the preliminary rounds and Recreational Round of
        32"). Refused while a tie across the 32nd place needs a shoot-out."""
        with self._write() as s:
            ev = self._event(s, name)
            spec = self._snapshot(s, ev)
            if not spec.event_format.makes_cuts or not spec.category.startswith("recreational"):
                raise IllegalInPosition(
                    f"a round of 32 is made from a recreational preliminary; {name} is a "
                    f"{spec.category} {spec.format}"
                )
            check_finished(spec)
            standings = spec.standings()
            check_cut(name, standings, ROUND_OF_32, 1, "place in the round of 32")
            by_id = {e.id: e for e in spec.entrants}
            top = spec.model_copy(
                update={
                    "name": f"{name} round of 32",
                    "format": "round-of-32",
                    "games": games,
                    "entrants": [by_id[e] for e in standings.order[:ROUND_OF_32]],
                    "draws": [],
                    "cards": [],
                    "byes": {},
                    "shootouts": [],
                }
            )
            self._create(s, top, parent=ev)
            return top.name

    def enter_card(
        self,
        name: str,
        round_no: int,
        sides: tuple[str, str],
        rounds: Sequence[RoundScore],
        *,
        championship: bool = False,
    ) -> Scorecard:
        """Enter a scorecard as marked by ``sides[0]``; refused if the round is not
        drawn or beyond the event's games, the game is already entered, a player already
        plays elsewhere in that round, the pair already met, or the game is not the one
        drawn. In a championship match (``championship`` is implied there) the games
        come in order and none after a side has won two."""
        try:
            with self._write() as s:
                ev = self._event(s, name)
                names = self._names(s, ev)
                for who in sides:
                    if who not in names:
                        raise InvalidInput(f"{who} is not an entrant of {name}")
                champ = row_format(ev).series
                if championship and not champ:
                    raise IllegalInPosition(
                        f"{name} is a {ev.format}; championship games are entered in a "
                        "championship match (flickboard event championship)"
                    )
                card = Scorecard(
                    category_of(ev),
                    round_no,
                    sides,
                    (names[sides[0]], names[sides[1]]),
                    GameScore(tuple(rounds)),
                    championship=champ,
                )
                if round_no > ev.games:
                    what = "a championship match has" if champ else f"{name} has"
                    raise IllegalInPosition(
                        f"there is no round {round_no}: {what} {ev.games} games"
                    )
                check_cards([*self._entered(s, ev), card])
                self._refuse_absent(s, ev, card)
                if round_no in self._drafts(s, ev):
                    raise IllegalInPosition(
                        f"round {round_no} of {name} is a draft: publish it before entering cards"
                    )
                check_in_draw(round_no, sides, self._draws(s, ev))
                if champ:
                    spec = self._snapshot(s, ev)
                    championship_series(
                        (spec.ids[0], spec.ids[1]), [*spec.to_cards(), card], spec.to_sanctions()
                    )
                self._add_card(s, ev, card)
                return card
        except IntegrityError as exc:
            raise IllegalInPosition(self._explain_seat(name, round_no, sides, exc)) from None

    def _explain_seat(
        self, name: str, round_no: int, sides: tuple[str, str], exc: IntegrityError
    ) -> str:
        with self._read() as s:
            ev = self._event(s, name)
            for who in sides:
                row = s.scalar(
                    select(CardRow)
                    .join(SeatRow, SeatRow.card_id == CardRow.id)
                    .where(
                        SeatRow.event_id == ev.id,
                        SeatRow.round_no == round_no,
                        SeatRow.entrant == who,
                    )
                )
                if row is None:
                    continue
                if {row.side0, row.side1} == set(sides):
                    return f"the round {round_no} game {sides[0]} v {sides[1]} is entered twice"
                return (
                    f"{who} already plays {row.side0} v {row.side1} in round {round_no}: "
                    "a player cannot be in two places at once"
                )
        return f"card not stored: {_reason(exc)}"

    @staticmethod
    def _add_card(s: Session, ev: EventRow, card: Scorecard) -> None:
        row = CardRow(
            event_id=ev.id,
            round_no=card.draw_round,
            side0=card.sides[0],
            side1=card.sides[1],
            championship=card.championship,
            validated_by=card.validation.opponent_id if card.validation else None,
            initials=card.validation.initials if card.validation else None,
            ruled_by=card.validation.referee if card.validation else None,
            entered_by=str(current().actor),
            entered_at=now(),
        )
        s.add(row)
        s.flush()
        for i, r in enumerate(card.game.rounds):
            s.add(
                CardRoundRow(
                    card_id=row.id,
                    idx=i,
                    score0=r.scores[0],
                    score1=r.scores[1],
                    twenties0=r.twenties[0],
                    twenties1=r.twenties[1],
                    results_only=False,
                )
            )
        for i, o in enumerate(card.outcomes):
            scores, twenties = o.scores or (None, None), o.twenties or (None, None)
            s.add(
                CardRoundRow(
                    card_id=row.id,
                    idx=i,
                    score0=scores[0],
                    score1=scores[1],
                    twenties0=twenties[0],
                    twenties1=twenties[1],
                    results_only=True,
                    winner=o.winner,
                )
            )
        for c in card.corrections:
            s.add(correction_row(row.id, c))
        for who in card.sides:
            s.add(SeatRow(card_id=row.id, event_id=ev.id, round_no=card.draw_round, entrant=who))
        s.flush()

    def _find_card(self, s: Session, ev: EventRow, round_no: int, player: str) -> CardRow:
        row = s.scalar(
            select(CardRow)
            .join(SeatRow, SeatRow.card_id == CardRow.id)
            .where(
                SeatRow.event_id == ev.id, SeatRow.round_no == round_no, SeatRow.entrant == player
            )
        )
        if row is None:
            raise NotFound(f"no round {round_no} card for {player} in {ev.name}")
        return row

    def validate_card(self, name: str, round_no: int, opponent_id: str, initials: str) -> Scorecard:
        """The opponent validates the round's card with their ID and initials."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._find_card(s, ev, round_no, opponent_id)
            self._refuse_disputed(row)
            card = validate(self._cards(s, CardRow.id == row.id)[0], opponent_id, initials)
            row.validated_by = opponent_id
            row.initials = initials.strip()
            row.validated_at = now()
            return card

    def _refuse_absent(self, s: Session, ev: EventRow, card: Scorecard) -> None:
        """Refuse a card for a game lost by walkover or played by an entrant out."""
        for x in self._sanctions(s, ev):
            if x.entrant not in card.sides:
                continue
            if x.kind == "no-show" and x.round_no == card.draw_round:
                raise IllegalInPosition(
                    f"{x.entrant} did not show for round {card.draw_round}: that game is a walkover"
                )
            if x.kind in OUT_KINDS and (x.round_no or 0) <= card.draw_round:
                raise IllegalInPosition(f"{x.entrant} is out of {ev.name}: {x.describe()}")

    @staticmethod
    def _refuse_disputed(row: CardRow) -> None:
        if any(d.ruled_at is None for d in row.disputes):
            raise IllegalInPosition(
                f"the round {row.round_no} card of {row.side0} v {row.side1} is disputed: "
                "it waits for a referee's ruling"
            )

    def dispute_card(self, name: str, round_no: int, player: str, reason: str) -> Scorecard:
        """A player of the card (normally the opponent, instead of validating it)
        disputes it: the card waits in the referees' queue."""
        if not reason.strip():
            raise InvalidInput("a dispute needs a reason")
        with self._write() as s:
            row, card = self._unvalidated(
                s, name, round_no, player, "ask a referee for a correction instead"
            )
            self._refuse_disputed(row)
            s.add(
                DisputeRow(
                    card_id=row.id,
                    raised_by=f"{player} ({current().actor})",
                    raised_at=now(),
                    reason=reason.strip(),
                )
            )
            return card

    def disputes(self, name: str | None = None) -> list[dict[str, object]]:
        """Open disputes, oldest first (of one event, or all): the referees' queue."""
        with self._read() as s:
            q = (
                select(DisputeRow, CardRow, EventRow.name)
                .join(CardRow, CardRow.id == DisputeRow.card_id)
                .join(EventRow, EventRow.id == CardRow.event_id)
                .where(DisputeRow.ruled_at.is_(None))
                .order_by(DisputeRow.raised_at, DisputeRow.id)
            )
            if name is not None:
                q = q.where(EventRow.name == name)
            out: list[dict[str, object]] = []
            events: dict[str, tuple[dict[str, str], dict[int, Draw]]] = {}
            for d, card, ev in s.execute(q):
                if ev not in events:
                    row = self._event(s, ev)
                    draws = {x.round_no: x for x in self._draws(s, row, drafts=True)}
                    events[ev] = (self._names(s, row), draws)
                names, draws = events[ev]
                drawn = draws.get(card.round_no)
                out.append(
                    {
                        "event": ev,
                        "round": card.round_no,
                        "sides": [card.side0, card.side1],
                        "names": [names.get(card.side0, ""), names.get(card.side1, "")],
                        "board": None if drawn is None else drawn.board_of(card.side0, card.side1),
                        "raised_by": d.raised_by,
                        "raised_at": d.raised_at.isoformat(timespec="seconds"),
                        "reason": d.reason,
                    }
                )
            return out

    def rule_dispute(
        self,
        name: str,
        round_no: int,
        player: str,
        referee: str,
        rounds: Sequence[RoundScore] | None,
        reason: str,
    ) -> Scorecard:
        """A referee's ruling on a disputed card: ``rounds`` as settled (None: the card
        stands as marked), each changed round kept in the audit trail, and the card
        validated on the referee's authority. ``rounds`` are ``player``'s side first."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._find_card(s, ev, round_no, player)
            open_ = [d for d in row.disputes if d.ruled_at is None]
            if not open_:
                raise IllegalInPosition(
                    f"the round {round_no} card of {row.side0} v {row.side1} is not disputed"
                )
            old = self._cards(s, CardRow.id == row.id)[0]
            settled = list(old.game.rounds if rounds is None else rounds)
            if rounds is not None and player != row.side0:
                settled = [RoundScore(r.scores[::-1], r.twenties[::-1]) for r in settled]
            ruled = rule(old, referee, settled, reason)
            self._check_downstream(s, ev, old, ruled)
            at = now()
            ruled = replace(
                ruled,
                corrections=(
                    *old.corrections,
                    *(replace(c, at=at) for c in ruled.corrections[len(old.corrections) :]),
                ),
            )
            for i, r in enumerate(settled):
                target = row.rounds[i]
                target.score0, target.score1 = r.scores
                target.twenties0, target.twenties1 = r.twenties
            for c in ruled.corrections[len(old.corrections) :]:
                s.add(correction_row(row.id, c))
            assert ruled.validation is not None
            row.validated_by = ruled.validation.opponent_id
            row.initials = ruled.validation.initials
            row.ruled_by = ruled.validation.referee
            row.validated_at = at
            for d in open_:
                d.ruled_by, d.ruled_at, d.ruling = referee, at, reason.strip()
            s.flush()
            self._drop_void_shootouts(s, ev)
            return ruled

    def _check_downstream(self, s: Session, ev: EventRow, old: Scorecard, new: Scorecard) -> None:
        """Refuse a change to a card whose result something was built on: a
        championship game's winner once a later game is entered, or a preliminary's
        standings where they decided who is in the pools or the round of 32 made from
        it, and in which pool (a correction must not silently invalidate
        what depends on it)."""
        if row_format(ev).series:
            later = s.scalar(
                select(func.count()).where(
                    CardRow.event_id == ev.id, CardRow.round_no > old.draw_round
                )
            )
            if later and old.winner != new.winner:
                before, after = (
                    old.sides[w] if w is not None else "nobody" for w in (old.winner, new.winner)
                )
                raise IllegalInPosition(
                    f"this would make {after} the winner of championship game "
                    f"{old.draw_round} instead of {before}, but a later game is already "
                    "entered on that result: withdraw the later games first"
                )
            return
        children = s.scalars(
            select(EventRow).where(EventRow.parent_id == ev.id).order_by(EventRow.id)
        ).all()
        if not children:
            return
        cards = [new if c == old else c for c in self._cards(s, CardRow.event_id == ev.id)]
        meta = self._meta(s, ev)
        kept, _ = meta.replay_shootouts(cards, meta.to_shootouts())
        order = meta._rank(cards, kept, True).order
        groups = [tuple(e.code for e in child.entrants) for child in children]
        cut = sum(len(g) for g in groups)
        if row_format(children[0]).cut_taken_whole:
            now_groups: list[tuple[str, ...]] = [tuple(order[:cut])]
        else:
            now_groups = [tuple(p) for p in pools(order[:cut], len(groups))]
        for child, was, will in zip(children, groups, now_groups, strict=True):
            if set(was) != set(will):
                moved = sorted(set(was) ^ set(will))
                raise IllegalInPosition(
                    f"this would change who plays in {child.name} ({', '.join(moved)}), which "
                    f"was made from the standings of {ev.name}: delete {child.name} first if "
                    "the correction must stand"
                )

    def withdraw_card(self, name: str, round_no: int, player: str) -> Scorecard:
        """Remove a card entered in error, before it is validated."""
        with self._write() as s:
            row, card = self._unvalidated(
                s, name, round_no, player, "it is not withdrawn, a referee corrects it instead"
            )
            s.delete(row)
            return card

    def _unvalidated(
        self, s: Session, name: str, round_no: int, player: str, instead: str
    ) -> tuple[CardRow, Scorecard]:
        """The stored card of ``player`` in a round, refused once validated."""
        row = self._find_card(s, self._event(s, name), round_no, player)
        card = self._cards(s, CardRow.id == row.id)[0]
        if card.validated:
            raise IllegalInPosition(f"the card is validated: {instead}")
        return row, card

    def correct_card(
        self,
        name: str,
        round_no: int,
        player: str,
        referee: str,
        game_round: int,
        after: RoundScore,
        reason: str,
    ) -> tuple[Scorecard, list[tuple[str, ...]]]:
        """A referee corrects one round (1-based) of a player's card; audited.

        Returns the corrected card and the entrants of any shoot-out the correction made
        void (no tie needs it any more): those are removed, as their result no longer
        counts and every stored shoot-out must settle a tie.
        """
        with self._write() as s:
            ev = self._event(s, name)
            row = self._find_card(s, ev, round_no, player)
            old = self._cards(s, CardRow.id == row.id)[0]
            if player != row.side0:
                after = RoundScore(after.scores[::-1], after.twenties[::-1])
            fixed = correct(old, referee, game_round - 1, after, reason)
            self._check_downstream(s, ev, old, fixed)
            fixed = replace(
                fixed, corrections=(*old.corrections, replace(fixed.corrections[-1], at=now()))
            )
            target = row.rounds[game_round - 1]
            target.score0, target.score1 = after.scores[0], after.scores[1]
            target.twenties0, target.twenties1 = after.twenties[0], after.twenties[1]
            s.add(correction_row(row.id, fixed.corrections[-1]))
            s.flush()
            return fixed, self._drop_void_shootouts(s, ev)

    def _drop_void_shootouts(self, s: Session, ev: EventRow) -> list[tuple[str, ...]]:
        """Delete the shoot-outs no tie needs any more; their entrants."""
        s.expire_all()
        spec = self._snapshot(s, ev)
        if not spec.event_format.shootouts or not spec.shootouts:
            return []
        shootouts = spec.to_shootouts()
        _, void = spec.replay_shootouts(spec.to_cards(), shootouts)
        rows = s.scalars(
            select(ShootOutRow).where(ShootOutRow.event_id == ev.id).order_by(ShootOutRow.id)
        ).all()
        for n in void:
            s.delete(rows[n])
        s.flush()
        return [shootouts[n].entrants for n in void]

    def record_shootout(self, name: str, shootout: ShootOut) -> Standings:
        """Record a shoot-out among a group still tied; returns the new standings."""
        with self._write() as s:
            ev = self._event(s, name)
            if not row_format(ev).shootouts:
                raise IllegalInPosition(f"{name} is a championship match: every game is decided")
            if shootout.attempts is None:
                raise InvalidInput(
                    "record each attempt of the shoot-out in order (X a 20, o no 20, - short "
                    'of or out of the 15 circle): "All attempted shots will count as an '
                    'opportunity" (WCC)'
                )
            check_players(shootout, category(category_of(ev)))
            before = self._snapshot(s, ev).standings()
            check_needed(shootout, before.unresolved)
            self._add_shootout(s, ev, shootout)
            s.flush()
            return self._snapshot(s, ev).standings()

    @staticmethod
    def _add_shootout(s: Session, ev: EventRow, shootout: ShootOut) -> None:
        row = ShootOutRow(event_id=ev.id)
        s.add(row)
        s.flush()
        for n, (who, counts) in enumerate(zip(shootout.entrants, shootout.twenties, strict=True)):
            s.add(
                ShootOutScoreRow(
                    shootout_id=row.id,
                    entrant=who,
                    twenties=",".join(map(str, counts)),
                    attempts=None if shootout.attempts is None else ",".join(shootout.attempts[n]),
                )
            )


def _reason(exc: IntegrityError) -> str:
    return str(exc.orig).splitlines()[0] if exc.orig is not None else str(exc)

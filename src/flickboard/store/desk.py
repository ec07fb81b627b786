"""The events desk over a database: each method is one user action and one transaction."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.draw import Draw, draw_round, pools, round_robin
from flickboard.events.eventfile import EventFile, card_spec
from flickboard.events.scorecard import Scorecard, correct, validate
from flickboard.events.shootout import ShootOut, check_needed
from flickboard.events.standings import Standings
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.store.db import engine_for
from flickboard.store.models import (
    CardRoundRow,
    CardRow,
    CorrectionRow,
    DrawGameRow,
    EntrantRow,
    EventRow,
    SeatRow,
    ShootOutRow,
    ShootOutScoreRow,
)


class Desk:
    """Events, draws, scorecards and shoot-outs kept in one database."""

    def __init__(self, url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine if engine is not None else engine_for(url)

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """One transaction: committed whole, or rolled back whole on any error."""
        with Session(self.engine) as session, session.begin():
            yield session

    # -- reading -----------------------------------------------------------------

    def events(self) -> list[str]:
        """Names of the stored events."""
        with Session(self.engine) as s:
            return list(s.scalars(select(EventRow.name).order_by(EventRow.id)))

    def _event(self, s: Session, name: str) -> EventRow:
        row = s.scalar(select(EventRow).where(EventRow.name == name))
        if row is None:
            raise InvalidInput(f"no event called {name!r}")
        return row

    def snapshot(self, name: str) -> EventFile:
        """The whole event with its results, as an event file."""
        with Session(self.engine) as s:
            return self._snapshot(s, self._event(s, name))

    def _snapshot(self, s: Session, ev: EventRow) -> EventFile:
        cards = s.scalars(
            select(CardRow).where(CardRow.event_id == ev.id).order_by(CardRow.round_no, CardRow.id)
        ).all()
        names = {e.code: e.name for e in ev.entrants}
        byes: dict[str, int] = {}
        for code in s.scalars(
            select(DrawGameRow.side0).where(
                DrawGameRow.event_id == ev.id, DrawGameRow.side1.is_(None)
            )
        ):
            byes[code] = byes.get(code, 0) + 1
        shootouts = []
        for so in s.scalars(
            select(ShootOutRow).where(ShootOutRow.event_id == ev.id).order_by(ShootOutRow.id)
        ):
            shootouts.append(
                {
                    sc.entrant: (
                        int(sc.twenties)
                        if "," not in sc.twenties
                        else tuple(int(x) for x in sc.twenties.split(","))
                    )
                    for sc in so.scores
                }
            )
        return EventFile.model_validate(
            {
                "name": ev.name,
                "category": ev.category,
                "format": ev.format,
                "games": ev.games,
                "seed": ev.seed,
                "bye_points": ev.bye_points,
                "entrants": [{"id": c, "name": n} for c, n in names.items()],
                "cards": [card_spec(self._card(ev, c, names)).model_dump() for c in cards],
                "byes": byes,
                "shootouts": shootouts,
            }
        )

    @staticmethod
    def _card(ev: EventRow, row: CardRow, names: dict[str, str]) -> Scorecard:
        game = GameScore(
            tuple(RoundScore((r.score0, r.score1), (r.twenties0, r.twenties1)) for r in row.rounds)
        )
        card = Scorecard(
            ev.category,
            row.round_no,
            (row.side0, row.side1),
            (names[row.side0], names[row.side1]),
            game,
            championship=row.championship,
        )
        if row.validated_by is not None and row.initials is not None:
            card = validate(card, row.validated_by, row.initials)
        return card

    def standings(self, name: str) -> Standings:
        """Standings of the event (refused while any card is unvalidated)."""
        return self.snapshot(name).standings()

    def draws(self, name: str) -> list[Draw]:
        """Every drawn round of the event."""
        with Session(self.engine) as s:
            ev = self._event(s, name)
            return self._draws(s, ev)

    @staticmethod
    def _draws(s: Session, ev: EventRow) -> list[Draw]:
        rows = s.scalars(
            select(DrawGameRow).where(DrawGameRow.event_id == ev.id).order_by(DrawGameRow.id)
        ).all()
        by_round: dict[int, list[DrawGameRow]] = {}
        for r in rows:
            by_round.setdefault(r.round_no, []).append(r)
        out = []
        for n, games in sorted(by_round.items()):
            bye = next((g.side0 for g in games if g.side1 is None), None)
            pairs = tuple((g.side0, g.side1) for g in games if g.side1 is not None)
            out.append(Draw(n, pairs, bye))
        return out

    def corrections(self, name: str) -> list[dict[str, object]]:
        """The audit trail of referee corrections."""
        with Session(self.engine) as s:
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

    def all_cards(self) -> list[Scorecard]:
        """Validated cards of every event, in the order they were entered."""
        with Session(self.engine) as s:
            out: list[Scorecard] = []
            events = {e.id: e for e in s.scalars(select(EventRow))}
            names = {eid: {x.code: x.name for x in e.entrants} for eid, e in events.items()}
            for row in s.scalars(select(CardRow).order_by(CardRow.id)):
                card = self._card(events[row.event_id], row, names[row.event_id])
                if card.validated:
                    out.append(card)
            return out

    # -- writing -------------------------------------------------------------------

    def create_event(self, spec: EventFile) -> None:
        """Store a new event with its entrants; a round robin is drawn at once.

        Cards, byes and shoot-outs in the file are imported in the same transaction.
        """
        spec.to_cards()  # every card checked before anything is written
        try:
            with self._write() as s:
                self._create(s, spec)
        except IntegrityError as exc:
            raise IllegalInPosition(f"event {spec.name!r} not stored: {_reason(exc)}") from None

    def _create(self, s: Session, spec: EventFile) -> None:
        """Write one event inside the caller's transaction."""
        if s.scalar(select(EventRow.id).where(EventRow.name == spec.name)) is not None:
            raise IllegalInPosition(f"an event called {spec.name!r} already exists")
        ev = EventRow(
            name=spec.name,
            format=spec.format,
            category=spec.category,
            games=spec.games,
            seed=spec.seed,
            bye_points=spec.bye_points,
        )
        s.add(ev)
        s.flush()
        for i, e in enumerate(spec.entrants):
            s.add(EntrantRow(event_id=ev.id, position=i, code=e.id, name=e.name))
        if spec.format == "round-robin":
            for d in round_robin([e.id for e in spec.entrants]):
                self._add_draw(s, ev, d)
        for who, n in spec.byes.items():
            if who not in spec.names or n not in (0, 1):
                raise InvalidInput(f"byes: {who} must be an entrant with 0 or 1 imported bye")
            if n:
                s.add(DrawGameRow(event_id=ev.id, round_no=0, side0=who, side1=None))
        s.flush()
        for card in spec.to_cards():
            self._add_card(s, ev, card)
        for so in spec.to_shootouts():
            self._add_shootout(s, ev, so)

    @staticmethod
    def _add_draw(s: Session, ev: EventRow, d: Draw) -> None:
        for a, b in d.games:
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=a, side1=b))
        if d.bye is not None:
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=d.bye, side1=None))

    def create_pools(self, name: str, count: int, size: int) -> list[str]:
        """Round-robin pools from the top ``count * size`` of a preliminary, snake
        seeded; refused while a tie across the cut still needs a shoot-out."""
        if count < 1 or size < 2:
            raise InvalidInput("pools need a count of 1 or more and 2 or more players each")
        spec = self.snapshot(name)
        if spec.format != "preliminary":
            raise IllegalInPosition(f"{name} is not a preliminary")
        standings = spec.standings()
        cut = count * size
        if cut > len(standings.placings):
            raise InvalidInput(f"{name} has only {len(standings.placings)} entrants")
        last = standings.placings[cut - 1]
        if (
            last.tied
            and cut < len(standings.placings)
            and standings.placings[cut].place == last.place
        ):
            group = next(g for g in standings.unresolved if last.entrant in g)
            raise IllegalInPosition(
                f"the last pool place is tied between {', '.join(group)}: record a shoot-out first"
            )
        created = []
        with self._write() as s:
            for i, pool in enumerate(pools(standings.order[:cut], count), start=1):
                pool_name = f"{name} pool {i}"
                created.append(pool_name)
                by_id = {e.id: e for e in spec.entrants}
                pool_spec = spec.model_copy(
                    update={
                        "name": pool_name,
                        "format": "round-robin",
                        "entrants": [by_id[e] for e in pool],
                        "cards": [],
                        "byes": {},
                        "shootouts": [],
                    }
                )
                self._create(s, pool_spec)
        return created

    def draw_next(self, name: str, seed: int | None = None) -> Draw:
        """Draw the next preliminary round (no repeat opponent, byes for odd fields)."""
        with self._write() as s:
            ev = self._event(s, name)
            if ev.format != "preliminary":
                raise IllegalInPosition(f"{name} is a round robin: all its rounds are drawn")
            draws = self._draws(s, ev)
            done = max((d.round_no for d in draws), default=0)
            if done >= ev.games:
                raise IllegalInPosition(f"all {ev.games} rounds of {name} are drawn")
            played = {frozenset(g) for d in draws for g in d.games}
            had_bye = {d.bye for d in draws if d.bye}
            d = draw_round(
                [e.code for e in ev.entrants],
                done + 1,
                played=played,
                had_bye=had_bye,
                seed=ev.seed if seed is None else seed,
            )
            self._add_draw(s, ev, d)
            return d

    def enter_card(
        self,
        name: str,
        round_no: int,
        sides: tuple[str, str],
        rounds: Sequence[RoundScore],
        *,
        championship: bool = False,
    ) -> Scorecard:
        """Enter a scorecard as marked by ``sides[0]``; refused if the game is already
        entered, a player already plays elsewhere in that round, or it was not drawn."""
        try:
            with self._write() as s:
                ev = self._event(s, name)
                names = {e.code: e.name for e in ev.entrants}
                for who in sides:
                    if who not in names:
                        raise InvalidInput(f"{who} is not an entrant of {name}")
                card = Scorecard(
                    ev.category,
                    round_no,
                    sides,
                    (names[sides[0]], names[sides[1]]),
                    GameScore(tuple(rounds)),
                    championship=championship,
                )
                drawn = self._draws(s, ev)
                this = [d for d in drawn if d.round_no == round_no]
                if this and not any(set(g) == set(sides) for g in this[0].games):
                    raise IllegalInPosition(
                        f"{sides[0]} v {sides[1]} is not a game of the round {round_no} draw"
                    )
                self._add_card(s, ev, card)
                return card
        except IntegrityError as exc:
            raise IllegalInPosition(self._explain_seat(name, round_no, sides, exc)) from None

    def _explain_seat(
        self, name: str, round_no: int, sides: tuple[str, str], exc: IntegrityError
    ) -> str:
        with Session(self.engine) as s:
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
                )
            )
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
            raise InvalidInput(f"no round {round_no} card for {player} in {ev.name}")
        return row

    def validate_card(self, name: str, round_no: int, opponent_id: str, initials: str) -> Scorecard:
        """The opponent validates the round's card with their ID and initials."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._find_card(s, ev, round_no, opponent_id)
            names = {e.code: e.name for e in ev.entrants}
            card = validate(self._card(ev, row, names), opponent_id, initials)
            row.validated_by = opponent_id
            row.initials = initials.strip()
            return card

    def correct_card(
        self,
        name: str,
        round_no: int,
        player: str,
        referee: str,
        game_round: int,
        after: RoundScore,
        reason: str,
    ) -> Scorecard:
        """A referee corrects one round (1-based) of a player's card; audited."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._find_card(s, ev, round_no, player)
            names = {e.code: e.name for e in ev.entrants}
            old = self._card(ev, row, names)
            if player != row.side0:
                after = RoundScore(after.scores[::-1], after.twenties[::-1])
            fixed = correct(old, referee, game_round - 1, after, reason)
            target = row.rounds[game_round - 1]
            target.score0, target.score1 = after.scores[0], after.scores[1]
            target.twenties0, target.twenties1 = after.twenties[0], after.twenties[1]
            audit = fixed.corrections[-1]
            s.add(
                CorrectionRow(
                    card_id=row.id,
                    referee=audit.referee,
                    idx=audit.round_index,
                    before=_round_json(audit.before),
                    after=_round_json(audit.after),
                    reason=audit.reason,
                )
            )
            return fixed

    def record_shootout(self, name: str, shootout: ShootOut) -> Standings:
        """Record a shoot-out among a group still tied; returns the new standings."""
        with self._write() as s:
            ev = self._event(s, name)
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
        for who, counts in zip(shootout.entrants, shootout.twenties, strict=True):
            s.add(
                ShootOutScoreRow(
                    shootout_id=row.id, entrant=who, twenties=",".join(map(str, counts))
                )
            )

    def count(self, table: type[object]) -> int:
        """Rows in a table (for checks that nothing changed)."""
        with Session(self.engine) as s:
            return int(s.scalar(select(func.count()).select_from(table)) or 0)


def _round_json(r: RoundScore) -> str:
    return json.dumps({"scores": list(r.scores), "twenties": list(r.twenties)})


def _reason(exc: IntegrityError) -> str:
    return str(exc.orig).splitlines()[0] if exc.orig is not None else str(exc)

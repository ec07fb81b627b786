"""The events desk over a database: each method is one user action and one transaction."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence

from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
from flickboard.events.draw import Draw, check_in_draw, draw_round, pool_of, pools, round_robin
from flickboard.events.eventfile import (
    CLUB_FORMATS,
    DrawSpec,
    EntrantSpec,
    EventFile,
    card_spec,
)
from flickboard.events.names import plural
from flickboard.events.ratings import RatedGame, rated_game
from flickboard.events.scorecard import Correction, Scorecard, correct, validate, with_trail
from flickboard.events.series import CHAMPIONSHIP_GAMES, championship_series
from flickboard.events.shootout import ShootOut, check_needed, check_players
from flickboard.events.standings import Game, Standings, check_cards
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.store.base import Store
from flickboard.store.models import (
    CardRoundRow,
    CardRow,
    CorrectionRow,
    DrawGameRow,
    DrawRoundRow,
    EntrantPlayerRow,
    EntrantRow,
    EventRow,
    ScorerCodeRow,
    SeatRow,
    ShootOutRow,
    ShootOutScoreRow,
)


class Desk(Store):
    """Events, draws, scorecards and shoot-outs kept in one database."""

    # -- reading -----------------------------------------------------------------

    def events(self) -> list[str]:
        """Names of the stored events."""
        with Session(self.engine) as s:
            return list(
                s.scalars(
                    select(EventRow.name)
                    .where(EventRow.format.not_in(CLUB_FORMATS))
                    .order_by(EventRow.id)
                )
            )

    def _event(self, s: Session, name: str) -> EventRow:
        self._lock(s, name)
        row = s.scalar(
            select(EventRow)
            .where(EventRow.name == name)
            .options(selectinload(EventRow.entrants).selectinload(EntrantRow.players))
        )
        if row is None:
            raise InvalidInput(f"no event called {name!r}")
        if row.format in CLUB_FORMATS:
            group = {"csc-round-robin": "csc", "elimination": "bracket"}.get(row.format, "league")
            raise IllegalInPosition(
                f"{name} is a {row.format} event: run it with flickboard event {group} ..."
            )
        return row

    def names(self, name: str) -> dict[str, str]:
        """Entrant ID -> full name."""
        with Session(self.engine) as s:
            return {e.code: e.name for e in self._event(s, name).entrants}

    def format_of(self, name: str) -> str:
        """The event's format: preliminary, round-robin or championship."""
        with Session(self.engine) as s:
            return self._event(s, name).format

    def snapshot(self, name: str) -> EventFile:
        """The whole event with its results, as an event file."""
        with Session(self.engine) as s:
            return self._snapshot(s, self._event(s, name))

    def _snapshot(self, s: Session, ev: EventRow) -> EventFile:
        cards = self._cards(s, CardRow.event_id == ev.id)
        return self._meta(s, ev).model_copy(update={"cards": [card_spec(c) for c in cards]})

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
                "entrants": [
                    {
                        "id": e.code,
                        "name": e.name,
                        "players": [{"id": p.code, "name": p.name} for p in e.players],
                    }
                    for e in ev.entrants
                ],
                "draws": [
                    DrawSpec(round=d.round_no, games=list(d.games), bye=d.bye)
                    for d in draws
                    if d.round_no >= 1
                ],
                "byes": byes,
                "shootouts": shootouts,
            }
        )

    @staticmethod
    def _cards(s: Session, *where: ColumnElement[bool]) -> list[Scorecard]:
        """The cards matching ``where`` in play order (event, draw round, entry), with
        their rounds, validation and corrections: four queries however many cards."""
        ids = select(CardRow.id).where(*where)
        rounds: dict[int, list[RoundScore]] = defaultdict(list)
        for cid, s0, s1, t0, t1 in s.execute(
            select(
                CardRoundRow.card_id,
                CardRoundRow.score0,
                CardRoundRow.score1,
                CardRoundRow.twenties0,
                CardRoundRow.twenties1,
            )
            .where(CardRoundRow.card_id.in_(ids))
            .order_by(CardRoundRow.card_id, CardRoundRow.idx)
        ):
            rounds[cid].append(RoundScore((s0, s1), (t0, t1)))
        trails: dict[int, list[Correction]] = defaultdict(list)
        for c in s.scalars(
            select(CorrectionRow).where(CorrectionRow.card_id.in_(ids)).order_by(CorrectionRow.id)
        ):
            trails[c.card_id].append(
                Correction(c.referee, c.idx, _round_of(c.before), _round_of(c.after), c.reason)
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
        for cid, eid, rnd, a, b, champ, by, initials, cat in s.execute(
            select(
                CardRow.id,
                CardRow.event_id,
                CardRow.round_no,
                CardRow.side0,
                CardRow.side1,
                CardRow.championship,
                CardRow.validated_by,
                CardRow.initials,
                EventRow.category,
            )
            .join(EventRow, EventRow.id == CardRow.event_id)
            .where(*where)
            .order_by(CardRow.event_id, CardRow.round_no, CardRow.id)
        ):
            card = Scorecard(
                str(cat),
                rnd,
                (a, b),
                (names[(eid, a)], names[(eid, b)]),
                GameScore(tuple(rounds[cid])),
                championship=champ,
            )
            if by is not None and initials is not None:
                card = validate(card, by, initials)
            if trails[cid]:
                card = with_trail(card, trails[cid])
            out.append(card)
        return out

    def standings(self, name: str) -> Standings:
        """Standings of the event (refused while any card is unvalidated)."""
        with Session(self.engine) as s:
            ev = self._event(s, name)
            return self._meta(s, ev).standings(self._cards(s, CardRow.event_id == ev.id))

    def draws(self, name: str, *, drafts: bool = False) -> list[Draw]:
        """Every published round of the event (and the draft, if ``drafts``)."""
        with Session(self.engine) as s:
            ev = self._event(s, name)
            return self._draws(s, ev, drafts=drafts)

    def draft_rounds(self, name: str) -> list[int]:
        """Rounds drawn but not published yet (at most one: the last)."""
        with Session(self.engine) as s:
            return sorted(self._drafts(s, self._event(s, name)))

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

    def rated_games(self) -> list[RatedGame]:
        """Every validated game of every event, in the order played (events in the order
        created, then draw round, then entry), each side as its players."""
        with Session(self.engine) as s:
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

    def all_cards(self) -> list[Scorecard]:
        """Validated cards of every event, in the order played: events in the order
        created, then draw round, then entry."""
        with Session(self.engine) as s:
            return [c for c in self._cards(s) if c.validated]

    # -- writing -------------------------------------------------------------------

    def create_event(self, spec: EventFile) -> None:
        """Store a new event with its entrants and draws; a round robin and a
        championship match are drawn at once.

        Cards (with their corrections), byes and shoot-outs in the file are checked
        against each other and the draw, then imported in the same transaction.
        """
        spec.to_cards()  # every card checked before anything is written
        if spec.shootouts:
            spec.standings()  # every shoot-out among a group that was still tied
        try:
            with self._write() as s:
                self._create(s, spec)
        except IntegrityError as exc:
            raise IllegalInPosition(f"event {spec.name!r} not stored: {_reason(exc)}") from None

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

    @staticmethod
    def _add_draw(
        s: Session, ev: EventRow, d: Draw, *, published: bool = True, by: str = "desk"
    ) -> None:
        """Store a drawn round; the unique (event, round) row refuses a second draw of
        the same round even if two writers got past the checks."""
        if d.round_no >= 1:
            s.add(
                DrawRoundRow(event_id=ev.id, round_no=d.round_no, published=published, drawn_by=by)
            )
            s.flush()
        for board, (a, b) in enumerate(d.games, start=1):
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=a, side1=b, board=board))
        if d.bye is not None:
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=d.bye, side1=None))

    def create_pools(self, name: str, count: int, size: int) -> list[str]:
        """Round-robin pools from the top ``count * size`` of a finished preliminary,
        snake seeded; refused while a tie that decides who is in the pools, or which
        pool a player goes to, still needs a shoot-out."""
        if count < 1 or size < 2:
            raise InvalidInput("pools need a count of 1 or more and 2 or more players each")
        spec = self.snapshot(name)
        if spec.format != "preliminary":
            raise IllegalInPosition(f"{name} is not a preliminary")
        _check_finished(spec)
        standings = spec.standings()
        cut = count * size
        if cut > len(standings.placings):
            raise InvalidInput(f"{name} has only {len(standings.placings)} entrants")
        seat = {e: i for i, e in enumerate(standings.order)}
        for group in standings.unresolved:
            at = sorted(seat[e] for e in group)
            if at[0] >= cut:
                continue
            place = at[0] + 1
            if at[-1] >= cut:
                raise IllegalInPosition(
                    f"the last pool place is tied between {', '.join(group)} (place {place}): "
                    "record a shoot-out first"
                )
            if len({pool_of(i, count) for i in at}) > 1:
                raise IllegalInPosition(
                    f"{', '.join(group)} are tied at place {place} and snake seeding puts "
                    "those places in different pools: record a shoot-out first"
                )
        created = []
        by_id = {e.id: e for e in spec.entrants}
        with self._write() as s:
            for i, pool in enumerate(pools(standings.order[:cut], count), start=1):
                pool_name = f"{name} pool {i}"
                created.append(pool_name)
                pool_spec = spec.model_copy(
                    update={
                        "name": pool_name,
                        "format": "round-robin",
                        "games": len(round_robin(pool)),
                        "entrants": [by_id[e] for e in pool],
                        "draws": [],
                        "cards": [],
                        "byes": {},
                        "shootouts": [],
                    }
                )
                self._create(s, pool_spec)
        return created

    def draw_next(
        self, name: str, seed: int | None = None, *, publish: bool = True, by: str = "desk"
    ) -> Draw:
        """Draw the next preliminary round: no one meets an opponent already met in a
        drawn round or on an entered card; byes for odd fields. Unless ``publish``, the
        round is a draft: reviewed, then published or withdrawn (and drawn again)."""
        with self._write() as s:
            ev = self._event(s, name)
            if ev.format not in ("preliminary", "round-of-32"):
                raise IllegalInPosition(
                    f"{name} is a {ev.format}: all its rounds are drawn at creation"
                )
            draft = self._drafts(s, ev)
            if draft:
                raise IllegalInPosition(
                    f"round {min(draft)} of {name} is a draft: publish or withdraw it first"
                )
            draws = self._draws(s, ev)
            entered = self._entered(s, ev)
            done = max([d.round_no for d in draws] + [g.draw_round for g in entered] + [0])
            if done >= ev.games:
                raise IllegalInPosition(f"all {ev.games} rounds of {name} are drawn")
            played = {frozenset(g) for d in draws for g in d.games}
            played |= {frozenset(g.sides) for g in entered}
            had_bye = {d.bye for d in draws if d.bye}
            d = draw_round(
                [e.code for e in ev.entrants],
                done + 1,
                played=played,
                had_bye=had_bye,
                seed=ev.seed if seed is None else seed,
            )
            out = self._excluding(s, ev, d)
            self._add_draw(s, ev, out, published=publish, by=by)
            return out

    def _excluding(self, s: Session, ev: EventRow, d: Draw) -> Draw:
        """The draw as it stands for the entrants still in (a hook for sanctions)."""
        del s, ev
        return d

    def publish_round(self, name: str, round_no: int) -> Draw:
        """Publish a draft round: from now on its cards can be entered."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._round_row(s, ev, round_no)
            if row.published:
                raise IllegalInPosition(f"round {round_no} of {name} is already published")
            row.published = True
            return next(d for d in self._draws(s, ev, drafts=True) if d.round_no == round_no)

    def withdraw_round(self, name: str, round_no: int) -> Draw:
        """Withdraw the last drawn round (draft or published) while none of its games has
        a card; its scorer codes go with it."""
        with self._write() as s:
            ev = self._event(s, name)
            if ev.format not in ("preliminary", "round-of-32"):
                raise IllegalInPosition(f"{name} is a {ev.format}: its draw is fixed at creation")
            row = self._round_row(s, ev, round_no)
            last = max(
                s.scalars(select(DrawRoundRow.round_no).where(DrawRoundRow.event_id == ev.id))
            )
            if round_no != last:
                raise IllegalInPosition(
                    f"only the last drawn round ({last}) can be withdrawn, not round {round_no}"
                )
            cards = s.scalar(
                select(func.count()).where(CardRow.event_id == ev.id, CardRow.round_no == round_no)
            )
            if cards:
                raise IllegalInPosition(
                    f"round {round_no} of {name} has {plural(int(cards), 'card')} entered: "
                    "withdraw those cards first"
                )
            drawn = next(d for d in self._draws(s, ev, drafts=True) if d.round_no == round_no)
            for table in (DrawGameRow, ScorerCodeRow):
                s.execute(delete(table).where(table.event_id == ev.id, table.round_no == round_no))
            s.delete(row)
            return drawn

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

    @staticmethod
    def _entered(s: Session, ev: EventRow) -> list[Game]:
        """The event's entered games without their rounds, in entry order."""
        rows = s.execute(
            select(CardRow.round_no, CardRow.side0, CardRow.side1, CardRow.championship)
            .where(CardRow.event_id == ev.id)
            .order_by(CardRow.id)
        ).all()
        return [Game(r, (a, b), c) for r, a, b, c in rows]

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
                names = {e.code: e.name for e in ev.entrants}
                for who in sides:
                    if who not in names:
                        raise InvalidInput(f"{who} is not an entrant of {name}")
                champ = ev.format == "championship"
                if championship and not champ:
                    raise IllegalInPosition(
                        f"{name} is a {ev.format}; championship games are entered in a "
                        "championship match (flickboard event championship)"
                    )
                card = Scorecard(
                    _category(ev),
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
                if round_no in self._drafts(s, ev):
                    raise IllegalInPosition(
                        f"round {round_no} of {name} is a draft: publish it before entering cards"
                    )
                check_in_draw(round_no, sides, self._draws(s, ev))
                if champ:
                    before = self._snapshot(s, ev).to_cards()
                    championship_series((sides[0], sides[1]), [*before, card])
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
        for c in card.corrections:
            s.add(_correction_row(row.id, c))
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
            card = validate(self._cards(s, CardRow.id == row.id)[0], opponent_id, initials)
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
            target = row.rounds[game_round - 1]
            target.score0, target.score1 = after.scores[0], after.scores[1]
            target.twenties0, target.twenties1 = after.twenties[0], after.twenties[1]
            s.add(_correction_row(row.id, fixed.corrections[-1]))
            s.flush()
            return fixed, self._drop_void_shootouts(s, ev)

    def _drop_void_shootouts(self, s: Session, ev: EventRow) -> list[tuple[str, ...]]:
        """Delete the shoot-outs no tie needs any more; their entrants."""
        s.expire_all()
        spec = self._snapshot(s, ev)
        if spec.format == "championship" or not spec.shootouts:
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
            if ev.format == "championship":
                raise IllegalInPosition(f"{name} is a championship match: every game is decided")
            check_players(shootout, category(_category(ev)))
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


def _category(ev: EventRow) -> str:
    """The WCC category of a crokinole event."""
    assert ev.category is not None, "a crokinole event has a category"
    return ev.category


def _round_json(r: RoundScore) -> str:
    return json.dumps({"scores": list(r.scores), "twenties": list(r.twenties)})


def _correction_row(card_id: int, c: Correction) -> CorrectionRow:
    return CorrectionRow(
        card_id=card_id,
        referee=c.referee,
        idx=c.round_index,
        before=_round_json(c.before),
        after=_round_json(c.after),
        reason=c.reason,
    )


def _round_of(text: str) -> RoundScore:
    data = json.loads(text)
    return RoundScore(tuple(data["scores"]), tuple(data["twenties"]))


def _check_finished(spec: EventFile) -> None:
    """Refuse a preliminary with rounds still to draw or drawn games without a card."""
    drawn = [d for d in spec.drawn() if d.round_no >= 1]
    if len(drawn) < spec.games:
        raise IllegalInPosition(
            f"{spec.name} has {len(drawn)} of its {spec.games} rounds drawn: pools are made "
            "from the finished preliminary"
        )
    entered = {(c.round, frozenset(c.sides)) for c in spec.cards}
    missing = [
        (d.round_no, g) for d in drawn for g in d.games if (d.round_no, frozenset(g)) not in entered
    ]
    if missing:
        r, (a, b) = missing[0]
        raise IllegalInPosition(
            f"{spec.name} is not finished: {len(missing)} drawn game"
            f"{'s have' if len(missing) > 1 else ' has'} no card yet (first: round {r}, {a} v {b})"
        )


def _reason(exc: IntegrityError) -> str:
    return str(exc.orig).splitlines()[0] if exc.orig is not None else str(exc)

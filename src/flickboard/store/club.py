"""The club desk: CSC round robins, CSC leagues and fair-rules brackets over a database.

Shared storage of club events, their teams and rosters, fixtures and games; the
formats themselves live in :mod:`flickboard.store.league`, :mod:`flickboard.store.csc`
and :mod:`flickboard.store.bracket`. Every public write is one transaction.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput, NotFound
from flickboard.events.eventfile import ClubEventFile
from flickboard.events.formats import CLUB_FORMATS
from flickboard.events.leagues import Forfeit, LeagueGame
from flickboard.events.racegame import SHUFFLEBOARD_FRAME_MAX, checked
from flickboard.play.scoring import RaceScore
from flickboard.store.base import Store
from flickboard.store.models import (
    ClubFixtureRow,
    ClubFrameRow,
    ClubGameRow,
    EntrantPlayerRow,
    EntrantRow,
    EventRow,
)


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A game's result entered for a fixture: the round (a league's night), the team
    whose fixture it is, the game's number in the fixture (a round-robin meeting has
    one), the result (home side first) and the side that entered it at the board (None:
    an official)."""

    round_no: int
    team: str
    game_no: int
    race: RaceScore
    entered_by: str | None = None


@dataclass(frozen=True, slots=True)
class ClubGame:
    """A stored game of a club event: its ID (what corrections and withdrawals name),
    the meeting it belongs to, its sides (first side first) and its result."""

    id: int
    label: str
    game_no: int
    sides: tuple[str, str]
    result: LeagueGame
    what: str
    """The game in words, e.g. "the round 3 game C v D"."""
    round_no: int | None = None
    """The round (league: night) of its fixture; None for a playoff or bracket game."""
    status: str = "confirmed"
    """``entered`` at the board, ``disputed`` or ``confirmed`` (only these count)."""
    entered_by: str | None = None
    confirmed_by: str | None = None
    dispute: str | None = None

    def as_dict(self) -> dict[str, object]:
        """Plain values (JSON): the result as frames and totals, or the forfeiting side."""
        r = self.result
        return {
            "id": self.id,
            "label": self.label,
            "game": self.game_no,
            "sides": list(self.sides),
            "what": self.what,
            "frames": None if isinstance(r, Forfeit) else [list(f) for f in r.steps],
            "score": None if isinstance(r, Forfeit) else list(r.totals),
            "forfeit_by": self.sides[r.side] if isinstance(r, Forfeit) else None,
            "round": self.round_no,
            "status": self.status,
            "entered_by": self.entered_by,
            "confirmed_by": self.confirmed_by,
            "dispute": self.dispute,
        }


ENTERED, DISPUTED, CONFIRMED = "entered", "disputed", "confirmed"
"""A club game's status: entered at the board, disputed, or confirmed (counted)."""


class ClubDesk(Store):
    """Club events kept in one database."""

    formats: tuple[str, ...] = ()
    """Formats this desk runs (empty: any)."""
    frame_max: int | None = SHUFFLEBOARD_FRAME_MAX
    """Most points a frame gives (None: no cap, as in fair-rules crokinole)."""
    points_step: int = 1
    """Points come in multiples of this (5 in crokinole)."""

    @contextmanager
    def _write(self, *, audited: bool = True) -> Iterator[Session]:
        """One transaction: committed whole, or rolled back whole on any error."""
        try:
            with super()._write(audited=audited) as session:
                yield session
        except IntegrityError as exc:
            reason = str(exc.orig).splitlines()[0] if exc.orig is not None else str(exc)
            raise IllegalInPosition(f"not stored: {reason}") from None

    # -- events ---------------------------------------------------------------------

    def events(self) -> list[tuple[str, str]]:
        """(name, format) of every stored club event."""
        with self._read() as s:
            rows = s.scalars(
                select(EventRow)
                .where(EventRow.format.in_(list(CLUB_FORMATS)))
                .order_by(EventRow.id)
            )
            return [(e.name, e.format) for e in rows]

    def create(self, spec: ClubEventFile) -> None:
        """Store a club event with its entrants, rosters and fixtures."""
        with self._write() as s:
            if s.scalar(select(EventRow.id).where(EventRow.name == spec.name)):
                raise IllegalInPosition(f"an event called {spec.name!r} already exists")
            ev = EventRow(
                name=spec.name,
                format=spec.format,
                category=None,
                games=0,
                seed=0,
                bye_points=0,
                target=spec.goal,
                best_of_three_from=spec.best_of_three_from,
                date=spec.date,
                championship=spec.championship,
                division=spec.division,
                discipline=spec.discipline,
            )
            s.add(ev)
            self._created(s, ev)
            for i, team in enumerate(spec.entrants):
                row = EntrantRow(
                    event_id=ev.id, position=i, code=team.id, name=team.name, gender=team.gender
                )
                row.players = [
                    EntrantPlayerRow(position=j, code=p.id, name=p.name, gender=p.gender)
                    for j, p in enumerate(team.players)
                ]
                s.add(row)
            board: dict[int, int] = {}
            for f in spec.schedule():
                board[f.round] = board.get(f.round, 0) + 1
                s.add(
                    ClubFixtureRow(
                        event_id=ev.id,
                        round_no=f.round,
                        home=f.home,
                        visitors=f.visitors,
                        board=board[f.round],
                    )
                )

    def _event(self, s: Session, name: str) -> EventRow:
        self._lock(s, name)
        ev = s.scalar(select(EventRow).where(EventRow.name == name))
        if ev is None or ev.format not in CLUB_FORMATS:
            raise NotFound(f"no club event called {name!r}")
        if self.formats and ev.format not in self.formats:
            raise IllegalInPosition(
                f"{name} is a {ev.format} event, not {' or '.join(self.formats)}"
            )
        return ev

    def format_of(self, name: str) -> str:
        """The event's format."""
        with self._read() as s:
            return self._event(s, name).format

    def target(self, name: str) -> int:
        """Points that win a game of the event."""
        with self._read() as s:
            return self._target(self._event(s, name))

    @staticmethod
    def _target(ev: EventRow) -> int:
        assert ev.target is not None, "a club event has a target"
        return ev.target

    def names(self, name: str) -> dict[str, str]:
        """Team and player IDs -> names."""
        with self._read() as s:
            ev = self._event(s, name)
            out = {t.code: t.name for t in ev.entrants}
            for t in ev.entrants:
                out.update({p.code: p.name for p in t.players})
            return out

    def entrants(self, name: str) -> list[str]:
        """Team (entrant) IDs in their listed order."""
        with self._read() as s:
            return [t.code for t in self._event(s, name).entrants]

    # -- games ----------------------------------------------------------------------

    @staticmethod
    def _games(
        s: Session, ev: EventRow, label: str | None = None, *, counted: bool = True
    ) -> list[ClubGameRow]:
        """Stored games (``counted``: confirmed only, those the standings count)."""
        q = select(ClubGameRow).where(ClubGameRow.event_id == ev.id)
        if counted:
            q = q.where(ClubGameRow.status == CONFIRMED)
        if label is not None:
            q = q.where(ClubGameRow.label == label)
        return list(s.scalars(q.order_by(ClubGameRow.label, ClubGameRow.game_no)))

    @staticmethod
    def result_of(row: ClubGameRow, target: int) -> LeagueGame:
        """The stored game as a RaceScore, or a Forfeit."""
        if row.forfeit_by is not None:
            return Forfeit(row.forfeit_by)
        return RaceScore(target, tuple((f.points0, f.points1) for f in row.frames))

    def _add_game(
        self,
        s: Session,
        ev: EventRow,
        label: str,
        game_no: int,
        sides: tuple[str, str],
        result: LeagueGame,
        fixture_id: int | None = None,
        *,
        what: str,
        entered_by: str | None = None,
    ) -> ClubGameRow:
        """Store game ``game_no`` of the meeting ``label``; ``what`` names it for people
        (e.g. "the round 3 game C v D"). Entered at the board by a side
        (``entered_by``), it waits for the other side to confirm it; entered by an
        official, it counts at once."""
        if entered_by is not None and entered_by not in sides:
            raise InvalidInput(f"{entered_by} does not play {what}")
        taken = s.scalar(
            select(ClubGameRow.id).where(
                ClubGameRow.event_id == ev.id,
                ClubGameRow.label == label,
                ClubGameRow.game_no == game_no,
            )
        )
        if taken is not None:
            raise IllegalInPosition(f"{what} is already entered")
        row = ClubGameRow(
            event_id=ev.id,
            fixture_id=fixture_id,
            label=label,
            game_no=game_no,
            side0=sides[0],
            side1=sides[1],
            winner=0,
            status=CONFIRMED if entered_by is None else ENTERED,
            entered_by=entered_by,
        )
        s.add(row)
        s.flush()
        self._set_result(s, ev, row, result)
        return row

    def _set_result(self, s: Session, ev: EventRow, row: ClubGameRow, result: LeagueGame) -> None:
        """Give a stored game its result: a forfeit, or a race checked as the rules
        allow (:func:`~flickboard.events.racegame.checked`)."""
        for old in list(row.frames):
            s.delete(old)
        s.flush()
        if isinstance(result, Forfeit):
            row.winner, row.forfeit_by = 1 - result.side, result.side
            s.flush()
            return
        if result.target != ev.target:
            raise InvalidInput(f"games of {ev.name} are to {ev.target}, not {result.target}")
        race = checked(result, frame_max=self.frame_max, multiple_of=self.points_step)
        assert race.winner is not None, "a checked race is decided"
        row.winner, row.forfeit_by = race.winner, None
        for i, (a, b) in enumerate(race.steps):
            s.add(ClubFrameRow(game_id=row.id, idx=i, points0=a, points1=b))
        s.flush()
        s.expire(row, ["frames"])

    # -- corrections ----------------------------------------------------------------

    def _what(self, row: ClubGameRow) -> str:
        """The game in words (formats say it their way)."""
        return f"game {row.game_no} of {row.label}, {row.side0} v {row.side1}"

    def _fixed(self, s: Session, ev: EventRow, row: ClubGameRow) -> str | None:
        """Why this game can no longer be corrected or withdrawn (a later stage was
        drawn from it), or None. Formats with later stages say so."""
        return None

    def _club_game(self, s: Session, ev: EventRow, row: ClubGameRow) -> ClubGame:
        fx = None if row.fixture_id is None else s.get(ClubFixtureRow, row.fixture_id)
        return ClubGame(
            row.id,
            row.label,
            row.game_no,
            (row.side0, row.side1),
            self.result_of(row, self._target(ev)),
            self._what(row),
            None if fx is None else fx.round_no,
            row.status,
            row.entered_by,
            row.confirmed_by,
            row.dispute,
        )

    def games(self, name: str) -> list[ClubGame]:
        """Every stored game of the event (also those waiting at the board), by
        meeting and game number."""
        with self._read() as s:
            ev = self._event(s, name)
            return [self._club_game(s, ev, g) for g in self._games(s, ev, counted=False)]

    def game(self, name: str, game_id: int) -> ClubGame:
        """One stored game."""
        with self._read() as s:
            ev = self._event(s, name)
            row = s.get(ClubGameRow, game_id)
            if row is None or row.event_id != ev.id:
                raise NotFound(f"{ev.name} has no game {game_id}")
            return self._club_game(s, ev, row)

    def standings_json(self, name: str) -> object:
        """The event as it stands, as plain values (JSON): each format says how."""
        raise NotImplementedError(f"{type(self).__name__} has no standings")

    def meetings(self, name: str, round_no: int) -> list[tuple[int, tuple[str, str]]]:
        """(board, (home, visitors)) of every meeting in round (night) ``round_no``."""
        with self._read() as s:
            ev = self._event(s, name)
            rows = s.scalars(
                select(ClubFixtureRow)
                .where(ClubFixtureRow.event_id == ev.id, ClubFixtureRow.round_no == round_no)
                .order_by(ClubFixtureRow.board, ClubFixtureRow.id)
            ).all()
            return [(int(f.board or 0), (f.home, f.visitors)) for f in rows]

    def games_of_meeting(self, name: str) -> int:
        """How many games one meeting has (a CSC round-robin game: 1)."""
        with self._read() as s:
            return self._meeting_games(self._event(s, name))

    def _meeting_games(self, ev: EventRow) -> int:
        return 1

    # -- at the board (CSC VII 11 triplicate, VII 10 protest committee) ------------

    def enter_at_board(
        self,
        name: str,
        round_no: int,
        team: str,
        game_no: int,
        race: RaceScore,
        entered_by: str | None = None,
    ) -> ClubGame:
        """A game of the meeting ``team`` plays in round (night) ``round_no``, home side
        first: entered by a side at the board (``entered_by``), it waits for the other
        side's confirmation; by an official, it counts at once. Formats with fixtures
        say how (:meth:`_enter_fixture_game`)."""
        with self._write() as s:
            ev = self._event(s, name)
            entry = BoardEntry(round_no, team, game_no, race, entered_by)
            return self._club_game(s, ev, self._enter_fixture_game(s, ev, entry))

    def _enter_fixture_game(self, s: Session, ev: EventRow, entry: BoardEntry) -> ClubGameRow:
        raise IllegalInPosition(f"{ev.name} has no games drawn by round to enter at a board")

    def _waiting(self, s: Session, name: str, game_id: int, side: str) -> ClubGameRow:
        ev = self._event(s, name)
        row = s.get(ClubGameRow, game_id)
        if row is None or row.event_id != ev.id:
            raise NotFound(f"{ev.name} has no game {game_id}")
        if side not in (row.side0, row.side1):
            raise InvalidInput(f"{side} does not play {self._what(row)}")
        if row.status == CONFIRMED:
            raise IllegalInPosition(f"{self._what(row)} is confirmed already")
        if row.status == DISPUTED:
            raise IllegalInPosition(
                f"{self._what(row)} is disputed: a referee rules on it (VII 10)"
            )
        return row

    def confirm_game(self, name: str, game_id: int, side: str, initials: str) -> ClubGame:
        """The other side confirms a game entered at the board with their initials
        ("Scores shall be kept in triplicate ... one for each team", VII 11): it
        counts from now."""
        if not initials.strip():
            raise InvalidInput("initial the game to confirm it")
        with self._write() as s:
            row = self._waiting(s, name, game_id, side)
            if side == row.entered_by:
                raise IllegalInPosition(
                    f"{side} entered {self._what(row)}: the other team confirms it "
                    '("one for each team", VII 11)'
                )
            row.status, row.confirmed_by = CONFIRMED, f"{side} ({initials.strip()[:10]})"
            s.flush()
            return self._club_game(s, self._event(s, name), row)

    def dispute_game(self, name: str, game_id: int, side: str, reason: str) -> ClubGame:
        """A side disputes a game entered at the board: it waits for a referee ("A
        protest committee shall be established to deal with claims and protests",
        VII 10) and does not count meanwhile."""
        if not reason.strip():
            raise InvalidInput("say what is wrong with the game")
        with self._write() as s:
            row = self._waiting(s, name, game_id, side)
            row.status, row.dispute = DISPUTED, f"{side}: {reason.strip()}"
            s.flush()
            return self._club_game(s, self._event(s, name), row)

    def rule_game(
        self, name: str, game_id: int, race: RaceScore | None, reason: str, referee: str
    ) -> ClubGame:
        """A referee settles a disputed game: as entered (``race`` None) or with the
        result as it should stand; it counts from now, signed by the referee."""
        if not reason.strip():
            raise InvalidInput("give the ruling's reason")
        with self._write() as s:
            ev = self._event(s, name)
            row = s.get(ClubGameRow, game_id)
            if row is None or row.event_id != ev.id:
                raise NotFound(f"{ev.name} has no game {game_id}")
            if row.status != DISPUTED:
                raise IllegalInPosition(f"{self._what(row)} is not disputed")
            if race is not None:
                self._set_result(s, ev, row, race)
            row.status = CONFIRMED
            row.confirmed_by = f"referee {referee}: {reason.strip()}"[:120]
            s.flush()
            return self._club_game(s, ev, row)

    def disputes(self, name: str | None = None) -> list[dict[str, object]]:
        """Disputed club games (of one event, or all): the referees' queue, with the
        teams' names and the board."""
        with self._read() as s:
            q = (
                select(ClubGameRow, EventRow)
                .join(EventRow, EventRow.id == ClubGameRow.event_id)
                .where(ClubGameRow.status == DISPUTED)
                .order_by(ClubGameRow.id)
            )
            if name is not None:
                q = q.where(EventRow.name == name)
            if self.formats:
                q = q.where(EventRow.format.in_(self.formats))
            out: list[dict[str, object]] = []
            for row, ev in s.execute(q):
                names = {t.code: t.name for t in ev.entrants}
                fx = None if row.fixture_id is None else s.get(ClubFixtureRow, row.fixture_id)
                side, _, why = (row.dispute or "").partition(": ")
                out.append(
                    {
                        "event": ev.name,
                        "game_id": row.id,
                        "what": self._what(row),
                        "round": None if fx is None else fx.round_no,
                        "sides": [row.side0, row.side1],
                        "names": [names.get(row.side0, ""), names.get(row.side1, "")],
                        "board": None if fx is None else fx.board,
                        "raised_by": names.get(side, side),
                        "reason": why,
                    }
                )
            return out

    def _stored(self, s: Session, ev: EventRow, game_id: int) -> ClubGameRow:
        """A game an official may correct or withdraw."""
        row = s.get(ClubGameRow, game_id)
        if row is None or row.event_id != ev.id:
            raise NotFound(f"{ev.name} has no game {game_id}")
        why = self._fixed(s, ev, row)
        if why is not None:
            raise IllegalInPosition(f"{self._what(row)} cannot change now: {why}")
        return row

    def correct_game(self, name: str, game_id: int, race: RaceScore, reason: str) -> ClubGame:
        """An official corrects a stored game's result (same sides, first side first),
        checked as a new result; the audit trail keeps before, after and ``reason``."""
        if not reason.strip():
            raise InvalidInput("say why the game is corrected")
        with self._write() as s:
            ev = self._event(s, name)
            row = self._stored(s, ev, game_id)
            self._set_result(s, ev, row, race)
            return self._club_game(s, ev, row)

    def withdraw_game(self, name: str, game_id: int, reason: str) -> ClubGame:
        """An official withdraws a game entered in error (wrong game, swapped sides):
        it is as if never entered; the audit trail keeps it and ``reason``."""
        if not reason.strip():
            raise InvalidInput("say why the game is withdrawn")
        with self._write() as s:
            ev = self._event(s, name)
            row = self._stored(s, ev, game_id)
            gone = self._club_game(s, ev, row)
            for old in list(row.frames):
                s.delete(old)
            s.delete(row)
            s.flush()
            return gone

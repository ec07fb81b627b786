"""CSC leagues (Part VII) over the club desk: line-ups with ends, substitutions and
changes of ends ruled on as they happened, results, forfeits for delay, postponements,
match points and standings. Each method is one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.leagues import (
    Forfeit,
    LeagueGame,
    Postponement,
    four_person_match_points,
    match_forfeited,
    six_person_match_points,
    with_delay_forfeits,
)
from flickboard.events.lineups import (
    GAMES,
    SLOTS,
    EndsChange,
    LeagueKind,
    Substitution,
    check_night,
    check_rotation_slots,
    check_start,
    ends_of,
    played_slots,
    players_by_game,
    rule_ends_change,
    rule_substitution,
)
from flickboard.play.scoring import RaceScore
from flickboard.store.base import now
from flickboard.store.club import CONFIRMED, BoardEntry, ClubDesk
from flickboard.store.models import (
    ClubEndsChangeRow,
    ClubFixtureRow,
    ClubGameRow,
    ClubLineupRow,
    ClubSubstitutionRow,
    EventRow,
    SanctionRow,
)

POSTPONED = {True: "postponed", False: "postponed-late"}
"""The kinds a postponement is kept under (VII 14): with ample notice, or without."""


@dataclass(frozen=True, slots=True)
class LeagueMatch:
    """A league night's match as it stands."""

    night: int
    kind: LeagueKind
    teams: tuple[str, str]
    players: tuple[list[tuple[str, ...]] | None, list[tuple[str, ...]] | None]
    """Each side's players game by game (None until its line-up is set), each game's
    in end order (:meth:`ends`)."""
    games: tuple[LeagueGame | None, ...]
    points: tuple[Fraction, Fraction]
    """Match points, after any penalty."""
    penalties: tuple[int, int] = (0, 0)
    """Match points each side forfeited (VII 12(c)-(d), one an infraction)."""
    postponed: Postponement | None = None
    """VII 14: the postponement asked for, if any."""

    def ends(self, game: int, side: int) -> tuple[str, ...]:
        """The end (LE or RE) of each of the side's players in ``game`` (VII 7)."""
        return ends_of(self.kind, game, side)

    def notes(self) -> tuple[str, ...]:
        """What the match's page says beside its games: the postponement, penalties."""
        out = [] if self.postponed is None else [self.postponed.describe()]
        for side, n in enumerate(self.penalties):
            if n:
                out.append(
                    f"{self.teams[side]} forfeits {n} match point{'s' if n > 1 else ''}: "
                    f"{n} substitution{'s' if n > 1 else ''} breaking VII 12(c)-(d) "
                    "(PENALTY: forfeiture of one point for each infraction)"
                )
        return tuple(out)

    @property
    def complete(self) -> bool:
        """Every game of the rotation has a result."""
        return all(g is not None for g in self.games)

    def round_totals(self, round_no: int) -> tuple[int, int] | None:
        """Both teams' points over a completed round's three games (forfeits count 0)."""
        block = self.games[3 * (round_no - 1) : 3 * round_no]
        if any(g is None for g in block):
            return None
        races = [g for g in block if isinstance(g, RaceScore)]
        return (sum(g.totals[0] for g in races), sum(g.totals[1] for g in races))


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """A team's line in the league standings."""

    place: int
    team: str
    matches: int
    match_points: Fraction
    games_won: int
    points_for: int
    tied: bool
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A rostered player's games played against the team's scheduled games (VII 9)."""

    team: str
    player: str
    played: int
    scheduled: int

    @property
    def eligible(self) -> bool:
        """Played at least 25% of the scheduled games: eligible for the play-offs."""
        return 4 * self.played >= self.scheduled


def fmt_points(x: Fraction) -> str:
    """Match points with a half shown as ½."""
    whole, part = divmod(x, 1)
    return f"{int(whole)}{'½' if part else ''}" if whole or not part else "½"


class LeagueDesk(ClubDesk):
    """Six- and four-person CSC leagues."""

    formats = ("league-six", "league-four")

    @staticmethod
    def _kind(ev: EventRow) -> LeagueKind:
        return cast(LeagueKind, ev.format.removeprefix("league-"))

    def _meeting_games(self, ev: EventRow) -> int:
        return GAMES[self._kind(ev)]

    def _what(self, row: ClubGameRow) -> str:
        night = row.label[1:].split(":")[0]
        return f"game {row.game_no} of night {night}, {row.side0} v {row.side1}"

    def _fixture(self, s: Session, ev: EventRow, night: int, team: str) -> ClubFixtureRow:
        if team not in {t.code for t in ev.entrants}:
            raise InvalidInput(f"{team} is not a team of {ev.name}")
        row = s.scalar(
            select(ClubFixtureRow).where(
                ClubFixtureRow.event_id == ev.id,
                ClubFixtureRow.round_no == night,
                (ClubFixtureRow.home == team) | (ClubFixtureRow.visitors == team),
            )
        )
        if row is None:
            raise IllegalInPosition(f"{team} has no match on night {night} of {ev.name}")
        return row

    def _team_night(
        self, s: Session, name: str, night: int, team: str
    ) -> tuple[EventRow, LeagueKind, ClubFixtureRow, int]:
        """The event, its league kind, the team's fixture that night and its side."""
        ev = self._event(s, name)
        fx = self._fixture(s, ev, night, team)
        return ev, self._kind(ev), fx, self._side(fx, team)

    @staticmethod
    def _side(fx: ClubFixtureRow, team: str) -> int:
        return 0 if fx.home == team else 1

    def _roster(self, ev: EventRow, team: str) -> set[str]:
        return {p.code for t in ev.entrants if t.code == team for p in t.players}

    @staticmethod
    def _start(s: Session, fx: ClubFixtureRow, side: int) -> dict[str, list[str]] | None:
        rows = s.scalars(
            select(ClubLineupRow)
            .where(ClubLineupRow.fixture_id == fx.id, ClubLineupRow.side == side)
            .order_by(ClubLineupRow.slot, ClubLineupRow.seat)
        ).all()
        if not rows:
            return None
        out: dict[str, list[str]] = {}
        for r in rows:
            out.setdefault(r.slot, []).append(r.player)
        return out

    @staticmethod
    def _sub_rows(s: Session, fx: ClubFixtureRow, side: int) -> list[ClubSubstitutionRow]:
        return list(
            s.scalars(
                select(ClubSubstitutionRow)
                .where(ClubSubstitutionRow.fixture_id == fx.id, ClubSubstitutionRow.side == side)
                .order_by(ClubSubstitutionRow.id)
            )
        )

    def _subs(self, s: Session, fx: ClubFixtureRow, side: int) -> list[Substitution]:
        return [
            Substitution(r.from_game, r.player_out, r.player_in)
            for r in self._sub_rows(s, fx, side)
        ]

    @staticmethod
    def _ends(s: Session, fx: ClubFixtureRow, side: int) -> list[EndsChange]:
        return [
            EndsChange(r.from_game, r.slot)
            for r in s.scalars(
                select(ClubEndsChangeRow)
                .where(ClubEndsChangeRow.fixture_id == fx.id, ClubEndsChangeRow.side == side)
                .order_by(ClubEndsChangeRow.id)
            )
        ]

    @staticmethod
    def _postponement(s: Session, ev: EventRow, fx: ClubFixtureRow) -> Postponement | None:
        row = s.scalar(
            select(SanctionRow).where(
                SanctionRow.event_id == ev.id,
                SanctionRow.kind.in_(POSTPONED.values()),
                SanctionRow.round_no == fx.round_no,
                SanctionRow.entrant.in_((fx.home, fx.visitors)),
            )
        )
        if row is None:
            return None
        return Postponement(row.entrant or "", row.kind == POSTPONED[True], row.reason)

    def _entered(self, s: Session, ev: EventRow, fx: ClubFixtureRow) -> dict[int, LeagueGame]:
        return {
            g.game_no: self.result_of(g, self._target(ev))
            for g in s.scalars(
                select(ClubGameRow).where(
                    ClubGameRow.fixture_id == fx.id, ClubGameRow.status == CONFIRMED
                )
            )
        }

    def _match(self, s: Session, ev: EventRow, fx: ClubFixtureRow) -> LeagueMatch:
        kind = self._kind(ev)
        entered = self._entered(s, ev, fx)
        games = tuple(entered.get(n) for n in range(1, GAMES[kind] + 1))
        players: list[list[tuple[str, ...]] | None] = []
        for side in (0, 1):
            start = self._start(s, fx, side)
            subs, ends = self._subs(s, fx, side), self._ends(s, fx, side)
            players.append(
                None if start is None else players_by_game(kind, side, start, subs, ends)
            )
        if kind == "six":
            six = six_person_match_points(games)
            gross = (Fraction(six[0]), Fraction(six[1]))
        else:
            gross = four_person_match_points(games)
        penalties = (
            sum(r.penalty for r in self._sub_rows(s, fx, 0)),
            sum(r.penalty for r in self._sub_rows(s, fx, 1)),
        )
        points = (gross[0] - penalties[0], gross[1] - penalties[1])
        return LeagueMatch(
            fx.round_no,
            kind,
            (fx.home, fx.visitors),
            (players[0], players[1]),
            games,
            points,
            penalties,
            self._postponement(s, ev, fx),
        )

    # -- reading --------------------------------------------------------------------

    def nights(self, name: str) -> list[tuple[int, str, str]]:
        """The schedule: (night, home, visitors)."""
        with self._read() as s:
            ev = self._event(s, name)
            rows = s.scalars(
                select(ClubFixtureRow)
                .where(ClubFixtureRow.event_id == ev.id)
                .order_by(ClubFixtureRow.round_no, ClubFixtureRow.id)
            )
            return [(r.round_no, r.home, r.visitors) for r in rows]

    def match(self, name: str, night: int, team: str) -> LeagueMatch:
        """The match ``team`` plays on ``night``."""
        with self._read() as s:
            ev = self._event(s, name)
            return self._match(s, ev, self._fixture(s, ev, night, team))

    def night(self, name: str, night: int) -> list[LeagueMatch]:
        """Every match of a night."""
        with self._read() as s:
            ev = self._event(s, name)
            rows = s.scalars(
                select(ClubFixtureRow)
                .where(ClubFixtureRow.event_id == ev.id, ClubFixtureRow.round_no == night)
                .order_by(ClubFixtureRow.id)
            ).all()
            if not rows:
                raise InvalidInput(f"{name} has no matches on night {night}")
            return [self._match(s, ev, fx) for fx in rows]

    def standings(self, name: str) -> list[LeagueLine]:
        """Teams by match points over every game entered (equal points share a place)."""
        with self._read() as s:
            ev = self._event(s, name)
            teams = [t.code for t in ev.entrants]
            mp = dict.fromkeys(teams, Fraction(0))
            won = dict.fromkeys(teams, 0)
            scored = dict.fromkeys(teams, 0)
            played = dict.fromkeys(teams, 0)
            penalty = dict.fromkeys(teams, Fraction(0))
            notes: dict[str, list[str]] = {t: [] for t in teams}
            fixtures = s.scalars(
                select(ClubFixtureRow)
                .where(ClubFixtureRow.event_id == ev.id)
                .order_by(ClubFixtureRow.round_no, ClubFixtureRow.id)
            )
            for fx in fixtures:
                m = self._match(s, ev, fx)
                if m.postponed is not None:
                    for team in m.teams:
                        notes[team].append(f"night {m.night}: {m.postponed.describe()}")
                if not any(g is not None for g in m.games):
                    continue
                for side, team in enumerate(m.teams):
                    mp[team] += m.points[side]
                    penalty[team] += m.penalties[side]
                    played[team] += int(m.complete)
                    for g in m.games:
                        if isinstance(g, Forfeit):
                            won[team] += int(g.side != side)
                        elif g is not None:
                            won[team] += int(g.winner == side)
                            scored[team] += g.totals[side]
        order = sorted(teams, key=lambda t: -mp[t])
        lines = []
        for i, t in enumerate(order):
            place = next(k for k in range(i + 1) if mp[order[k]] == mp[t]) + 1
            tied = sum(1 for u in teams if mp[u] == mp[t]) > 1
            extra = mp[t] + penalty[t] - won[t]
            games = "game" if won[t] == 1 else "games"
            why = f"{fmt_points(mp[t])} match points: {won[t]} {games} won"
            if ev.format == "league-four":
                why += f" + {fmt_points(extra)} round points"
            if penalty[t]:
                why += f" - {fmt_points(penalty[t])} forfeited (VII 12(c)-(d) penalty)"
            if tied:
                why += " (shares the place: the league sets its own play-offs, VII 15)"
            why = "; ".join([why, *notes[t]])
            lines.append(LeagueLine(place, t, played[t], mp[t], won[t], scored[t], tied, why))
        return lines

    def standings_json(self, name: str) -> object:
        """Place, team, match points (as text: halves) and the reason."""
        return [
            {
                "place": x.place,
                "team": x.team,
                "match_points": str(x.match_points),
                "reason": x.reason,
            }
            for x in self.standings(name)
        ]

    def players(self, name: str) -> list[PlayerLine]:
        """Every rostered player's games played (forfeits are not played) and the
        team's scheduled games over the whole schedule (VII 9)."""
        with self._read() as s:
            ev = self._event(s, name)
            kind = self._kind(ev)
            played: dict[str, int] = {}
            scheduled: dict[str, int] = {}
            fixtures = s.scalars(select(ClubFixtureRow).where(ClubFixtureRow.event_id == ev.id))
            for fx in fixtures:
                m = self._match(s, ev, fx)
                for side, team in enumerate(m.teams):
                    scheduled[team] = scheduled.get(team, 0) + GAMES[kind]
                    by_game = m.players[side] or []
                    for g, who in zip(m.games, by_game, strict=False):
                        if isinstance(g, RaceScore):
                            for p in who:
                                played[p] = played.get(p, 0) + 1
            return [
                PlayerLine(t.code, p.code, played.get(p.code, 0), scheduled.get(t.code, 0))
                for t in ev.entrants
                for p in t.players
            ]

    # -- writing --------------------------------------------------------------------

    def set_lineup(
        self, name: str, night: int, team: str, start: Mapping[str, Sequence[str]]
    ) -> LeagueMatch:
        """The captain's starting line-up for the night (slots A/B/C pairs or 1-4)."""
        with self._write() as s:
            ev, kind, fx, side = self._team_night(s, name, night, team)
            if self._start(s, fx, side) is not None:
                raise IllegalInPosition(
                    f"{team}'s line-up for night {night} is set; change it by substitution"
                )
            check_start(kind, start)
            roster = self._roster(ev, team)
            for slot in SLOTS[kind]:
                for p in start[slot]:
                    if p not in roster:
                        raise InvalidInput(f"{p} is not on {team}'s roster")
            check_night(kind, side, start)
            for slot in SLOTS[kind]:
                for seat, p in enumerate(start[slot]):
                    s.add(
                        ClubLineupRow(fixture_id=fx.id, side=side, slot=slot, seat=seat, player=p)
                    )
            s.flush()
            return self._match(s, ev, fx)

    def _night_changes(
        self, s: Session, name: str, night: int, team: str, from_game: int
    ) -> tuple[EventRow, LeagueKind, ClubFixtureRow, int, dict[str, list[str]]]:
        """The event, kind, fixture, side and starting line-up of a team whose night a
        substitution or a change of ends is entered for."""
        ev, kind, fx, side = self._team_night(s, name, night, team)
        start = self._start(s, fx, side)
        if start is None:
            raise IllegalInPosition(f"set {team}'s line-up for night {night} first")
        if not 1 <= from_game <= GAMES[kind]:
            raise InvalidInput(f"game {from_game} is not in the rotation (1-{GAMES[kind]})")
        return ev, kind, fx, side, start

    def substitute(
        self,
        name: str,
        night: int,
        team: str,
        from_game: int,
        player_out: str,
        player_in: str,
        during: bool = False,
    ) -> LeagueMatch:
        """A substitution as it happened: before game ``from_game`` began, or during it
        (``during``), entered before or after the game's result; ruled on by
        :func:`~flickboard.events.lineups.rule_substitution` (VII 12(a), (c)-(d);
        four-person 4): refused, or kept with the match point it forfeits."""
        with self._write() as s:
            ev, kind, fx, side, start = self._night_changes(s, name, night, team, from_game)
            if player_in not in self._roster(ev, team):
                raise InvalidInput(f"{player_in} is not on {team}'s roster")
            new = Substitution(from_game, player_out, player_in, during)
            played = set(self._entered(s, ev, fx))
            penalty = rule_substitution(kind, side, start, self._subs(s, fx, side), new, played)
            s.add(
                ClubSubstitutionRow(
                    fixture_id=fx.id,
                    side=side,
                    from_game=from_game,
                    player_out=player_out,
                    player_in=player_in,
                    penalty=penalty,
                )
            )
            s.flush()
            return self._match(s, ev, fx)

    def change_ends(
        self, name: str, night: int, team: str, from_game: int, slot: str, during: bool = False
    ) -> LeagueMatch:
        """A six-person pair changes ends from game ``from_game`` on (VII 7), as it
        happened (``during`` the game: refused, V 1(b)); the four-person rotation fixes
        every end (refused)."""
        with self._write() as s:
            ev, kind, fx, side, _ = self._night_changes(s, name, night, team, from_game)
            change = EndsChange(from_game, slot.strip().upper(), during)
            rule_ends_change(kind, change)
            s.add(
                ClubEndsChangeRow(
                    fixture_id=fx.id, side=side, slot=change.slot, from_game=from_game
                )
            )
            s.flush()
            return self._match(s, ev, fx)

    def postpone(
        self, name: str, night: int, team: str, ample_notice: bool, notice: str, by: str
    ) -> LeagueMatch:
        """VII 14: ``team`` asks for its match of ``night`` to be postponed. With ample
        notice the match stays on the schedule to be played later; without, the team
        forfeits the entire match (every game of it, as the other team's win)."""
        with self._write() as s:
            ev, kind, fx, side = self._team_night(s, name, night, team)
            asked = Postponement(team, ample_notice, notice.strip())
            if self._postponement(s, ev, fx) is not None:
                raise IllegalInPosition(f"the night {night} match is already postponed")
            entered = self._entered(s, ev, fx)
            games = [entered.get(n) for n in range(1, GAMES[kind] + 1)]
            forfeits = match_forfeited(games, side)
            s.add(
                SanctionRow(
                    event_id=ev.id,
                    kind=POSTPONED[ample_notice],
                    entrant=team,
                    round_no=night,
                    reason=asked.notice,
                    by=by,
                    at=now(),
                )
            )
            if not ample_notice:
                self._add_forfeits(s, ev, fx, enumerate(forfeits, start=1))
            s.flush()
            return self._match(s, ev, fx)

    def enter_game(
        self,
        name: str,
        night: int,
        team: str,
        game: int,
        race: RaceScore,
        entered_by: str | None = None,
        played_by: str | None = None,
    ) -> LeagueMatch:
        """A game's result (home side first); both line-ups must be set. Entered at the
        board by a team (``entered_by``), it counts once the other team confirms it.
        ``played_by``: the line-up places that played it, as it happened (``A v B``,
        ``3+2 v 3+2``); refused unless they are the rotation's (VII 12(b))."""
        with self._write() as s:
            ev = self._event(s, name)
            if played_by is not None:
                kind = self._kind(ev)
                if not 1 <= game <= GAMES[kind]:
                    raise InvalidInput(f"game {game} is not in the rotation (1-{GAMES[kind]})")
                check_rotation_slots(kind, game, played_slots(kind, played_by))
            row = self._enter_fixture_game(s, ev, BoardEntry(night, team, game, race, entered_by))
            assert row.fixture_id is not None
            return self._match(s, ev, s.get_one(ClubFixtureRow, row.fixture_id))

    def _enter_fixture_game(self, s: Session, ev: EventRow, entry: BoardEntry) -> ClubGameRow:
        night, game = entry.round_no, entry.game_no
        kind = self._kind(ev)
        fx = self._fixture(s, ev, night, entry.team)
        if not 1 <= game <= GAMES[kind]:
            raise InvalidInput(
                f"game {game} is not in the {kind}-person rotation (games 1-{GAMES[kind]})"
            )
        for side, who in enumerate((fx.home, fx.visitors)):
            if self._start(s, fx, side) is None:
                raise IllegalInPosition(f"set {who}'s line-up for night {night} first")
        return self._add_game(
            s,
            ev,
            f"N{night}:{fx.home}",
            game,
            (fx.home, fx.visitors),
            entry.race,
            fx.id,
            what=_game_what(fx, game),
            entered_by=entry.entered_by,
        )

    def forfeit_for_delay(self, name: str, night: int, team: str, minutes: int) -> LeagueMatch:
        """The late team forfeits one game per full fifteen minutes (VII 8): the first
        games of the rotation without a result."""
        with self._write() as s:
            ev, kind, fx, side = self._team_night(s, name, night, team)
            entered = self._entered(s, ev, fx)
            games = [entered.get(n) for n in range(1, GAMES[kind] + 1)]
            after = with_delay_forfeits(games, side, minutes)
            if after == tuple(games):
                raise InvalidInput(f"{minutes} minutes late forfeits no game (15 minutes do)")
            added = [
                (n, new)
                for n, (old, new) in enumerate(zip(games, after, strict=True), start=1)
                if old is None and new is not None
            ]
            self._add_forfeits(s, ev, fx, added)
            return self._match(s, ev, fx)

    def _add_forfeits(
        self,
        s: Session,
        ev: EventRow,
        fx: ClubFixtureRow,
        forfeits: Iterable[tuple[int, LeagueGame]],
    ) -> None:
        """Store games of the match (number, forfeit) as forfeited."""
        for n, forfeit in forfeits:
            self._add_game(
                s,
                ev,
                f"N{fx.round_no}:{fx.home}",
                n,
                (fx.home, fx.visitors),
                forfeit,
                fx.id,
                what=_game_what(fx, n),
            )


def _game_what(fx: ClubFixtureRow, game: int) -> str:
    """A game of a league match in words, as refusals name it."""
    return f"game {game} of night {fx.round_no}, {fx.home} v {fx.visitors},"

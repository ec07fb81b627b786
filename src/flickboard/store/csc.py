"""CSC double round robin with playoffs (Part VI 8) over the club desk: round-robin
games, aggregate points, sudden-death games for tied places, best-of-three semi-final
and final. Each method is one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.csc import (
    AggregateLine,
    PlayoffField,
    PlayoffResult,
    ShuffleResult,
    aggregate_standings,
    check_rotation,
    field_reasons,
    games_text,
    playoff_field,
    playoffs,
    rotation_stage,
    settled,
)
from flickboard.events.delegation import (
    CHANGE_KINDS,
    ChangeKind,
    DelegationChange,
    Member,
    check_change,
    open_partner_out,
    playing,
)
from flickboard.events.offences import OFFENCE, Offence, offender_team
from flickboard.play.scoring import RaceScore
from flickboard.store.base import now
from flickboard.store.club import CONFIRMED, BoardEntry, ClubDesk
from flickboard.store.models import ClubFixtureRow, ClubGameRow, EventRow, SanctionRow

Stage = Literal["first", "semi"]
Series = Literal["semi", "final"]


@dataclass(frozen=True, slots=True)
class RoundRobinGame:
    """A drawn round-robin game: its board, its result if entered, each side's players
    (after VI 7 substitutions) and, if a side is out of the event, the walkover."""

    round_no: int
    home: str
    visitors: str
    result: RaceScore | None
    board: int | None = None
    players: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    walkover: str | None = None
    """The winner of a game not played because the other team was out (VI 7)."""
    at_board: str | None = None
    """``entered`` or ``disputed`` while the game waits at the board (it counts once
    confirmed)."""


@dataclass(frozen=True, slots=True)
class CscState:
    """The event as it stands: aggregate standings, field with reasons, playoffs."""

    games: tuple[RoundRobinGame, ...]
    standings: tuple[AggregateLine, ...]
    field: PlayoffField | None
    """None until the double round robin is finished (8.2 NOTE)."""
    reasons: dict[str, str]
    sudden_death: dict[str, list[tuple[str, str]]]
    semi: list[str]
    final: list[str]
    result: PlayoffResult | None

    changes: tuple[DelegationChange, ...] = ()
    """VI 7 changes to the teams' players, in the order made."""
    boards_out: tuple[tuple[int, str], ...] = ()
    """VI 14: boards taken out of play, with why."""
    offences: tuple[Offence, ...] = ()
    """VI 12: offences detrimental to the game, in the order recorded."""

    def prize_forfeited(self, team: str) -> tuple[str, ...]:
        """The team's players whose share of any prize is forfeited (VI 12)."""
        return tuple(dict.fromkeys(o.player for o in self.offences if o.team == team))

    @property
    def remaining(self) -> int:
        """Round-robin games still to play."""
        return sum(1 for g in self.games if g.result is None and g.walkover is None)

    def rows(self, names: dict[str, str]) -> list[dict[str, object]]:
        """The standings as plain rows (JSON and CSV): place, team, name, points,
        games, points scored, tied, out (VI 7), the players whose share of the prize is
        forfeited (VI 12), reason."""
        return [
            {
                "place": x.place,
                "team": x.team,
                "name": names[x.team],
                "points": x.points,
                "games": x.games,
                "scored": x.scored,
                "tied": x.tied,
                "out": x.out,
                "prize_forfeited_by": ", ".join(self.prize_forfeited(x.team)),
                "reason": self.reasons[x.team],
            }
            for x in self.standings
        ]

    def as_dict(self, names: dict[str, str]) -> dict[str, object]:
        """Standings, games to play, the playoff field, the playoffs' winners and the
        offences (VI 12) with their sanctions."""
        field = self.field
        return {
            "standings": self.rows(names),
            "remaining": self.remaining,
            "first": field.first if field else None,
            "semi": list(field.semi) if field else [],
            "pending": list(field.pending[0]) if field and field.pending else [],
            "semi_winner": self.result.semi_winner if self.result else None,
            "champion": self.result.champion if self.result else None,
            "offences": [o.as_dict() for o in self.offences],
        }


class CscDesk(ClubDesk):
    """CSC round robins with playoffs."""

    formats = ("csc-round-robin",)

    def _state(self, s: Session, ev: EventRow) -> CscState:
        fixtures = s.scalars(
            select(ClubFixtureRow)
            .where(ClubFixtureRow.event_id == ev.id)
            .order_by(ClubFixtureRow.round_no, ClubFixtureRow.id)
        ).all()
        by_label: dict[str, list[ClubGameRow]] = {}
        waiting: dict[str, str] = {}
        for g in self._games(s, ev, counted=False):
            if g.status == CONFIRMED:
                by_label.setdefault(g.label, []).append(g)
            else:
                waiting[g.label] = g.status
        changes = self._changes(s, ev)
        out = {c.team: c.round_no for c in changes if c.kind == "no-substitute"}
        per = _per_side(ev)
        delegations = {t.code: [Member(p.code, p.gender) for p in t.players] for t in ev.entrants}

        def players(team: str, round_no: int) -> tuple[str, ...]:
            mine = [c for c in changes if c.team == team]
            return playing(delegations[team], per, mine, round_no)

        games = []
        results = []
        walkovers = []
        for fx in fixtures:
            rows = by_label.get(f"R{fx.round_no}:{fx.home}", [])
            race = None
            walkover = None
            if rows:
                r = self.result_of(rows[0], self._target(ev))
                assert isinstance(r, RaceScore)
                race = r
                results.append(ShuffleResult((fx.home, fx.visitors), race))
            else:
                gone = [
                    t for t in (fx.home, fx.visitors) if out.get(t, fx.round_no + 1) <= fx.round_no
                ]
                if len(gone) == 1:
                    walkover = fx.visitors if gone[0] == fx.home else fx.home
                    walkovers.append((walkover, gone[0]))
            sides = (players(fx.home, fx.round_no), players(fx.visitors, fx.round_no))
            at_board = waiting.get(f"R{fx.round_no}:{fx.home}")
            games.append(
                RoundRobinGame(
                    fx.round_no, fx.home, fx.visitors, race, fx.board, sides, walkover, at_board
                )
            )
        teams = [t.code for t in ev.entrants]
        lines = aggregate_standings(teams, results, walkovers, set(out))
        boards_out = tuple(
            (int(x.board or 0), x.reason)
            for x in s.scalars(
                select(SanctionRow)
                .where(SanctionRow.event_id == ev.id, SanctionRow.kind == BOARD_OUT)
                .order_by(SanctionRow.id)
            )
        )
        offences = tuple(
            Offence(x.entrant or "", x.player or "", x.reason)
            for x in s.scalars(
                select(SanctionRow)
                .where(SanctionRow.event_id == ev.id, SanctionRow.kind == OFFENCE)
                .order_by(SanctionRow.id)
            )
        )
        extra = (tuple(changes), boards_out, offences)

        def winners(label: str) -> list[str]:
            return [(g.side0, g.side1)[g.winner] for g in by_label.get(label, [])]

        sd = {
            stage: [
                ((g.side0, g.side1)[g.winner], (g.side0, g.side1)[1 - g.winner])
                for g in by_label.get(f"SD-{stage}", [])
            ]
            for stage in ("first", "semi")
        }
        semi, final = winners("semi"), winners("final")
        recorded: list[DelegationChange | Offence] = [*changes, *offences]
        notes = {
            c.team: "; ".join(x.describe() for x in recorded if x.team == c.team) for c in recorded
        }
        if any(g.result is None and g.walkover is None for g in games):
            reasons = {
                line.team: f"{line.points} aggregate points so far (playoff field after the "
                "double round robin, 8.2 NOTE)"
                for line in lines
            }
            reasons = _out_reasons(_with_notes(reasons, notes), lines, notes)
            return CscState(tuple(games), lines, None, reasons, sd, semi, final, None, *extra)
        field = playoff_field(lines, sd)
        result = None if field.pending else playoffs(field, semi, final)
        reasons = _out_reasons(_with_notes(field_reasons(lines, field, sd), notes), lines, notes)
        placed = settled(lines, field)
        return CscState(tuple(games), placed, field, reasons, sd, semi, final, result, *extra)

    @staticmethod
    def _changes(s: Session, ev: EventRow) -> list[DelegationChange]:
        return [
            DelegationChange(
                cast(ChangeKind, x.kind),
                x.entrant or "",
                x.player or "",
                x.round_no or 1,
                x.reason,
                x.player_in,
            )
            for x in s.scalars(
                select(SanctionRow)
                .where(SanctionRow.event_id == ev.id, SanctionRow.kind.in_(CHANGE_KINDS))
                .order_by(SanctionRow.id)
            )
        ]

    def standings_json(self, name: str) -> object:
        """Aggregate standings, games to play, the playoff field and its winners."""
        return self.state(name).as_dict(self.names(name))

    def state(self, name: str) -> CscState:
        """Standings, playoff field with reasons and playoff results."""
        with self._read() as s:
            return self._state(s, self._event(s, name))

    def enter_game(
        self,
        name: str,
        round_no: int,
        home: str,
        visitors: str,
        race: RaceScore,
        entered_by: str | None = None,
    ) -> CscState:
        """A round-robin game as drawn (home, red, first); refused for a team out of the
        event or waiting for a substitute (VI 7), and while an event of an earlier stage
        of the championship has games to play (VI 9). Entered at the board by a team
        (``entered_by``), it counts once the other team confirms it."""
        with self._write() as s:
            ev = self._event(s, name)
            self._round_robin_game(s, ev, round_no, home, visitors, race, entered_by)
            return self._state(s, ev)

    def _enter_fixture_game(self, s: Session, ev: EventRow, entry: BoardEntry) -> ClubGameRow:
        round_no, team = entry.round_no, entry.team
        if entry.game_no != 1:
            raise InvalidInput("a round-robin meeting is one game")
        fx = s.scalar(
            select(ClubFixtureRow).where(
                ClubFixtureRow.event_id == ev.id,
                ClubFixtureRow.round_no == round_no,
                (ClubFixtureRow.home == team) | (ClubFixtureRow.visitors == team),
            )
        )
        if fx is None:
            raise IllegalInPosition(f"{team} has no game in round {round_no} of {ev.name}")
        return self._round_robin_game(
            s, ev, round_no, fx.home, fx.visitors, entry.race, entry.entered_by
        )

    def _round_robin_game(
        self,
        s: Session,
        ev: EventRow,
        round_no: int,
        home: str,
        visitors: str,
        race: RaceScore,
        entered_by: str | None,
    ) -> ClubGameRow:
        name = ev.name
        self._check_rotation(s, ev)
        changes = self._changes(s, ev)
        for team in (home, visitors):
            mine = [c for c in changes if c.team == team]
            gone = next((c for c in mine if c.kind == "no-substitute"), None)
            if gone is not None and gone.round_no <= round_no:
                raise IllegalInPosition(
                    f"{team} is out of {name} from round {gone.round_no}: the game is a "
                    "walkover (VI 7)"
                )
            waiting = open_partner_out(mine)
            if waiting is not None and waiting.round_no < round_no:
                raise IllegalInPosition(
                    f"{waiting.player} of {team} could not continue in round "
                    f"{waiting.round_no}: name a substitute of the same gender from the "
                    "delegation, or record that none is available (VI 7.1 b)"
                )
        fx = s.scalar(
            select(ClubFixtureRow).where(
                ClubFixtureRow.event_id == ev.id,
                ClubFixtureRow.round_no == round_no,
                ClubFixtureRow.home == home,
            )
        )
        if fx is None or fx.visitors != visitors:
            drawn = s.scalars(
                select(ClubFixtureRow).where(
                    ClubFixtureRow.event_id == ev.id, ClubFixtureRow.round_no == round_no
                )
            ).all()
            listed = ", ".join(f"{f.home} v {f.visitors}" for f in drawn) or "none"
            raise IllegalInPosition(
                f"{home} v {visitors} is not drawn in round {round_no} (drawn: {listed})"
            )
        return self._add_game(
            s,
            ev,
            f"R{round_no}:{home}",
            1,
            (home, visitors),
            race,
            fx.id,
            what=f"the round {round_no} game {home} v {visitors}",
            entered_by=entered_by,
        )

    def sudden_death(
        self, name: str, stage: Stage, sides: tuple[str, str], race: RaceScore
    ) -> CscState:
        """A sudden-death single game among teams tied for first or for the semi-final
        places (8.2 e)."""
        with self._write() as s:
            ev = self._event(s, name)
            before = self._state(s, ev)
            if before.field is None:
                raise IllegalInPosition(
                    f"the double round robin has {games_text(before.remaining)} to play: ties for "
                    "playoff places are played off after it (8.2 NOTE)"
                )
            want = {"first": "first place", "semi": "semi-final places"}[stage]
            if before.field.pending is None or before.field.pending[1] != want:
                raise IllegalInPosition(f"no tie for {want} needs a sudden-death game")
            label = f"SD-{stage}"
            n = len(before.sudden_death[stage]) + 1
            what = f"sudden-death game {n} for {want}"
            self._add_game(s, ev, label, n, sides, race, what=what)
            return self._state(s, ev)

    def playoff_game(self, name: str, series: Series, race: RaceScore) -> CscState:
        """A game of the best-of-three semi-final (second v third) or final (first v
        the semi-final winner), the series' first-named side first."""
        with self._write() as s:
            ev = self._event(s, name)
            st = self._state(s, ev)
            if st.field is None or st.field.pending is not None or st.field.first is None:
                raise IllegalInPosition("the playoff field is not settled yet")
            if series == "semi":
                if len(st.field.semi) < 2:
                    raise IllegalInPosition("no semi-final: only two teams are left in the event")
                sides = (st.field.semi[0], st.field.semi[1])
            else:
                if st.result is None or st.result.semi_winner is None:
                    raise IllegalInPosition("the final waits for the semi-final winner")
                sides = (st.field.first, st.result.semi_winner)
            done = st.result is not None and (
                st.result.semi_winner if series == "semi" else st.result.champion
            )
            if done:
                raise IllegalInPosition(f"the {series} is decided ({done} won it)")
            if series not in ("semi", "final"):
                raise InvalidInput("a playoff series is semi or final")
            games = st.semi if series == "semi" else st.final
            n = len(games) + 1
            what = f"{'semi-final' if series == 'semi' else 'final'} game {n}"
            self._add_game(s, ev, series, n, sides, race, what=what)
            return self._state(s, ev)

    def record_change(self, name: str, change: DelegationChange, by: str) -> CscState:
        """A VI 7 change to a team's players (partner out, substitute, no substitute),
        checked against the clause and kept with who recorded it."""
        with self._write() as s:
            ev = self._event(s, name)
            team = next((t for t in ev.entrants if t.code == change.team), None)
            if team is None:
                raise InvalidInput(f"{change.team} is not a team of {name}")
            state = self._state(s, ev)
            entered = {
                g.round_no
                for g in state.games
                if g.result is not None and change.team in (g.home, g.visitors)
            }
            check_change(
                change,
                [Member(p.code, p.gender) for p in team.players],
                _per_side(ev),
                [c for c in state.changes if c.team == change.team],
                entered,
                commenced=any(g.result is not None for g in state.games),
            )
            s.add(
                SanctionRow(
                    event_id=ev.id,
                    kind=change.kind,
                    entrant=change.team,
                    round_no=change.round_no,
                    player=change.player,
                    player_in=change.player_in,
                    reason=change.reason.strip(),
                    by=by,
                    at=now(),
                )
            )
            s.flush()
            return self._state(s, ev)

    def record_offence(self, name: str, player: str, act: str, by: str) -> CscState:
        """VI 12: an entered player's offence or act detrimental to the game, recorded
        by a referee (``by``); the player's share of any prize is forfeited and they are
        suspended from further Congress sponsored tournaments."""
        with self._write() as s:
            ev = self._event(s, name)
            delegations = {t.code: [p.code for p in t.players] for t in ev.entrants}
            team = offender_team(player, delegations, _per_side(ev) == 1)
            offence = Offence(team, player, act.strip())
            s.add(
                SanctionRow(
                    event_id=ev.id,
                    kind=OFFENCE,
                    entrant=offence.team,
                    player=offence.player,
                    reason=offence.act,
                    by=by,
                    at=now(),
                )
            )
            s.flush()
            return self._state(s, ev)

    def take_board_out(
        self, name: str, board: int, to_board: int, reason: str, by: str
    ) -> CscState:
        """VI 14: "players scheduled for play on a board must play on that board ...
        unless the said board sustains damage": the director takes a damaged board out
        of play and its games without a result move to ``to_board`` (a board free in
        each of their rounds). No other action moves a game from its board."""
        if not reason.strip():
            raise InvalidInput("say what damage takes the board out of play")
        with self._write() as s:
            ev = self._event(s, name)
            fixtures = s.scalars(
                select(ClubFixtureRow).where(ClubFixtureRow.event_id == ev.id)
            ).all()
            if board not in {f.board for f in fixtures}:
                raise InvalidInput(f"no game of {name} is drawn on board {board}")
            state = self._state(s, ev)
            if board in {b for b, _ in state.boards_out} or to_board in {
                b for b, _ in state.boards_out
            }:
                raise IllegalInPosition("that board is already out of play")
            played = {(g.round_no, g.home) for g in state.games if g.result is not None}
            moving = [
                f for f in fixtures if f.board == board and (f.round_no, f.home) not in played
            ]
            if not moving:
                raise IllegalInPosition(f"every game on board {board} is played")
            busy = {(f.round_no, f.board) for f in fixtures if f.board != board}
            clash = sorted(f.round_no for f in moving if (f.round_no, to_board) in busy)
            if clash:
                raise IllegalInPosition(
                    f"board {to_board} has a game of round {clash[0]}: move the games to a "
                    "free board"
                )
            for f in moving:
                f.board = to_board
            s.add(
                SanctionRow(
                    event_id=ev.id,
                    kind=BOARD_OUT,
                    board=board,
                    round_no=min(f.round_no for f in moving),
                    reason=f"{reason.strip()} (its games moved to board {to_board})",
                    by=by,
                    at=now(),
                )
            )
            s.flush()
            return self._state(s, ev)

    def _what(self, row: ClubGameRow) -> str:
        sides = f"{row.side0} v {row.side1}"
        if row.label.startswith("R"):
            return f"the round {row.label[1:].split(':')[0]} game {sides}"
        if row.label.startswith("SD-"):
            want = {"SD-first": "first place", "SD-semi": "semi-final places"}[row.label]
            return f"sudden-death game {row.game_no} for {want} ({sides})"
        return f"{'semi-final' if row.label == 'semi' else 'final'} game {row.game_no} ({sides})"

    def _fixed(self, s: Session, ev: EventRow, row: ClubGameRow) -> str | None:
        """A game is fixed once a game of a later stage (sudden death, semi-final,
        final, in that order) or a later game of its own series is entered: the later
        games were drawn from it. Withdraw those first, newest first."""
        stage = _STAGES.index(_stage(row.label))
        later = [
            g
            for g in self._games(s, ev, counted=False)
            if _STAGES.index(_stage(g.label)) > stage
            or (stage > 0 and g.label == row.label and g.game_no > row.game_no)
        ]
        if not later:
            return None
        return f"{self._what(later[-1])} was played after it; withdraw the later games first"

    def _check_rotation(self, s: Session, ev: EventRow) -> None:
        if ev.championship is None:
            return
        others = {}
        for other in s.scalars(
            select(EventRow).where(
                EventRow.championship == ev.championship,
                EventRow.id != ev.id,
                EventRow.format == "csc-round-robin",
            )
        ):
            others[other.name] = (other.division, self._state(s, other).remaining)
        check_rotation(ev.name, ev.division, others)

    def championship(self, name: str) -> list[tuple[int | None, str, str | None, int]]:
        """The championship ``name`` belongs to, in the VI 9 rotation: (stage, event,
        division, round-robin games still to play) for each of its CSC events; events
        outside the rotation (no division) last, with stage None."""
        with self._read() as s:
            ev = self._event(s, name)
            if ev.championship is None:
                return [(rotation_stage(ev.division), ev.name, ev.division, 0)]
            rows = s.scalars(
                select(EventRow)
                .where(
                    EventRow.championship == ev.championship,
                    EventRow.format == "csc-round-robin",
                )
                .order_by(EventRow.id)
            ).all()
            out = [
                (rotation_stage(e.division), e.name, e.division, self._state(s, e).remaining)
                for e in rows
            ]
        return sorted(out, key=lambda x: (x[0] is None, x[0] or 0))


_STAGES = ("round robin", "SD-first", "SD-semi", "semi", "final")
"""The stages of a CSC event in the order they are played (8.2)."""


def _stage(label: str) -> str:
    return label if label in _STAGES else "round robin"


BOARD_OUT = "board-out"
"""The sanctions-table kind of a board taken out of play (VI 14)."""


def _per_side(ev: EventRow) -> int:
    """Players of a team in a game: 1 in singles, 2 in doubles (the discipline)."""
    return 1 if ev.discipline == "singles" else 2


def _with_notes(reasons: dict[str, str], notes: dict[str, str]) -> dict[str, str]:
    return {t: f"{why}; {notes[t]}" if t in notes else why for t, why in reasons.items()}


def _out_reasons(
    reasons: dict[str, str], lines: tuple[AggregateLine, ...], notes: dict[str, str]
) -> dict[str, str]:
    """A team out of the event is out, whatever its points (VI 7)."""
    for line in lines:
        if line.out:
            reasons[line.team] = (
                f"out, disqualified in this event ({line.points} aggregate points): "
                f"{notes[line.team]}"
            )
    return reasons

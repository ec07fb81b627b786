"""CSC double round robin with playoffs (Part VI 8) over the club desk: round-robin
games, aggregate points, sudden-death games for tied places, best-of-three semi-final
and final. Each method is one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.csc import (
    AggregateLine,
    PlayoffField,
    PlayoffResult,
    ShuffleResult,
    aggregate_standings,
    field_reasons,
    games_text,
    playoff_field,
    playoffs,
    settled,
)
from flickboard.play.scoring import RaceScore
from flickboard.store.club import ClubDesk
from flickboard.store.models import ClubFixtureRow, ClubGameRow, EventRow

Stage = Literal["first", "semi"]
Series = Literal["semi", "final"]


@dataclass(frozen=True, slots=True)
class RoundRobinGame:
    """A drawn round-robin game and its result, if entered."""

    round_no: int
    home: str
    visitors: str
    result: RaceScore | None


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

    @property
    def remaining(self) -> int:
        """Round-robin games still to play."""
        return sum(1 for g in self.games if g.result is None)


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
        for g in self._games(s, ev):
            by_label.setdefault(g.label, []).append(g)
        games = []
        results = []
        for fx in fixtures:
            rows = by_label.get(f"R{fx.round_no}:{fx.home}", [])
            race = None
            if rows:
                r = self.result_of(rows[0], self._target(ev))
                assert isinstance(r, RaceScore)
                race = r
                results.append(ShuffleResult((fx.home, fx.visitors), race))
            games.append(RoundRobinGame(fx.round_no, fx.home, fx.visitors, race))
        teams = [t.code for t in ev.entrants]
        lines = aggregate_standings(teams, results)

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
        if any(g.result is None for g in games):
            reasons = {
                line.team: f"{line.points} aggregate points so far (playoff field after the "
                "double round robin, 8.2 NOTE)"
                for line in lines
            }
            return CscState(tuple(games), lines, None, reasons, sd, semi, final, None)
        field = playoff_field(lines, sd)
        result = None if field.pending else playoffs(field, semi, final)
        reasons = field_reasons(lines, field, sd)
        placed = settled(lines, field)
        return CscState(tuple(games), placed, field, reasons, sd, semi, final, result)

    def state(self, name: str) -> CscState:
        """Standings, playoff field with reasons and playoff results."""
        with self._read() as s:
            return self._state(s, self._event(s, name))

    def enter_game(
        self, name: str, round_no: int, home: str, visitors: str, race: RaceScore
    ) -> CscState:
        """A round-robin game as drawn (home, red, first)."""
        with self._write() as s:
            ev = self._event(s, name)
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
            self._add_game(
                s,
                ev,
                f"R{round_no}:{home}",
                1,
                (home, visitors),
                race,
                fx.id,
                what=f"the round {round_no} game {home} v {visitors}",
            )
            return self._state(s, ev)

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

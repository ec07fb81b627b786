"""Fair-rules single elimination over the club desk: the draw from the seeds, game
results by match, the main bracket and the consolation draw. Each method is one
transaction."""

from __future__ import annotations

from dataclasses import asdict

from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition
from flickboard.events.elimination import Bracket, BracketMatch, elimination
from flickboard.play.scoring import RaceScore
from flickboard.store.club import ClubDesk
from flickboard.store.models import ClubGameRow, EventRow


class BracketDesk(ClubDesk):
    """Fair-rules elimination brackets."""

    formats = ("elimination",)
    frame_max = None
    points_step = 5

    def _what(self, row: ClubGameRow) -> str:
        return f"game {row.game_no} of match {row.label} ({row.side0} v {row.side1})"

    def _fixed(self, s: Session, ev: EventRow, row: ClubGameRow) -> str | None:
        """Only the game entered last can change: later matches were drawn from the
        winners before it."""
        last = max(g.id for g in self._games(s, ev))
        return None if row.id == last else "games were entered after it; withdraw them first"

    def _bracket(self, s: Session, ev: EventRow) -> Bracket:
        results: dict[str, list[str]] = {}
        for g in self._games(s, ev):
            results.setdefault(g.label, []).append((g.side0, g.side1)[g.winner])
        return elimination(
            [t.code for t in ev.entrants], results, best_of_three_from=ev.best_of_three_from
        )

    def bracket(self, name: str) -> Bracket:
        """The main draw and, once the first round is played, the consolation draw."""
        with self._read() as s:
            return self._bracket(s, self._event(s, name))

    def standings_json(self, name: str) -> object:
        """The main draw and the consolation draw, match by match."""
        b = self.bracket(name)
        return {
            "main": [[asdict(m) for m in stage] for stage in b.main],
            "consolation": [[asdict(m) for m in stage] for stage in b.consolation],
        }

    def enter_game(self, name: str, match_id: str, race: RaceScore) -> Bracket:
        """A game of match ``match_id`` (its first-listed side first)."""
        with self._write() as s:
            ev = self._event(s, name)
            before = self._bracket(s, ev)
            match = _find(before, match_id)
            a, b = match.sides
            if a is None or b is None:
                raise IllegalInPosition(_not_ready(match))
            if match.winner is not None:
                raise IllegalInPosition(f"match {match_id} is decided: {match.winner} won it")
            n = sum(1 for g in self._games(s, ev, match_id)) + 1
            self._add_game(s, ev, match_id, n, (a, b), race, what=f"game {n} of match {match_id}")
            return self._bracket(s, ev)


def _not_ready(match: BracketMatch) -> str:
    """Why a match without both sides has no game: a first-round bye, or a place still
    waiting for the winner of an earlier match."""
    through = match.sides[0] or match.sides[1]
    if match.stage == 1:
        return f"match {match.id} is a bye: {through} goes through without a game"
    prefix, number = match.id.split("-")
    letter, k = prefix.rstrip("0123456789"), int(number)
    feeders = [f"{letter}{match.stage - 1}-{2 * k - 1}", f"{letter}{match.stage - 1}-{2 * k}"]
    waiting = [f for f, side in zip(feeders, match.sides, strict=True) if side is None]
    return f"match {match.id} waits for the winner of {' and '.join(waiting)}" + (
        f" ({through} is through)" if through else ""
    )


def _find(bracket: Bracket, match_id: str) -> BracketMatch:
    for stage in (*bracket.main, *bracket.consolation):
        for m in stage:
            if m.id == match_id:
                return m
    known = [m.id for st in (*bracket.main, *bracket.consolation) for m in st]
    raise IllegalInPosition(f"no match {match_id} in the draw (matches: {', '.join(known)})")

"""Fair-rules single elimination over the club desk: the draw from the seeds, game
results by match, the main bracket and the consolation draw. Each method is one
transaction."""

from __future__ import annotations

from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition
from flickboard.events.elimination import Bracket, BracketMatch, elimination
from flickboard.play.scoring import RaceScore
from flickboard.store.club import ClubDesk
from flickboard.store.models import ClubEventRow


class BracketDesk(ClubDesk):
    """Fair-rules elimination brackets."""

    formats = ("elimination",)

    def _bracket(self, s: Session, ev: ClubEventRow) -> Bracket:
        results: dict[str, list[str]] = {}
        for g in self._games(s, ev):
            results.setdefault(g.label, []).append((g.side0, g.side1)[g.winner])
        return elimination(
            [t.code for t in ev.teams], results, best_of_three_from=ev.best_of_three_from
        )

    def bracket(self, name: str) -> Bracket:
        """The main draw and, once the first round is played, the consolation draw."""
        with self._read() as s:
            return self._bracket(s, self._event(s, name))

    def enter_game(self, name: str, match_id: str, race: RaceScore) -> Bracket:
        """A game of match ``match_id`` (its first-listed side first)."""
        with self._write() as s:
            ev = self._event(s, name)
            before = self._bracket(s, ev)
            match = _find(before, match_id)
            a, b = match.sides
            if a is None or b is None:
                raise IllegalInPosition(
                    f"match {match_id} has no opponent yet ({a or 'waiting'} v {b or 'waiting'})"
                )
            if match.winner is not None:
                raise IllegalInPosition(f"match {match_id} is decided: {match.winner} won it")
            played = sum(1 for g in self._games(s, ev, match_id))
            self._add_game(s, ev, match_id, played + 1, (a, b), race)
            return self._bracket(s, ev)


def _find(bracket: Bracket, match_id: str) -> BracketMatch:
    for stage in (*bracket.main, *bracket.consolation):
        for m in stage:
            if m.id == match_id:
                return m
    known = [m.id for st in (*bracket.main, *bracket.consolation) for m in st]
    raise IllegalInPosition(f"no match {match_id} in the draw (matches: {', '.join(known)})")

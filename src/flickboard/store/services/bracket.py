"""Fair-rules brackets: an official's game of a bracket match; the bracket as anyone
reads it."""

from __future__ import annotations

from flickboard.events.elimination import Bracket
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.permissions import act
from flickboard.store.services.stores import Stores


class Brackets:
    """Fair-rules brackets, behind role checks; ``store`` is their unchecked desk."""

    def __init__(self, stores: Stores) -> None:
        self.store = stores.bracket

    def bracket(self, event: str) -> Bracket:
        """The main and consolation draws as they stand (anyone)."""
        return self.store.bracket(event)

    def game(self, actor: Actor, event: str, match_id: str, race: RaceScore) -> Bracket:
        """A game of a fair-rules bracket match."""
        return act(
            actor,
            "enter_club_game",
            lambda: self.store.enter_game(event, match_id, race),
            f"{event} match {match_id}",
        )

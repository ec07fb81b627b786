"""Games of club events, whatever the format: a game entered at the board by one team
(a scorer: their meeting only) and confirmed or disputed by the other, and an
official's ruling on, correction of or withdrawal of one game."""

from __future__ import annotations

from flickboard.errors import InvalidInput, NotAllowed
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.club import ClubGame
from flickboard.store.permissions import act, require
from flickboard.store.services.stores import Stores


class ClubGames:
    """Club games, behind role checks."""

    def __init__(self, stores: Stores) -> None:
        self.stores = stores

    def stored(self, event: str) -> list[ClubGame]:
        """Every stored game of a club event, with the ID corrections name."""
        return self.stores.club_desk(event).games(event)

    def enter(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        team: str,
        game_no: int,
        race: RaceScore,
        by: str | None = None,
    ) -> ClubGame:
        """A game of the meeting ``team`` plays in round (night) ``round_no``, home
        first. A scorer enters it for a side of their meeting (``by``): it waits for
        the other side; an official's counts at once."""
        require(actor, "enter_club_result")
        entered_by = None
        if actor.role == "scorer":
            if by is None:
                raise InvalidInput("say which team enters the game")
            self.at_meeting(actor, event, round_no, team, by)
            entered_by = by
        desk = self.stores.club_desk(event)
        return act(
            actor,
            "enter_club_result",
            lambda: desk.enter_at_board(event, round_no, team, game_no, race, entered_by),
            f"{event} round {round_no} {team} game {game_no}",
        )

    def at_meeting(self, actor: Actor, event: str, round_no: int, *teams: str) -> None:
        """A scorer acts only for the teams of their own meeting (others: no check)."""
        for team in teams:
            self.stores.at_table(actor, event, round_no, team)

    def _at_game(self, actor: Actor, event: str, game_id: int, side: str) -> None:
        """A scorer acts only on the games of their meeting."""
        if actor.role != "scorer" or actor.match is None:
            return
        self.stores.at_table(actor, event, actor.match.round_no, side)
        game = self.stores.club_desk(event).game(event, game_id)
        if game.round_no != actor.match.round_no or set(game.sides) != set(actor.match.sides):
            raise NotAllowed(f"this scorer code is not for {game.what}")

    def confirm(self, actor: Actor, event: str, game_id: int, side: str, initials: str) -> ClubGame:
        """The other side confirms a game entered at the board (CSC VII 11)."""
        require(actor, "confirm_club_game")
        self._at_game(actor, event, game_id, side)
        return act(
            actor,
            "confirm_club_game",
            lambda: self.stores.club_desk(event).confirm_game(event, game_id, side, initials),
            f"{event} game {game_id} by {side}",
        )

    def dispute(self, actor: Actor, event: str, game_id: int, side: str, reason: str) -> ClubGame:
        """A side disputes a game entered at the board: it goes to the referees (VII 10)."""
        require(actor, "dispute_club_game")
        self._at_game(actor, event, game_id, side)
        return act(
            actor,
            "dispute_club_game",
            lambda: self.stores.club_desk(event).dispute_game(event, game_id, side, reason),
            f"{event} game {game_id} by {side}: {reason}",
            public=False,
        )

    def rule(
        self, actor: Actor, event: str, game_id: int, race: RaceScore | None, reason: str
    ) -> ClubGame:
        """A referee settles a disputed club game (``race`` None: as entered)."""
        return act(
            actor,
            "rule_club_game",
            lambda: self.stores.club_desk(event).rule_game(
                event, game_id, race, reason, actor.name
            ),
            f"{event} game {game_id}: {reason}",
        )

    def correct(
        self, actor: Actor, event: str, game_id: int, race: RaceScore, reason: str
    ) -> ClubGame:
        """An official corrects a club game's result (audited before and after)."""
        return act(
            actor,
            "correct_club_game",
            lambda: self.stores.club_desk(event).correct_game(event, game_id, race, reason),
            f"{event} game {game_id}: {reason}",
        )

    def withdraw(self, actor: Actor, event: str, game_id: int, reason: str) -> ClubGame:
        """An official withdraws a club game entered in error (audited)."""
        return act(
            actor,
            "withdraw_club_game",
            lambda: self.stores.club_desk(event).withdraw_game(event, game_id, reason),
            f"{event} game {game_id}: {reason}",
        )

"""CSC round robins: an official's round-robin, sudden-death and play-off games, a
change of delegation (VI 7), an offence (VI 12) and a board out of play (VI 14); what
anyone reads of one."""

from __future__ import annotations

from flickboard.events.delegation import DelegationChange
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.csc import CscState, Series, Stage
from flickboard.store.permissions import act
from flickboard.store.services.stores import Stores


class RoundRobins:
    """CSC round robins, behind role checks; ``store`` is their unchecked desk."""

    def __init__(self, stores: Stores) -> None:
        self.store = stores.csc

    def state(self, event: str) -> CscState:
        """The round robin as it stands (anyone)."""
        return self.store.state(event)

    def championship(self, event: str) -> list[tuple[int | None, str, str | None, int]]:
        """The championship's rotation of games (anyone)."""
        return self.store.championship(event)

    def game(
        self, actor: Actor, event: str, round_no: int, home: str, visitors: str, race: RaceScore
    ) -> CscState:
        """A CSC round-robin game's result (home, red, first)."""
        return act(
            actor,
            "enter_club_game",
            lambda: self.store.enter_game(event, round_no, home, visitors, race),
            f"{event} round {round_no} {home} v {visitors}",
        )

    def sudden_death(
        self, actor: Actor, event: str, stage: Stage, sides: tuple[str, str], race: RaceScore
    ) -> CscState:
        """A sudden-death game for first place or the semi-final places (VI 8.2 e)."""
        return act(
            actor,
            "enter_club_game",
            lambda: self.store.sudden_death(event, stage, sides, race),
            f"{event} sudden death for {stage}: {sides[0]} v {sides[1]}",
        )

    def playoff(self, actor: Actor, event: str, series: Series, race: RaceScore) -> CscState:
        """A game of the best-of-three semi-final or final (VI 8.2 c, d)."""
        return act(
            actor,
            "enter_club_game",
            lambda: self.store.playoff_game(event, series, race),
            f"{event} {series}",
        )

    def delegation_change(self, actor: Actor, event: str, change: DelegationChange) -> CscState:
        """CSC VI 7: a player out, a substitute of the same gender, or none available."""
        return act(
            actor,
            "record_delegation_change",
            lambda: self.store.record_change(event, change, actor.name),
            f"{event}: {change.team} {change.describe()}",
        )

    def offence(self, actor: Actor, event: str, player: str, conduct: str) -> CscState:
        """CSC VI 12: an entered player's offence detrimental to the game (prize share
        forfeited, suspended from further Congress sponsored tournaments)."""
        return act(
            actor,
            "record_offence",
            lambda: self.store.record_offence(event, player, conduct, actor.name),
            f"{event}: {player} offence (CSC VI 12): {conduct}",
        )

    def board_out(
        self, actor: Actor, event: str, board: int, to_board: int, reason: str
    ) -> CscState:
        """CSC VI 14: a damaged board out of play, its games to a free board."""
        return act(
            actor,
            "take_board_out",
            lambda: self.store.take_board_out(event, board, to_board, reason, str(actor)),
            f"{event}: board {board} out ({reason}), games to board {to_board}",
        )

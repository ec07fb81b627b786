"""Cards of crokinole games: entering one, the opponent's validation or dispute,
withdrawing one entered in error (a scorer: the game of their code only), and a
referee's ruling on a dispute or correction of a validated card."""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.events.scorecard import Scorecard
from flickboard.play.scoring import RoundScore
from flickboard.store.acting import Actor
from flickboard.store.permissions import act, require
from flickboard.store.services.stores import Stores


class Cards:
    """Cards, behind role checks."""

    def __init__(self, stores: Stores) -> None:
        self.stores, self.desk = stores, stores.desk

    def enter(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        sides: tuple[str, str],
        rounds: Sequence[RoundScore],
    ) -> Scorecard:
        """Enter a card as marked by ``sides[0]``."""
        require(actor, "enter_card")
        self.stores.at_table(actor, event, round_no, sides[0])
        self.stores.at_table(actor, event, round_no, sides[1])
        return act(
            actor,
            "enter_card",
            lambda: self.desk.enter_card(event, round_no, sides, rounds),
            f"{event} round {round_no} {sides[0]} v {sides[1]}",
        )

    def validate(
        self, actor: Actor, event: str, round_no: int, opponent: str, initials: str
    ) -> Scorecard:
        """The opponent validates the card with their ID and initials."""
        require(actor, "validate_card")
        self.stores.at_table(actor, event, round_no, opponent)
        return act(
            actor,
            "validate_card",
            lambda: self.desk.validate_card(event, round_no, opponent, initials),
            f"{event} round {round_no} by {opponent}",
        )

    def dispute(
        self, actor: Actor, event: str, round_no: int, player: str, reason: str
    ) -> Scorecard:
        """A player of the card disputes it; it waits for a referee."""
        require(actor, "dispute_card")
        self.stores.at_table(actor, event, round_no, player)
        return act(
            actor,
            "dispute_card",
            lambda: self.desk.dispute_card(event, round_no, player, reason),
            f"{event} round {round_no} by {player}: {reason}",
            public=False,
        )

    def withdraw(self, actor: Actor, event: str, round_no: int, player: str) -> Scorecard:
        """Withdraw a card entered in error, before it is validated."""
        require(actor, "withdraw_card")
        self.stores.at_table(actor, event, round_no, player)
        return act(
            actor,
            "withdraw_card",
            lambda: self.desk.withdraw_card(event, round_no, player),
            f"{event} round {round_no} {player}",
        )

    def rule_dispute(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        player: str,
        rounds: Sequence[RoundScore] | None,
        reason: str,
    ) -> Scorecard:
        """A referee settles a disputed card (``rounds`` None: it stands as marked)."""
        return act(
            actor,
            "rule_dispute",
            lambda: self.desk.rule_dispute(event, round_no, player, actor.name, rounds, reason),
            f"{event} round {round_no} {player}: {reason}",
        )

    def correct(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        player: str,
        game_round: int,
        after: RoundScore,
        reason: str,
    ) -> tuple[Scorecard, list[tuple[str, ...]]]:
        """A referee corrects one round of a validated card; the corrected card and the
        entrants of any shoot-out the correction made void (removed)."""
        return act(
            actor,
            "correct_card",
            lambda: self.desk.correct_card(
                event, round_no, player, actor.name, game_round, after, reason
            ),
            f"{event} round {round_no} {player} game round {game_round}: {reason}",
        )

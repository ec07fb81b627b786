"""Rounds: the draws, drawing the next round, publishing or withdrawing it, the boards
of its games and its blank scorecards."""

from __future__ import annotations

from flickboard.errors import InvalidInput
from flickboard.events.draw import Draw
from flickboard.store.acting import Actor
from flickboard.store.permissions import OFFICIALS, act
from flickboard.store.services.identity import Identity
from flickboard.store.services.stores import Stores


class Rounds:
    """Rounds, behind role checks; scorer codes come from ``identity``."""

    def __init__(self, stores: Stores, identity: Identity) -> None:
        self.stores, self.desk, self.identity = stores, stores.desk, identity

    def draws(self, actor: Actor, event: str) -> list[Draw]:
        """Published rounds; officials also see the draft."""
        return self.desk.draws(event, drafts=actor.role in OFFICIALS)

    def draw(
        self,
        actor: Actor,
        event: str,
        seed: int | None = None,
        publish: bool = False,
        round_no: int | None = None,
    ) -> Draw:
        """Draw the next round, a draft unless ``publish`` (``round_no``: the round
        meant, so that a request sent twice draws once)."""
        return act(
            actor,
            "draw",
            lambda: self.desk.draw_next(
                event, seed, publish=publish, by=str(actor), round_no=round_no
            ),
            event,
            public=publish,
        )

    def publish(self, actor: Actor, event: str, round_no: int) -> Draw:
        """Publish a draft round."""
        return act(actor, "publish_round", lambda: self.desk.publish_round(event, round_no), event)

    def withdraw(self, actor: Actor, event: str, round_no: int) -> Draw:
        """Withdraw the last round while it has no card."""
        return act(
            actor, "withdraw_round", lambda: self.desk.withdraw_round(event, round_no), event
        )

    def _published(self, actor: Actor, event: str, round_no: int) -> Draw:
        draw = next((d for d in self.draws(actor, event) if d.round_no == round_no), None)
        if draw is None:
            raise InvalidInput(f"round {round_no} of {event} is not drawn and published")
        return draw

    def boards(self, actor: Actor, event: str, round_no: int) -> list[tuple[int, tuple[str, str]]]:
        """(board, sides) of every game (club: meeting) of a drawn round."""
        if self.stores.is_club(event):
            return self.stores.club_desk(event).meetings(event, round_no)
        return list(enumerate(self._published(actor, event, round_no).games, start=1))

    def blank_scorecards(self, actor: Actor, event: str, round_no: int, join_url: str) -> bytes:
        """Blank scorecards of a published round, each with a new scorer code for its
        game and a QR code of ``join_url?code=CODE`` (PDF). Codes printed before stay
        valid."""
        draw = self._published(actor, event, round_no)
        codes = {
            board: self.identity.issue_code(actor, event, round_no, a)
            for board, (a, _) in enumerate(draw.games, start=1)
        }
        from flickboard.events.paper import blank_scorecards_pdf

        snapshot = self.desk.snapshot(event)
        return blank_scorecards_pdf(snapshot, draw, codes=codes, join_url=join_url)

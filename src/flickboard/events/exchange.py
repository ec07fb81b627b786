"""An event's scorecards as CMN (Crokinole Match Notation), through play.cmn."""

from __future__ import annotations

from flickboard.errors import InvalidInput
from flickboard.events.eventfile import EventFile, card_spec, parse_event
from flickboard.events.scorecard import Scorecard, validate
from flickboard.play.cmn import CmnGame, dump_match, parse_match


def event_to_cmn(event: EventFile) -> str:
    """Every card of the event as one CMN game, tagged with event, round, sides and IDs."""
    games = []
    for card in event.to_cards():
        tags = {
            "Event": event.name,
            "Category": event.category,
            "Round": str(card.draw_round),
            "Side1": card.names[0],
            "Side2": card.names[1],
            "Side1Id": card.sides[0],
            "Side2Id": card.sides[1],
        }
        if card.championship:
            tags["Championship"] = "yes"
        if card.validation is not None:
            tags["ValidatedBy"] = card.validation.opponent_id
            tags["Initials"] = card.validation.initials
        games.append(CmnGame.of(card.game, tags))
    return dump_match(games)


def cards_from_cmn(text: str, event: EventFile) -> EventFile:
    """The event with the CMN games added as cards (matched by Side1Id/Side2Id)."""
    names = event.names
    cards = list(event.cards)
    for n, game in enumerate(parse_match(text), start=1):
        ids = (game.tag("Side1Id"), game.tag("Side2Id"))
        rnd = game.tag("Round")
        if ids[0] is None or ids[1] is None or rnd is None or not rnd.isdigit():
            raise InvalidInput(f"CMN game {n} needs Side1Id, Side2Id and Round tags")
        for who in ids:
            if who not in names:
                raise InvalidInput(f"CMN game {n}: {who} is not an entrant of {event.name}")
        by, initials = game.tag("ValidatedBy"), game.tag("Initials")
        card = Scorecard(
            event.category,
            int(rnd),
            (ids[0], ids[1]),
            (names[ids[0]], names[ids[1]]),
            game.game_score(),
            championship=game.tag("Championship") == "yes",
        )
        if by or initials:
            card = validate(card, by or "", initials or "")
        cards.append(card_spec(card))
    data = event.model_dump()
    data["cards"] = [c.model_dump() for c in cards]
    return parse_event(data, "CMN import")

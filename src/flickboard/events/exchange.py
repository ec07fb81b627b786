"""An event's scorecards in and out: as CMN 1.0 (the public JSON draft,
:mod:`flickboard.play.cmn`) and as flickboard scoresheets (the text notation once
called CMN, :mod:`flickboard.play.scoresheet`), which still load.

Every imported card is checked as an entered card is (rounds, 20s, draw); a CMN match
that gives only winners becomes a results-only card. docs/formats.md, "CMN", maps each
field.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
from flickboard.events.eventfile import CardSpec, EntrantSpec, EventFile, card_spec, parse_event
from flickboard.events.scorecard import RoundOutcome, Scorecard, validate
from flickboard.play.cmn import (
    CmnEvent,
    CmnExtras,
    CmnGame,
    CmnMatch,
    CmnPlayer,
    CmnTeam,
    GameFormat,
    dump_cmn,
    flickboard_source,
    parse_cmn,
    read_cmn,
    record_id,
)
from flickboard.play.scoresheet import SheetGame, dump_sheets, parse_sheets
from flickboard.play.scoring import GameScore
from flickboard.version import VERSION

EVENT_TYPE = "tournament"
"""CMN ``event.type`` of a desk event."""


def _team(entrant: EntrantSpec, doubles: bool) -> CmnTeam:
    if not doubles:
        return CmnTeam((CmnPlayer(entrant.name),), id=entrant.id)
    if not entrant.players:
        raise InvalidInput(
            f"entrant {entrant.id} ({entrant.name}) lists no players: CMN names both players "
            "of a doubles team (list them in the event file)"
        )
    players = tuple(CmnPlayer(p.name, id=p.id) for p in entrant.players)
    return CmnTeam(players, id=entrant.id, name=entrant.name)


def card_match(card: Scorecard, event: EventFile, *, date: str) -> CmnMatch:
    """One card as a CMN match (``date``: a CMN date): the marking side is team 1, the
    draw round is ``event.round``, and the entrant IDs, category, championship and
    validation travel in flickboard's own fields."""
    cat = category(event.category)
    entrants = {e.id: e for e in event.entrants}
    a, b = card.points
    v = card.validation
    return CmnMatch(
        record_id("event card", event.name, card.draw_round, card.sides),
        date,
        "doubles" if cat.doubles else "singles",
        (_team(entrants[card.sides[0]], cat.doubles), _team(entrants[card.sides[1]], cat.doubles)),
        tuple(CmnGame(r.winner, None, r.scores, r.twenties) for r in card.rounds),
        None if a == b else (0 if a > b else 1),
        GameFormat("fixed", count=cat.rounds_per_game),
        CmnEvent(event.name, EVENT_TYPE, card.draw_round),
        flickboard_source(VERSION),
        CmnExtras(
            category=event.category,
            championship=card.championship,
            validated=(v.opponent_id, v.initials) if v else None,
        ),
    )


def event_to_cmn(event: EventFile, *, date: str) -> str:
    """Every card of the event as a CMN batch (``date``: a CMN date for every match,
    as the desk does not record when each card was played)."""
    return dump_cmn(card_match(card, event, date=date) for card in event.to_cards())


def event_to_sheets(event: EventFile) -> str:
    """Every card of the event as a scoresheet game, tagged with event, round, sides
    and IDs (results-only cards have no scoresheet form)."""
    games = []
    for card in event.to_cards():
        if card.results_only:
            raise InvalidInput(
                f"the round {card.draw_round} card of {' v '.join(card.sides)} holds results "
                "only, which a scoresheet cannot: export it as CMN"
            )
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
        games.append(SheetGame.of(card.game, tags))
    return dump_sheets(games)


def read_results(text: str) -> tuple[CmnMatch | SheetGame, ...]:
    """The games of a results file: CMN 1.0 (JSON) or a flickboard scoresheet (text).
    :class:`InvalidInput` says which was expected and what is wrong."""
    if text.lstrip().startswith("{"):
        return parse_cmn(text)
    try:
        return read_cmn(json.loads(text))
    except json.JSONDecodeError:
        pass
    try:
        return parse_sheets(text)
    except InvalidInput as exc:
        raise InvalidInput(
            'neither CMN 1.0 (a JSON object with "cmn": "1.0") nor a flickboard scoresheet '
            f"(tags, rounds like R1 45-20 (1-0), then a Result line): {exc}"
        ) from None


def cards_from_results(text: str, event: EventFile) -> tuple[EventFile, tuple[str, ...]]:
    """The event with the games of a CMN or scoresheet text added as cards, checked
    with the event's own; and how the CMN was read (one line per reading)."""
    found = read_results(text)
    readings: list[str] = []
    cards: list[CardSpec] = []
    for n, item in enumerate(found, start=1):
        if isinstance(item, SheetGame):
            cards.append(card_spec(_sheet_card(n, item, event)))
            continue
        where = f"CMN match {n} ({item.label})"
        readings += [f"{where}: {r}" for r in item.readings]
        try:
            cards.append(card_spec(_cmn_card(item, event, [*event.cards, *cards])))
        except (InvalidInput, IllegalInPosition) as exc:
            raise type(exc)(f"{where}: {exc}") from None
    data = event.model_dump()
    data["cards"] = [c.model_dump() for c in [*event.cards, *cards]]
    merged = parse_event(data, "results import")
    merged.to_cards()  # the draw and the other cards, checked with the new ones
    return merged, tuple(readings)


def _sheet_card(n: int, game: SheetGame, event: EventFile) -> Scorecard:
    names = event.names
    ids = (game.tag("Side1Id"), game.tag("Side2Id"))
    rnd = game.tag("Round")
    if ids[0] is None or ids[1] is None or rnd is None or not rnd.isdigit():
        raise InvalidInput(f"scoresheet game {n} needs Side1Id, Side2Id and Round tags")
    for who in ids:
        if who not in names:
            raise InvalidInput(f"scoresheet game {n}: {who} is not an entrant of {event.name}")
    by, initials = game.tag("ValidatedBy"), game.tag("Initials")
    card = Scorecard(
        event.category,
        int(rnd),
        (ids[0], ids[1]),
        (names[ids[0]], names[ids[1]]),
        game.game_score(),
        championship=game.tag("Championship") == "yes",
    )
    return validate(card, by or "", initials or "") if by or initials else card


def _folded(name: str) -> str:
    return " ".join(name.casefold().split())


def _entrant(team: CmnTeam, event: EventFile) -> str:
    """The entrant a CMN team is: by flickboard's entrant ID, else by Crokinole Player
    ID (an entrant's or its players' ID numbers), else by name (the entrant's, or its
    players' in doubles)."""
    cids = {p.cid for p in team.players if p.cid}
    names = {_folded(p.name) for p in team.players}

    def by_cid(e: EntrantSpec) -> bool:
        mine = {e.id} | {p.id for p in e.players}
        return bool(cids) and (e.id in cids or cids <= mine)

    def by_name(e: EntrantSpec) -> bool:
        mine = {_folded(p.name) for p in e.players}
        return _folded(e.name) in names | {_folded(team.name or "")} or (
            bool(mine) and mine == names
        )

    rules = (
        ("entrant ID", lambda e: e.id == team.id),
        ("Crokinole Player ID", by_cid),
        ("name", by_name),
    )
    for how, fits in rules:
        hits = [e.id for e in event.entrants if fits(e)]
        if len(hits) > 1:
            raise InvalidInput(f"{team.label} matches entrants {', '.join(hits)} by {how}")
        if hits:
            return hits[0]
    raise InvalidInput(
        f"{team.label} is not an entrant of {event.name} (matched by entrant ID, "
        "Crokinole Player ID or name)"
    )


def _draw_round(
    match: CmnMatch, sides: tuple[str, str], event: EventFile, cards: Sequence[CardSpec]
) -> int:
    """``event.round``, else the first drawn round in which the two meet and that has
    no card of theirs yet."""
    if match.event is not None and match.event.round is not None:
        return match.event.round
    pair = frozenset(sides)
    done = {c.round for c in cards if frozenset(c.sides) == pair}
    open_rounds = [
        d.round_no
        for d in event.drawn()
        if d.round_no not in done and any(frozenset(g) == pair for g in d.games)
    ]
    if not open_rounds:
        raise InvalidInput(
            f"no event.round (the draw round), and the draw of {event.name} has no game "
            f"{sides[0]} v {sides[1]} still without a card"
        )
    return open_rounds[0]


def _cmn_card(match: CmnMatch, event: EventFile, cards: Sequence[CardSpec]) -> Scorecard:
    cat = category(event.category)
    if match.race:
        assert match.game_format is not None
        raise InvalidInput(
            f"a race (first_to {match.game_format.target}) is no card of {event.name}: a "
            f"{cat.name} game has {cat.rounds_per_game} rounds"
        )
    if match.doubles != cat.doubles:
        raise InvalidInput(f"a {match.format} match is no card of {event.name} ({cat.name})")
    sides = (_entrant(match.teams[0], event), _entrant(match.teams[1], event))
    names = event.names
    championship = event.event_format.series
    common = (event.category, _draw_round(match, sides, event, cards), sides)
    if match.results_only:
        outcomes = tuple(RoundOutcome(g.winner, g.scores, g.twenties) for g in match.games)
        card = Scorecard(
            *common,
            (names[sides[0]], names[sides[1]]),
            GameScore(()),
            championship=championship,
            outcomes=outcomes,
        )
    else:
        card = Scorecard(
            *common,
            (names[sides[0]], names[sides[1]]),
            GameScore(match.rounds()),
            championship=championship,
        )
    a, b = card.points
    leader = None if a == b else (0 if a > b else 1)
    if leader != match.winner:
        said = "a draw" if match.winner is None else f"won by team {match.winner + 1}"
        raise InvalidInput(
            f"the match is {said}, but its games give {a}-{b} points; a card's winner "
            "follows from its rounds"
        )
    if match.extras.validated is not None:
        card = validate(card, *match.extras.validated)
    return card

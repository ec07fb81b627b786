"""The cut of a finished event: pools and a round of 32 are made from a finished
preliminary's standings, refused while a tie decides who is in or where."""

from __future__ import annotations

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.draw import pool_of
from flickboard.events.eventfile import EventFile
from flickboard.events.standings import Standings


def check_finished(spec: EventFile) -> None:
    """Refuse a preliminary with rounds still to draw or drawn games without a card."""
    left = left_to_play(spec, {(c.round, frozenset(c.sides)) for c in spec.cards})
    if left is not None:
        raise IllegalInPosition(left)


def left_to_play(meta: EventFile, entered: set[tuple[int, frozenset[str]]]) -> str | None:
    """What keeps the event from being finished: rounds to draw (in an event drawn round
    by round), drawn games without a card; None when every game is played."""
    drawn = [d for d in meta.drawn() if d.round_no >= 1]
    if meta.event_format.drawn_by_round and len(drawn) < meta.games:
        return (
            f"{meta.name} has {len(drawn)} of its {meta.games} rounds drawn: pools and a round "
            "of 32 are made from the finished preliminary"
        )
    if meta.event_format.series:
        return None  # the match ends when a side has won two; its standings say so
    missing = [
        (d.round_no, g) for d in drawn for g in d.games if (d.round_no, frozenset(g)) not in entered
    ]
    if not missing:
        return None
    r, (a, b) = missing[0]
    return (
        f"{meta.name} is not finished: {len(missing)} drawn game"
        f"{'s have' if len(missing) > 1 else ' has'} no card yet (first: round {r}, {a} v {b})"
    )


ROUND_OF_32 = 32
"""Entrants of the WCC Recreational Round of 32."""


def check_cut(
    name: str, standings: Standings, cut: int, count: int, what: str = "pool place"
) -> None:
    """Refuse a cut of the top ``cut`` (into ``count`` snake-seeded groups) while a tie
    decides who is in, or which group a player joins."""
    if cut > len(standings.placings):
        raise InvalidInput(f"{name} has only {len(standings.placings)} entrants")
    seat = {e: i for i, e in enumerate(standings.order)}
    for group in standings.unresolved:
        at = sorted(seat[e] for e in group)
        if at[0] >= cut:
            continue
        place = at[0] + 1
        if at[-1] >= cut:
            raise IllegalInPosition(
                f"the last {what} is tied between {', '.join(group)} (place {place}): "
                "record a shoot-out first"
            )
        if len({pool_of(i, count) for i in at}) > 1:
            raise IllegalInPosition(
                f"{', '.join(group)} are tied at place {place} and snake seeding puts "
                "those places in different pools: record a shoot-out first"
            )

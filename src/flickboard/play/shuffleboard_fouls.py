"""Fouls and penalties of the CSC rules, and the ledger that counts them per player.

Most fouls draw a warning the first time and a loss of points each time after, counted
per player and per rule over the game, or over the match when the game belongs to one
(the rules say "in the same game or match"). 5(c) has no warning: the weight is dead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.rules.base import Side


@dataclass(frozen=True, slots=True)
class Foul:
    """One kind of foul: the rule, what it is, the points lost after the warning."""

    clause: str
    description: str
    points: int
    warning_first: bool = True
    doubles_only: bool = False


FOULS: dict[str, Foul] = {
    "4j": Foul("4(j)", "weights in the gutters handled against the rule", 2),
    "5a": Foul("5(a)", "walked past the foul line", 1, doubles_only=True),
    "5b": Foul("5(b)", "apparel, a hand or fingers touched the playing surface", 2),
    "5c": Foul(
        "5(c)", "lower body beyond the end of the table while delivering", 0, warning_first=False
    ),
    "5j": Foul("5(j)", "coaching out of turn (or at all in singles)", 1),
    "5l": Foul("5(l)", "did not stay behind and clear of the delivering player", 1),
}
"""Fouls by key; the key is the clause without brackets."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A foul called against a player: a warning, a loss of points, or a dead weight."""

    player: int
    side: Side
    foul: str
    frame: int
    warning: bool
    points: int
    reason: str


def foul_key(key: str) -> str:
    """The key of a foul named with or without brackets ("5(b)" or "5b");
    :class:`InvalidInput` if there is no such foul."""
    short = key.lower().replace("(", "").replace(")", "")
    if short not in FOULS:
        raise InvalidInput(f"unknown foul {key!r}; known: {', '.join(FOULS)}")
    return short


class FoulLedger:
    """Counts each player's offences against each rule (shared by a match's games).

    ``offences`` starts the count from earlier games of the match: (player, foul key)
    to the number of offences (a game record carries them, docs/formats.md).
    """

    def __init__(self, offences: Mapping[tuple[int, str], int] | None = None) -> None:
        self._offences: Counter[tuple[int, str]] = Counter()
        for (player, key), count in (offences or {}).items():
            self._offences[(player, foul_key(key))] += count

    def offences(self) -> dict[tuple[int, str], int]:
        """Every player's offences so far by foul, (player, key) in order."""
        return {k: n for k, n in sorted(self._offences.items()) if n}

    def call(self, key: str, player: int, side: Side, frame: int, *, doubles: bool) -> Penalty:
        """Record an offence and return the penalty it draws."""
        short = foul_key(key)
        foul = FOULS[short]
        if foul.doubles_only and not doubles:
            raise IllegalInPosition(f"{foul.clause} is not a foul in singles play")
        self._offences[(player, short)] += 1
        first = self._offences[(player, short)] == 1
        if not foul.warning_first:
            warning, points = False, 0
            what = f"{foul.description} - no warning, the delivered weight is dead"
        elif first:
            warning, points = True, 0
            what = f"{foul.description} - warning for a first offence"
        else:
            warning, points = False, foul.points
            what = f"{foul.description} again - loses {points} point{'s' if points > 1 else ''}"
        reason = f"Player {player + 1}: {what} ({foul.clause})."
        return Penalty(player, side, short, frame, warning, points, reason)

    def count(self, player: int, key: str) -> int:
        """How many times a player has committed a foul so far."""
        return self._offences[(player, key)]

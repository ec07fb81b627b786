"""Fair rules single elimination: one game a match (to 100, cancellation scoring), a
consolation draw for first-round losers, and best two of three from a chosen stage."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.series import series_winner

FAIR_ELIMINATION = (
    'fair rules: "Crokinole is a one game only elimination match ... At the discretion of '
    "the chief judge, contestants may be asked to play 2 of 3 matches for quarterfinals, "
    'semifinals, and finals"'
)
"""The clause that sets one game a match and the stages that may be best of three."""

BEST_OF_THREE_STAGES: dict[int, str] = {
    8: "the quarter-finals",
    4: "the semi-finals",
    2: "the final",
}
"""Entrants left at a stage -> its name: the stages from which matches may be best of
three (``best_of_three_from``)."""


def check_best_of_three_from(left: int | None) -> None:
    """Refuse best of three from any stage but the quarter-finals, semi-finals or final
    (None: every match is one game)."""
    if left is not None and left not in BEST_OF_THREE_STAGES:
        stages = ", ".join(f"{n} ({name} on)" for n, name in BEST_OF_THREE_STAGES.items())
        raise InvalidInput(
            f"best of three from {left} entrants left is refused: {FAIR_ELIMINATION}; give {stages}"
        )


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match of the bracket. ``sides`` hold None for a bye (first round) or for a
    place still waiting on an earlier match."""

    id: str
    stage: int
    sides: tuple[str | None, str | None]
    best_of: int
    winner: str | None


@dataclass(frozen=True, slots=True)
class Bracket:
    """Main and consolation draws, stage by stage."""

    main: tuple[tuple[BracketMatch, ...], ...]
    consolation: tuple[tuple[BracketMatch, ...], ...]

    @property
    def champion(self) -> str | None:
        """Winner of the main draw, once decided."""
        return self.main[-1][0].winner if self.main else None

    @property
    def consolation_champion(self) -> str | None:
        """Winner of the consolation draw, once decided."""
        return self.consolation[-1][0].winner if self.consolation else None


def seed_positions(size: int) -> list[int]:
    """Standard bracket order of seeds (0-based) so that the top seeds meet last.

    >>> seed_positions(8)
    [0, 7, 3, 4, 1, 6, 2, 5]
    """
    order = [0]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n - 1 - s)]
    return order


def elimination(
    seeded: Sequence[str],
    results: Mapping[str, Sequence[str]],
    *,
    best_of_three_from: int | None = None,
    prefix: str = "M",
    consolation: bool = True,
) -> Bracket:
    """Play out a single-elimination draw from the game winners recorded per match id.

    ``seeded`` lists entrants best first; top seeds get the byes. A stage with
    ``best_of_three_from`` or fewer entrants left plays best two of three games, in the
    main draw and in the consolation draw alike (its semi-finals and final are semi-finals
    and a final too).
    """
    if len(set(seeded)) != len(seeded) or len(seeded) < 2:
        raise InvalidInput("an elimination draw needs two or more different entrants")
    size = 1
    while size < len(seeded):
        size *= 2
    slots: list[str | None] = [seeded[i] if i < len(seeded) else None for i in seed_positions(size)]
    stages: list[tuple[BracketMatch, ...]] = []
    first_losers: list[str] = []
    stage = 1
    while len(slots) > 1:
        left = len(slots)
        best_of = 3 if best_of_three_from is not None and left <= best_of_three_from else 1
        matches: list[BracketMatch] = []
        nxt: list[str | None] = []
        for k in range(0, left, 2):
            a, b = slots[k], slots[k + 1]
            mid = f"{prefix}{stage}-{k // 2 + 1}"
            winner = _winner(mid, a, b, results.get(mid, ()), best_of, bye_ok=stage == 1)
            if stage == 1 and winner is not None and a is not None and b is not None:
                first_losers.append(b if winner == a else a)
            matches.append(BracketMatch(mid, stage, (a, b), best_of, winner))
            nxt.append(winner)
        stages.append(tuple(matches))
        slots = nxt
        stage += 1
    unknown = set(results) - {m.id for s in stages for m in s}
    cons: tuple[tuple[BracketMatch, ...], ...] = ()
    played_first = [m for m in stages[0] if None not in m.sides]
    if consolation and len(played_first) >= 2 and all(m.winner for m in played_first):
        cons = elimination(
            first_losers,
            results,
            best_of_three_from=best_of_three_from,
            prefix="C",
            consolation=False,
        ).main
        unknown -= {m.id for s in cons for m in s}
    if unknown and consolation:
        raise InvalidInput(f"results for matches not in the draw: {', '.join(sorted(unknown))}")
    return Bracket(tuple(stages), cons)


def _winner(
    mid: str,
    a: str | None,
    b: str | None,
    games: Sequence[str],
    best_of: int,
    *,
    bye_ok: bool,
) -> str | None:
    if a is None or b is None:
        if games:
            raise IllegalInPosition(f"match {mid} has no opponent yet; its result is early")
        return (a or b) if bye_ok else None
    sides = (a, b)
    for g in games:
        if g not in sides:
            raise InvalidInput(f"match {mid} is {a} v {b}; {g} cannot win a game of it")
    w = series_winner([sides.index(g) for g in games], best_of)
    return None if w is None else sides[w]

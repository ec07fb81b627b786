"""WCC shoot-outs as data: 12 shots at the 20 per side (6 per player in doubles),
repeated from the beginning among those still tied."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import Category

SHOTS = 12
"""Opportunities per side in a shoot-out."""


@dataclass(frozen=True, slots=True)
class ShootOut:
    """One shoot-out (or one repetition) among ``entrants``.

    ``twenties[i]`` holds the 20s of entrant ``i`` per player: one count out of 12 in
    singles, two counts out of 6 in doubles. Repetitions among the same entrants are
    later records with the same entrants.
    """

    entrants: tuple[str, ...]
    twenties: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.entrants) < 2 or len(set(self.entrants)) != len(self.entrants):
            raise InvalidInput("a shoot-out is between two or more different entrants")
        if len(self.twenties) != len(self.entrants):
            raise InvalidInput("a shoot-out needs a count of 20s for each entrant")
        players = {len(t) for t in self.twenties}
        if len(players) != 1 or players.pop() not in (1, 2):
            raise InvalidInput("give one count per player: one in singles, two in doubles")
        for who, counts in zip(self.entrants, self.twenties, strict=True):
            shots = SHOTS // len(counts)
            for c in counts:
                if not 0 <= c <= shots:
                    raise InvalidInput(f"{who}: {c} twenties out of {shots} shots")

    @classmethod
    def of(cls, scores: Mapping[str, int | Sequence[int]]) -> ShootOut:
        """From entrant -> 20s (an int in singles, a pair in doubles)."""
        return cls(
            tuple(scores),
            tuple((v,) if isinstance(v, int) else tuple(v) for v in scores.values()),
        )

    def total(self, entrant: str) -> int:
        """The entrant's 20s in this shoot-out."""
        return sum(self.twenties[self.entrants.index(entrant)])


@dataclass(frozen=True, slots=True)
class ShootOutOrder:
    """Blocks of entrants best first; a block of more than one still needs a shoot-out.

    ``reasons`` maps each entrant to the shoot-out results that placed it.
    """

    blocks: tuple[tuple[str, ...], ...]
    reasons: Mapping[str, tuple[str, ...]]


def resolve(group: Sequence[str], shootouts: Sequence[ShootOut]) -> ShootOutOrder:
    """Order a tied group by its shoot-outs, repeating among those still tied.

    Uses, in the order given, the shoot-outs held among exactly the tied entrants; a
    shoot-out among other entrants is ignored here. A group whose shoot-outs run out
    while tied stays one block.
    """
    reasons: dict[str, list[str]] = {e: [] for e in group}
    blocks = _resolve(tuple(group), shootouts, reasons)
    return ShootOutOrder(tuple(blocks), {e: tuple(r) for e, r in reasons.items()})


def _resolve(
    group: tuple[str, ...], shootouts: Sequence[ShootOut], reasons: dict[str, list[str]]
) -> list[tuple[str, ...]]:
    mine = [s for s in shootouts if set(s.entrants) == set(group)]
    for repetition, shoot in enumerate(mine, start=1):
        totals = {e: shoot.total(e) for e in group}
        levels = sorted(set(totals.values()), reverse=True)
        label = "shoot-out" if repetition == 1 else f"shoot-out repetition {repetition}"
        if len(levels) == 1:
            for e in group:
                reasons[e].append(f"{label}: all tied on {levels[0]} twenties, repeated")
            continue
        blocks: list[tuple[str, ...]] = []
        for level in levels:
            block = tuple(e for e in group if totals[e] == level)
            for e in block:
                reasons[e].append(f"{label}: {level} twenties")
            blocks.extend(_resolve(block, shootouts, reasons) if len(block) > 1 else [block])
        return blocks
    return [group]


def check_players(shoot: ShootOut, cat: Category) -> None:
    """Refuse a shoot-out whose counts do not fit the category: one count of 12 shots
    per singles entrant, two counts of 6 (one per player) per doubles team."""
    per = cat.players_per_side
    if len(shoot.twenties[0]) != per:
        form = "ID=a,b (one count per player)" if per == 2 else "ID=n (one count)"
        raise InvalidInput(
            f"{cat.name} shoot-outs take {SHOTS // per} shots per player: give {form}"
        )


def check_needed(shoot: ShootOut, tied: Sequence[Sequence[str]]) -> None:
    """Refuse a shoot-out whose entrants are not exactly one of the ``tied`` groups."""
    if not any(set(shoot.entrants) == set(t) for t in tied):
        raise IllegalInPosition(
            f"no tie among {', '.join(shoot.entrants)} needs a shoot-out; tied groups: "
            + ("; ".join(", ".join(t) for t in tied) or "none")
        )


def replay(
    tied_with: Callable[[Sequence[ShootOut]], Sequence[Sequence[str]]],
    shootouts: Sequence[ShootOut],
) -> tuple[list[ShootOut], list[int]]:
    """Go through shoot-outs in the order held: those among a group still tied after the
    earlier ones are kept, the others (0-based positions) are void.

    ``tied_with(kept)`` gives the groups still tied once ``kept`` shoot-outs are counted.
    """
    kept: list[ShootOut] = []
    void: list[int] = []
    for n, shoot in enumerate(shootouts):
        if any(set(shoot.entrants) == set(g) for g in tied_with(kept)):
            kept.append(shoot)
        else:
            void.append(n)
    return kept, void

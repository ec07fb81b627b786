"""Draws: preliminary rounds against drawn opponents, round-robin pools and schedules.

Every draw is deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Draw:
    """One draw round: the games (pairs of entrants) and the entrant with a bye, if any."""

    round_no: int
    games: tuple[Pair, ...]
    bye: str | None = None


def _check_entrants(entrants: Sequence[str]) -> None:
    if len(set(entrants)) != len(entrants):
        raise InvalidInput("an entrant is listed twice in the draw")
    if len(entrants) < 2:
        raise InvalidInput("a draw needs at least two entrants")


def draw_round(
    entrants: Sequence[str],
    round_no: int,
    *,
    played: Collection[frozenset[str]] = (),
    had_bye: Collection[str] = (),
    seed: int = 0,
) -> Draw:
    """Draw opponents for one preliminary round with no repeat opponent.

    In an odd field one entrant, chosen by lot among those without a bye so far, sits out.
    Raises :class:`IllegalInPosition` when no draw avoids every repeat.
    """
    _check_entrants(entrants)
    rng = random.Random(f"{seed}:{round_no}")
    pool = sorted(entrants)
    rng.shuffle(pool)
    met = {frozenset(p) for p in played}
    candidates: list[str | None] = [None]
    if len(pool) % 2:
        fresh = [e for e in pool if e not in had_bye]
        if not fresh:
            raise IllegalInPosition("every entrant has had a bye already")
        candidates = list(fresh)
    for bye in candidates:
        field = [e for e in pool if e != bye]
        games = _pair(field, met)
        if games is not None:
            return Draw(round_no, tuple(games), bye)
    raise IllegalInPosition(f"no draw for round {round_no} avoids a repeat opponent")


def _pair(field: list[str], met: set[frozenset[str]]) -> list[Pair] | None:
    """Pair everyone with someone not met before (depth-first, first fit in lot order)."""
    free = list(field)
    games: list[Pair] = []
    budget = [200_000]

    def search() -> bool:
        if not free:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        first = free.pop(0)
        for i, other in enumerate(free):
            if frozenset((first, other)) in met:
                continue
            free.pop(i)
            games.append((first, other))
            if search():
                return True
            games.pop()
            free.insert(i, other)
        free.insert(0, first)
        return False

    return games if search() else None


def pools(seeded: Sequence[str], count: int) -> tuple[tuple[str, ...], ...]:
    """Split entrants (best seed first) into ``count`` round-robin pools by snake seeding.

    >>> pools(["1", "2", "3", "4", "5", "6"], 2)
    (('1', '4', '5'), ('2', '3', '6'))
    """
    _check_entrants(seeded)
    if not 1 <= count <= len(seeded) // 2:
        raise InvalidInput(f"cannot make {count} pools of two or more from {len(seeded)}")
    out: list[list[str]] = [[] for _ in range(count)]
    for i, e in enumerate(seeded):
        lap, k = divmod(i, count)
        out[k if lap % 2 == 0 else count - 1 - k].append(e)
    return tuple(tuple(p) for p in out)


def round_robin(entrants: Sequence[str]) -> tuple[Draw, ...]:
    """Every entrant meets every other once (circle method); a bye each round if odd.

    >>> [d.games for d in round_robin(["A", "B", "C", "D"])]
    [(('A', 'D'), ('B', 'C')), (('A', 'C'), ('D', 'B')), (('A', 'B'), ('C', 'D'))]
    """
    _check_entrants(entrants)
    ring: list[str | None] = list(entrants)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    draws: list[Draw] = []
    for r in range(n - 1):
        games: list[Pair] = []
        bye: str | None = None
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                games.append((a, b))
        draws.append(Draw(r + 1, tuple(games), bye))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(draws)

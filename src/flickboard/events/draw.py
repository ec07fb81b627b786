"""Draws: preliminary rounds against drawn opponents, round-robin pools and schedules.

Every draw is deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Draw:
    """One draw round: the games (pairs of entrants) and the entrant with a bye, if any."""

    round_no: int
    games: tuple[Pair, ...]
    bye: str | None = None

    def board_of(self, a: str, b: str) -> int | None:
        """The board (from 1, in the order of the games) where ``a`` plays ``b``, or
        None if they do not meet in this round."""
        pair = {a, b}
        return next((i for i, g in enumerate(self.games, start=1) if set(g) == pair), None)


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
        out[pool_of(i, count)].append(e)
    return tuple(tuple(p) for p in out)


def pool_of(seed: int, count: int) -> int:
    """The pool (0-based) that snake seeding gives the seed at 0-based position ``seed``.

    >>> [pool_of(i, 3) for i in range(7)]
    [0, 1, 2, 2, 1, 0, 0]
    """
    lap, k = divmod(seed, count)
    return k if lap % 2 == 0 else count - 1 - k


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


def _rounds_text(draws: Sequence[Draw]) -> str:
    nums = sorted(d.round_no for d in draws if d.round_no >= 1)
    if not nums:
        return "no round is drawn yet"
    if nums == list(range(nums[0], nums[-1] + 1)) and len(nums) > 1:
        return f"rounds {nums[0]}-{nums[-1]} are drawn"
    return f"drawn: round{'s' if len(nums) > 1 else ''} {', '.join(map(str, nums))}"


def drawn_games(draws: Iterable[Draw]) -> set[tuple[int, frozenset[str]]]:
    """Every drawn game as (round, pair): for checking many games at once."""
    return {(d.round_no, frozenset(g)) for d in draws for g in d.games}


def check_in_draw(round_no: int, sides: Pair, draws: Sequence[Draw]) -> None:
    """Refuse a game that is not a game of its round's draw, saying who the draw has
    each player playing instead."""
    this = next((d for d in draws if d.round_no == round_no), None)
    if this is None:
        raise IllegalInPosition(f"round {round_no} is not drawn ({_rounds_text(draws)})")
    if any(set(g) == set(sides) for g in this.games):
        return
    elsewhere = [d.round_no for d in draws if any(set(g) == set(sides) for g in d.games)]
    if elsewhere:
        raise IllegalInPosition(
            f"{sides[0]} v {sides[1]} is drawn in round {elsewhere[0]}, not round {round_no}"
        )
    for who in sides:
        if this.bye == who:
            raise IllegalInPosition(f"{who} has the round {round_no} bye")
        for g in this.games:
            if who in g:
                other = g[1] if g[0] == who else g[0]
                raise IllegalInPosition(
                    f"{who} is drawn against {other} in round {round_no}, not "
                    f"{sides[1] if who == sides[0] else sides[0]}"
                )
    raise IllegalInPosition(f"neither {sides[0]} nor {sides[1]} is in the round {round_no} draw")


def check_draws(entrants: Iterable[str], draws: Sequence[Draw], rounds: int) -> None:
    """Refuse preliminary draws that number rounds other than 1, 2, ... up to
    ``rounds``, name a non-entrant, seat someone twice in a round, repeat a pairing or
    give anyone a second bye."""
    known = set(entrants)
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = {}
    for n, d in enumerate(draws, start=1):
        if d.round_no != n:
            raise InvalidInput(f"draws: round {d.round_no} listed where round {n} belongs")
        if n > rounds:
            raise InvalidInput(f"draws: round {n} is beyond the event's {rounds} games")
        seated: set[str] = set()
        for who in [x for g in d.games for x in g] + ([d.bye] if d.bye else []):
            if who not in known:
                raise InvalidInput(f"draws: round {n}: {who} is not an entrant")
            if who in seated:
                raise IllegalInPosition(f"draws: round {n}: {who} is drawn twice")
            seated.add(who)
        for a, b in d.games:
            pair = frozenset((a, b))
            if pair in met:
                raise IllegalInPosition(
                    f"draws: round {n}: {a} and {b} already met in round {met[pair]}"
                )
            met[pair] = n
        if d.bye:
            if d.bye in byes:
                raise IllegalInPosition(
                    f"draws: round {n}: {d.bye} already had the round {byes[d.bye]} bye"
                )
            byes[d.bye] = n

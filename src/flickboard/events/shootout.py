"""WCC shoot-outs as data: 12 shots at the 20 per side (6 per player in doubles), each
attempt recorded in order, repeated from the beginning among those still tied.

WCC, Shoot-Out Procedure: "All tied contestants will use 12 opportunities (6 each for
doubles) to shoot for the "20" at the same board. Each disc will be removed from the
board after each shot and recorded as a "20" if successful. All attempted shots will
count as an opportunity even if they don't reach or remain in the 15 circle."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import Category

_T = TypeVar("_T")

SHOTS = 12
"""Opportunities per side in a shoot-out."""

TWENTY = "X"
ATTEMPTS: dict[str, str] = {
    TWENTY: "a 20",
    "o": "no 20 (the disc stayed in the 15 circle)",
    "-": "no 20: short of the 15 circle or not remaining in it",
}
"""How one attempt is written, in the order shot: every attempt counts as an
opportunity, whatever it did."""

_READ = {"x": TWENTY, "O": "o"}
"""Letters read as another's (a 20 written x, no 20 written O)."""

FileValue = int | str | tuple[int, int] | tuple[str, str]
"""One entrant's shoot-out as an event file holds it: attempts, or 20s in an older record."""

Value = int | str | Sequence[int] | Sequence[str]
"""One entrant's shoot-out as given: attempts (a string per player) or, in a record
made before attempts were kept, 20s (a count per player)."""


def attempt_text(shots: str) -> str:
    """A player's attempts written with the canonical letters; refused if one is not an
    attempt's letter."""
    out = "".join(_READ.get(c, c) for c in shots.strip())
    wrong = sorted({c for c in out if c not in ATTEMPTS})
    if wrong:
        known = ", ".join(f"{k} {v}" for k, v in ATTEMPTS.items())
        raise InvalidInput(f"{''.join(wrong)!r} is no attempt; write each shot as {known}")
    return out


@dataclass(frozen=True, slots=True)
class ShootOut:
    """One shoot-out (or one repetition) among ``entrants``.

    ``attempts[i]`` holds entrant ``i``'s shots per player, in the order shot (one
    string of 12 in singles, two of 6 in doubles; letters of :data:`ATTEMPTS`), and
    ``twenties[i]`` the 20s they made, counted from the attempts. A record made before
    attempts were kept has ``attempts`` None and its 20s only. Repetitions among the
    same entrants are later records with the same entrants.
    """

    entrants: tuple[str, ...]
    twenties: tuple[tuple[int, ...], ...]
    attempts: tuple[tuple[str, ...], ...] | None = None

    def __post_init__(self) -> None:
        if len(self.entrants) < 2 or len(set(self.entrants)) != len(self.entrants):
            raise InvalidInput("a shoot-out is between two or more different entrants")
        if len(self.twenties) != len(self.entrants):
            raise InvalidInput("a shoot-out needs a count of 20s for each entrant")
        players = {len(t) for t in self.twenties}
        if len(players) != 1 or players.pop() not in (1, 2):
            raise InvalidInput("give one count per player: one in singles, two in doubles")
        for n, (who, counts) in enumerate(zip(self.entrants, self.twenties, strict=True)):
            shots = SHOTS // len(counts)
            if self.attempts is not None:
                _check_attempts(who, self.attempts[n], counts, shots)
            for c in counts:
                if not 0 <= c <= shots:
                    raise InvalidInput(f"{who}: {c} twenties out of {shots} shots")

    @classmethod
    def of(cls, scores: Mapping[str, Value]) -> ShootOut:
        """From entrant -> attempts (a string in singles, a pair in doubles), or, for a
        record made before attempts were kept, entrant -> 20s (an int or a pair)."""
        given = {who: (v,) if isinstance(v, int | str) else tuple(v) for who, v in scores.items()}
        kinds = {type(x) for v in given.values() for x in v}
        if kinds == {str}:
            attempts = tuple(tuple(attempt_text(str(a)) for a in v) for v in given.values())
            twenties = tuple(tuple(a.count(TWENTY) for a in v) for v in attempts)
            return cls(tuple(given), twenties, attempts)
        if kinds <= {int}:
            return cls(tuple(given), tuple(cast("tuple[int, ...]", v) for v in given.values()))
        raise InvalidInput(
            "a shoot-out gives every entrant's attempts (a string of X, o and - per "
            "player), or, in an older record, every entrant's 20s"
        )

    def total(self, entrant: str) -> int:
        """The entrant's 20s in this shoot-out."""
        return sum(self.twenties[self.entrants.index(entrant)])

    def shots(self, entrant: str) -> str | None:
        """The entrant's attempts as written (players separated by ``/``), or None for
        a record of 20s only."""
        if self.attempts is None:
            return None
        return " / ".join(self.attempts[self.entrants.index(entrant)])

    def as_file(self) -> Mapping[str, FileValue]:
        """Entrant -> attempts (or 20s), as the event file holds it."""
        if self.attempts is None:
            counts: dict[str, int | tuple[int, int]] = {
                w: _per_player(v) for w, v in zip(self.entrants, self.twenties, strict=True)
            }
            return counts
        shots: dict[str, str | tuple[str, str]] = {
            w: _per_player(v) for w, v in zip(self.entrants, self.attempts, strict=True)
        }
        return shots


def _per_player(v: tuple[_T, ...]) -> _T | tuple[_T, _T]:
    """One value in singles, a pair in doubles."""
    return v[0] if len(v) == 1 else (v[0], v[1])


def _check_attempts(who: str, shots: Sequence[str], counts: Sequence[int], per: int) -> None:
    """Every opportunity recorded, none beyond the cap, the 20s those of the attempts."""
    if len(shots) != len(counts):
        raise InvalidInput(f"{who}: give the attempts of each player")
    for a, c in zip(shots, counts, strict=True):
        if len(a) > per:
            raise InvalidInput(
                f"{who} has {len(a)} attempts: the WCC shoot-out gives {SHOTS} opportunities "
                f"({SHOTS // 2} each for doubles)"
            )
        if len(a) < per:
            raise InvalidInput(
                f"{who} has {len(a)} attempts of {per}: all tied contestants use {SHOTS} "
                f"opportunities ({SHOTS // 2} each for doubles) and every attempted shot counts "
                "(write - for one short of or out of the 15 circle)"
            )
        if a.count(TWENTY) != c:
            raise InvalidInput(f"{who}: {c} twenties, but the attempts show {a.count(TWENTY)}")


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
                shots = shoot.shots(e)
                reasons[e].append(f"{label}: {level} twenties" + (f" ({shots})" if shots else ""))
            blocks.extend(_resolve(block, shootouts, reasons) if len(block) > 1 else [block])
        return blocks
    return [group]


def check_players(shoot: ShootOut, cat: Category) -> None:
    """Refuse a shoot-out whose counts do not fit the category: one count of 12 shots
    per singles entrant, two counts of 6 (one per player) per doubles team."""
    per = cat.players_per_side
    if len(shoot.twenties[0]) != per:
        form = (
            f"two strings of {SHOTS // 2} attempts, one per player"
            if per == 2
            else f"one string of {SHOTS} attempts"
        )
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

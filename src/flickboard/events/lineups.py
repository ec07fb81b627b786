"""League line-ups (CSC Part VII): who plays each game of a night for one team, from
the captain's starting line-up and the substitutions made before later games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.leagues import (
    FOUR_PERSON_ROTATION,
    SIX_PERSON_ROTATION,
    check_four_person_lineup,
    check_six_person_lineup,
)

LeagueKind = Literal["six", "four"]

SLOTS: dict[str, tuple[str, ...]] = {"six": ("A", "B", "C"), "four": ("1", "2", "3", "4")}
"""Line-up slots: three doubles pairs A/B/C, or players 1-4."""

PER_SLOT = {"six": 2, "four": 1}
GAMES = {"six": len(SIX_PERSON_ROTATION), "four": len(FOUR_PERSON_ROTATION)}
ROSTER = {"six": (6, 10), "four": (4, 7)}
"""Players on a team: six-person at least 6 with at most 4 spares (VII 2); four-person
at least 4 with at most 3 spares (four-person 2)."""


@dataclass(frozen=True, slots=True)
class Substitution:
    """From game ``from_game`` on, ``player_in`` takes ``player_out``'s place."""

    from_game: int
    player_out: str
    player_in: str


def slot_of(kind: LeagueKind, game: int, side: int) -> tuple[str, ...]:
    """The line-up slots a side fields in ``game`` (1-based)."""
    if not 1 <= game <= GAMES[kind]:
        raise InvalidInput(f"game {game} is not in the rotation (games 1-{GAMES[kind]})")
    if kind == "six":
        g6 = SIX_PERSON_ROTATION[game - 1]
        return (g6.home if side == 0 else g6.visitors,)
    g4 = FOUR_PERSON_ROTATION[game - 1]
    return tuple(str(n) for n, _ in (g4.home if side == 0 else g4.visitors))


def check_start(kind: LeagueKind, start: Mapping[str, Sequence[str]]) -> None:
    """Every slot filled with the right number of different players."""
    if set(start) != set(SLOTS[kind]):
        raise InvalidInput(
            f"a line-up fills slots {', '.join(SLOTS[kind])}, got {', '.join(start)}"
        )
    seen: list[str] = [p for slot in SLOTS[kind] for p in start[slot]]
    for slot in SLOTS[kind]:
        if len(start[slot]) != PER_SLOT[kind]:
            raise InvalidInput(f"slot {slot} needs {PER_SLOT[kind]} player(s)")
    dup = sorted({p for p in seen if seen.count(p) > 1})
    if dup:
        raise IllegalInPosition(f"{', '.join(dup)} listed in two line-up places")


def players_by_game(
    kind: LeagueKind,
    side: int,
    start: Mapping[str, Sequence[str]],
    subs: Sequence[Substitution] = (),
) -> list[tuple[str, ...]]:
    """The side's players in each game of the night (in the rotation's slot order)."""
    check_start(kind, start)
    current = {slot: list(start[slot]) for slot in SLOTS[kind]}
    out: list[tuple[str, ...]] = []
    pending = sorted(enumerate(subs), key=lambda x: (x[1].from_game, x[0]))
    for game in range(1, GAMES[kind] + 1):
        for _, sub in [p for p in pending if p[1].from_game == game]:
            _apply(current, game, sub)
        out.append(tuple(p for slot in slot_of(kind, game, side) for p in current[slot]))
    for _, sub in pending:
        if not 1 <= sub.from_game <= GAMES[kind]:
            raise InvalidInput(f"game {sub.from_game} is not in the rotation")
    return out


def _apply(current: dict[str, list[str]], game: int, sub: Substitution) -> None:
    if sub.player_in == sub.player_out:
        raise InvalidInput(f"game {game}: {sub.player_in} cannot replace themselves")
    held = [slot for slot, ps in current.items() if sub.player_out in ps]
    if not held:
        raise IllegalInPosition(f"game {game}: {sub.player_out} is not in the line-up to replace")
    if any(sub.player_in in ps for ps in current.values()):
        raise IllegalInPosition(f"game {game}: {sub.player_in} is already in the line-up")
    for slot in held:
        current[slot] = [sub.player_in if p == sub.player_out else p for p in current[slot]]


def check_night(
    kind: LeagueKind,
    side: int,
    start: Mapping[str, Sequence[str]],
    subs: Sequence[Substitution] = (),
) -> list[tuple[str, ...]]:
    """Players by game, refused if they break Part VII's substitution rules:
    six-person 12(c)-(d) (one rotation position a match); four-person 4 i)-iii)."""
    games = players_by_game(kind, side, start, subs)
    if kind == "six":
        where = [slot_of(kind, n, side)[0] for n in range(1, len(games) + 1)]
        check_six_person_lineup(games, where)
    else:
        check_four_person_lineup([(g[0], g[1]) for g in games], side)
    return games

"""League line-ups (CSC Part VII): who plays each game of a night for one team and at
which end, from the captain's starting line-up, the substitutions and the changes of
ends; and the rulings on a substitution, a change of ends or a game entered as it
happened (VII 7, 12(a)-(d), four-person 3 and 4).

Six-person: a line-up names each pair's players in end order, the first at the left
end (LE) and the second at the right end (RE), in every game of that pair until a
change of ends (VII 7: "Players on either team may change ends in each of their
following games"); a substitute takes the end of the player replaced. Four-person: the
rotation gives every player's end (four-person 3)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.leagues import (
    FOUR_PERSON_ROTATION,
    LE,
    RE,
    SIX_PERSON_ROTATION,
    check_four_person_lineup,
    check_six_person_lineup,
    six_person_infractions,
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
    """From game ``from_game`` on, ``player_in`` takes ``player_out``'s place: made
    before that game began, or, entered as it happened, ``during`` it."""

    from_game: int
    player_out: str
    player_in: str
    during: bool = False


@dataclass(frozen=True, slots=True)
class EndsChange:
    """From game ``from_game`` on, the pair in ``slot`` changes ends (six-person, VII
    7): made before that game began, or, entered as it happened, ``during`` it."""

    from_game: int
    slot: str
    during: bool = False


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


def ends_of(kind: LeagueKind, game: int, side: int) -> tuple[str, ...]:
    """The end (LE or RE) of each of the side's players in ``game``, in the order
    :func:`players_by_game` gives them."""
    if kind == "six":
        slot_of(kind, game, side)
        return (LE, RE)
    g4 = FOUR_PERSON_ROTATION[game - 1]
    return tuple(end for _, end in (g4.home if side == 0 else g4.visitors))


def players_by_game(
    kind: LeagueKind,
    side: int,
    start: Mapping[str, Sequence[str]],
    subs: Sequence[Substitution] = (),
    ends: Sequence[EndsChange] = (),
) -> list[tuple[str, ...]]:
    """The side's players in each game of the night, in the rotation's slot order and,
    within a six-person pair, in end order (LE, RE: :func:`ends_of`)."""
    check_start(kind, start)
    current = {slot: list(start[slot]) for slot in SLOTS[kind]}
    out: list[tuple[str, ...]] = []
    for game in [x.from_game for x in subs] + [x.from_game for x in ends]:
        if not 1 <= game <= GAMES[kind]:
            raise InvalidInput(f"game {game} is not in the rotation")
    pending = sorted(enumerate(subs), key=lambda x: (x[1].from_game, x[0]))
    for game in range(1, GAMES[kind] + 1):
        for _, sub in [p for p in pending if p[1].from_game == game]:
            _apply(current, game, sub)
        for change in ends:
            if change.from_game == game:
                current[change.slot].reverse()
        out.append(tuple(p for slot in slot_of(kind, game, side) for p in current[slot]))
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


def _positions(kind: LeagueKind, side: int) -> list[str]:
    return [slot_of(kind, n, side)[0] for n in range(1, GAMES[kind] + 1)]


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
        check_six_person_lineup(games, _positions(kind, side))
    else:
        check_four_person_lineup([(g[0], g[1]) for g in games], side)
    return games


def rule_substitution(
    kind: LeagueKind,
    side: int,
    start: Mapping[str, Sequence[str]],
    subs: Sequence[Substitution],
    new: Substitution,
    played: Collection[int],
) -> int:
    """Rule on a substitution entered as it happened, after ``subs``; ``played``: the
    games of the match with a result. Returns the match points it forfeits.

    - VII 12(a), "Substitution may be made by the team captain only before the
      beginning of a game. Any player starting a game shall finish the entire game":
      one made during a game is refused (the starter is the game's player; the spare
      may come in before the next game).
    - Six-person 12(c)-(d) (a player returns only in the position they entered in; a
      spare stays in theirs), "PENALTY: Forfeiture of one (1) point for each
      infraction": refused while the games it breaks are still to play (the desk
      stops the infraction); entered after they were played, it stands as it happened
      and forfeits one match point.
    - Four-person 4 i)-iii) ("A team shall not substitute a player in such a manner
      ..."): refused, played or not (no penalty is set: it is not allowed).
    """
    if new.during:
        after = new.from_game + 1
        then = (
            f"{new.player_in} may come in before game {after} (a substitution from game {after})"
            if after <= GAMES[kind]
            else "no game follows"
        )
        raise IllegalInPosition(
            f"a substitution is made only before the beginning of a game and any player "
            f"starting a game shall finish the entire game (VII 12(a)): {new.player_out} "
            f"plays game {new.from_game} to its end; {then}"
        )
    if kind == "four":
        check_night(kind, side, start, [*subs, new])
        return 0
    before = set(
        six_person_infractions(players_by_game(kind, side, start, subs), _positions(kind, side))
    )
    after_games = players_by_game(kind, side, start, [*subs, new])
    caused = [
        x for x in six_person_infractions(after_games, _positions(kind, side)) if x not in before
    ]
    if not caused:
        return 0
    ahead = [x for x in caused if x.game not in played]
    if ahead:
        raise IllegalInPosition(f"{ahead[0]} (VII 12(c)-(d))")
    return 1


def rule_ends_change(kind: LeagueKind, change: EndsChange) -> None:
    """Refuse a change of ends the rules do not allow: during a game (V 1(b): partners
    "remain in such position for the duration of the game"; VII 7 allows it "in each of
    their following games"), or in the four-person format, whose rotation gives every
    player's end (four-person 3; VII 12(b), "No deviation from the rotation system")."""
    if kind == "four":
        raise IllegalInPosition(
            "the four-person rotation gives every player's end (four-person 3) and no "
            "deviation from the rotation system is permitted (VII 12(b))"
        )
    if change.slot not in SLOTS[kind]:
        raise InvalidInput(f"a pair is A, B or C, not {change.slot!r}")
    if change.during:
        raise IllegalInPosition(
            f"partners remain at their ends for the duration of the game (V 1(b)): pair "
            f"{change.slot} may change ends from game {change.from_game + 1}, one of their "
            "following games (VII 7)"
        )


def played_slots(kind: LeagueKind, text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The line-up places that played a game, as entered: ``A v B`` (six-person pairs,
    home first) or ``3+2 v 3+2`` (four-person players)."""
    home, sep, visitors = text.partition(" v ")
    sides = (home, visitors)
    parts = tuple(frozenset(x.strip().upper() for x in t.split("+") if x.strip()) for t in sides)
    per = len(slot_of(kind, 1, 0))
    form = "A v B (the home pair first)" if kind == "six" else "3+2 v 3+2 (home players first)"
    if not sep or any(len(p) != per or not p <= set(SLOTS[kind]) for p in parts):
        raise InvalidInput(f"{text!r} is not like {form}")
    return parts[0], parts[1]


def check_rotation_slots(
    kind: LeagueKind, game: int, slots: tuple[frozenset[str], frozenset[str]]
) -> None:
    """VII 12(b), "No deviation from the rotation system shall be permitted": a game
    entered as played by other line-up places than the rotation's is refused."""
    drawn = tuple(frozenset(slot_of(kind, game, side)) for side in (0, 1))
    if slots != drawn:

        def shown(x: tuple[frozenset[str], ...]) -> str:
            return " v ".join("+".join(sorted(p)) for p in x)

        raise IllegalInPosition(
            f"no deviation from the rotation system is permitted (VII 12(b)): game {game} "
            f"is {shown(drawn)}, not {shown(slots)}"
        )

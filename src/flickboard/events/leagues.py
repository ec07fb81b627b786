"""CSC league formats (Part VII): the six-person and four-person rotations, match
points, substitution limits, forfeits for delay and postponements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.scoring import RaceScore
from flickboard.rules.shuffleboard.game import LEAGUE_TARGET


@dataclass(frozen=True, slots=True)
class SixPersonGame:
    """One game of the six-person rotation: home pair v visiting pair."""

    game: int
    round: int
    home: str
    visitors: str


SIX_PERSON_ROTATION: tuple[SixPersonGame, ...] = tuple(
    SixPersonGame(g, (g - 1) // 3 + 1, pair[0], pair[1])
    for g, pair in enumerate(
        [
            ("A", "A"),
            ("B", "B"),
            ("C", "C"),
            ("A", "B"),
            ("C", "A"),
            ("B", "C"),
            ("C", "B"),
            ("A", "C"),
            ("B", "A"),
        ],
        start=1,
    )
)
"""Part VII six-person rotation. The document numbers the first game of round 2
"Game 1"; it is game 4 (games run 1 to 9, three a round)."""

LE, RE = "LE", "RE"


@dataclass(frozen=True, slots=True)
class FourPersonGame:
    """One game of the four-person rotation: each team's two players with their ends."""

    game: int
    round: int
    home: tuple[tuple[int, str], tuple[int, str]]
    visitors: tuple[tuple[int, str], tuple[int, str]]


def _four(game: int, first: int, second: int) -> FourPersonGame:
    return FourPersonGame(
        game, (game - 1) // 3 + 1, ((first, LE), (second, RE)), ((first, RE), (second, LE))
    )


FOUR_PERSON_ROTATION: tuple[FourPersonGame, ...] = (
    _four(1, 3, 2),
    _four(2, 1, 4),
    _four(3, 3, 1),
    _four(4, 2, 4),
    _four(5, 1, 2),
    _four(6, 3, 4),
)
"""Part VII four-person rotation: players 1-4 of each team, ends LE/RE. In game 6 the
document's "II F)" and "IRE)" are scanning damage for (LE) and (RE)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A game forfeited by ``side`` (0 home, 1 visitors), e.g. for delay."""

    side: int

    def __post_init__(self) -> None:
        if self.side not in (0, 1):
            raise InvalidInput("a forfeit is by side 0 (home) or 1 (visitors)")


LeagueGame = RaceScore | Forfeit


def delay_forfeits(minutes_late: int) -> int:
    """Games forfeited for delay: one at 15 minutes and one per further 15 minutes.

    >>> [delay_forfeits(m) for m in (14, 15, 29, 30, 47)]
    [0, 1, 1, 2, 3]
    """
    if minutes_late < 0:
        raise InvalidInput("minutes late cannot be negative")
    return minutes_late // 15


def with_delay_forfeits(
    games: Sequence[LeagueGame | None], side: int, minutes_late: int
) -> tuple[LeagueGame | None, ...]:
    """Mark the first unplayed games of the rotation as forfeited by the late side."""
    count = delay_forfeits(minutes_late)
    out = list(games)
    for i, g in enumerate(out):
        if count == 0:
            break
        if g is None:
            out[i] = Forfeit(side)
            count -= 1
    if count:
        raise IllegalInPosition("more games forfeited than remain unplayed")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Postponement:
    """VII 14: "A team wishing the postponement of a match shall give the opposing team
    captain ample notice or forfeit the entire match." The team asking, whether the
    notice was ample (as the league judged it), and the notice given."""

    team: str
    ample_notice: bool
    notice: str

    def __post_init__(self) -> None:
        if not self.notice.strip():
            raise InvalidInput(
                "say what notice the opposing captain was given (when and how), or that "
                "none was given (VII 14)"
            )

    def describe(self) -> str:
        """One line for the night's match and the standings."""
        if self.ample_notice:
            return (
                f"postponed at {self.team}'s request with ample notice (VII 14): "
                f"{self.notice}; to be played later"
            )
        return (
            f"postponement asked by {self.team} without ample notice: {self.team} forfeits "
            f"the entire match (VII 14): {self.notice}"
        )


def match_forfeited(games: Sequence[LeagueGame | None], side: int) -> tuple[Forfeit, ...]:
    """Every game of a match forfeited by ``side`` (VII 14, a postponement without ample
    notice); refused once a game of it has a result (the match has begun)."""
    played = [n for n, g in enumerate(games, start=1) if g is not None]
    if played:
        raise IllegalInPosition(
            f"game {played[0]} of the match already has a result: a postponement is asked "
            "before the match (VII 14)"
        )
    return tuple(Forfeit(side) for _ in games)


def _winner(n: int, g: LeagueGame) -> int:
    if isinstance(g, Forfeit):
        return 1 - g.side
    if g.target != LEAGUE_TARGET:
        raise InvalidInput(f"game {n}: a league game is to {LEAGUE_TARGET}, not {g.target}")
    w = g.winner
    if w is None:
        raise InvalidInput(f"game {n} is not decided: {g.totals}")
    return w


def _check_count(games: Sequence[object], n: int) -> None:
    if len(games) > n:
        raise InvalidInput(f"a match has {n} games, got {len(games)}")


def six_person_match_points(games: Sequence[LeagueGame | None]) -> tuple[int, int]:
    """One match point per game won (home, visitors); None marks a game not yet played."""
    _check_count(games, 9)
    points = [0, 0]
    for n, g in enumerate(games, start=1):
        if g is not None:
            points[_winner(n, g)] += 1
    return (points[0], points[1])


def four_person_match_points(
    games: Sequence[LeagueGame | None],
) -> tuple[Fraction, Fraction]:
    """Match points: one per game won, plus one per completed round to the team with
    more total points over its three games (half each on equal totals). A round whose
    three games one side forfeited goes to the other side: a forfeited game scores
    nothing, but a side that played none of the round has no total to share."""
    _check_count(games, 6)
    points = [Fraction(0), Fraction(0)]
    for n, g in enumerate(games, start=1):
        if g is not None:
            points[_winner(n, g)] += 1
    for r in range(2):
        block = games[3 * r : 3 * r + 3]
        if len(block) < 3 or any(g is None for g in block):
            continue
        forfeits = {g.side for g in block if isinstance(g, Forfeit)}
        if len(forfeits) == 1 and all(isinstance(g, Forfeit) for g in block):
            points[1 - forfeits.pop()] += 1
            continue
        totals = [0, 0]
        for g in block:
            if isinstance(g, RaceScore):
                totals[0] += g.totals[0]
                totals[1] += g.totals[1]
        if totals[0] == totals[1]:
            points[0] += Fraction(1, 2)
            points[1] += Fraction(1, 2)
        else:
            points[0 if totals[0] > totals[1] else 1] += 1
    return (points[0], points[1])


def check_four_person_lineup(lineup: Sequence[tuple[str, str]], side: int = 0) -> None:
    """Check one team's players, game by game, in the rotation's two slots.

    Raises :class:`IllegalInPosition` when a player plays more than three games, is
    teamed with the same partner twice, or plays back-to-back games on the same end.
    """
    if len(lineup) > len(FOUR_PERSON_ROTATION):
        raise InvalidInput("a four-person match has six games")
    games: dict[str, list[int]] = {}
    partners: dict[frozenset[str], int] = {}
    last_end: dict[str, tuple[int, str]] = {}
    for spec, players in zip(FOUR_PERSON_ROTATION, lineup, strict=False):
        slots = spec.home if side == 0 else spec.visitors
        a, b = players
        if a == b:
            raise IllegalInPosition(f"game {spec.game}: {a} cannot partner themselves")
        pair = frozenset(players)
        if pair in partners:
            raise IllegalInPosition(
                f"game {spec.game}: {a} and {b} were already partners in game {partners[pair]}"
            )
        partners[pair] = spec.game
        for who, (_, end) in zip(players, slots, strict=True):
            games.setdefault(who, []).append(spec.game)
            if len(games[who]) > 3:
                raise IllegalInPosition(f"game {spec.game}: {who} would play a 4th game tonight")
            prev = last_end.get(who)
            if prev is not None and prev == (spec.game - 1, end):
                raise IllegalInPosition(
                    f"game {spec.game}: {who} played game {spec.game - 1} on the same end ({end})"
                )
            last_end[who] = (spec.game, end)


@dataclass(frozen=True, slots=True)
class Infraction:
    """VII 12(c)-(d): in game ``game`` ``player`` plays in position ``pos``, having
    entered the match in position ``held``."""

    game: int
    player: str
    held: str
    pos: str

    def __str__(self) -> str:
        return (
            f"game {self.game}: {self.player} entered the match in position {self.held} and "
            f"may only return there, not in {self.pos}"
        )


def six_person_infractions(
    lineup: Sequence[Sequence[str]], positions: Sequence[str]
) -> list[Infraction]:
    """Each game a player plays in a rotation position (A, B or C) other than the one
    they entered the match in (VII 12(c)-(d)). ``lineup[i]`` holds the players who took
    part in game ``i+1`` in position ``positions[i]``."""
    held: dict[str, str] = {}
    found = []
    for n, (players, pos) in enumerate(zip(lineup, positions, strict=True), start=1):
        if pos not in ("A", "B", "C"):
            raise InvalidInput(f"game {n}: rotation position must be A, B or C, got {pos!r}")
        for who in players:
            if held.setdefault(who, pos) != pos:
                found.append(Infraction(n, who, held[who], pos))
    return found


def check_six_person_lineup(lineup: Sequence[Sequence[str]], positions: Sequence[str]) -> None:
    """Refuse a line-up in which a player leaves the rotation position (A, B or C) they
    entered the match in (:func:`six_person_infractions`)."""
    found = six_person_infractions(lineup, positions)
    if found:
        raise IllegalInPosition(str(found[0]))

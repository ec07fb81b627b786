"""CSC table shuffleboard tournaments (Part VI): double round robin with aggregate
points, ties for a playoff place by sudden-death single games, and the playoffs."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.draw import Draw, round_robin
from flickboard.play.scoring import RaceScore
from flickboard.play.series import series_winner

Division = Literal[
    "mixed doubles", "ladies singles", "mens singles", "ladies doubles", "mens doubles"
]
"""The events of a CSC championship."""

EVENT_ORDER: dict[str, int] = {
    "mixed doubles": 1,
    "ladies singles": 2,
    "mens singles": 2,
    "ladies doubles": 3,
    "mens doubles": 3,
}
"""Part VI 9: "The rotation of events shall be: Mixed Doubles, Ladies and Men's Singles
and Ladies and Men's Doubles." The stage (1-3) of each event in that rotation; the
ladies' and men's events of a stage are played side by side."""


def rotation_stage(division: str | None) -> int | None:
    """The stage (1-3) of a division in the VI 9 rotation, None outside it."""
    return EVENT_ORDER.get(division or "")


def check_rotation(
    event: str, division: str | None, others: Mapping[str, tuple[str | None, int]]
) -> None:
    """Refuse play in ``event`` while an event of an earlier stage of the same
    championship has round-robin games to play. ``others`` maps each other event of the
    championship to (its division, games still to play).

    **Reading (VI 9):** "the rotation of events" orders the events' double round robins:
    mixed doubles first, then the ladies' and men's singles side by side, then the
    ladies' and men's doubles; an event of a later stage starts once every event of the
    earlier stages has finished its round robin (their playoffs may follow later, 8.2
    puts the finals on the fourth day). An event without a division is outside the
    rotation and is not held back.
    """
    stage = rotation_stage(division)
    if stage is None:
        return
    for name, (other, left) in sorted(others.items()):
        before = rotation_stage(other)
        if before is not None and before < stage and left:
            raise IllegalInPosition(
                f"CSC VI 9: the events rotate mixed doubles, then singles, then doubles: "
                f"{name} ({other}) has {games_text(left)} of its round robin to play before "
                f"{event} ({division}) starts"
            )


def games_text(n: int) -> str:
    """``1 game``, ``2 games``.

    >>> games_text(1), games_text(0)
    ('1 game', '0 games')
    """
    return f"{n} game{'' if n == 1 else 's'}"


def double_round_robin(teams: Sequence[str]) -> tuple[Draw, ...]:
    """Every team meets every other twice, the second time with sides (colours) swapped."""
    first = round_robin(teams)
    n = len(first)
    second = tuple(Draw(d.round_no + n, tuple((b, a) for a, b in d.games), d.bye) for d in first)
    return first + second


@dataclass(frozen=True, slots=True)
class ShuffleResult:
    """A decided shuffleboard game between two teams (side 0 shoots red)."""

    sides: tuple[str, str]
    score: RaceScore

    def __post_init__(self) -> None:
        if self.sides[0] == self.sides[1]:
            raise IllegalInPosition(f"{self.sides[0]} cannot play itself")
        if self.score.winner is None:
            raise InvalidInput(
                f"{self.sides[0]} v {self.sides[1]}: the game is not decided "
                f"(totals {self.score.totals}, target {self.score.target})"
            )

    @property
    def winner(self) -> str:
        """The team that reached the target."""
        w = self.score.winner
        assert w is not None
        return self.sides[w]


@dataclass(frozen=True, slots=True)
class AggregateLine:
    """A team's aggregate after the double round robin: one point per game won."""

    place: int
    team: str
    points: int
    games: int
    scored: int
    tied: bool
    out: bool = False
    """Disqualified in the event (VI 7): placed after every team still in."""


def aggregate_standings(
    teams: Sequence[str],
    results: Sequence[ShuffleResult],
    walkovers: Sequence[tuple[str, str]] = (),
    out: Collection[str] = (),
) -> tuple[AggregateLine, ...]:
    """Teams by aggregate points (games won); equal points share a place.

    ``walkovers`` are (winner, loser) games not played because the loser was out:
    **reading (VI 7 "the Charter shall be disqualified in that event")**, the games a
    disqualified team played stand, and each game it does not play counts as won by
    its opponent (one aggregate point, no points scored). Teams in ``out`` are placed
    after every team still in, and take no playoff place.
    """
    if len(set(teams)) != len(teams):
        raise InvalidInput("a team is listed twice")
    wins = dict.fromkeys(teams, 0)
    games = dict.fromkeys(teams, 0)
    scored = dict.fromkeys(teams, 0)
    meetings: dict[frozenset[str], int] = {}
    for winner, _ in walkovers:
        wins[winner] += 1
        games[winner] += 1
    for r in results:
        for s, team in enumerate(r.sides):
            if team not in wins:
                raise InvalidInput(f"{team} is not in this round robin")
            games[team] += 1
            scored[team] += r.score.totals[s]
        key = frozenset(r.sides)
        meetings[key] = meetings.get(key, 0) + 1
        if meetings[key] > 2:
            raise IllegalInPosition(
                f"{r.sides[0]} and {r.sides[1]} meet only twice in a double round robin"
            )
        wins[r.winner] += 1
    rank = {t: (t not in out, wins[t]) for t in teams}
    order = sorted(teams, key=lambda t: rank[t], reverse=True)
    lines: list[AggregateLine] = []
    for t in order:
        place = 1 + sum(1 for u in teams if rank[u] > rank[t])
        tied = sum(1 for u in teams if rank[u] == rank[t]) > 1
        lines.append(AggregateLine(place, t, wins[t], games[t], scored[t], tied, t in out))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class PlayoffField:
    """Who plays off: ``first`` has a bye to the final; ``semi`` are second and third.

    ``pending`` names a tied group and what its sudden-death draw must decide.
    """

    first: str | None
    semi: tuple[str, ...]
    pending: tuple[tuple[str, ...], str] | None = None


def _sudden_death(group: Sequence[str], games: Sequence[tuple[str, str]], keep: int) -> list[str]:
    """Survivors of single games (winner, loser) among ``group`` until ``keep`` remain."""
    alive = list(group)
    for winner, loser in games:
        if len(alive) == keep:
            raise IllegalInPosition(
                f"sudden-death game {winner} v {loser} played after the place was decided"
            )
        if winner not in alive or loser not in alive or winner == loser:
            raise IllegalInPosition(
                f"sudden-death game {winner} v {loser} is not between two unbeaten tied teams "
                f"({', '.join(alive)})"
            )
        alive.remove(loser)
    return alive


def playoff_field(
    standings: Sequence[AggregateLine],
    sudden_death: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> PlayoffField:
    """The top three, ties broken by sudden-death single games (winner, loser).

    ``sudden_death["first"]`` holds the draw among teams tied for first,
    ``sudden_death["semi"]`` the draw for the semi-final places.
    """
    games = sudden_death or {}
    blocks: list[list[str]] = []
    last: int | None = None
    for line in standings:
        if line.out:
            continue
        if line.points == last:
            blocks[-1].append(line.team)
        else:
            blocks.append([line.team])
        last = line.points
    first: str | None = None
    semi: list[str] = []
    for block in blocks:
        group = list(block)
        if first is None:
            if len(group) == 1:
                first = group[0]
                continue
            alive = _sudden_death(group, games.get("first", ()), 1)
            if len(alive) > 1:
                return PlayoffField(None, (), (tuple(alive), "first place"))
            first = alive[0]
            group = [t for t in group if t != first]
        slots = 2 - len(semi)
        if slots == 0:
            break
        if len(group) <= slots:
            semi.extend(group)
        else:
            alive = _sudden_death(group, games.get("semi", ()), slots)
            if len(alive) > slots:
                return PlayoffField(first, tuple(semi), (tuple(alive), "semi-final places"))
            semi.extend(alive)
        if len(semi) == 2:
            break
    return PlayoffField(first, tuple(semi))


def settled(standings: Sequence[AggregateLine], field: PlayoffField) -> tuple[AggregateLine, ...]:
    """The standings with places as the sudden-death games left them: among teams level
    on aggregate points, first place comes before the semi-finalists (and those still in
    a pending draw), who come before the teams knocked out; only teams the games did not
    separate share a place."""
    alive = set(field.pending[0]) if field.pending else set()

    def through(team: str) -> int:
        if team == field.first:
            return 2
        return 1 if team in field.semi or team in alive else 0

    keys = {line.team: (not line.out, line.points, through(line.team)) for line in standings}
    ordered = sorted(standings, key=lambda line: keys[line.team], reverse=True)
    out = []
    for line in ordered:
        key = keys[line.team]
        place = 1 + sum(1 for k in keys.values() if k > key)
        tied = sum(1 for k in keys.values() if k == key) > 1
        out.append(replace(line, place=place, tied=tied))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PlayoffResult:
    """Winners of the best-of-three semi-final and final, once decided."""

    semi_winner: str | None
    champion: str | None


def playoffs(
    field: PlayoffField, semi_games: Sequence[str], final_games: Sequence[str]
) -> PlayoffResult:
    """Second v third best of three; the winner meets first in a best-of-three final.

    **Reading:** when only two teams are left in the event (a team disqualified, VI 7),
    the second goes to the final without a semi-final.
    """
    if field.pending is not None or field.first is None or not field.semi:
        raise IllegalInPosition("the playoff field is not settled yet")
    if len(field.semi) == 1:
        if semi_games:
            raise IllegalInPosition("no semi-final: only two teams are left in the event")
        semi: str | None = field.semi[0]
    else:
        semi = _series(field.semi, semi_games, "semi-final")
    if semi is None:
        if final_games:
            raise IllegalInPosition("the final cannot start before the semi-final is decided")
        return PlayoffResult(None, None)
    return PlayoffResult(semi, _series((field.first, semi), final_games, "final"))


def _series(sides: Sequence[str], winners: Sequence[str], name: str) -> str | None:
    for w in winners:
        if w not in sides:
            raise InvalidInput(f"{w} is not in the {name} ({' v '.join(sides)})")
    won = series_winner([list(sides).index(x) for x in winners], 3)
    return None if won is None else sides[won]


def field_reasons(
    standings: Sequence[AggregateLine],
    field: PlayoffField,
    sudden_death: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> dict[str, str]:
    """Why each team is first, in the semi-final, still tied, or out (8.2 (a)-(e))."""
    games = sudden_death or {}
    points = {line.team: line.points for line in standings}
    out: dict[str, str] = {}
    for team, pts in points.items():
        level = sorted(t for t, p in points.items() if p == pts and t != team)
        tie = f" (tied with {', '.join(level)})" if level else ""
        record = [
            f"{'beat' if w == team else 'lost to'} {loser if w == team else w}"
            for stage in ("first", "semi")
            for w, loser in games.get(stage, ())
            if team in (w, loser)
        ]
        drawn = any(
            team in (w, loser) or (w in level and loser in level)
            for stage in ("first", "semi")
            for w, loser in games.get(stage, ())
        )
        sd = f"; sudden death: {', '.join(record)}" if record else ""
        if drawn and not record and team in (field.first, *field.semi):
            sd = "; through the sudden-death draw without playing"
        base = f"{pts} aggregate point{'' if pts == 1 else 's'}{tie}{sd}"
        if team == field.first:
            out[team] = f"first, bye to the final (8.2 b): {base}"
        elif team in field.semi and len(field.semi) == 1:
            out[team] = f"to the final, no semi-final with two teams left in: {base}"
        elif team in field.semi:
            out[team] = f"semi-final (8.2 d): {base}"
        elif field.pending is not None and team in field.pending[0]:
            out[team] = f"sudden death for {field.pending[1]} to play (8.2 e): {base}"
        elif field.pending is None:
            out[team] = f"out, not in the top three: {base}"
        else:
            out[team] = f"waiting on the sudden-death draw: {base}"
    return out

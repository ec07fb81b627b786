"""CMN, Crokinole Match Notation: games and matches as short, readable text.

No public specification exists; ours (docs/formats.md) is PGN-like: tag pairs, then
one line per round with each side's board score (20s included) and the 20s in
brackets, then the result::

    [Event "Club night"]
    [Rules "wcc"]
    [Side1 "Ada"]
    [Side2 "Bo"]
    [Game "1"]

    R1 45-20 (1-0)
    R2 30-30 (0-0)
    R3 unplayed
    Result 3-1

>>> game = parse_game('[Side1 "Ada"]\\n[Side2 "Bo"]\\n\\nR1 45-20 (1-0)\\nResult 2-0\\n')
>>> game.game_score().points
(2, 0)
>>> parse_game(dump_game(game)) == game
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.play.scoring import GameScore, RaceScore, RoundScore

SCORING_MODES = ("tournament", "conventional", "fair")
"""Values of the ``Scoring`` tag; tournament when the tag is absent."""

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_ROUND = re.compile(r"^R(\d+)\s+(?:(unplayed)|(\d+(?:-\d+)+)\s+\((\d+(?:-\d+)+)\))$")
_RESULT = re.compile(r"^Result\s+(\*|\d+(?:-\d+)+)$")


@dataclass(frozen=True, slots=True)
class CmnGame:
    """One game in CMN: ordered tag pairs and its rounds; ``unfinished`` for a game
    stopped before its end (``Result *``)."""

    tags: tuple[tuple[str, str], ...]
    rounds: tuple[RoundScore, ...]
    unfinished: bool = False

    def __post_init__(self) -> None:
        names = [name for name, _ in self.tags]
        if len(set(names)) != len(names):
            raise InvalidInput("a CMN tag appears twice")
        for name, value in self.tags:
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
                raise InvalidInput(f"CMN tag name {name!r} must be a letter then letters/digits")
            if "\n" in value:
                raise InvalidInput(f"CMN tag {name} must fit on one line")
        GameScore(self.rounds)  # every round has the same sides
        scoring = self.tag("Scoring") or "tournament"
        if scoring not in SCORING_MODES:
            raise InvalidInput(f"CMN Scoring tag must be one of {', '.join(SCORING_MODES)}")
        if scoring != "tournament" and self.sides != 2:
            raise InvalidInput(f"{scoring} scoring is for two sides")
        target = self.tag("Target")
        if target is not None and not target.isdigit():
            raise InvalidInput(f"CMN Target tag must be a whole number, got {target!r}")
        side_tags = [n for n in names if re.fullmatch(r"Side\d+", n)]
        if side_tags and self.rounds and len(side_tags) != self.sides:
            raise InvalidInput(f"{len(side_tags)} Side tags but rounds have {self.sides} scores")

    @classmethod
    def of(
        cls, rounds: GameScore | Iterable[RoundScore], tags: Mapping[str, str] | None = None
    ) -> CmnGame:
        """A game from a GameScore (or rounds) and tags in the order given."""
        found = rounds.rounds if isinstance(rounds, GameScore) else tuple(rounds)
        return cls(tuple((tags or {}).items()), found)

    @classmethod
    def from_race(cls, race: RaceScore, tags: Mapping[str, str] | None = None) -> CmnGame:
        """A conventional game from a RaceScore: each round's cancelled points as its score.

        A RaceScore keeps no board scores or 20s, so those are written as the cancelled
        points and no 20s.
        """
        extra = {"Scoring": "conventional", "Target": str(race.target)}
        merged = {**(tags or {}), **{k: v for k, v in extra.items() if k not in (tags or {})}}
        rounds = tuple(RoundScore(tuple(step), (0,) * len(step)) for step in race.steps)
        return cls(tuple(merged.items()), rounds)

    def tag(self, name: str) -> str | None:
        """The value of a tag, or None."""
        return dict(self.tags).get(name)

    @property
    def sides(self) -> int:
        """Number of sides (players or teams)."""
        return GameScore(self.rounds).sides

    @property
    def scoring(self) -> str:
        """tournament, conventional or fair (from the Scoring tag)."""
        return self.tag("Scoring") or "tournament"

    def game_score(self) -> GameScore:
        """The rounds as a tournament-scored game."""
        return GameScore(self.rounds)

    def race_score(self) -> RaceScore:
        """The rounds cancelled down, as a race to the Target tag (default 100); a
        ``Termination "time"`` tag says time ran out first (the leader wins)."""
        target = int(self.tag("Target") or 100)
        steps = tuple(r.cancelled for r in self.rounds)
        return RaceScore(target, steps, time_up=self.tag("Termination") == "time")

    def result(self) -> tuple[int, ...]:
        """Game points (tournament) or cancelled totals (conventional, fair)."""
        if self.scoring == "tournament":
            return self.game_score().points
        if not self.rounds:
            return (0,) * self.sides
        return self.race_score().totals


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _dashes(values: Sequence[int]) -> str:
    return "-".join(str(v) for v in values)


def dump_game(game: CmnGame | GameScore, tags: Mapping[str, str] | None = None) -> str:
    """CMN text of one game (a GameScore is wrapped with ``tags``)."""
    if isinstance(game, GameScore):
        game = CmnGame.of(game, tags)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in game.tags]
    if lines:
        lines.append("")
    for n, r in enumerate(game.rounds, start=1):
        if r.unplayed:
            lines.append(f"R{n} unplayed")
        else:
            lines.append(f"R{n} {_dashes(r.scores)} ({_dashes(r.twenties)})")
    lines.append(f"Result {'*' if game.unfinished else _dashes(game.result())}")
    return "\n".join(lines) + "\n"


def dump_match(games: Iterable[CmnGame]) -> str:
    """CMN text of a match: its games one after another, a blank line between."""
    return "\n".join(dump_game(g) for g in games)


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split("-"))


def _parse_lines(lines: list[tuple[int, str]]) -> CmnGame:
    tags: list[tuple[str, str]] = []
    rounds: list[RoundScore] = []
    result: str | None = None
    sides: int | None = None
    for number, line in lines:
        where = f"CMN line {number}"
        if result is not None:
            raise InvalidInput(f"{where}: nothing may follow the Result line of a game")
        if m := _TAG.match(line):
            if rounds:
                raise InvalidInput(f"{where}: tags must come before the rounds")
            tags.append((m.group(1), _unescape(m.group(2))))
        elif m := _ROUND.match(line):
            if int(m.group(1)) != len(rounds) + 1:
                raise InvalidInput(f"{where}: expected round R{len(rounds) + 1}, got R{m.group(1)}")
            if m.group(2):
                if sides is None:
                    raise InvalidInput(f"{where}: an unplayed first round leaves the sides unknown")
                rounds.append(RoundScore((0,) * sides, (0,) * sides, unplayed=True))
                continue
            scores, twenties = _numbers(m.group(3)), _numbers(m.group(4))
            if len(scores) != len(twenties):
                raise InvalidInput(
                    f"{where}: {len(scores)} scores but {len(twenties)} counts of 20s"
                )
            if sides is not None and len(scores) != sides:
                raise InvalidInput(f"{where}: {len(scores)} scores, earlier rounds had {sides}")
            sides = len(scores)
            try:
                rounds.append(RoundScore(scores, twenties))
            except InvalidInput as exc:
                raise InvalidInput(f"{where}: {exc}") from None
        elif m := _RESULT.match(line):
            result = m.group(1)
        else:
            raise InvalidInput(f"{where}: cannot read {line!r} (expected a tag, a round or Result)")
    if result is None:
        raise InvalidInput("a CMN game must end with a Result line")
    try:
        game = CmnGame(tuple(tags), tuple(rounds), unfinished=result == "*")
    except InvalidInput as exc:
        raise InvalidInput(f"CMN game: {exc}") from None
    if result != "*" and _numbers(result) != game.result():
        raise InvalidInput(
            f"CMN Result {result} does not match the rounds, which give {_dashes(game.result())}"
        )
    return game


def _meaningful(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith("[") else raw.strip()
        if line:
            out.append((number, line))
    return out


def parse_match(text: str) -> tuple[CmnGame, ...]:
    """Every game of a CMN text (each ends with its Result line)."""
    if not isinstance(text, str):
        raise InvalidInput("CMN must be text")
    games: list[CmnGame] = []
    current: list[tuple[int, str]] = []
    for number, line in _meaningful(text):
        current.append((number, line))
        if _RESULT.match(line):
            games.append(_parse_lines(current))
            current = []
    if current:
        raise InvalidInput(f"CMN line {current[-1][0]}: the last game has no Result line")
    if not games:
        raise InvalidInput("the CMN text holds no game")
    return tuple(games)


def parse_game(text: str) -> CmnGame:
    """The one game of a CMN text; :class:`InvalidInput` if it holds more or none."""
    games = parse_match(text)
    if len(games) != 1:
        raise InvalidInput(f"expected one CMN game, found {len(games)}")
    return games[0]

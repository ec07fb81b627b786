"""flickboard scoresheets: games and matches as short, readable text (``.scoresheet``).

flickboard's own PGN-like notation of round scores, which earlier versions wrongly
called CMN (the real Crokinole Match Notation is the public JSON draft read and written
by :mod:`flickboard.play.cmn`). Files written under the old name still load. Tag
pairs, then one line per round with each side's board score (20s included) and the 20s
in brackets, then the result::

    [Event "Club night"]
    [Rules "wcc"]
    [Side1 "Ada"]
    [Side2 "Bo"]
    [Game "1"]

    R1 45-20 (1-0)
    R2 30-30 (0-0)
    R3 60-20 (2-1)
    R4 unplayed
    Result 5-1

A sheet is checked as a scorecard is: a tournament game has four rounds (a fifth and
later only in a championship game still tied), a finished one all four; a race
(conventional, fair) has no round after a side reached the target.

>>> sheet = "R1 45-20 (1-0)\\nR2 30-30 (0-0)\\nR3 60-20 (2-1)\\nR4 unplayed\\nResult 5-1\\n"
>>> game = parse_sheet('[Side1 "Ada"]\\n[Side2 "Bo"]\\n\\n' + sheet)
>>> game.game_score().points
(5, 1)
>>> parse_sheet(dump_sheet(game)) == game
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.play.crokinole import ROUNDS_PER_GAME
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules.crokinole.options import check_game_form

SCORING_MODES = ("tournament", "conventional", "fair")
"""Values of the ``Scoring`` tag; tournament when the tag is absent."""

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_ROUND = re.compile(r"^R(\d+)\s+(?:(unplayed)|(\d+(?:-\d+)+)\s+\((\d+(?:-\d+)+)\))$")
_RESULT = re.compile(r"^Result\s+(\*|\d+(?:-\d+)+)$")


@dataclass(frozen=True, slots=True)
class SheetGame:
    """One game on a scoresheet: ordered tag pairs and its rounds; ``unfinished`` for a
    game stopped before its end (``Result *``)."""

    tags: tuple[tuple[str, str], ...]
    rounds: tuple[RoundScore, ...]
    unfinished: bool = False

    def __post_init__(self) -> None:
        names = [name for name, _ in self.tags]
        if len(set(names)) != len(names):
            raise InvalidInput("a scoresheet tag appears twice")
        for name, value in self.tags:
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
                raise InvalidInput(
                    f"scoresheet tag name {name!r} must be a letter then letters/digits"
                )
            if "\n" in value:
                raise InvalidInput(f"scoresheet tag {name} must fit on one line")
        GameScore(self.rounds)  # every round has the same sides
        scoring = self.tag("Scoring") or "tournament"
        if scoring not in SCORING_MODES:
            raise InvalidInput(f"the Scoring tag must be one of {', '.join(SCORING_MODES)}")
        if scoring != "tournament" and self.sides != 2:
            raise InvalidInput(f"{scoring} scoring is for two sides")
        target = self.tag("Target")
        if target is not None and not target.isdigit():
            raise InvalidInput(f"the Target tag must be a whole number, got {target!r}")
        side_tags = [n for n in names if re.fullmatch(r"Side\d+", n)]
        if side_tags and self.rounds and len(side_tags) != self.sides:
            raise InvalidInput(f"{len(side_tags)} Side tags but rounds have {self.sides} scores")
        self._check_play()

    def _check_play(self) -> None:
        """What a scorecard is checked for: no round the rules would not have played,
        and a finished game played to its end."""
        n = len(self.rounds)
        rule_set = (self.tag("Rules") or "").split(" ")[0].lower()
        check_game_form(
            rule_set, scoring=self.scoring, championship=self.tag("Championship") == "yes"
        )
        if self.scoring != "tournament":
            race = self.race_score()
            reached = race.reached_at
            if reached is not None and reached < n:
                a, b = RaceScore(race.target, race.steps[:reached]).totals
                raise InvalidInput(
                    f"R{reached + 1}: the game ended at {a}-{b} in R{reached}, when a side "
                    f"reached {race.target}; no round is played after that"
                )
            if not self.unfinished and race.winner is None:
                a, b = race.totals if self.rounds else (0, 0)
                raise InvalidInput(
                    f"the game to {race.target} is not decided at {a}-{b}: a finished race "
                    'reaches the target or ends by time (Termination "time"); a game stopped '
                    "early ends Result *"
                )
            return
        championship = self.tag("Championship") == "yes" and self.sides == 2
        for k in range(ROUNDS_PER_GAME, n):
            if not championship:
                raise InvalidInput(
                    f"R{k + 1}: a tournament game has {ROUNDS_PER_GAME} rounds; more are "
                    f'played only in a championship game (Championship "yes") still tied'
                )
            if GameScore(self.rounds[:k]).winner is not None:
                raise InvalidInput(
                    f"R{k + 1}: the championship game was decided after {k} rounds; another "
                    "round is played only while the game is tied"
                )
        if self.unfinished:
            return
        if n < ROUNDS_PER_GAME:
            raise InvalidInput(
                f"a finished tournament game has {ROUNDS_PER_GAME} rounds, this one {n} "
                "(a game stopped early ends Result *)"
            )
        if championship and self.game_score().winner is None:
            a, b = self.game_score().points
            raise InvalidInput(
                f"the championship game is tied {a}-{b} after {n} rounds: a winner has to be "
                "determined (another round), or the game ends Result *"
            )

    @classmethod
    def of(
        cls, rounds: GameScore | Iterable[RoundScore], tags: Mapping[str, str] | None = None
    ) -> SheetGame:
        """A game from a GameScore (or rounds) and tags in the order given."""
        found = rounds.rounds if isinstance(rounds, GameScore) else tuple(rounds)
        return cls(tuple((tags or {}).items()), found)

    @classmethod
    def from_race(cls, race: RaceScore, tags: Mapping[str, str] | None = None) -> SheetGame:
        """A conventional game from a RaceScore: each round's cancelled points as its score.

        A RaceScore keeps no board scores or 20s, so those are written as the cancelled
        points and no 20s; a race ended by time gets ``Termination "time"``.
        """
        extra = {"Scoring": "conventional", "Target": str(race.target)}
        if race.time_up:
            extra["Termination"] = "time"
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


def dump_sheet(game: SheetGame | GameScore, tags: Mapping[str, str] | None = None) -> str:
    """Scoresheet text of one game (a GameScore is wrapped with ``tags``)."""
    if isinstance(game, GameScore):
        game = SheetGame.of(game, tags)
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


def dump_sheets(games: Iterable[SheetGame]) -> str:
    """Scoresheet text of a match: its games one after another, a blank line between."""
    return "\n".join(dump_sheet(g) for g in games)


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split("-"))


def _parse_lines(lines: list[tuple[int, str]]) -> SheetGame:
    tags: list[tuple[str, str]] = []
    rounds: list[RoundScore] = []
    result: str | None = None
    sides: int | None = None
    for number, line in lines:
        where = f"scoresheet line {number}"
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
        raise InvalidInput("a scoresheet game must end with a Result line")
    try:
        game = SheetGame(tuple(tags), tuple(rounds), unfinished=result == "*")
    except InvalidInput as exc:
        raise InvalidInput(f"scoresheet game ending line {lines[-1][0]}: {exc}") from None
    if result != "*" and _numbers(result) != game.result():
        raise InvalidInput(
            f"Result {result} does not match the rounds, which give {_dashes(game.result())}"
        )
    return game


def _meaningful(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith("[") else raw.strip()
        if line:
            out.append((number, line))
    return out


def parse_sheets(text: str) -> tuple[SheetGame, ...]:
    """Every game of a scoresheet text (each ends with its Result line)."""
    if not isinstance(text, str):
        raise InvalidInput("a scoresheet must be text")
    games: list[SheetGame] = []
    current: list[tuple[int, str]] = []
    for number, line in _meaningful(text):
        current.append((number, line))
        if _RESULT.match(line):
            games.append(_parse_lines(current))
            current = []
    if current:
        raise InvalidInput(f"scoresheet line {current[-1][0]}: the last game has no Result line")
    if not games:
        raise InvalidInput("the scoresheet holds no game")
    return tuple(games)


def parse_sheet(text: str) -> SheetGame:
    """The one game of a scoresheet; :class:`InvalidInput` if it holds more or none."""
    games = parse_sheets(text)
    if len(games) != 1:
        raise InvalidInput(f"expected one scoresheet game, found {len(games)}")
    return games[0]

"""Game review, the coach: which shots cost a player, by how much, and what was better.

Every shot of the reviewed seats in a record is weighed from the view its player had,
under the execution noise of a skill level (docs/review.md):

- the pool of shots the search weighs (the game's candidates and sampled shots,
  :mod:`flickboard.agents.widen`) is screened by successive halving on common draws of
  the player's noise, and the best one valid as meant is the **best shot**;
- the shot played, taken as an aim, the best shot and the **meant shot** (the shot of the
  pool nearest the one played in start, angle and speed, each difference scaled by the
  level's noise) are valued on the same fresh draws: their **expected values**;
- the **expected loss** is the best expected value less the played shot's, on the
  win-probability scale ((1 + value) / 2), and gives the **label**
  (:data:`THRESHOLDS`); the meant shot's loss says whether the choice was good, the
  gap between the played and the meant shot how far the hand missed it.

Per player and game: an **accuracy** from 0 to 100 (lichess's formula on each shot's
loss, :func:`shot_accuracy`, averaged), the three costliest shots, open 20s missed (the
best shot was an open 20 and no 20 was made) and takeouts missed (the meant shot was a
takeout and no opposing disc went out). Both games go through the one game interface.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.planner import Evaluator, intended, successive_halving
from flickboard.agents.tactics import tactics_for
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics import Shot
from flickboard.play.kind import GameKind, kind_of_record
from flickboard.play.match import Step
from flickboard.play.noise import ExecutionNoise, check_level
from flickboard.play.view import View
from flickboard.rules.base import Fate, Ruling

DEFAULT_LEVEL = "competitive"
"""The level whose noise a shot is weighed under when none is given."""

THRESHOLDS: tuple[tuple[float, str], ...] = (
    (0.02, "best"),
    (0.05, "good"),
    (0.10, "inaccuracy"),
    (0.20, "mistake"),
)
"""Labels by expected loss in win probability: under 0.02 best, under 0.05 good, under
0.10 inaccuracy, under 0.20 mistake, else :data:`BLUNDER` (chess.com's steps)."""

BLUNDER = "blunder"
LABELS: tuple[str, ...] = (*(name for _, name in THRESHOLDS), BLUNDER)
"""Every label, best first."""

COSTLIEST = 3
"""Costliest shots listed per player and game."""

ANGLE_FLOOR = 1e-3
START_FLOOR = 1e-3
SPEED_FLOOR = 5e-3
"""Smallest noise scales (rad, m, relative) the nearness of shots is measured in (a
noiseless level still finds the meant shot)."""


def label_of(loss: float) -> str:
    """The label of an expected loss in win probability."""
    for limit, name in THRESHOLDS:
        if loss < limit:
            return name
    return BLUNDER


def shot_accuracy(loss: float) -> float:
    """Accuracy 0-100 of one shot from its expected loss in win probability (lichess:
    103.1668 exp(-0.04354 loss%) - 3.1669, clipped)."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return min(100.0, max(0.0, value))


def win_chance(value: float) -> float:
    """A value in [-1, 1] on the win-probability scale [0, 1]."""
    return (1.0 + value) / 2.0


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How hard the review looks at each shot.

    Attributes:
        candidates: most of the game's candidate shots weighed.
        widen: sampled shots weighed with them (None: the game's planner number).
        schedule: draws each screening stage plays a surviving shot on (growing).
        finalists: shots left after the last stage.
        samples: fresh draws the best, played and meant shots are valued on.
    """

    candidates: int = 80
    widen: int | None = None
    schedule: tuple[int, ...] = (3, 8, 16)
    finalists: int = 3
    samples: int = 32

    def __post_init__(self) -> None:
        if min(self.candidates, self.finalists, self.samples) < 1:
            raise InvalidInput("review budget counts must be positive")
        if self.widen is not None and self.widen < 0:
            raise InvalidInput("a review budget's widen must not be negative")
        if not self.schedule or list(self.schedule) != sorted(set(self.schedule)):
            raise InvalidInput("the screening schedule must be a growing list of draw counts")
        if self.schedule[0] < 1:
            raise InvalidInput("the screening schedule's draw counts must be positive")


@dataclass(frozen=True, slots=True)
class Aim:
    """A shot weighed in a review: what it tries, the shot, its expected value (win
    probability)."""

    kind: str
    words: str
    shot: Shot
    value: float

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"kind": self.kind, "words": self.words, "shot": shot_json(self.shot),
                "value": round(self.value, 4)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Miss:
    """How far the shot played is from the shot meant: start (mm along the line, right
    positive), angle (degrees, left positive: counter-clockwise), speed (%, harder
    positive)."""

    start_mm: float
    angle_deg: float
    speed_pct: float

    def words(self) -> str:
        """ "the release was 2.1 degrees to the left and 4 % too hard"."""
        parts = []
        if abs(self.angle_deg) >= 0.05:
            side = "left" if self.angle_deg > 0 else "right"
            parts.append(f"{abs(self.angle_deg):.1f} degrees to the {side}")
        if abs(self.speed_pct) >= 0.5:
            parts.append(
                f"{abs(self.speed_pct):.0f} % too {'hard' if self.speed_pct > 0 else 'soft'}"
            )
        if abs(self.start_mm) >= 0.5:
            side = "right" if self.start_mm > 0 else "left"
            parts.append(f"started {abs(self.start_mm):.0f} mm to the {side}")
        if not parts:
            return "the release was true"
        return "the release was " + " and ".join(parts)

    def to_json(self) -> dict[str, float]:
        """JSON-ready."""
        return {"start_mm": round(self.start_mm, 1), "angle_deg": round(self.angle_deg, 2),
                "speed_pct": round(self.speed_pct, 1)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ShotReview:
    """One shot weighed (values on the win-probability scale, 0 to 1).

    ``value_before`` is the position's value to the shooter with the best shot found;
    ``outcome`` the value of the position the shot actually left; ``played`` the shot
    played taken as an aim, with its expected value over the level's noise.
    """

    game: int
    round: int
    number: int
    index: int
    """The shot's number in the whole record, every seat's shots counted (from 1)."""
    seat: int
    side: int
    level: str
    value_before: float
    outcome: float
    played: Aim
    best: Aim
    meant: Aim
    miss: Miss
    expected_loss: float
    label: str
    choice_loss: float
    choice_label: str
    open_20_missed: bool
    takeout_missed: bool

    @property
    def accuracy(self) -> float:
        """This shot's accuracy (0-100)."""
        return shot_accuracy(self.expected_loss)

    @property
    def comment(self) -> str:
        """The coach's sentence: the choice, then the hand ("you chose the takeout of the
        green in the 15, which was best; the release was 2.1 degrees to the left")."""
        if self.choice_label in ("best", "good"):
            verdict = "which was best" if self.choice_label == "best" else "a good choice"
        else:
            article = "an" if self.choice_label[0] in "aeiou" else "a"
            other = "another" if self.best.words == self.meant.words else "the"
            verdict = (
                f"{article} {self.choice_label}: {other} {self.best.words} was worth "
                f"{100 * self.choice_loss:.0f} points of winning chance more"
            )
        return f"you chose {aim_words(self.meant.words)}, {verdict}; {self.miss.words()}"

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (docs/review.md, "The review file")."""
        return {
            "game": self.game,
            "round": self.round,
            "shot": self.number,
            "index": self.index,
            "seat": self.seat,
            "side": self.side,
            "level": self.level,
            "value_before": round(self.value_before, 4),
            "outcome": round(self.outcome, 4),
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "meant": self.meant.to_json(),
            "miss": self.miss.to_json(),
            "expected_loss": round(self.expected_loss, 4),
            "label": self.label,
            "choice_loss": round(self.choice_loss, 4),
            "choice_label": self.choice_label,
            "accuracy": round(self.accuracy, 1),
            "open_20_missed": self.open_20_missed,
            "takeout_missed": self.takeout_missed,
            "comment": self.comment,
        }


def aim_words(words: str) -> str:
    """An intent after "you chose": "the takeout of ...", "to raise the red ..."."""
    verb = words.split(" ", 1)[0] in ("raise", "tap", "hide")
    return f"to {words}" if verb else f"the {words}"


def shot_json(shot: Shot) -> dict[str, float]:
    """A shot's start, angle, speed and spin, rounded."""
    return {"x": round(shot.x, 5), "y": round(shot.y, 5), "angle": round(shot.angle, 5),
            "speed": round(shot.speed, 4), "spin": round(shot.spin, 3)}  # fmt: skip


# -- one shot ---------------------------------------------------------------------------


def nearest(view: View, pool: Sequence[Candidate], shot: Shot, noise: ExecutionNoise) -> Candidate:
    """The shot of ``pool`` most likely meant when ``shot`` was played: the nearest in
    start (along the start line), angle and relative speed, each difference divided by
    the level's noise in it (floors :data:`START_FLOOR`, :data:`ANGLE_FLOOR`,
    :data:`SPEED_FLOOR`); spin is not weighed."""
    line = view.start_line
    at = line.offset(line.param(shot.x, shot.y))
    s_start = max(noise.start, START_FLOOR)
    s_angle = max(noise.angle, ANGLE_FLOOR)
    s_speed = max(noise.speed, SPEED_FLOOR)

    def distance(c: Candidate) -> float:
        d_start = (at - line.offset(line.param(c.shot.x, c.shot.y))) / s_start
        d_angle = math.remainder(shot.angle - c.shot.angle, 2 * math.pi) / s_angle
        d_speed = (shot.speed / c.shot.speed - 1.0) / s_speed
        return d_start * d_start + d_angle * d_angle + d_speed * d_speed

    return min(pool, key=distance)


def miss_of(view: View, played: Shot, meant: Shot) -> Miss:
    """How far ``played`` is from ``meant``."""
    line = view.start_line
    start = line.offset(line.param(played.x, played.y)) - line.offset(line.param(meant.x, meant.y))
    angle = math.degrees(math.remainder(played.angle - meant.angle, 2 * math.pi))
    return Miss(1000.0 * start, angle, 100.0 * (played.speed / meant.speed - 1.0))


def review_rng(seed: int, view: View) -> np.random.Generator:
    """The generator of one shot's review (reproducible for a seed and a turn)."""
    words = (seed, view.round_number, view.turn.seat, view.turn.disc, *view.scores)
    return np.random.default_rng([w % (1 << 64) for w in words])


def screen(
    view: View, noise: ExecutionNoise, budget: ReviewBudget, rng: np.random.Generator
) -> tuple[list[Candidate], Evaluator, Candidate]:
    """The pool of shots weighed from ``view`` (candidates and sampled shots), the
    evaluator under ``noise``, and the best shot valid as meant after screening."""
    params = view.physics
    tactics = tactics_for(view.game)
    pool = candidates(view, params)[: budget.candidates]
    widen = tactics.planner_widen if budget.widen is None else budget.widen
    pool += tactics.sampled(view, params, widen, rng)
    if not pool:
        raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
    evaluator = Evaluator(view, noise, params)
    draws = ExecutionNoise.draws(rng, budget.schedule[-1])
    screened = successive_halving(
        evaluator, pool, draws, budget.schedule, finalists=budget.finalists
    )
    best, _ = intended(view, screened)
    return pool, evaluator, best


def best_shot(
    view: View, level: str = DEFAULT_LEVEL, budget: ReviewBudget | None = None, seed: int = 0
) -> Aim:
    """The best shot from ``view`` for a player of ``level``, as the review finds it
    (a hint), with its expected value (win probability)."""
    from flickboard.play.kind import game_kind

    budget = budget or ReviewBudget()
    noise = game_kind(view.game).noise_at(check_level(level), view)
    rng = review_rng(seed, view)
    _, evaluator, best = screen(view, noise, budget, rng)
    value = evaluator.mean(best.shot, ExecutionNoise.draws(rng, budget.samples))
    return Aim(best.kind, best.words, best.shot, win_chance(value))


def review_shot(
    view: View,
    played: Shot,
    ruling: Ruling,
    level: str = DEFAULT_LEVEL,
    budget: ReviewBudget | None = None,
    seed: int = 0,
    *,
    place: tuple[int, int, int, int] = (1, 1, 1, 1),
) -> ShotReview:
    """Weigh one shot played from ``view`` (ruled ``ruling``) under ``level``'s noise;
    ``place`` is its game, round, number in the round and number in the record."""
    from flickboard.play.kind import game_kind

    budget = budget or ReviewBudget()
    noise = game_kind(view.game).noise_at(check_level(level), view)
    rng = review_rng(seed, view)
    pool, evaluator, best = screen(view, noise, budget, rng)
    meant = nearest(view, pool, played, noise)
    fresh = ExecutionNoise.draws(rng, budget.samples)
    v_best, v_played, v_meant = (
        win_chance(v) for v in evaluator.means([best.shot, played, meant.shot], fresh)
    )
    if v_meant > v_best:  # the shot meant is the best found
        best, v_best = meant, v_meant
    top = max(v_best, v_played)
    outcome = win_chance(
        tactics_for(view.game).values(
            view, [(ruling.position_after, evaluator.twenties(ruling))], evaluator.outlook
        )[0]
    )
    loss = top - v_played
    choice = max(0.0, top - v_meant)
    me = view.turn.side
    out = {d.disc for d in ruling.decisions if d.fate is Fate.OUT}
    theirs_out = any(view.position.side_of(d) != me for d in out if d != view.turn.disc)
    game, rnd, number, index = place
    return ShotReview(
        game=game,
        round=rnd,
        number=number,
        index=index,
        seat=view.turn.seat,
        side=me,
        level=level,
        value_before=top,
        outcome=outcome,
        played=Aim("played", "shot played", played, v_played),
        best=Aim(best.kind, best.words, best.shot, v_best),
        meant=Aim(meant.kind, meant.words, meant.shot, v_meant),
        miss=miss_of(view, played, meant.shot),
        expected_loss=loss,
        label=label_of(loss),
        choice_loss=choice,
        choice_label=label_of(choice),
        open_20_missed=best.kind == "open20" and not ruling.twenties().get(me, 0),
        takeout_missed=meant.kind == "takeout" and not theirs_out,
    )


# -- players and games ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One seat in one game: its accuracy and where it lost most."""

    game: int
    seat: int
    side: int
    name: str
    level: str
    shots: int
    accuracy: float
    mean_loss: float
    labels: Mapping[str, int]
    costliest: tuple[int, ...]
    """Indexes in :attr:`Review.shots` of the costliest shots, costliest first."""
    open_20s_missed: int
    takeouts_missed: int

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "game": self.game,
            "seat": self.seat,
            "side": self.side,
            "name": self.name,
            "level": self.level,
            "shots": self.shots,
            "accuracy": round(self.accuracy, 1),
            "mean_loss": round(self.mean_loss, 4),
            "labels": dict(self.labels),
            "costliest": list(self.costliest),
            "open_20s_missed": self.open_20s_missed,
            "takeouts_missed": self.takeouts_missed,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A whole record reviewed: every reviewed shot and each player per game."""

    game: str
    rules: str
    shots: tuple[ShotReview, ...]
    players: tuple[PlayerReview, ...]
    skipped: int = 0
    """Shots of the reviewed seats not weighed (entered by hand: no shot to weigh)."""

    def to_json(self) -> dict[str, Any]:
        """The review file (docs/review.md)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "thresholds": {name: limit for limit, name in THRESHOLDS},
            "shots": [s.to_json() for s in self.shots],
            "players": [p.to_json() for p in self.players],
            "skipped": self.skipped,
        }


FORMAT = "flickboard/review"
VERSION = 1


def player_names(kind: GameKind, tags: Mapping[str, str]) -> dict[int, str]:
    """Player names by side from a record's ``Players`` tag (``red=Ann, green=Joe``) or
    its ``Side1``, ``Side2``... tags (the browser table's); a
    name two sides share (``bot``) is told apart by its colour."""
    colours = {name: side for side, name in enumerate(kind.side_names)}
    names: dict[int, str] = {}
    for side, colour in enumerate(kind.side_names):  # the table's tags: Side1 = "Ann"
        given = tags.get(f"Side{side + 1}", "").strip()
        if given and given != colour:
            names[side] = given
    for part in tags.get("Players", "").split(","):
        colour, _, name = part.partition("=")
        if colour.strip() in colours and name.strip():
            names[colours[colour.strip()]] = name.strip()
    shared = {n for n in names.values() if list(names.values()).count(n) > 1}
    return {
        side: f"{n} ({kind.side_name(side)})" if n in shared else n for side, n in names.items()
    }


def players_of(
    shots: Sequence[ShotReview], kind: GameKind, names: Mapping[int, str]
) -> tuple[PlayerReview, ...]:
    """Each seat's review in each game, in game then seat order."""
    groups: dict[tuple[int, int], list[int]] = {}
    for i, s in enumerate(shots):
        groups.setdefault((s.game, s.seat), []).append(i)
    out = []
    for (game, seat), index in sorted(groups.items()):
        mine = [shots[i] for i in index]
        labels = {name: sum(1 for s in mine if s.label == name) for name in LABELS}
        worst = sorted(index, key=lambda i: -shots[i].expected_loss)[:COSTLIEST]
        side = mine[0].side
        out.append(
            PlayerReview(
                game=game,
                seat=seat,
                side=side,
                name=names.get(side, kind.side_name(side)),
                level=mine[0].level,
                shots=len(mine),
                accuracy=sum(s.accuracy for s in mine) / len(mine),
                mean_loss=sum(s.expected_loss for s in mine) / len(mine),
                labels=labels,
                costliest=tuple(worst),
                open_20s_missed=sum(s.open_20_missed for s in mine),
                takeouts_missed=sum(s.takeout_missed for s in mine),
            )
        )
    return tuple(out)


Progress = Callable[[int, int], None]
"""Told (shots weighed, shots to weigh) after each shot."""


def review_record(
    data: object,
    *,
    seats: Iterable[int] | None = None,
    level: str = DEFAULT_LEVEL,
    levels: Mapping[int, str] | None = None,
    budget: ReviewBudget | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Review a game or match record (any game; as the terminal or the table writes it).

    ``seats`` are the seats reviewed (default all); each shot is weighed under
    ``levels[seat]`` or ``level``. Raises :class:`InvalidInput` for a record that does
    not load or a seat not at its table.
    """
    kind = kind_of_record(data)
    match = kind.match_from_json(data)
    chosen = set(match.seats if seats is None else seats)
    stray = chosen - set(match.seats)
    if stray:
        raise match.not_a_seat(min(stray))
    by_seat = {seat: check_level((levels or {}).get(seat, level)) for seat in chosen}
    todo = sum(
        1
        for a in match.history
        if getattr(a, "seat", None) in chosen and getattr(a, "record", None)
    )
    shots: list[ShotReview] = []
    skipped = 0
    counts: dict[tuple[int, int], int] = {}
    index = 0
    for view, result in match.replay_views():
        if view is None or not isinstance(result, Step):
            continue
        index += 1
        key = (result.game, result.round)
        counts[key] = counts.get(key, 0) + 1
        if view.turn.seat not in chosen:
            continue
        shot = result.entry.record.shot
        if shot is None:
            skipped += 1
        else:
            place = (result.game, result.round, counts[key], index)
            shots.append(
                review_shot(
                    view, shot, result.ruling, by_seat[view.turn.seat], budget, seed, place=place
                )
            )
        if progress is not None:
            progress(len(shots) + skipped, todo)
    tags = _tags(data)
    players = players_of(shots, kind, player_names(kind, tags))
    return Review(kind.name, match.referee.name, tuple(shots), players, skipped)


def _tags(data: object) -> dict[str, str]:
    """A record's tags (a match record's, else its first game's)."""
    if not isinstance(data, dict):
        return {}
    tags = data.get("tags")
    if not tags and isinstance(data.get("games"), list) and data["games"]:
        tags = data["games"][0].get("tags")
    return {str(k): str(v) for k, v in dict(tags or {}).items()}


# -- across games -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trend:
    """A player's accuracy across games, in the order given, with the least-squares
    change per game."""

    name: str
    accuracies: tuple[float, ...]
    sources: tuple[str, ...]
    slope: float = field(default=0.0)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "name": self.name,
            "games": [{"source": s, "accuracy": round(a, 1)} for s, a in
                      zip(self.sources, self.accuracies, strict=True)],
            "mean": round(sum(self.accuracies) / len(self.accuracies), 1),
            "slope_per_game": round(self.slope, 2),
        }  # fmt: skip


def trends(reviews: Sequence[tuple[str, Review]]) -> list[Trend]:
    """Each player's accuracy across ``(source, review)`` pairs, by name (the colour when
    the record names nobody)."""
    series: dict[str, list[tuple[str, float]]] = {}
    for source, review in reviews:
        for p in review.players:
            series.setdefault(p.name, []).append((f"{source}#{p.game}", p.accuracy))
    out = []
    for name, points in sorted(series.items(), key=lambda kv: _natural(kv[0])):
        acc = [a for _, a in points]
        out.append(Trend(name, tuple(acc), tuple(s for s, _ in points), _slope(acc)))
    return out


def _slope(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(values) / n
    num = sum((i - mx) * (v - my) for i, v in enumerate(values))
    den = sum((i - mx) ** 2 for i in range(n))
    return num / den


def _natural(text: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text)]

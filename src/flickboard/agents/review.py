"""Game review, the coach: which shots cost a player, by how much, and what was better.

Every shot of the reviewed seats in a record is weighed from the view its player had,
under the execution noise of a skill level (docs/review.md):

- the pool of shots the search weighs (the game's candidates and sampled shots,
  :mod:`flickboard.agents.widen`) is screened by successive halving on common draws of
  the player's noise, and the best one valid as meant is the **best shot**, its words
  naming what it does played without noise;
- the shot played, taken as an aim, the best shot and the **meant shot** are valued on
  the same fresh draws: their **expected values**. The meant shot is the record's
  (:mod:`flickboard.play.intent`: an AI's choice, a person's aim, or the shot itself
  when played exactly as aimed); only where none was recorded is it inferred (the shot
  of the pool nearest the one played in start, angle and speed, each difference scaled
  by the level's noise), and the review says so (:data:`MEANT_FROM`);
- the **expected loss** is the best expected value less the played shot's, on the
  win-probability scale ((1 + value) / 2), and gives the **label**
  (:data:`THRESHOLDS`); the meant shot's loss says whether the choice was good, the
  gap between the played and the meant shot how far the hand missed it;
- a shot entered by hand (a real board: no aim) is judged by its **outcome**: the best
  shot's expected value against the value of the position it left
  (:func:`review_outcome`).

Per player and game: an **accuracy** from 0 to 100 (lichess's formula on each shot's
loss, :func:`shot_accuracy`, averaged), the three costliest shots, open 20s missed (the
best shot was an open 20 and no 20 was made) and takeouts missed (the meant shot was a
takeout and no opposing disc went out). The game's story: each side's winning chance
after every shot and the key moments (:meth:`Review.chances`, :meth:`Review.moments`).
Both games go through the one game interface.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.explain import as_played, called, played_out
from flickboard.agents.planner import Evaluator, intended, successive_halving, valid_as_meant
from flickboard.agents.tactics import tactics_for
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics import Shot
from flickboard.play.intent import Intent, intents_of
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

KEY_MOMENTS = 5
"""Key moments a review lists: the shots that swung the winning chances most."""

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
    probability) and the disc its words name (if any)."""

    kind: str
    words: str
    shot: Shot
    value: float
    target: int | None = None

    @classmethod
    def of(cls, candidate: Candidate, value: float) -> Aim:
        """A candidate shot with its expected value."""
        return cls(candidate.kind, candidate.words, candidate.shot, value, candidate.target)

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


MEANT_FROM: tuple[str, ...] = ("ai", "aim", "exact", "inferred", "outcome")
"""Where a review's shot meant comes from: the AI's choice and a person's aim as the record
holds them (:mod:`flickboard.play.intent`), the shot itself (played exactly as aimed),
inferred from the release (nothing recorded), or none: a shot entered by hand from a
real board is judged by its outcome."""


@dataclass(frozen=True, slots=True)
class ShotReview:
    """One shot weighed (values on the win-probability scale, 0 to 1).

    ``value_before`` is the position's value to the shooter with the best shot found;
    ``outcome`` the value of the position the shot actually left; ``played`` the shot
    played taken as an aim, with its expected value over the level's noise, and
    ``meant`` the shot meant (:data:`MEANT_FROM` says whence); both None for a shot
    entered by hand, judged by its outcome.
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
    best: Aim
    expected_loss: float
    label: str
    meant_from: str
    played: Aim | None = None
    meant: Aim | None = None
    miss: Miss | None = None
    choice_loss: float | None = None
    choice_label: str | None = None
    open_20_missed: bool = False
    takeout_missed: bool = False

    @property
    def accuracy(self) -> float:
        """This shot's accuracy (0-100)."""
        return shot_accuracy(self.expected_loss)

    @property
    def comment(self) -> str:
        """The coach's sentence: the choice, then the hand ("you chose the takeout of the
        green in the 15, which was best; the release was 2.1 degrees to the left, which
        cost 3 points"), or, for a shot entered by hand, the position it left against the
        best choice."""
        if self.meant is None or self.played is None or self.miss is None:
            return self._by_outcome()
        meant = aim_words(self.meant.words)
        verdict = self._verdict()
        if self.meant_from == "exact":
            return f"you played {meant} exactly as aimed, {verdict}"
        hand = self.miss.words()
        change = self.played.value - self.meant.value
        if abs(change) >= 0.005 or self.label != self.choice_label:
            # said whenever the shot's label is not the choice's: the hand made the gap
            hand += f", which {'gained' if change > 0 else 'cost'} {points(abs(change))}"
        if self.meant_from == "inferred":
            return f"no aim was recorded: most likely you meant {meant}, {verdict}; {hand}"
        return f"you chose {meant}, {verdict}; {hand}"

    def _verdict(self) -> str:
        """The choice judged: best, good, or what was better and by how much."""
        assert self.meant is not None and self.choice_loss is not None
        other = "another" if self.best.words == self.meant.words else "the"
        if self.choice_label == "best":
            return "which was best"
        if self.choice_label == "good":
            return f"a good choice, {points(self.choice_loss)} below {other} {self.best.words}"
        label = str(self.choice_label)
        article = "an" if label[0] in "aeiou" else "a"
        return (
            f"{article} {label}: {other} {self.best.words} was worth "
            f"{points(self.choice_loss)} of winning chance more"
        )

    def _by_outcome(self) -> str:
        left = f"the position it left was worth {100 * self.outcome:.0f} % to win"
        best = f"{100 * self.value_before:.0f} % for the {self.best.words}"
        if self.label == "best":
            return f"judged by its outcome: {left}, as much as {best}"
        article = "an" if self.label[0] in "aeiou" else "a"
        return (
            f"judged by its outcome: {left}, against {best}: {article} {self.label}, "
            f"{points(self.expected_loss)} below the best choice"
        )

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
            "meant_from": self.meant_from,
            "played": None if self.played is None else self.played.to_json(),
            "best": self.best.to_json(),
            "meant": None if self.meant is None else self.meant.to_json(),
            "miss": None if self.miss is None else self.miss.to_json(),
            "expected_loss": round(self.expected_loss, 4),
            "label": self.label,
            "choice_loss": None if self.choice_loss is None else round(self.choice_loss, 4),
            "choice_label": self.choice_label,
            "accuracy": round(self.accuracy, 1),
            "open_20_missed": self.open_20_missed,
            "takeout_missed": self.takeout_missed,
            "comment": self.comment,
        }


def points(loss: float) -> str:
    """A difference in win probability in points of winning chance: "3 points"."""
    n = round(100 * loss)
    if n < 1:
        return "under 1 point"
    return f"{n} point{'s' if n != 1 else ''}"


def retry_words(tried: Mapping[str, Any], game: Mapping[str, Any] | None = None) -> str:
    """The coach on a shot tried again from a reviewed position (both shots as the review
    file writes them): how the new shot compares with the best from there, and with the
    shot the game saw (``game``: its review, when there is one)."""
    played, best = tried["played"], tried["best"]
    label = str(tried["label"])
    text = (
        f"your new shot is worth {100 * played['value']:.0f} % to win, the best "
        f"({best['words']}) {100 * best['value']:.0f} %: "
    )
    if label == "best":
        text += "as good as the best"
    else:
        article = "an" if label[0] in "aeiou" else "a"
        text += f"{article} {label}, {points(tried['expected_loss'])} below it"
    if game is not None:
        then = game["played"]["value"] if game["played"] is not None else game["outcome"]
        change = played["value"] - then
        text += f"; in the game this shot was {game['label']} ({100 * then:.0f} %)"
        if abs(change) >= 0.005:
            text += f": {points(abs(change))} {'better' if change > 0 else 'worse'} now"
    return text


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
    evaluator under ``noise``, and the best shot valid as meant after screening, its
    words naming what it does played as meant (:func:`~flickboard.agents.explain.as_played`
    on the ruling the choice was made by: no shot is played again)."""
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
    best, ruling = intended(view, screened)
    return pool, evaluator, as_played(view, best, ruling) or best


def weighing(
    view: View, level: str, budget: ReviewBudget | None, seed: int
) -> tuple[list[Candidate], Evaluator, Candidate, np.random.Generator, ReviewBudget]:
    """What every review of a shot from ``view`` starts with: the pool, the evaluator
    under ``level``'s noise at this view, the best shot, the shot's generator (its
    draws still to come are the fresh ones) and the budget."""
    from flickboard.play.kind import game_kind

    budget = budget or ReviewBudget()
    noise = game_kind(view.game).noise_at(check_level(level), view)
    rng = review_rng(seed, view)
    pool, evaluator, best = screen(view, noise, budget, rng)
    return pool, evaluator, best, rng, budget


def best_shot(
    view: View, level: str = DEFAULT_LEVEL, budget: ReviewBudget | None = None, seed: int = 0
) -> Aim:
    """The best shot from ``view`` for a player of ``level``, as the review finds it
    (a hint), with its expected value (win probability); its words say what it does
    played without noise."""
    _, evaluator, best, rng, budget = weighing(view, level, budget, seed)
    value = evaluator.mean(best.shot, ExecutionNoise.draws(rng, budget.samples))
    return Aim.of(best, win_chance(value))


def meant_shot(
    view: View,
    pool: Sequence[Candidate],
    played: Shot,
    noise: ExecutionNoise,
    intent: Intent | None,
) -> tuple[Candidate, str]:
    """The shot meant when ``played`` was played, and whence (:data:`MEANT_FROM`): the
    recorded intent (an AI's choice with its own words; a person's aim, or the shot
    itself when played exactly, named for what it does as meant), else the shot of the
    pool nearest the release (:func:`nearest`), named for what it does as meant."""
    if intent is None:
        guess = nearest(view, pool, played, noise)
        return as_played(view, guess, played_out(view, guess.shot)) or guess, "inferred"
    shot = intent.meant(played)
    if intent.words:
        return Candidate(shot, intent.kind, intent.words, intent.target), intent.by
    return called(view, shot) or Candidate(shot, "aim", "shot as aimed"), intent.by


def left_value(view: View, evaluator: Evaluator, ruling: Ruling) -> float:
    """The value (win probability) of the position a shot left, to its shooter."""
    after = [(ruling.position_after, evaluator.twenties(ruling))]
    return win_chance(tactics_for(view.game).values(view, after, evaluator.outlook)[0])


def review_shot(
    view: View,
    played: Shot,
    ruling: Ruling,
    level: str = DEFAULT_LEVEL,
    budget: ReviewBudget | None = None,
    seed: int = 0,
    *,
    place: tuple[int, int, int, int] = (1, 1, 1, 1),
    intent: Intent | None = None,
) -> ShotReview:
    """Weigh one shot played from ``view`` (ruled ``ruling``) under ``level``'s noise;
    ``place`` is its game, round, number in the round and number in the record;
    ``intent`` what the record says was meant (None: inferred, :func:`meant_shot`)."""
    pool, evaluator, best, rng, budget = weighing(view, level, budget, seed)
    meant, source = meant_shot(view, pool, played, evaluator.noise, intent)
    fresh = ExecutionNoise.draws(rng, budget.samples)
    v_best, v_played, v_meant = (
        win_chance(v) for v in evaluator.means([best.shot, played, meant.shot], fresh)
    )
    if v_meant > v_best and valid_as_meant(view, meant):  # the shot meant is the best found
        best, v_best = meant, v_meant
    top = max(v_best, v_played)
    loss = top - v_played
    choice = max(0.0, top - v_meant)
    me = view.turn.side
    out = {d.disc for d in ruling.decisions if d.fate is Fate.OUT}
    theirs_out = any(view.position.side_of(d) != me for d in out if d != view.turn.disc)
    return judged(
        view,
        ruling,
        level,
        place,
        Aim.of(best, v_best),
        top,
        left_value(view, evaluator, ruling),
        loss,
        source,
        played=Aim("played", "shot played", played, v_played),
        meant=Aim.of(meant, v_meant),
        miss=miss_of(view, played, meant.shot),
        choice_loss=choice,
        choice_label=label_of(choice),
        takeout_missed=meant.kind == "takeout" and not theirs_out,
    )


def review_outcome(
    view: View,
    ruling: Ruling,
    level: str = DEFAULT_LEVEL,
    budget: ReviewBudget | None = None,
    seed: int = 0,
    *,
    place: tuple[int, int, int, int] = (1, 1, 1, 1),
) -> ShotReview:
    """Weigh a shot entered by hand (a real board: no aim to weigh) by its outcome: the
    best shot's expected value under ``level``'s noise against the value of the
    position the shot left (docs/review.md, "Games from a real board")."""
    _, evaluator, best, rng, budget = weighing(view, level, budget, seed)
    v_best = win_chance(evaluator.mean(best.shot, ExecutionNoise.draws(rng, budget.samples)))
    outcome = left_value(view, evaluator, ruling)
    loss = max(0.0, v_best - outcome)
    return judged(
        view, ruling, level, place, Aim.of(best, v_best), v_best, outcome, loss, "outcome"
    )


def judged(
    view: View,
    ruling: Ruling,
    level: str,
    place: tuple[int, int, int, int],
    best: Aim,
    value_before: float,
    outcome: float,
    loss: float,
    meant_from: str,
    **more: Any,
) -> ShotReview:
    """A shot's review from what every review finds: the best shot, the position's value
    before, the value of the position the shot left and the expected loss (the label and
    whether an open 20 was missed follow); ``more``: the aim's fields, if it had one."""
    game, rnd, number, index = place
    me = view.turn.side
    return ShotReview(
        game=game,
        round=rnd,
        number=number,
        index=index,
        seat=view.turn.seat,
        side=me,
        level=check_level(level),
        value_before=value_before,
        outcome=outcome,
        best=best,
        expected_loss=loss,
        label=label_of(loss),
        meant_from=meant_from,
        open_20_missed=best.kind == "open20" and not ruling.twenties().get(me, 0),
        **more,
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
    """A whole record reviewed: every reviewed shot, each player per game, and the
    game's story (:meth:`chances`, :meth:`moments`)."""

    game: str
    rules: str
    shots: tuple[ShotReview, ...]
    players: tuple[PlayerReview, ...]
    sides: int = 2

    def chances(self) -> list[list[float]]:
        """Each side's winning chance before the first reviewed shot and after each:
        the shooter's is the value of the position its shot left; with two sides the
        other's is the rest, with more each side keeps its own until it shoots again."""
        if not self.shots:
            return []
        now = [1.0 / self.sides] * self.sides
        first = self.shots[0]
        points = [self._with(now, first.side, first.value_before)]
        for s in self.shots:
            points.append(self._with(points[-1], s.side, s.outcome))
        return points

    def _with(self, before: list[float], side: int, chance: float) -> list[float]:
        if self.sides == 2:
            return [chance, 1.0 - chance] if side == 0 else [1.0 - chance, chance]
        return [chance if k == side else c for k, c in enumerate(before)]

    def moments(self, count: int = KEY_MOMENTS) -> list[tuple[int, float]]:
        """The key moments: the ``count`` shots that swung their shooter's winning
        chance most (index in :attr:`shots`, the swing: after less before), largest
        first."""
        points = self.chances()
        swings = [(i, points[i + 1][s.side] - points[i][s.side]) for i, s in enumerate(self.shots)]
        return sorted(swings, key=lambda iv: (-abs(iv[1]), iv[0]))[:count]

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
            "story": {
                "chances": [[round(c, 4) for c in point] for point in self.chances()],
                "moments": [{"shot": i, "swing": round(v, 4)} for i, v in self.moments()],
            },
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
    intents = intents_of(data)
    shots: list[ShotReview] = []
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
        shot, level = result.entry.record.shot, by_seat[view.turn.seat]
        place = (result.game, result.round, counts[key], index)
        if shot is None:
            reviewed = review_outcome(view, result.ruling, level, budget, seed, place=place)
        else:
            intent = intents[index - 1] if index <= len(intents) else None
            reviewed = review_shot(
                view, shot, result.ruling, level, budget, seed, place=place, intent=intent
            )
        shots.append(reviewed)
        if progress is not None:
            progress(len(shots), todo)
    tags = _tags(data)
    players = players_of(shots, kind, player_names(kind, tags))
    return Review(kind.name, match.referee.name, tuple(shots), players, match.sides)


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

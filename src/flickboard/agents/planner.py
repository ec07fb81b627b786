"""The planner: candidate shots weighed by their value under the player's own noise.

Each candidate is played many times with execution noise (common random draws for all
candidates, so differences are not luck; every candidate on a few draws first, the best
quarter on all of them), every outcome is ruled on by the referee and
valued by :mod:`flickboard.agents.valuation`; the best candidate that is a valid shot
when played as meant is then refined by a cross-entropy search over its angle and speed
(fresh draws each iteration, the incumbent re-scored on them), and its value is
measured afresh (:func:`settle`). Decisions are reproducible: every random draw comes from
a generator seeded by the player's seed and the turn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from flickboard.agents.batch import simulate_many
from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.explain import THROW_AWAY, as_played, outcome, played_out
from flickboard.agents.player import Aims, AIPlayer, Choice, aims_anything, turn_rng
from flickboard.agents.tactics import tactics_for
from flickboard.agents.valuation import Outlook, outlook_after, values_of
from flickboard.agents.value_model import check_variant
from flickboard.agents.weigh import FAILED, Values, shot_means, weigh
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput, PhysicsError
from flickboard.physics import PhysicsParams, Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.noise import Draws, ExecutionNoise, clip_speed, execute
from flickboard.play.view import View
from flickboard.rules.base import Ruling


@dataclass(frozen=True, slots=True)
class PlannerBudget:
    """How hard the planner thinks.

    Attributes:
        samples: noisy executions per candidate.
        candidates: most candidates weighed (the first ones generated are kept).
        refine_rounds: cross-entropy iterations on the best candidate (0: none).
        population: shots tried per cross-entropy iteration.
        elite: best shots the next iteration is fitted to.
        screen: draws every candidate is first played on; the best quarter go on to
            all ``samples`` draws (successive halving; none when not under ``samples``).
        widen: shots sampled across the shooter's choices (other starts, cuts and
            weights: the game's ``Tactics.sampled``) screened with the candidates,
            when discs are in play; None: the game's own number
            (``Tactics.planner_widen``).
        quasi: weigh shots on quasi-random draws of the execution noise (a shifted
            Sobol sequence: :func:`~flickboard.play.noise.sobol_normals`) instead of
            independent ones.
        value: the learned value that weighs positions: None the game's own, else a
            named variant (:data:`~flickboard.agents.value_model.VARIANTS`).
    """

    samples: int = 24
    candidates: int = 80
    refine_rounds: int = 2
    population: int = 8
    elite: int = 3
    screen: int = 6
    widen: int | None = None
    quasi: bool = False
    value: str | None = None

    def __post_init__(self) -> None:
        check_variant(self.value)
        if self.samples < 1 or self.candidates < 1 or self.population < 1:
            raise InvalidInput("planner budget counts must be positive")
        if self.widen is not None and self.widen < 0:
            raise InvalidInput("a planner budget's widen must not be negative")
        if self.screen < 0:
            raise InvalidInput("a planner budget's screen must not be negative")
        if self.refine_rounds < 0 or not 1 <= self.elite <= self.population:
            raise InvalidInput(
                "a planner budget needs refine_rounds >= 0 and 1 <= elite <= population"
            )


@dataclass
class Evaluator:
    """Values shots from one view: noisy executions, the referee, the valuation (for a
    shooter that leaves a 20 of its own to luck, :attr:`Outlook.twenties_by_luck`,
    such a 20 is not counted: its disc is simply gone from the board)."""

    view: View
    noise: ExecutionNoise
    params: PhysicsParams
    twenties_by_luck: bool = False
    value: str | None = None
    outlook: Outlook = field(init=False)

    def __post_init__(self) -> None:
        self.outlook = outlook_after(self.view, self.noise, self.twenties_by_luck, self.value)

    def outcomes(self, shot: Shot, draws: Draws) -> list[tuple[Ruling | None, float]]:
        """Each noisy execution's ruling (None if it failed) and value."""
        return self.outcomes_of([shot], draws)[0]

    def outcomes_of(
        self, shots: Sequence[Shot], draws: Draws
    ) -> list[list[tuple[Ruling | None, float]]]:
        """For each shot, each noisy execution's ruling (None if it failed) and value:
        every execution of every shot simulated in one batch and valued in one call."""
        view = self.view
        played = [execute(self.noise, view, shot, z).shot for shot in shots for z in draws]
        try:
            records = simulate_many(
                view.position.layout, played, shooter=view.turn.disc, params=self.params
            )
        except PhysicsError:
            if len(shots) > 1:  # find the shot the physics could not finish
                return [self.outcomes(shot, draws) for shot in shots]
            return [[(None, FAILED) for _ in draws]]
        rulings: list[Ruling | None] = []
        for record in records:
            try:
                rulings.append(
                    None if record is None else view.referee.rule(view.position, view.turn, record)
                )
            except FlickboardError:
                # An outcome the referee cannot rule on is not a shot to play for.
                rulings.append(None)
        ruled = [r for r in rulings if r is not None]
        values = iter(
            values_of(view, [(r.position_after, self.twenties(r)) for r in ruled], self.outlook)
        )
        flat = [(r, FAILED if r is None else next(values)) for r in rulings]
        n = len(draws)
        return [flat[k * n : (k + 1) * n] for k in range(len(shots))]

    def values(self, shots: Sequence[Shot], draws: Draws) -> Values:
        """The value of each noisy execution of each shot (:func:`weigh`: batch
        physics, compiled rulings, array values; no records, no Python rulings)."""
        return weigh(self.view, self.noise, self.params, shots, draws, self.outlook)

    def means(self, shots: Sequence[Shot], draws: Draws) -> list[float]:
        """Mean value of each shot over the draws (one batch)."""
        if len(draws) == 0:
            return [0.0 for _ in shots]
        return shot_means(self.values(shots, draws))

    def twenties(self, ruling: Ruling) -> dict[int, int]:
        """The 20s made in the round once ``ruling``'s shot is played, by side."""
        twenties = dict(ruling.twenties())
        if self.outlook.twenties_by_luck:
            twenties.pop(self.view.turn.side, None)
        for side, count in enumerate(self.view.twenties):
            twenties[side] = twenties.get(side, 0) + count
        return twenties

    def mean(self, shot: Shot, draws: Draws) -> float:
        """Mean value of the shot over the draws."""
        return self.means([shot], draws)[0]


def successive_halving(
    evaluator: Evaluator,
    pool: Sequence[Candidate],
    draws: Draws,
    schedule: Sequence[int],
    keep: float = 0.25,
    finalists: int = 1,
) -> list[tuple[Candidate, float]]:
    """Candidates still in the race after each stage, best first, with their means.

    Stage ``k`` plays every surviving candidate on the first ``schedule[k]`` draws (the
    draws of earlier stages are reused, not replayed), then keeps the best ``keep``
    share (never fewer than ``finalists``). The last stage's survivors are returned
    with their means over ``schedule[-1]`` draws; ties keep the order of ``pool``.
    """
    if not pool:
        return []
    if list(schedule) != sorted(schedule) or schedule[-1] > len(draws) or schedule[0] < 1:
        raise InvalidInput("the schedule must grow and fit within the draws")
    totals = [0.0] * len(pool)
    alive = list(range(len(pool)))
    done = 0
    for stage, n in enumerate(schedule):
        means = evaluator.means([pool[i].shot for i in alive], draws[done:n])
        for i, mean in zip(alive, means, strict=True):
            totals[i] += mean * (n - done)
        done = n
        alive.sort(key=lambda i: (-totals[i], i))
        if stage < len(schedule) - 1:
            alive = alive[: max(finalists, math.ceil(len(alive) * keep))]
    return [(pool[i], totals[i] / done) for i in alive]


def rank(
    evaluator: Evaluator, pool: Sequence[Candidate], draws: Draws
) -> list[tuple[Candidate, float]]:
    """Candidates with their mean values, best first (ties keep generation order)."""
    scored = list(zip(pool, evaluator.means([c.shot for c in pool], draws), strict=True))
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][1], i))
    return [scored[i] for i in order]


def refine(
    evaluator: Evaluator,
    best: Candidate,
    budget: PlannerBudget,
    rng: np.random.Generator,
    hardest: float = MAX_SPEED,
) -> tuple[Candidate, float]:
    """Cross-entropy search over the angle and speed of ``best`` (no faster than
    ``hardest``)."""
    mu = np.array([best.shot.angle, best.shot.speed])
    sigma = np.array(tactics_for(evaluator.view.game).refine_spread(best.shot))
    incumbent, value = best, -math.inf
    for _ in range(budget.refine_rounds):
        draws = ExecutionNoise.draws(rng, budget.samples, budget.quasi)
        pool = [incumbent]
        for a, s in mu + sigma * rng.standard_normal((budget.population, 2)):
            speed = min(clip_speed(float(s)), hardest)
            pool.append(replace(best, shot=replace(best.shot, angle=float(a), speed=speed)))
        ranked = rank(evaluator, pool, draws)
        incumbent, value = ranked[0]
        elite = np.array([[c.shot.angle, c.shot.speed] for c, _ in ranked[: budget.elite]])
        mu = elite.mean(axis=0)
        sigma = np.maximum(elite.std(axis=0), sigma * 0.2)
    return incumbent, value


@dataclass
class Planner(AIPlayer):
    """Expected-value planner with its own execution noise (skill = noise + planner)."""

    budget: PlannerBudget = field(default_factory=PlannerBudget)
    label = "planner"

    def evaluator(self, view: View) -> Evaluator:
        """An evaluator of shots from ``view`` under this player's noise, counting on
        the 20s this player plays for (:meth:`AIPlayer.twenties_by_luck`)."""
        return Evaluator(
            view, self.noise_in(view), view.physics, self.twenties_by_luck(view), self.budget.value
        )

    def ranked(self, view: View) -> list[tuple[Candidate, float]]:
        """The candidates that survive screening, with their mean values over all the
        draws, best first, each named for what it does played as meant (:func:`named`)."""
        return named(view, self._screened(view))

    def _screened(self, view: View) -> list[tuple[Candidate, float]]:
        pool = candidates(view, view.physics)[: self.budget.candidates]
        if not pool:
            raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
        # On a clear board the tactics' own shots are the aims (crokinole's open 20 and
        # the calibration's draws); sampled shots would only chase the draws' noise.
        tactics = tactics_for(view.game)
        widen = tactics.planner_widen if self.budget.widen is None else self.budget.widen
        if widen and view.position.layout.discs:
            rng = turn_rng(self.seed, view, 7)
            pool += tactics.sampled(view, view.physics, widen, rng)
        pool = self.within_reach(view, pool)
        draws = self.draws(view)
        screen = self.budget.screen
        if 0 < screen < self.budget.samples:
            return successive_halving(
                self.evaluator(view), pool, draws, (screen, self.budget.samples), finalists=4
            )
        return rank(self.evaluator(view), pool, draws)

    def draws(self, view: View) -> Draws:
        """The noise draws every candidate is weighed on at this turn."""
        budget = self.budget
        return ExecutionNoise.draws(turn_rng(self.seed, view, 1), budget.samples, budget.quasi)

    def choose(self, view: View) -> Choice:
        """The shot to aim, before execution noise (see :func:`settle`); when no
        candidate left after screening is valid played as meant, sampled shots that are
        valid join them (:meth:`valid_more`)."""
        evaluator = self.evaluator(view)
        ranked = self.ranked(view)
        if not any(valid_as_meant(view, c) for c, _ in ranked):
            more = rank(evaluator, self.valid_more(view), self.draws(view))
            ranked = sorted([*ranked, *more], key=lambda cv: -cv[1])
        return settle(
            evaluator, ranked, self.budget, self.seed, self.hardest(view), self.aims(view)
        )

    def valid_more(self, view: View) -> list[Candidate]:
        """Up to :data:`MORE_SHOTS` shots sampled across the shooter's choices (the
        search's widening: other starts, cuts, weights) that are valid played as meant."""
        rng = turn_rng(self.seed, view, 5)
        pool = tactics_for(view.game).sampled(view, view.physics, MORE_SHOTS, rng)
        return [c for c in self.within_reach(view, pool) if valid_as_meant(view, c)]


DECIDED = 0.98
"""A shot ruled invalid (a throw-away) is only meant when it is worth at least this: the
round is decided."""


MORE_SHOTS = 60
"""Shots sampled when none of the planner's candidates is valid played as meant."""


def named(view: View, ranked: Sequence[tuple[Candidate, float]]) -> list[tuple[Candidate, float]]:
    """Ranked candidates named for what they do played as meant
    (:func:`~flickboard.agents.explain.as_played`: a takeout that removes nothing as
    meant is called what it does); those that cannot be played are dropped."""
    out = []
    for candidate, value in ranked:
        honest = as_played(view, candidate, played_out(view, candidate.shot))
        if honest is not None:
            out.append((honest, value))
    return out


def valid_as_meant(view: View, candidate: Candidate) -> bool:
    """Whether the referee rules the candidate valid when played exactly as meant."""
    ruling = played_out(view, candidate.shot)
    return ruling is not None and ruling.valid


def intended(
    view: View, ranked: Sequence[tuple[Candidate, float]], aims: Aims = aims_anything
) -> tuple[Candidate, Ruling | None]:
    """The best candidate that is a valid shot when played as meant, and its ruling.

    A shot the player does not play for (``aims``: a recreational crokinole player's
    20 among opposing discs) is meant only when no valid shot it plays for is found. A
    shot the referee rules invalid played without noise (one that strikes no opposing
    disc when it must) is never meant while a valid one is found, unless it is worth
    at least :data:`DECIDED` and more than the best valid one (the round is decided);
    then its words say so. With no valid candidate at all, the best one is taken and
    called what it is.
    """
    top, top_value = ranked[0]
    rulings: dict[int, Ruling | None] = {}

    def ruling_of(i: int) -> Ruling | None:
        if i not in rulings:
            rulings[i] = played_out(view, ranked[i][0].shot)
        return rulings[i]

    def first_valid(wanted: Aims) -> int | None:
        for i in range(len(ranked)):
            ruling = ruling_of(i)
            if ruling is not None and ruling.valid and wanted(ruling):
                return i
        return None

    found = first_valid(aims)
    if found is None and aims is not aims_anything:
        found = first_valid(aims_anything)
    if found is not None:
        candidate, value = ranked[found]
        if candidate is top or top_value < DECIDED or top_value <= value:
            return candidate, ruling_of(found)
    ruling = ruling_of(0)
    if ruling is not None and not ruling.valid and not top.words.startswith(THROW_AWAY):
        why = "the round is decided" if top_value >= DECIDED else "no valid shot was found"
        top = replace(top, words=f"throw-away ({why}); {top.words}")
    return top, ruling


def settle(
    evaluator: Evaluator,
    ranked: Sequence[tuple[Candidate, float]],
    budget: PlannerBudget,
    seed: int,
    hardest: float = MAX_SPEED,
    aims: Aims = aims_anything,
) -> Choice:
    """The choice from ranked candidates: the best meant as a valid shot the player
    plays for (:func:`intended`), its angle and speed refined by cross-entropy (not on
    an empty board), and the refined shot kept only if it stays valid, stays a shot the
    player plays for, and beats the unrefined one on fresh draws. The
    value given is the chosen shot's mean over those fresh draws (not the maximum of
    noisy means the ranking picked it by)."""
    view = evaluator.view
    best, ruling = intended(view, ranked, aims)
    fresh = ExecutionNoise.draws(turn_rng(seed, view, 4), budget.samples, budget.quasi)
    value = evaluator.mean(best.shot, fresh)
    # On an empty board the aim at a spot is the skill test's own (OPEN_TWENTY_DEPTH of
    # the drop window): refining it would only chase the noise of the draws.
    if budget.refine_rounds and view.position.layout.discs:
        refined, _ = refine(evaluator, best, budget, turn_rng(seed, view, 2), hardest)
        after = played_out(view, refined.shot)
        keeps_valid = after is not None and (after.valid or ruling is None or not ruling.valid)
        keeps_aim = after is not None and (aims(after) or ruling is None or not aims(ruling))
        if refined.shot != best.shot and keeps_valid and keeps_aim:
            sharper = evaluator.mean(refined.shot, fresh)
            if sharper > value:
                best, value, ruling = as_played(view, refined, after) or refined, sharper, after
    return Choice(best, value, budget.samples, outcome(view, ruling))

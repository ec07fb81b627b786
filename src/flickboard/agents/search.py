"""The search player: expectimax over the opponent's reply.

The planner ranks this player's candidates; the best few (every candidate near the
end of a round, :attr:`SearchBudget.exhaustive_at` discs left or fewer) are played out
over several noisy executions, and after each the opponent's best reply is found from
its own candidate set under the same noise model. A candidate is worth the mean, over
its executions, of the position after that reply (zero-sum: minus the opponent's
value). When the opponent has no disc left, the planner's one-ply value is exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flickboard.agents.base import View
from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.noise import Draws, ExecutionNoise, noise_for
from flickboard.agents.planner import (
    Choice,
    Evaluator,
    Planner,
    PlannerBudget,
    execute,
    params_for,
    rank,
    refine,
    turn_rng,
)
from flickboard.agents.valuation import outlook_after, seat_side
from flickboard.physics import Shot
from flickboard.rules.base import Ruling, Side, Turn


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How deep and wide the search looks.

    Attributes:
        planner: the budget of the first, one-ply ranking.
        top: own candidates searched (when not exhaustive).
        outcomes: noisy executions of each searched candidate.
        replies: opponent candidates weighed per outcome (when not exhaustive).
        reply_samples: noisy executions of each reply.
        exhaustive_at: with this many discs (or fewer) left in the round, counting this
            shot, every candidate of both players is searched.
    """

    planner: PlannerBudget = field(default_factory=PlannerBudget)
    top: int = 4
    outcomes: int = 6
    replies: int = 20
    reply_samples: int = 4
    exhaustive_at: int = 2

    def __post_init__(self) -> None:
        if min(self.top, self.outcomes, self.replies, self.reply_samples) < 1:
            raise ValueError("search budget counts must be positive")


def reply_view(view: View, ruling: Ruling) -> View | None:
    """The view of the next shooter after ``ruling`` (None when the round is over)."""
    game = view.referee.game
    me = view.turn.seat if game == "crokinole" else view.turn.side
    counts = dict(view.discs_left) or {me: 1}
    counts[me] = max(counts.get(me, 1) - 1, 0)
    keys = sorted(counts)
    order = keys[keys.index(me) + 1 :] + keys[: keys.index(me) + 1]
    nxt = next((k for k in order if counts[k] > 0), None)
    if nxt is None:
        return None
    side = seat_side(view, nxt)
    seat = nxt if game == "crokinole" else view.turn.seat
    return View(
        view.referee,
        ruling.position_after,
        Turn(seat, side, view.turn.disc + 1),
        tuple(sorted(counts.items())),
        view.round_number,
        view.scores,
    )


@dataclass
class SearchPlayer:
    """Expectimax over the opponent's reply, on top of the planner."""

    level: str = "club"
    seed: int = 0
    budget: SearchBudget = field(default_factory=SearchBudget)
    name: str = ""
    noise: ExecutionNoise | None = None
    last_choice: Choice | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if not self.name:
            self.name = f"search:{self.level}"

    def noise_in(self, view: View) -> ExecutionNoise:
        """The execution noise of this player in the game of the view."""
        return self.noise if self.noise is not None else noise_for(view.referee.game, self.level)

    def _planner(self) -> Planner:
        return Planner(self.level, self.seed, self.budget.planner, noise=self.noise)

    def reply_value(self, view: View, exhaustive: bool, banked: Mapping[Side, int]) -> float:
        """The opponent's best reply value from ``view`` (its own point of view).

        The replies are screened on a few draws; the best one is then valued afresh on
        independent draws, so the estimate is not the (upward-biased) maximum of noisy
        means.
        """
        pool = candidates(view, params_for(view))
        if not exhaustive:
            pool = pool[: self.budget.replies]
        if not pool:
            return 0.0
        evaluator = Evaluator(view, self.noise_in(view), params_for(view), dict(banked))
        draws = ExecutionNoise.draws(turn_rng(self.seed, view, 3), self.budget.reply_samples)
        best = rank(evaluator, pool, draws)[0][0]
        fresh = ExecutionNoise.draws(turn_rng(self.seed, view, 6), self.budget.reply_samples)
        return evaluator.mean(best.shot, fresh)

    def correction(self, view: View, candidate: Candidate, draws: Draws, exhaustive: bool) -> float:
        """Mean change in value when the opponent's reply is played out, over ``draws``.

        Added to the planner's one-ply mean (a control variate: the one-ply and two-ply
        values of the same executions move together, so their difference is far less
        noisy than either).
        """
        evaluator = self._planner().evaluator(view)
        total = 0.0
        outcomes = evaluator.outcomes(candidate.shot, draws)
        for ruling, value in outcomes:
            nxt = None if ruling is None else reply_view(view, ruling)
            if ruling is None or nxt is None or nxt.turn.side == view.turn.side:
                continue
            total += -self.reply_value(nxt, exhaustive, ruling.twenties()) - value
        return total / len(outcomes)

    def choose(self, view: View) -> Choice:
        """The shot to aim, before execution noise.

        Every searched candidate is valued as its planner mean plus its reply
        correction, the corrections over the first :attr:`SearchBudget.outcomes` of the
        planner's own draws (common random numbers across candidates and replies). The
        planner's own first choice is always among them.
        """
        planner = self._planner()
        out = outlook_after(view)
        if out.total - out.left.get(view.turn.side, 0) == 0:
            # No reply left: the planner's one-ply choice is exact.
            return planner.choose(view)
        ranked = planner.ranked(view)
        exhaustive = sum(n for _, n in view.discs_left) <= self.budget.exhaustive_at
        shortlist = ranked if exhaustive else ranked[: self.budget.top]
        draws = planner.draws(view)[: self.budget.outcomes]
        scored = [(c, v + self.correction(view, c, draws, exhaustive)) for c, v in shortlist]
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][1], i))
        best_c, best_v = scored[order[0]]
        if self.budget.planner.refine_rounds:
            # Sharpen the execution of the chosen intent (one ply, as the planner does).
            best_c, _ = refine(
                planner.evaluator(view), best_c, self.budget.planner, turn_rng(self.seed, view, 2)
            )
        return Choice(best_c, best_v, self.budget.planner.samples)

    def decide(self, view: View) -> Shot:
        """The chosen shot as executed, with this player's noise."""
        choice = self.choose(view)
        self.last_choice = choice
        z = ExecutionNoise.draws(turn_rng(self.seed, view, 0), 1)[0]
        return execute(self.noise_in(view), view, choice.candidate.shot, z)

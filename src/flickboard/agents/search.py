"""The search player: a wider action search, then expectimax over the opponent's reply.

It widens the planner's candidate shots with many sampled ones
(:mod:`flickboard.agents.widen`) and screens them all by successive halving on common
draws of its own execution noise. The best few are then weighed two plies deep: after
each of several noisy executions, the opponent's best reply is found from its own
candidate set under the same noise model, and a candidate is worth its one-ply mean
plus the mean change the reply makes (zero-sum: minus the opponent's value). Near the
end of a round (:attr:`SearchBudget.exhaustive_at` discs left or fewer) more of its
shots and every reply of the opponent are searched. When the opponent has no disc
left, the one-ply value is exact. The chosen shot is sharpened by the planner's
cross-entropy step and valued afresh. The default budget draws every execution it
weighs quasi-randomly (:attr:`PlannerBudget.quasi
<flickboard.agents.planner.PlannerBudget>`), so its means vary less from draw to draw,
and weighs positions by the value fitted on play at the planner's full budget (the
``search`` variant of :mod:`flickboard.agents.value_model`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.planner import (
    Planner,
    PlannerBudget,
    rank,
    settle,
    successive_halving,
)
from flickboard.agents.player import AIPlayer, Choice, turn_rng
from flickboard.agents.tactics import tactics_for
from flickboard.agents.valuation import outlook_after
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.noise import Draws, ExecutionNoise
from flickboard.play.view import View

REPLY_SCREEN = 2
"""Draws every reply of the opponent is first played on."""


SEARCH_PLANNER = PlannerBudget(
    samples=32, candidates=100, refine_rounds=3, population=12, elite=4, quasi=True,
    value="search",
)  # fmt: skip
"""The planner's budget inside the default search: more candidates, and the chosen
shot's execution sharpened on more draws and shots than the planner's own; every shot
weighed on quasi-random draws (docs/ai.md, "Quasi-random draws") by the value fitted on
play at the planner's full budget (the ``search`` variant; docs/ai.md, "The search's
value")."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How deep and wide the search looks.

    Attributes:
        planner: the planner's budget (its candidates and the cross-entropy step).
        widen: shots sampled beyond the planner's candidates; None: the game's own
            number (``Tactics.search_widen``).
        schedule: draws each screening stage has played a surviving shot on, growing;
            a quarter of the shots survive each stage.
        top: own shots weighed two plies deep (when not exhaustive).
        outcomes: noisy executions of each of those shots.
        replies: opponent replies weighed on every ``reply_samples`` draw per outcome,
            the best of all its candidates on :data:`REPLY_SCREEN` draws (when not
            exhaustive).
        reply_samples: noisy executions of each reply while the best is found.
        reply_check: fresh noisy executions the best reply is valued on.
        exhaustive_at: with this many discs (or fewer) left in the round, counting this
            shot, ``exhaustive_top`` own shots and every reply are searched.
        exhaustive_top: own shots weighed two plies deep near the end of a round.
    """

    planner: PlannerBudget = field(default_factory=lambda: SEARCH_PLANNER)
    widen: int | None = None
    schedule: tuple[int, ...] = (4, 12, 32, 64)
    top: int = 5
    outcomes: int = 12
    replies: int = 16
    reply_samples: int = 8
    reply_check: int = 16
    exhaustive_at: int = 2
    exhaustive_top: int = 10

    def __post_init__(self) -> None:
        counts = (
            self.top, self.outcomes, self.replies, self.reply_samples, self.reply_check,
            self.exhaustive_top,
        )  # fmt: skip
        if min(counts) < 1 or (self.widen is not None and self.widen < 0):
            raise InvalidInput("search budget counts must be positive (widen may be 0)")
        if not self.schedule or list(self.schedule) != sorted(set(self.schedule)):
            raise InvalidInput("the screening schedule must be a growing list of draw counts")
        if self.schedule[0] < 1 or self.outcomes > self.schedule[-1]:
            raise InvalidInput("outcomes must fit within the last screening stage's draws")


CLASSIC = SearchBudget(
    PlannerBudget(), schedule=(3, 8, 24, 48), top=3, outcomes=8, replies=12, reply_samples=4,
    reply_check=12,
)  # fmt: skip
"""The search's default budget before its shots were weighed on the fast path:
kept by name so it can be played (``flickboard bench ai --search-ladder``). The default
spends the time saved on more draws in the screening, more shots searched two plies
deep, more executions of each and more replies, within the same decision time, and
weighs on quasi-random draws by the search's own value where this one weighs on
independent ones by the game's."""

BUDGETS: dict[str, SearchBudget] = {"default": SearchBudget(), "classic": CLASSIC}
"""The search's named budgets."""


@dataclass
class SearchPlayer(AIPlayer):
    """Expectimax over the opponent's reply, on top of the planner."""

    budget: SearchBudget = field(default_factory=SearchBudget)
    label = "search"

    def _planner(self) -> Planner:
        return Planner(self.level, self.seed, self.budget.planner, noise=self.noise)

    def best_reply(self, view: View, exhaustive: bool) -> Candidate | None:
        """The opponent's likeliest best reply from ``view`` (None if it has none).

        Every reply the opponent's tactics list is played on two draws and the best
        ``replies`` of them (all of them near the end of a round) go on to
        ``reply_samples`` draws (successive halving): the replies weighed are the
        likeliest best of the whole set, takeouts as well as draws, not the first
        ones listed. (On one draw, many replies tie, and ties keep the list's order.)
        """
        pool = self.within_reach(view, candidates(view, view.physics))
        if not pool:
            return None
        budget = self.budget
        evaluator = self._planner().evaluator(view)
        draws = self._drawn(view, 3, budget.reply_samples)
        if exhaustive or len(pool) <= budget.replies or budget.reply_samples <= REPLY_SCREEN:
            return rank(evaluator, pool, draws)[0][0]
        keep = (budget.replies - 0.5) / len(pool)  # ceil(len * keep) == replies
        schedule = (REPLY_SCREEN, budget.reply_samples)
        screened = successive_halving(evaluator, pool, draws, schedule, keep=keep, finalists=1)
        return screened[0][0]

    def reply_value(self, view: View, exhaustive: bool) -> float:
        """The opponent's best reply value from ``view`` (its own point of view): its
        :meth:`best_reply` valued afresh on independent draws, so the estimate is not
        the (upward-biased) maximum of noisy means."""
        best = self.best_reply(view, exhaustive)
        if best is None:
            return 0.0
        evaluator = self._planner().evaluator(view)
        return evaluator.mean(best.shot, self._drawn(view, 6, self.budget.reply_check))

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
            nxt = None if ruling is None else view.after(ruling)
            if ruling is None or nxt is None or nxt.turn.side == view.turn.side:
                continue
            total += -self.reply_value(nxt, exhaustive) - value
        return total / len(outcomes)

    def screened(self, view: View, finalists: int) -> list[tuple[Candidate, float]]:
        """The planner's candidates and the sampled shots, screened by successive
        halving; the survivors of the last stage, best first, with their one-ply means."""
        params = view.physics
        pool = candidates(view, params)[: self.budget.planner.candidates]
        rng = turn_rng(self.seed, view, 7)
        tactics = tactics_for(view.game)
        widen = tactics.search_widen if self.budget.widen is None else self.budget.widen
        pool = self.within_reach(view, pool + tactics.sampled(view, params, widen, rng))
        if not pool:
            raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
        return successive_halving(
            self._planner().evaluator(view), pool, self.draws(view), self.budget.schedule,
            finalists=finalists,
        )  # fmt: skip

    def draws(self, view: View) -> Draws:
        """The noise draws every shot is screened on at this turn."""
        return self._drawn(view, 1, self.budget.schedule[-1])

    def _drawn(self, view: View, stream: int, count: int) -> Draws:
        """``count`` noise draws of the turn's ``stream``, quasi-random when the budget's
        planner says so."""
        rng = turn_rng(self.seed, view, stream)
        return ExecutionNoise.draws(rng, count, self.budget.planner.quasi)

    def choose(self, view: View) -> Choice:
        """The shot to aim, before execution noise.

        The screened shots are worth their one-ply mean; the best ``top`` of them
        (``exhaustive_top`` near the end of a round) are worth their one-ply mean plus
        their reply correction over the first :attr:`SearchBudget.outcomes` draws
        (common random numbers across shots and replies), and the other survivors of
        the screening follow them at their one-ply means. With no reply to come, the
        one-ply best is taken as it stands. The best valid one the player plays for is
        then refined and valued afresh as the planner does
        (:func:`~flickboard.agents.planner.settle`).
        """
        budget = self.budget
        out = outlook_after(view)
        replies_left = out.total - out.left.get(view.turn.side, 0) > 0
        exhaustive = sum(n for _, n in view.discs_left) <= budget.exhaustive_at
        size = (budget.exhaustive_top if exhaustive else budget.top) if replies_left else 1
        ranked = self.screened(view, size)
        if replies_left:
            draws = self.draws(view)[: budget.outcomes]
            searched = [
                (c, v + self.correction(view, c, draws, exhaustive)) for c, v in ranked[:size]
            ]
            searched.sort(key=lambda cv: -cv[1])
            # The other survivors follow, for when none searched is a valid shot the
            # player plays for (a recreational player's 20 among discs).
            ranked = searched + ranked[size:]
        # Sharpen the execution of the chosen intent (one ply, as the planner does).
        evaluator = self._planner().evaluator(view)
        return settle(
            evaluator, ranked, budget.planner, self.seed, self.hardest(view), self.aims(view)
        )

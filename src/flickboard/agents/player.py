"""What every AI player shares: a skill level, a seed, its execution noise, its last choice.

Skill = noise + planner: a player chooses the shot it means (:meth:`AIPlayer.choose`,
each kind of player its own way), then plays it with its level's calibrated execution
noise, drawn from a generator seeded by its seed and the turn, so a decision is
reproducible. Its last choice, with the words for it (what it tries, what it does played
without noise, what it is worth), stays readable for explanations (:func:`explanation_of`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from flickboard.agents.candidates import Candidate
from flickboard.agents.explain import as_played, explain, outcome, played_out
from flickboard.physics import Shot
from flickboard.play.intent import Intent
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise, check_level, execute
from flickboard.play.view import View
from flickboard.rules.base import Ruling

Aims = Callable[[Ruling], bool]
"""Whether a player aims a shot that, played as meant, is ruled so."""


def aims_anything(ruling: Ruling) -> bool:
    """The player that plays for every shot."""
    return True


@dataclass(frozen=True, slots=True)
class Choice:
    """The shot a player settled on: what it tries, what it does played without noise,
    and its estimated value (the mean over ``samples`` noisy executions of this very
    shot; None for a player that does not simulate)."""

    candidate: Candidate
    value: float | None
    samples: int = 0
    does: str = ""

    @property
    def explanation(self) -> str:
        """What the shot tries, what it does and what it is worth, in words."""
        return explain(self.candidate.words, self.value, self.samples, self.does)


def explanation_of(player: object) -> str | None:
    """The explanation of a player's last shot, if it is an AI that has shot."""
    choice = getattr(player, "last_choice", None)
    return choice.explanation if isinstance(choice, Choice) else None


def turn_rng(seed: int, view: View, salt: int) -> np.random.Generator:
    """A generator seeded by the player's seed and the turn (reproducible decisions)."""
    words = (seed, view.round_number, view.turn.seat, view.turn.disc, salt, *view.scores)
    return np.random.default_rng([w % (1 << 64) for w in words])


@dataclass
class AIPlayer(ABC):
    """An AI player at a skill level (``noise`` overrides the level's calibrated noise)."""

    level: str = "competitive"
    seed: int = 0
    name: str = field(default="", kw_only=True)
    noise: ExecutionNoise | None = field(default=None, kw_only=True)
    last_choice: Choice | None = field(default=None, init=False)

    label = "ai"
    """The kind of player, for its default name (``planner:competitive``)."""

    def __post_init__(self) -> None:
        self.level = check_level(self.level)
        if not self.name:
            self.name = f"{self.label}:{self.level}"

    @property
    def last_intent(self) -> Intent | None:
        """What this player meant by its last shot: its choice before execution noise,
        with its words (kept in records: :mod:`flickboard.play.intent`)."""
        choice = self.last_choice
        if choice is None:
            return None
        c = choice.candidate
        return Intent("ai", c.shot, c.kind, c.words, c.target)

    def noise_in(self, view: View) -> ExecutionNoise:
        """The execution noise of this player in the game of the view (its level's, the
        sharper open-shot noise unless opposing discs are in play)."""
        if self.noise is not None:
            return self.noise
        return game_kind(view.game).noise_at(self.level, view)

    def hardest(self, view: View) -> float:
        """The hardest shot (m/s) this player chooses in the game of the view."""
        return game_kind(view.game).hardest(self.level)

    def within_reach(self, view: View, pool: list[Candidate]) -> list[Candidate]:
        """The shots of ``pool`` no harder than this player plays (:meth:`hardest`):
        a harder one is played at that speed, along its own line (its words are named
        afresh for what it then does)."""
        top = self.hardest(view)
        return [
            c if c.shot.speed <= top else replace(c, shot=replace(c.shot, speed=top)) for c in pool
        ]

    def twenties_by_luck(self, view: View) -> bool:
        """Whether this player neither aims nor counts on a 20 of its own from the view
        (:meth:`GameKind.leaves_twenties_to_luck
        <flickboard.play.kind.GameKind.leaves_twenties_to_luck>`)."""
        return game_kind(view.game).leaves_twenties_to_luck(self.level, view)

    def aims(self, view: View) -> Aims:
        """What this player plays for from the view: whether it aims a shot that
        played as meant is ruled so (:meth:`GameKind.plays_for
        <flickboard.play.kind.GameKind.plays_for>`); :func:`aims_anything` when it
        leaves nothing to luck here, so :func:`~flickboard.agents.planner.intended`
        looks through its candidates once."""
        if not self.twenties_by_luck(view):
            return aims_anything
        kind, level = game_kind(view.game), self.level
        return lambda ruling: kind.plays_for(level, view, ruling)

    @abstractmethod
    def choose(self, view: View) -> Choice:
        """The shot to aim, before execution noise."""

    def decide(self, view: View) -> Shot:
        """The chosen shot as executed, with this player's noise; its words name what it
        does played as meant (:func:`~flickboard.agents.explain.as_played`)."""
        choice = self.choose(view)
        ruling = played_out(view, choice.candidate.shot)
        named = as_played(view, choice.candidate, ruling) or choice.candidate
        choice = replace(choice, candidate=named, does=choice.does or outcome(view, ruling))
        self.last_choice = choice
        z = ExecutionNoise.draws(turn_rng(self.seed, view, 0), 1)[0]
        return execute(self.noise_in(view), view, choice.candidate.shot, z).shot

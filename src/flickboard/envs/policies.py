"""Policies over the environments' actions, the baselines, and policies as players.

A :class:`Policy` maps what an agent sees to an action: the observation array and the
public :class:`~flickboard.play.view.View` it was read from (the same facts, structured;
an environment gives it as ``env.view()``). Learned policies read the array; the
baselines read the view:

- ``uniform``: uniform actions over the box (seeded; ``random`` is its former name);
- ``baseline-1`` .. ``baseline-3`` (``draw``, ``takeout``, ``aimed``): cheap batched
  shots aimed from the observation alone, graded (:mod:`flickboard.envs.baselines`);
- ``heuristic``, ``planner``, ``search`` (``:LEVEL`` optional, default competitive): the
  built-in AI's *intended* shot, turned into the action that names it; the
  environment then adds its own execution noise, so skill = the environment's noise
  level + the AI's choice.

:class:`PolicyPlayer` goes the other way: a policy as a player for the driver, reading
the observation and executing its action exactly as the environment does (same action
map, same noise model), so the evaluation harness (:mod:`flickboard.evaluation.harness`,
shared with ``flickboard bench ai``) measures policies and built-in players alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from flickboard.agents.player import AIPlayer
from flickboard.agents.spec import KINDS, player_from_spec
from flickboard.envs.actions import Action, ActionMap, checked
from flickboard.envs.aec import noise_model
from flickboard.envs.baselines import GRADES, baseline_policy, is_baseline_name
from flickboard.envs.observation import Encoder, Observation, ObservationLayout
from flickboard.envs.streams import Stream, draw_one, new_stream
from flickboard.errors import InvalidInput
from flickboard.physics import Shot
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise, execute
from flickboard.play.view import Player, View


@runtime_checkable
class Policy(Protocol):
    """Chooses an action from an observation and the view it was read from."""

    name: str

    def act(self, observation: Observation, view: View) -> Action:
        """The action to take."""
        ...


@dataclass
class UniformPolicy:
    """Uniform actions over the action box, from a seeded counter-based stream
    (:mod:`flickboard.envs.streams`: compiled tables draw the same actions for many tables
    in one call): the ``uniform`` baseline (not the built-in ``random`` player, which
    shoots plausible shots)."""

    seed: int = 0
    name: str = "uniform"
    stream: Stream = field(init=False, repr=False)
    """Its key and draws made (a compiled table it plays on keeps it in its own array)."""

    def __post_init__(self) -> None:
        self.stream = new_stream(self.seed)

    def reseed(self, seed: int) -> None:
        """Start again from ``seed`` (a Gymnasium environment's ``reset(seed)`` calls it
        on an opponent given as an object); the stream is rewritten in place, wherever
        it is kept."""
        self.seed = seed
        self.stream[:] = new_stream(seed)

    def act(self, observation: Observation, view: View) -> Action:
        """A uniform action."""
        return self.act_on(observation)

    def act_on(self, observation: Observation) -> Action:
        """A uniform action (it needs no view, so a compiled table can play it:
        :class:`~flickboard.envs.tables.ObservationPolicy`)."""
        out = np.empty((1, 4))
        draw_one(self.stream, out)
        action: Action = out[0].astype(np.float32)
        return action


@dataclass
class PlayerPolicy:
    """A built-in player as a policy: the action naming the shot it means."""

    player: Player
    actions: ActionMap
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.name or self.player.name

    def act(self, observation: Observation, view: View) -> Action:
        """The action of the player's intended shot (an AI's choice before its noise)."""
        if isinstance(self.player, AIPlayer):
            choice = self.player.choose(view)
            self.player.last_choice = choice
            shot = choice.candidate.shot
        else:
            shot = self.player.decide(view)
        return self.actions.action(view, shot)


RandomPolicy = UniformPolicy
"""The uniform baseline's former name (kept so that old code runs)."""

BASELINES: tuple[str, ...] = ("uniform", *GRADES, *KINDS)
"""The baseline policies by name (an AI kind may take ``:LEVEL``; ``random`` is accepted
for ``uniform``, its former name; ``draw``, ``takeout``, ``aimed`` for the graded
baselines)."""


def baseline(name: str, game: str, seed: int = 0, actions: ActionMap | None = None) -> Policy:
    """A baseline policy by name: ``uniform`` (or ``random``, its former name), a graded
    batched baseline ``baseline-1`` .. ``baseline-3`` (deterministic: ``seed`` is not
    read), or ``heuristic``, ``planner``, ``search`` with an optional ``:LEVEL`` (its
    choice of shot; the level's noise is the environment's to add)."""
    kind = game_kind(game)
    text = name.strip().lower()
    if text in ("uniform", "random"):
        return UniformPolicy(seed)
    if is_baseline_name(text):
        return baseline_policy(text, kind.name, actions=actions)
    ai = text.split(":")[0]
    if ai not in KINDS:
        raise InvalidInput(f"unknown baseline {name!r}; known: {', '.join(BASELINES)}")
    player = player_from_spec(f"ai:{text}", kind, seed, name=text)
    return PlayerPolicy(player, actions or ActionMap.for_kind(kind))


class PolicyPlayer:
    """A policy as a player: reads the observation of the seat to shoot, maps the action
    to a shot and executes it with ``noise`` as the environment would.

    ``setup`` is the match setup (as for :func:`flickboard.new_match`) the policy's
    observations are shaped for; the default is the game's singles.
    """

    def __init__(
        self,
        policy: Policy,
        game: str = "crokinole",
        *,
        noise: str | ExecutionNoise | None = None,
        seed: int = 0,
        actions: ActionMap | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        kind = game_kind(game)
        self.policy = policy
        self.name = policy.name
        self.actions = actions or ActionMap.for_kind(kind)
        self.noise = noise_model(kind, noise)
        self.rng = np.random.default_rng(seed)
        match = kind.new_match(**dict(setup or {}))
        layout = ObservationLayout.of(match.view(), match.sides, match.seats)
        self.encoder = Encoder(layout, {s: match.side_of(s) for s in match.seats})
        self.last: Decision | None = None

    def decide(self, view: View) -> Shot:
        """The policy's shot, executed with the noise (what it saw and did is kept in
        :attr:`last`)."""
        observation = self.encoder.encode(view, view.turn.seat)
        action = checked(self.policy.act(observation, view)).astype(np.float32)
        meant = self.actions.shot(view, action)
        z = None if self.noise.silent else ExecutionNoise.draws(self.rng, 1)[0]
        shot, problem = execute(self.noise, view, meant, z)
        self.last = Decision(observation, action, self.actions.action(view, shot), problem)
        return shot


@dataclass(frozen=True, slots=True)
class Decision:
    """What a :class:`PolicyPlayer` last saw and did: its observation, its action (the
    shot meant, clipped to the box), the action naming the shot played (after the noise,
    clipped), and why its start had to move (None if it did not)."""

    observation: Observation
    action: Action
    played: Action
    start_problem: str | None

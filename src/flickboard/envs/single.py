"""Gymnasium, one agent: ``gymnasium.make("flickboard/Crokinole-v0", opponent=...)``.

The agent plays one side (every seat of it: both partners in doubles) of a match of the
AEC environment; the other seats are played by the opponent until the agent's turn comes
again. ``opponent`` is a player spec (``random``, ``bot``, ``ai:planner:competitive``...: each
plays with its own execution noise, as in ``flickboard match``), a
:class:`~flickboard.envs.policies.Policy` (acting through the environment's actions and
noise), a :class:`~flickboard.play.view.Player`, or a function of a seed returning one
of these (made again at every reset, so seeded episodes repeat).

A step is the agent's shot and the opponents' shots after it; its reward is the agent's
side's (the AEC rewards of those shots added up) and ``info["shots"]`` lists every shot
of the step as ``info["shot"]`` of the AEC environment describes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from flickboard.envs.actions import checked
from flickboard.envs.aec import RENDER_MODES, FlickboardAEC, agent_name
from flickboard.envs.fasttable import (
    S_CUT,
    S_OVER,
    BriefShots,
    FastTables,
    ObservationPolicy,
    play_steps,
    why_not_fast,
)
from flickboard.envs.observation import Observation
from flickboard.envs.policies import Policy
from flickboard.errors import InvalidInput
from flickboard.play.view import Player

Opponent = str | Policy | Player | Callable[[int], Policy | Player]


class FlickboardEnv(gymnasium.Env[Observation, npt.NDArray[np.float32]]):
    """One agent against opponents (see the module docstring).

    Args:
        game: ``crokinole`` or ``shuffleboard``.
        opponent: who plays the other seats (default ``random``).
        seat: the agent's seat (default the first listed: red, who starts), or
            ``"random"``: drawn at each reset from its seed.
        fast: play on a fast table when the options and the opponent allow it
            (:mod:`flickboard.envs.fasttable`; the same observations, rewards, flags
            and brief info); False steps the AEC environment's match always.
        **options: the options of :class:`~flickboard.envs.aec.FlickboardAEC`.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        game: str = "crokinole",
        opponent: Opponent = "random",
        seat: int | str | None = None,
        render_mode: str | None = None,
        fast: bool = True,
        **options: Any,
    ) -> None:
        self.aec = FlickboardAEC(game, render_mode=render_mode, **options)
        self.render_mode = render_mode
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)
        seats = self.aec.match.seats
        if seat not in (None, "random") and seat not in seats:
            raise InvalidInput(f"seat must be one of {seats} or 'random', not {seat!r}")
        self.seat_choice = seat
        self.opponent = opponent
        self.my_seat = seats[0]
        self.players: dict[int, Policy | Player] = {}
        self.tables: FastTables | None = None
        """The fast tables this environment plays on (a vector environment shares its
        own), made when first needed; :attr:`table` is its row."""
        self.table = 0
        self._rows = np.array([0], dtype=np.int64)
        self._side = 0
        self._sides = np.array([0], dtype=np.int64)
        self._action = np.zeros(4)
        self.fast_possible = fast and why_not_fast(self.aec) is None
        self.fast = False
        """Whether the episode plays on a fast table (``fasttable.why_not_fast`` and an
        opponent that acts on its observation alone); ``aec`` is then not stepped."""

    @property
    def my_side(self) -> int:
        """The agent's side."""
        return self.aec.match.side_of(self.my_seat)

    def _fast_info(self, shots: BriefShots) -> dict[str, Any]:
        return {"seat": self.my_seat, "side": self._side, "shots": shots}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new match, played by the opponents up to the agent's first turn."""
        super().reset(seed=seed)
        episode = int(self.np_random.integers(2**31))
        match = self.aec.match  # its seating (a fast episode makes no new match)
        if self.seat_choice == "random":
            self.my_seat = int(self.np_random.choice(match.seats))
        elif isinstance(self.seat_choice, int):
            self.my_seat = self.seat_choice
        self.players = {
            s: self._opponent(episode + 7919 * (s + 1))
            for s in match.seats
            if match.side_of(s) != self.my_side
        }
        self._side = self.my_side
        self._sides = np.array([self._side], dtype=np.int64)
        self.fast = self.fast_possible and all(hasattr(p, "act_on") for p in self.players.values())
        if self.fast:
            observation, _, brief = self._fast_steps(None)
            return observation, self._fast_info(brief)
        self.aec.reset(seed=episode)
        _reward, shots = self._opponents_play()
        return self._observe(), self._info(shots)

    def _fast_steps(
        self, action: npt.NDArray[np.float64] | None, given: npt.ArrayLike | None = None
    ) -> tuple[Observation, float, BriefShots]:
        """A step on the fast table (``action`` None: a new match, to the agent's turn):
        one compiled call when the opponent draws from the table's stream."""
        tables = self.tables
        if tables is None:
            tables = self.tables = FastTables(self.aec, 1)
        if action is None:
            self._rows = np.array([self.table], dtype=np.int64)
            tables.start(self.table, self._fast_opponent())
        if tables.drawn[self.table]:
            return tables.step_one(self.table, action, self._side, given)
        opponent = self._fast_opponent()
        actions = None
        if action is not None:  # (an error names the action as given)
            actions = checked(action if given is None else given)[None, :]
        steps = play_steps(tables, self._rows, actions, self._sides, [opponent])
        return steps.observations[0], float(steps.rewards[0]), steps.shots[0]

    def _fast_opponent(self) -> ObservationPolicy:
        return cast(ObservationPolicy, self.players[self.opponent_seat])

    @property
    def opponent_seat(self) -> int:
        """The seat facing the agent (singles)."""
        return next(iter(self.players))

    def _opponent(self, seed: int) -> Policy | Player:
        from flickboard.agents.spec import player_from_spec

        opponent = self.opponent
        if isinstance(opponent, str):
            return player_from_spec(opponent, self.aec.kind, seed)
        if hasattr(opponent, "act") or hasattr(opponent, "decide"):
            if hasattr(opponent, "reseed"):
                opponent.reseed(seed)  # reset(seed) repeats its shots too
            return opponent  # type: ignore[return-value]
        if callable(opponent):
            return opponent(seed)
        raise InvalidInput(f"an opponent is a player spec, a policy or a player, not {opponent!r}")

    def step(self, action: npt.ArrayLike) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent's shot, then the opponents' up to its next turn."""
        if self.fast:
            tables = self.tables
            assert tables is not None
            state = tables.state[self.table]
            if state[S_OVER] or state[S_CUT]:
                raise InvalidInput("the match is over: reset the environment")
            mine = self._action
            if isinstance(action, np.ndarray) and action.shape == (4,) and action.dtype.kind == "f":
                mine[:] = action  # (values not finite: refused by the step, nothing played)
            else:
                mine[:] = checked(action)
            observation, reward, brief = self._fast_steps(mine, action)
            over, cut = bool(state[S_OVER]), bool(state[S_CUT])
            return observation, reward, over, cut, self._fast_info(brief)
        aec = self.aec
        me = agent_name(self.my_seat)
        aec.step(action)
        reward = aec.rewards[me]
        shots = [aec.infos[me]["shot"]]
        more, later = self._opponents_play()
        return (
            self._observe(),
            float(reward + more),
            bool(aec.terminations[me]),
            bool(aec.truncations[me]),
            self._info(shots + later),
        )

    def _opponents_play(self) -> tuple[float, list[dict[str, Any]]]:
        aec = self.aec
        me = agent_name(self.my_seat)
        reward = 0.0
        shots: list[dict[str, Any]] = []
        while not (aec.terminations[me] or aec.truncations[me]):
            seat = aec.seat
            if aec.match.side_of(seat) == self.my_side:
                break
            player = self.players[seat]
            if hasattr(player, "act"):
                agent = aec.agent_selection
                aec.step(player.act(aec.observe(agent), aec.view()))
            else:
                aec.step_player(player)
            reward += aec.rewards[me]
            shots.append(aec.infos[me]["shot"])
        return reward, shots

    def _observe(self) -> Observation:
        aec = self.aec
        me = agent_name(self.my_seat)
        if aec.terminations[me] or aec.truncations[me]:
            return aec.observe(me)
        return aec.observe(aec.agent_selection)

    def _info(self, shots: list[dict[str, Any]]) -> dict[str, Any]:
        """The seat the agent shoots from next (its own seat once the match is over)."""
        aec = self.aec
        mine = (
            aec.match.side_of(aec.seat) == self.my_side
            and not aec.terminations[aec.agent_selection]
        )
        return {"seat": aec.seat if mine else self.my_seat, "side": self.my_side, "shots": shots}

    def render(self) -> npt.NDArray[np.uint8] | str | None:
        """The board (as the AEC environment draws it)."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

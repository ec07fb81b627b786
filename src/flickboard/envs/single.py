"""Gymnasium, one agent: ``gymnasium.make("flickboard/Crokinole-v0", opponent=...)``.

The agent plays one side (every seat of it: both partners in doubles) of a match of the
AEC environment; the other seats are played by the opponent until the agent's turn comes
again. ``opponent`` is a player spec (``random``, ``bot``, ``ai:planner:competitive``...: each
plays with its own execution noise, as in ``flickboard match``), a graded batched
baseline's name (``baseline-1`` .. ``baseline-3``: :mod:`flickboard.envs.baselines`,
acting through the environment's actions and noise), a
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

from flickboard.agents.random_player import RandomPlayer
from flickboard.envs.actions import checked
from flickboard.envs.aec import RENDER_MODES, FlickboardAEC, agent_name
from flickboard.envs.baselines import GRADES, BaselinePolicy, baseline_policy, is_baseline_name
from flickboard.envs.observation import Observation, ObservationLayout
from flickboard.envs.policies import Policy
from flickboard.envs.tables import (
    POLICY,
    RANDOM,
    UNIFORM,
    BatchPolicy,
    ObservationPolicy,
    StreamPolicy,
    Tables,
    table_problem,
)
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
        fast: play on a table when the options and the opponents allow it
            (:mod:`flickboard.envs.tables`; the same observations, rewards, flags and
            info); False steps the AEC environment's match always.
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
        self.aec = FlickboardAEC(game, render_mode=render_mode, fast=False, **options)
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
        self.tables: Tables | None = None
        """The tables this environment plays on (a vector environment shares its own),
        made when first needed; :attr:`table` is its row."""
        self.table = 0
        self._rows = np.array([0], dtype=np.int64)
        self._watch = np.array([0], dtype=np.int64)
        self._sides = {s: self.aec.match.side_of(s) for s in self.aec.match.seats}
        self._side = 0
        self._action = np.zeros((1, 4))
        self.baseline: BaselinePolicy | None = None
        """The batched baseline the opponent's name gives (:meth:`baseline_opponent`)."""
        self.fast_possible = fast and table_problem(self.aec) is None
        self.fast = False
        """Whether the episode plays on a table (:mod:`flickboard.envs.tables`: the
        setup allows it and every opponent is one compiled code or Python policies
        play); ``aec`` is then not stepped."""

    @property
    def layout(self) -> ObservationLayout:
        """The observation's blocks (:meth:`ObservationLayout.fields`, ``slice``)."""
        return self.aec.layout

    @property
    def my_side(self) -> int:
        """The agent's side."""
        return self._sides[self.my_seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new match, played by the opponents up to the agent's first turn."""
        super().reset(seed=seed)
        episode = int(self.np_random.integers(2**31))
        match = self.aec.match  # its seating (an episode on a table makes no new match)
        if self.seat_choice == "random":
            self.my_seat = int(self.np_random.choice(match.seats))
        elif isinstance(self.seat_choice, int):
            self.my_seat = self.seat_choice
        side = self._side = self._sides[self.my_seat]
        self.players = {
            s: self._opponent(episode + 7919 * (s + 1))
            for s, of in self._sides.items()
            if of != side
        }
        self.fast = self.fast_possible and self._start_table(episode)
        if self.fast:
            observation, _, info = self._table_step(None)
            return observation, info
        self.aec.reset(seed=episode)
        _reward, shots = self._opponents_play()
        return self._observe(), self._info(shots)

    def _start_table(self, episode: int) -> bool:
        """Start the episode's match on the table, drawing from the generators the AEC
        environment would (its noise and the match's seed from ``episode``); False when an
        opponent cannot play on a table."""
        if self.tables is None:
            self.tables = Tables(self.aec, 1)
        tables, table = self.tables, self.table
        controls: dict[int, int] = {}
        streams: dict[int, StreamPolicy] = {}
        players: dict[int, np.random.Generator] = {}
        policies: dict[int, ObservationPolicy | BatchPolicy] = {}
        for seat, opponent in self.players.items():
            if tables.keeps_stream(table, opponent):
                controls[seat] = UNIFORM
                streams[seat] = cast(StreamPolicy, opponent)
            elif isinstance(self.opponent, str) and isinstance(opponent, RandomPlayer):
                controls[seat] = RANDOM
                players[seat] = opponent.rng
            elif hasattr(opponent, "act_on") or hasattr(opponent, "act_batch"):
                controls[seat] = POLICY
                policies[seat] = cast(ObservationPolicy, opponent)
            else:
                return False
        rng = np.random.default_rng(episode)  # (as the AEC environment's reset draws)
        seed = int(rng.integers(2**31))
        tables.start(
            table, controls, noise=None if self.aec.noise.silent else rng, players=players,
            streams=streams, policies=policies, toss=self.aec.kind.table_toss(self.aec.match, seed),
        )  # fmt: skip
        self._rows[0] = table  # (in place: the table's direct calls take these arrays)
        self._watch[0] = self.my_seat
        return True

    def _table_step(
        self, action: npt.NDArray[np.float64] | None
    ) -> tuple[Observation, float, dict[str, Any]]:
        """The agent's shot on the table (none: the match's start), then the opponents'
        up to the agent's next turn: one compiled call, and one a policy's turn."""
        tables, rows, watch, table = self.tables, self._rows, self._watch, self.table
        assert tables is not None
        count, seen, rewards, pending = tables.step_one(rows, action, watch)
        while pending:
            actions = tables.ask_one(table, seen)
            played, seen, rewards, pending = tables.step_one(rows, actions, watch, count)
            count += played
        seat = int(tables.seats[table])
        mine = self._sides[seat] == self._side and not tables.ended[table]
        info = {"seat": seat if mine else self.my_seat, "side": self._side,
                "shots": tables.stepped_infos(count)}  # fmt: skip
        return seen[0], float(rewards[self._side]), info

    def _opponent(self, seed: int) -> Policy | Player:
        from flickboard.agents.spec import is_player_spec, player_from_spec

        opponent = self.opponent
        if isinstance(opponent, str) and is_baseline_name(opponent):
            return self.baseline_opponent(opponent)
        if isinstance(opponent, str) and not is_player_spec(opponent):
            raise InvalidInput(
                f"unknown opponent {opponent!r}: a player spec (random, bot, ai:planner:novice"
                f"...) or a batched baseline ({', '.join(GRADES)})"
            )
        if isinstance(opponent, str):
            return player_from_spec(opponent, self.aec.kind, seed)
        if hasattr(opponent, "act") or hasattr(opponent, "decide"):
            if hasattr(opponent, "reseed"):
                opponent.reseed(seed)  # reset(seed) repeats its shots too
            return opponent  # type: ignore[return-value]
        if callable(opponent):
            return opponent(seed)
        raise InvalidInput(f"an opponent is a player spec, a policy or a player, not {opponent!r}")

    def baseline_opponent(self, name: str) -> BaselinePolicy:
        """The batched baseline ``name`` gives for this environment's setup and actions,
        made once and kept in :attr:`baseline` (a vector environment hands one to all its
        tables, so it is asked once for all of them)."""
        if self.baseline is None or self.baseline.name != name.strip().lower():
            aec = self.aec
            self.baseline = baseline_policy(
                name, aec.kind.name, actions=aec.actions, setup=aec.setup
            )
        return self.baseline

    def step(self, action: npt.ArrayLike) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent's shot, then the opponents' up to its next turn."""
        if self.fast:
            tables, table = self.tables, self.table
            assert tables is not None
            if tables.ended[table] or tables.cut[table]:
                raise InvalidInput("the match is over: reset the environment")
            mine = self._action
            if isinstance(action, np.ndarray) and action.shape == (4,) and action.dtype.kind == "f":
                mine[0] = action  # (values not finite: refused by the step, nothing played)
            else:
                mine[0] = checked(action)
            observation, reward, info = self._table_step(mine)
            return observation, reward, bool(tables.ended[table]), bool(tables.cut[table]), info
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

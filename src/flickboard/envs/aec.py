"""The PettingZoo AEC environment over a match: agents are seats, turns are the match's.

:class:`FlickboardAEC` wraps a :class:`~flickboard.play.match.Match` and never decides
anything the match decides: who shoots next is ``match.choices()`` (with the driver's
:func:`~flickboard.play.driver.most_discs_left` where a team may choose), where a shot
may start is the referee's start line, and every shot is played and ruled by
``match.play``. The environment only turns actions into shots
(:mod:`flickboard.envs.actions`), views into observations
(:mod:`flickboard.envs.observation`), and round results into rewards.

Agents are named ``seat_N`` after the match's seats (crokinole singles: ``seat_0`` red
and ``seat_2`` green; table shuffleboard singles ``seat_0`` and ``seat_1``, doubles
``seat_0``/``seat_2`` red and ``seat_1``/``seat_3`` green), listed side by side.

Where the setup allows it (``fast``, :func:`flickboard.envs.tables.table_problem`) the
match is played on a table (:mod:`flickboard.envs.tables`): the same shots, rulings,
observations, rewards and ``info``, by the same rules' compiled functions, and ``match``
is the Match those shots make, played again when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from flickboard.envs.actions import ActionMap, StartMode, checked
from flickboard.envs.observation import Encoder, Observation, ObservationLayout
from flickboard.envs.render import rgb, text
from flickboard.envs.rewards import add_round_rewards
from flickboard.envs.tables import BRIEF, STATUS_NOT_FINITE, WATCH_NEXT, Tables, table_problem
from flickboard.errors import InvalidInput
from flickboard.geometry.startline import StartLine
from flickboard.physics import Shot
from flickboard.play.driver import most_discs_left
from flickboard.play.kind import GameKind, game_kind
from flickboard.play.match import Match, RoundEnd, Step
from flickboard.play.noise import ExecutionNoise, execute
from flickboard.play.tables import MAX_SEATS, new_shots, room_for
from flickboard.play.view import Player, View

Reward = Literal["differential", "points"]
InfoLevel = Literal["full", "brief"]
"""How much ``info["shot"]`` says: everything (``full``) or who shot, where, whether it
was valid and what it ended (``brief``: no sentences, decisions or events to build)."""
INFO_LEVELS: tuple[InfoLevel, ...] = ("full", "brief")
RENDER_MODES = ("human", "ansi", "rgb_array")


def agent_name(seat: int) -> str:
    """The agent id of a seat."""
    return f"seat_{seat}"


def noise_model(kind: GameKind, noise: str | ExecutionNoise | None) -> ExecutionNoise:
    """The execution noise named: a skill level of the game, ``none`` (or None), or a
    model given as it is."""
    if isinstance(noise, ExecutionNoise):
        return noise
    if noise is None or noise == "none":
        return ExecutionNoise()
    return kind.noise(noise)


class FlickboardAEC(AECEnv[str, Observation, npt.NDArray[np.float32]]):  # type: ignore[misc]
    """A match of one game as a PettingZoo AEC environment (docs/envs.md).

    Args:
        game: ``crokinole`` or ``shuffleboard``.
        players / teams / rules / options / games / best_of_three / time_shots / target /
            first: the match, as :func:`flickboard.new_match` takes them.
        noise: execution noise: a skill level (``novice`` ... ``champion``), ``none`` or
            None for none, or an :class:`ExecutionNoise`.
        start: ``allowed`` (the start action spans the legal stretches) or ``line``.
        max_angle / max_spin: what an angle or spin action of 1 means (rad, rad/s).
        reward: ``differential`` (a round's points for your side minus the mean of the
            others') or ``points`` (your side's round points as the game counts them).
        max_cycles: truncate once the seat to shoot has already shot this many times.
        info: ``brief`` (default: who shot, from where, valid or not, the rounds and
            games it ended) or ``full`` (``info["shot"]`` with the referee's sentences,
            every decision and event: every shot through the Match, everything else the
            same).
        render_mode: ``human`` (the board printed after every shot, as ``ansi``
            draws it), ``ansi`` or ``rgb_array``.
        fast: play on a table where the setup allows it (the same results);
            False plays every shot through the Match.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "name": "flickboard_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str = "crokinole",
        *,
        players: int = 2,
        teams: bool | None = None,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        games: int = 1,
        best_of_three: bool = False,
        time_shots: int | None = None,
        target: int | None = None,
        first: int | None = None,
        noise: str | ExecutionNoise | None = None,
        start: StartMode = "allowed",
        max_angle: float | None = None,
        max_spin: float | None = None,
        reward: Reward = "differential",
        max_cycles: int | None = 1000,
        info: InfoLevel = "brief",
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        super().__init__()
        self.kind = game_kind(game)
        self.setup: dict[str, Any] = {
            "rules": rules,
            "players": players,
            "teams": teams,
            "options": dict(options or {}),
            "games": games,
            "best_of_three": best_of_three,
            "time_shots": time_shots,
            "target": target,
            "first": first,
        }
        self._match: Match = self.kind.new_match(**self.setup)  # checks the setup
        self.tables: Tables | None = None
        """The table the match is played on (None: through the Match)."""
        self.noise = noise_model(self.kind, noise)
        spin = {} if max_spin is None else {"max_spin": max_spin}
        self.actions = ActionMap.for_kind(self.kind, max_angle=max_angle, start=start, **spin)
        if reward not in ("differential", "points"):
            raise InvalidInput(f"reward must be 'differential' or 'points', not {reward!r}")
        self.reward_kind: Reward = reward
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise InvalidInput(f"max_cycles must be a whole number >= 1, not {max_cycles!r}")
        self.max_cycles = max_cycles
        if info not in INFO_LEVELS:
            raise InvalidInput(f"info must be one of {', '.join(INFO_LEVELS)}, not {info!r}")
        self.info_level: InfoLevel = info
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidInput(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"{self.kind.name}_v0"}
        seats = self.match.seats
        self.seat_of = {agent_name(s): s for s in seats}
        self.possible_agents = [agent_name(s) for s in seats]
        first_view = self.match.view()
        self.layout = ObservationLayout.of(first_view, self.match.sides, seats)
        low, high = self.layout.bounds()
        box = spaces.Box(low, high, dtype=np.float32)
        action = spaces.Box(-1.0, 1.0, (4,), dtype=np.float32)
        self.observation_spaces = {a: box for a in self.possible_agents}
        self.state_space = box
        """The space of :meth:`state` (the observations' box)."""
        self.action_spaces = {a: action for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self.encoder = Encoder(self.layout, {s: self._match.side_of(s) for s in seats})
        self._played = new_shots(256)
        """Every shot played on the table, its record (``play.tables.SHOT``), in order:
        the first :attr:`_count`."""
        self._count = 0
        self._brief = self._played.view(BRIEF)
        """:attr:`_played` seen as :data:`~flickboard.envs.tables.BRIEF`."""
        self._sides = {a: self._match.side_of(s) for a, s in self.seat_of.items()}
        """Each agent's side."""
        self._names = {s: agent_name(s) for s in seats}
        self._infos: dict[str, dict[str, Any]] | None = None
        """The agents' infos (None on a table: those of the last shot, made when first
        read)."""
        self._seen = np.empty((1, self.layout.size), dtype=np.float32)
        """On a table: the observation of :attr:`_seen_by` (None: nobody's)."""
        self._seen_by: str | None = None
        self._unseen = np.empty((0, self.layout.size), dtype=np.float32)
        self._next = np.array([WATCH_NEXT], dtype=np.int64)
        self._nobody = np.empty(0, dtype=np.int64)
        self._moves = np.zeros((MAX_SEATS, 4))
        """A step's actions, by seat."""
        self._given = np.zeros(MAX_SEATS, dtype=np.bool_)
        """Which seats a parallel step gives actions (:meth:`_table_cycle`)."""
        self._alone = tuple(np.eye(MAX_SEATS, dtype=np.bool_))
        """Each seat given an action alone (:meth:`_table_turn`)."""
        self._turns = np.zeros((MAX_SEATS, MAX_SEATS + 1))
        self._everyone = (
            np.zeros(len(seats), dtype=np.int64),
            np.array(seats, dtype=np.int64),
        )
        """Every agent's table row and seat (:meth:`observations`)."""
        self._replay: _Replay | None = None
        self._match_seed = 0
        if fast and table_problem(self) is None:
            self.tables = Tables(self, 1, exact_draws=True)
        self._start(first_view)

    # -- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space (the same object every time)."""
        return self.action_spaces[agent]

    # -- episode ---------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match in play (on a table: the Match its shots make, played when first
        asked for)."""
        if self.tables is None:
            return self._match
        return self._replayed().match

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` makes it, the noise and everything after it repeatable
        (without a seed the environment's generator goes on)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        match_seed = int(self._rng.integers(2**31))
        if self.tables is not None:
            self._match_seed = match_seed
            self._count = 0
            self._replay = None
            toss = self.kind.table_toss(self._match, match_seed)
            noise = None if self.noise.silent else self._rng
            self.tables.start(0, {}, noise=noise, toss=toss)
            self._start(None)
            return
        self._match = self.kind.new_match(**self.setup, seed=match_seed)
        self._start(self._match.view())

    def _start(self, view: View | None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self._info(a, None) for a in self.agents}
        self.shots = dict.fromkeys(self._match.seats, 0)
        self._last_step: Step | None = None
        self._seen_by = None
        if self.tables is not None:
            self.agent_selection = agent_name(self.tables.seat(0))
            return
        assert view is not None
        self._view: View = view
        self.agent_selection = agent_name(self._next_seat())

    @property
    def last_step(self) -> Step | None:
        """The last shot's step (on a table: from the Match its shots make)."""
        if self.tables is None:
            return self._last_step
        return self._replayed().step

    def _replayed(self) -> _Replay:
        """The Match the table's shots make, its last step and the view to come, brought
        up to date by playing the shots since it was last asked for."""
        replay = self._replay
        if replay is None:
            match = self.kind.new_match(**self.setup, seed=self._match_seed)
            replay = self._replay = _Replay(match, None, match.view(self._next_seat(match)), 0)
        for record in self._played[replay.shots : self._count]:
            seat = int(record["seat"])
            shot = Shot(*(float(record[k]) for k in ("x", "y", "angle", "speed", "spin")))
            view = replay.match.view(seat)
            step = replay.match.play(shot, seat)
            if step.over:
                after = final_view(view, step)
            else:
                after = replay.match.view(self._next_seat(replay.match))
            replay.step, replay.view, replay.shots = step, after, replay.shots + 1
        return replay

    def _next_seat(self, match: Match | None = None) -> int:
        match = match or self._match
        seats = match.choices()
        return seats[0] if len(seats) == 1 else most_discs_left(match, seats)

    def view(self) -> View:
        """What the seat to shoot sees (after the match: the last view, the board as the
        last shot left it and nothing to come)."""
        if self.tables is not None:
            return self._replayed().view
        return self._view

    @property
    def seat(self) -> int:
        """The seat of the selected agent."""
        return self.seat_of[self.agent_selection]

    # -- observing -------------------------------------------------------------------

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: its seat and side, and the last shot (``shot``)."""
        if self._infos is None:
            assert self.tables is not None
            last = slice(self._count - 1, self._count)
            shot = self.tables.infos(self._played[last], self._brief[last])[0]
            self._infos = {a: self._info(a, shot) for a in self.agents}
        return self._infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._infos = infos

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now (see :mod:`flickboard.envs.observation`)."""
        if agent == self._seen_by:
            return cast(Observation, self._seen[0].copy())
        if self.tables is not None:
            seat = np.array([self.seat_of[agent]], dtype=np.int64)
            return cast(Observation, self.tables.observe(_ONE, seat)[0])
        return self.encoder.encode(self._view, self.seat_of[agent])

    def observations(self, agents: list[str]) -> dict[str, Observation]:
        """What each of ``agents`` sees now (on a table: one compiled call)."""
        if self.tables is None:
            return {a: self.observe(a) for a in agents}
        if agents == self.possible_agents:
            rows, seats = self._everyone
        else:
            seats = np.array([self.seat_of[a] for a in agents], dtype=np.int64)
            rows = np.zeros(len(agents), dtype=np.int64)
        seen: list[Observation] = list(self.tables.observe(rows, seats))
        return dict(zip(agents, seen, strict=True))

    def state(self) -> Observation:
        """The state: the observation of the seat to shoot (in :attr:`state_space`)."""
        return self.observe(self.agent_selection)

    # -- acting ----------------------------------------------------------------------

    def step(self, action: npt.ArrayLike | None) -> None:
        """Shoot the selected agent's shot (its action); a finished agent steps None."""
        self._step(action, True)

    def _step(self, action: npt.ArrayLike | None, watched: bool) -> None:
        """:meth:`step`; ``watched``: on a table, the observation to come is made with
        the shot (the next :meth:`observe` of the agent to shoot reads it)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidInput(f"{agent} is still in play: its action may not be None")
        if self.tables is not None:
            self._table_turn(action, watched)
            return
        line = self._view.start_line
        self._shoot(self.actions.shot(self._view, action, line), line=line)

    def step_player(self, player: Player) -> None:
        """Shoot the selected agent's shot as ``player`` decides it (its own noise; the
        environment's is not added): how built-in players take part."""
        tables = self.tables
        if tables is not None:
            meant = player.decide(self.view())
            self._cumulative_rewards[self.agent_selection] = 0.0
            shot = tables.play_meant(0, meant).shots
            self._room().view(np.uint8)[:] = shot.view(np.uint8)
            self._count += 1
            table = 0
            self._after_shot(
                tables.rewards_of(table), tables.seat(table), tables.over(table),
                tables.truncated(table),
            )  # fmt: skip
            self._seen_by = None
            return
        meant = player.decide(self._view)
        self._shoot(meant, noisy=False)

    def _table_turn(self, action: npt.ArrayLike, watched: bool) -> None:
        """The selected agent's shot on the table, named by ``action`` (with the noise);
        ``watched``: the observation to come made with it."""
        tables = self.tables
        assert tables is not None
        agent, total = self.agent_selection, self._cumulative_rewards
        seat = self.seat_of[agent]
        moves = self._moves
        if isinstance(action, np.ndarray) and action.shape == (4,) and action.dtype.kind == "f":
            moves[seat] = action
        else:
            moves[seat] = checked(action)
        before, total[agent] = total[agent], 0.0
        room, turns = self._room(), self._turns
        watchers, seen = (self._next, self._seen) if watched else (self._nobody, self._unseen)
        _, status, seat, over, cut = tables.play_turns(
            0, moves, self._alone[seat], room, turns, watchers, seen
        )
        if status:
            if status == STATUS_NOT_FINITE:  # nothing played: said as the Match path says it
                total[agent] = before
                checked(action)
            tables.refuse(room[0], 0, status)
        self._count += 1
        self._after_shot(turns[0, 1:].tolist(), seat, over, cut)
        self._seen_by = self.agent_selection if watched else None

    def _room(self, shots: int = 1) -> np.ndarray:
        """Room for the next ``shots`` shots' records in :attr:`_played`."""
        count, played = self._count, self._played
        grown = room_for(played, count + shots)
        if grown is not played:
            self._played = played = grown
            self._brief = grown.view(BRIEF)
        return played[count : count + shots]

    def _table_cycle(
        self, actions: Mapping[str, Any], rewards: dict[str, float], agents: list[str]
    ) -> dict[str, Observation]:
        """A parallel step's shots on a table that draws nothing, in one compiled call
        (:meth:`Tables.play_turns <flickboard.envs.tables.Tables.play_turns>`): each
        agent whose turn comes shoots its action, once, in the match's order, its shot's
        rewards added to ``rewards``, every state as :meth:`step` leaves it; returns the
        observation of each of ``agents`` after them."""
        tables = self.tables
        assert tables is not None
        agent = self.agent_selection
        if not (self.terminations[agent] or self.truncations[agent]) and agent not in actions:
            raise InvalidInput(f"no action for {agent}, whose turn it is")
        moves, given = self._moves, self._given
        given[:] = False
        for name, action in actions.items():
            seat = self.seat_of.get(name)
            if seat is None:
                continue
            given[seat] = True
            if isinstance(action, np.ndarray) and action.shape == (4,) and action.dtype.kind == "f":
                moves[seat] = action
            else:
                try:
                    moves[seat] = checked(action)
                except InvalidInput:
                    moves[seat] = np.nan  # refused, as step refuses it, if its turn comes
        if agents == self.possible_agents:
            watchers = self._everyone[1]
        else:
            watchers = np.array([self.seat_of[a] for a in agents], dtype=np.int64)
        room = self._room(len(self.possible_agents))
        seen = np.empty((len(watchers), tables.size), dtype=np.float32)
        played, status, seat, over, cut = tables.play_turns(
            0, moves, given, room, self._turns, watchers, seen
        )
        self._count += played
        turns = self._turns[:played].tolist()
        for k, turn in enumerate(turns):
            last = k == played - 1
            self._cumulative_rewards[self.agent_selection] = 0.0
            after = seat if last else int(turns[k + 1][0])
            self._after_shot(turn[1:], after, over and last, cut and last)
            for a, reward in self.rewards.items():
                rewards[a] += reward
        self._seen_by = None
        if status == STATUS_NOT_FINITE:
            self._step(actions[self.agent_selection], False)  # raises what step raises
        elif status:
            tables.refuse(room[played], 0, status)
        return dict(zip(agents, seen, strict=True))

    def _after_shot(self, sides: list[float], seat: int, over: bool, cut: bool) -> None:
        """A table's shot done: its rewards (each side's), the seat to shoot next,
        whether the match is over or cut; its info made when first read."""
        agent = self.agent_selection
        self.shots[self.seat_of[agent]] += 1
        rewards, total = self.rewards, self._cumulative_rewards
        for a, side in self._sides.items():
            reward = sides[side]
            rewards[a] = reward
            total[a] += reward
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._names[seat]
            if cut:
                self.truncations = dict.fromkeys(self.agents, True)
        self._infos = None

    def match_side(self, agent: str) -> int:
        """The side of an agent."""
        return self._sides[agent]

    def _shoot(self, meant: Shot, noisy: bool = True, line: StartLine | None = None) -> None:
        view, seat, agent = self._view, self.seat, self.agent_selection
        z = None
        if noisy and not self.noise.silent:
            if self._rng is None:
                self._rng = np.random.default_rng()
            z = ExecutionNoise.draws(self._rng, 1)[0]
        shot, problem = execute(self.noise, view, meant, z, line)
        self._cumulative_rewards[agent] = 0.0
        step = self.match.play(shot, seat)
        self.shots[seat] += 1
        self._last_step = step
        sides = side_rewards(step.rounds_ended, self.match.sides, self.reward_kind)
        self.rewards = {a: sides[self.match.side_of(self.seat_of[a])] for a in self.agents}
        played = shot_info(step, problem, full=self.info_level == "full")
        if step.over:
            self._view = final_view(view, step)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._view = self.match.view(self._next_seat())
            if self.max_cycles is not None and self.shots[self._view.turn.seat] >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
        self.infos = {a: self._info(a, played) for a in self.agents}
        self.agent_selection = agent_name(self._view.turn.seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _info(self, agent: str, shot: dict[str, Any] | None) -> dict[str, Any]:
        if shot is None:
            return {"seat": self.seat_of[agent], "side": self._sides[agent]}
        return {"seat": self.seat_of[agent], "side": self._sides[agent], "shot": shot}

    # -- pictures --------------------------------------------------------------------

    def render(self) -> npt.NDArray[np.uint8] | str | None:
        """The board: text (``ansi``), an RGB array (``rgb_array``), or the text printed
        to stdout (``human``: None is returned; every shot prints it too)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: " + ", ".join(RENDER_MODES))
            return None
        position = self._view.position
        if self.render_mode == "rgb_array":
            return rgb(position)
        board = self._status() + "\n" + text(position, self.kind.side_names)
        if self.render_mode == "human":
            print(board, flush=True)
            return None
        return board

    def _status(self) -> str:
        view = self._view
        names = self.kind.side_names
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(view.scores))
        head = f"{self.kind.title}, {self.kind.round_word} {view.round_number}: {scores}"
        if not view.to_come:
            return f"{head}; {self.match.result().summary}"
        seat, side = view.to_come[0]
        left = ", ".join(f"seat {s}: {n}" for s, n in view.discs_left)
        return f"{head}; seat {seat} ({names[side]}) to shoot; {self.kind.piece}s left {left}"

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


@dataclass
class _Replay:
    """The Match a table's shots make: the match, its last step, the view to come, the
    shots played into it."""

    match: Match
    step: Step | None
    view: View
    shots: int


_ONE = np.zeros(1, dtype=np.int64)
"""The one table of a table-played AEC environment."""


def side_rewards(ended: tuple[RoundEnd, ...], sides: int, kind: Reward) -> list[float]:
    """Each side's reward for the rounds a shot ended: its round points as the game
    counts them (``points``), or those less the mean of the other sides' (``differential``)."""
    out = np.zeros(sides)
    for end in ended:
        counted = np.zeros(sides)
        shown = [float(c) for c in end.counted[:sides]]
        counted[: len(shown)] = shown
        add_round_rewards(counted, sides, kind == "differential", out)
    rewards: list[float] = out.tolist()
    return rewards


def final_view(view: View, step: Step) -> View:
    """The view after the match's last shot: the board as it left it, nothing to come,
    the game's final scores."""
    from dataclasses import replace

    scores = step.games_ended[-1].scores if step.games_ended else view.scores
    after = view.after(step.ruling)
    base = after if after is not None else view
    return replace(base, position=step.ruling.position_after, to_come=(), scores=tuple(scores))


def shot_info(step: Step, start_problem: str | None, full: bool = True) -> dict[str, Any]:
    """A shot as plain data for ``info["shot"]``: who shot, where it started, whether it
    was valid and what it ended; ``full``: the referee's ruling and the events too
    (docs/envs.md)."""
    entry = step.entry
    record = entry.record
    ruling = entry.ruling
    shot = record.shot
    out: dict[str, Any] = {
        "seat": entry.turn.seat,
        "side": entry.turn.side,
        "disc": entry.turn.disc,
        "start": None if shot is None else (shot.x, shot.y),
        "start_problem": start_problem,
        "valid": ruling.valid,
    }
    if full:
        out["ruling"] = ruling.summary
        out["decisions"] = [
            {
                "disc": d.disc,
                "side": d.side,
                "fate": d.fate.value,
                "x": d.x,
                "y": d.y,
                "reason": d.reason,
                "clause": d.clause,
            }
            for d in ruling.decisions
        ]
        out["events"] = [
            {
                "time": e.time,
                "kind": e.kind.value,
                "disc": e.disc,
                "other": e.other if e.other is None or isinstance(e.other, int) else str(e.other),
            }
            for e in record.events
        ]
    out["rounds_ended"] = [end.to_json() for end in step.rounds_ended]
    out["games_ended"] = [end.to_json() for end in step.games_ended]
    return out

"""Table shuffleboard as a game kind: the CSC table, waxed physics, the draw to the three.

>>> from flickboard.play.kind import game_kind
>>> game_kind("table shuffleboard").new_match(players=4).seats
(0, 2, 1, 3)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import DiscState, Layout, PhysicsParams, Shot
from flickboard.play.kind import GameKind, MatchSetup, register_kind
from flickboard.play.noise import ByLevel, ExecutionNoise
from flickboard.play.shuffleboard import (
    GameRules,
    ShuffleboardMatch,
    coin_toss,
    frame_end,
    game_end,
)
from flickboard.rules.base import Referee, Turn
from flickboard.rules.shuffleboard import RELEASE_LINE, CSCReferee
from flickboard.rules.shuffleboard.scoring import COLOUR_NAMES, count_weights

if TYPE_CHECKING:
    from flickboard.physics.batch import BatchResult
    from flickboard.play.match import GameEnd, Match, RoundEnd


def draw_speed(params: PhysicsParams, start_y: float, target_y: float) -> float:
    """The speed that makes a weight slide from ``start_y`` and stop at ``target_y``."""
    if target_y <= start_y:
        raise InvalidInput("a draw must go towards the far end")
    return params.speed_to_travel(target_y - start_y)


def three_zone_target(table: ShuffleboardTable) -> float:
    """Centre y of a weight sitting in the middle of the three zone."""
    r = table.disc.radius
    return (table.lines[3].far + r + table.length - r) / 2


def three_zone_shot(table: ShuffleboardTable, params: PhysicsParams, x: float = 0.0) -> Shot:
    """A draw from the release line aimed at the middle of the three zone."""
    return Shot(
        x, RELEASE_LINE, math.pi / 2, draw_speed(params, RELEASE_LINE, three_zone_target(table))
    )


class _Weight(NamedTuple):
    """A weight a table's frame ended with, as the count reads it (its values are the
    table's: a :class:`PlacedDisc` would check them again)."""

    id: int
    x: float
    y: float


class Shuffleboard(GameKind):
    """Table shuffleboard by the Canadian Shuffleboard Congress rules."""

    name = "shuffleboard"
    aliases = ("table shuffleboard", "csc shuffleboard", "shuffle board")
    title = "table shuffleboard"
    rule_sets = ("csc",)
    players = (2, 4)
    side_names = tuple(COLOUR_NAMES[s] for s in sorted(COLOUR_NAMES))
    piece = "weight"
    round_word = "frame"
    start_line_word = "release line"
    max_angle = math.radians(5)  # on a table 19 inches wide, wider falls in a gutter
    noise_profile = ExecutionNoise(start=0.003, angle=0.002, speed=0.01)
    level_scales: ClassVar[Mapping[str, float]] = ByLevel(
        {
            "novice": 1.85938,
            "recreational": 1.32422,
            "strong-recreational": 1.14844,
            "competitive": 1.00781,
            "top-competitive": 0.80078,
            "champion": 0.64062,
            "perfect": 0.0,
        }
    )
    skill_targets: ClassVar[Mapping[str, float]] = ByLevel(
        {
            "novice": 0.25,
            "recreational": 0.35,
            "strong-recreational": 0.40,
            "competitive": 0.45,
            "top-competitive": 0.55,
            "champion": 0.65,
        }
    )
    """Three-zone draw rate by level: no published data exists; chosen ten points under
    crokinole's open-20 rates (docs/ai.md)."""
    skill_test_name = "three-zone draw"

    def board(self) -> ShuffleboardTable:
        """The CSC regulation table."""
        return ShuffleboardTable.csc()

    def params(self) -> PhysicsParams:
        """Physics of a waxed table shuffleboard."""
        return PhysicsParams.shuffleboard()

    def speed_range(self) -> tuple[float, float]:
        """From a weight that dies short of the foul line to a hard takeout (m/s)."""
        table, params = self.board(), self.params()
        short = draw_speed(params, RELEASE_LINE, table.foul_line.y)
        return (
            round(0.9 * short, 2),
            round(1.8 * draw_speed(params, RELEASE_LINE, table.length), 2),
        )

    def _new_match(self, referee: Referee, setup: MatchSetup) -> ShuffleboardMatch:
        assert isinstance(referee, CSCReferee)
        if not setup.teams and setup.players == 4:
            raise InvalidInput("table shuffleboard for four is doubles (CSC 1(b))")
        if setup.games != 1:
            raise InvalidInput("a CSC match is one game or a best of three (rule 3)")
        if setup.time_shots is not None or setup.time_seconds is not None:
            raise InvalidInput("CSC games are played to a target, not timed")
        side = 0 if setup.first is None else setup.first % 2
        return ShuffleboardMatch(
            GameRules(setup.players, setup.target, side),
            best_of_three=setup.best_of_three,
            seed=setup.seed,
            referee=referee,
            params=setup.params,
        )

    def table_problem(self, match: Match) -> str | None:
        """Offences carried from earlier games play through the Match
        (:mod:`flickboard.play.shuffleboard_tables`)."""
        from flickboard.play.shuffleboard_tables import table_problem

        assert isinstance(match, ShuffleboardMatch)
        return table_problem(match)

    def table_setup(self, match: Match) -> npt.NDArray[np.void]:
        """The tables' setup of ``match`` (:func:`~flickboard.play.shuffleboard_tables.shuffleboard_setup`)."""
        from flickboard.play.shuffleboard_tables import shuffleboard_setup

        assert isinstance(match, ShuffleboardMatch)
        return shuffleboard_setup(match)

    def table_round_end(self, match: Match, shot: np.void) -> RoundEnd:
        """The frame a table's delivery ended: the count of the table it left (rule 4)."""
        assert isinstance(match, ShuffleboardMatch)
        laid: list[int] = shot["board_laid"][: int(shot["board_count"])].tolist()
        xs, ys = shot["board_x"].tolist(), shot["board_y"].tolist()
        owners = shot["board_owner"].tolist()
        weights = [(_Weight(d, xs[d], ys[d]), owners[d]) for d in laid]
        return frame_end(
            int(shot["game"]), int(shot["round"]), count_weights(match.referee.table, weights)
        )

    def table_game_end(self, match: Match, shot: np.void) -> GameEnd:
        """The game a table's delivery ended: the winner and the totals."""
        assert isinstance(match, ShuffleboardMatch)
        winner = int(shot["winner"])
        red, green = (int(v) for v in shot["game_scores"][:2])
        return game_end(
            int(shot["game"]), None if winner < 0 else winner, (red, green), match.rules.goal
        )

    def table_toss(self, match: Match, seed: int) -> int:
        """The coin toss's colour for a best of three's third game (rule 3), from the
        match's seed."""
        assert isinstance(match, ShuffleboardMatch)
        return coin_toss(seed) if match.best_of_three else -1

    def match_to_json(self, match: Match, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The game record, or the best-of-three record (docs/formats.md)."""
        from flickboard.play.shuffleboard_record import game_to_json, match_to_json

        assert isinstance(match, ShuffleboardMatch)
        if match.series is not None:
            return match_to_json(match.series, tags)
        return game_to_json(match.games[0], tags)

    def match_from_json(self, data: object) -> ShuffleboardMatch:
        """A shuffleboard game or best-of-three record, replayed."""
        from flickboard.play.shuffleboard_record import (
            MATCH_FORMAT,
            match_from_json,
            single_from_json,
        )

        if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
            return match_from_json(data)
        return single_from_json(data)

    def skill_test(self) -> tuple[Layout, Shot, Callable[[BatchResult], npt.NDArray[np.bool_]]]:
        """A draw to the middle of the three zone from the middle of the release line."""
        from flickboard.physics.batch import STATE_ORDER

        table, params = self.board(), self.params()
        on_surface = STATE_ORDER.index(DiscState.ON_SURFACE)

        def in_three(result: BatchResult) -> npt.NDArray[np.bool_]:
            return np.array(
                [
                    result.status[k] == 0
                    and result.state[k, 0] == on_surface
                    and table.zone_of(float(result.x[k, 0]), float(result.y[k, 0])) is Zone.THREE
                    for k in range(len(result.status))
                ],
                dtype=bool,
            )

        return Layout(table, ()), three_zone_shot(table, params), in_three

    def first_turn(self) -> Turn:
        """Red's first weight, player 0."""
        return Turn(0, 0, 0)


SHUFFLEBOARD = register_kind(Shuffleboard())
"""The table shuffleboard game kind."""

"""Table shuffleboard by the Canadian Shuffleboard Congress rules (CSC)."""

from flickboard.rules.shuffleboard.game import (
    DOUBLES_TARGET,
    LEAGUE_TARGET,
    RELEASE_LINE,
    SINGLES_TARGET,
    WEIGHTS_PER_PLAYER,
)
from flickboard.rules.shuffleboard.position import (
    colour_name,
    position_from_json,
    position_to_json,
    side_of_colour,
    table_position,
)
from flickboard.rules.shuffleboard.referee import (
    NO_CALLS,
    Calls,
    CSCReferee,
    calls_from_json,
    calls_to_json,
)
from flickboard.rules.shuffleboard.scoring import (
    GREEN,
    RED,
    FrameCount,
    WeightScore,
    count_frame,
    count_weights,
    zone_name,
)

__all__ = [
    "DOUBLES_TARGET",
    "GREEN",
    "LEAGUE_TARGET",
    "NO_CALLS",
    "RED",
    "RELEASE_LINE",
    "SINGLES_TARGET",
    "WEIGHTS_PER_PLAYER",
    "CSCReferee",
    "Calls",
    "FrameCount",
    "WeightScore",
    "calls_from_json",
    "calls_to_json",
    "colour_name",
    "count_frame",
    "count_weights",
    "position_from_json",
    "position_to_json",
    "side_of_colour",
    "table_position",
    "zone_name",
]

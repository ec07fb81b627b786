"""flickboard: crokinole and table shuffleboard by the book.

The front door for Python users (loaded lazily, so ``import flickboard`` stays cheap)::

    import flickboard as fb

    match = fb.new_match("crokinole", rules="wcc", players=2)
    outcome = fb.play_match(match, [fb.player("ai:heuristic:competitive", game="crokinole", seed=1),
                                    fb.player("bot", game="crokinole", seed=2)])

Layers (one-way): geometry -> physics -> rules -> play -> events; agents on play,
evaluation on agents; store, web, cli and envs are adapters on top (docs/layers.md).
docs/python.md shows the API.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from flickboard.version import VERSION as __version__  # noqa: N811

if TYPE_CHECKING:
    from flickboard.agents.spec import player_from_spec as player
    from flickboard.errors import (
        DuplicateName,
        FlickboardError,
        GameOver,
        IllegalInPosition,
        IllegalStart,
        InvalidInput,
        NothingToUndo,
        OutOfTurn,
        PhysicsError,
        RecordMismatch,
        RoundOver,
    )
    from flickboard.geometry import CrokinoleBoard, DiscSpec, ShuffleboardTable
    from flickboard.geometry.startline import StartLine
    from flickboard.physics import (
        Layout,
        PhysicsParams,
        PlacedDisc,
        Shot,
        ShotRecord,
        sample_trajectory,
        simulate,
        simulate_batch,
    )
    from flickboard.play.driver import Observer, play_match
    from flickboard.play.kind import GameKind, game_kinds, load_match, new_match
    from flickboard.play.kind import game_kind as kind
    from flickboard.play.match import Match, Outcome, Step
    from flickboard.play.noise import LEVELS, ExecutionNoise
    from flickboard.play.view import Player, View
    from flickboard.rules import Position, Ruling, Turn, referee

_LAZY: dict[str, tuple[str, str]] = {
    "player": ("flickboard.agents.spec", "player_from_spec"),
    "CrokinoleBoard": ("flickboard.geometry", "CrokinoleBoard"),
    "ShuffleboardTable": ("flickboard.geometry", "ShuffleboardTable"),
    "DiscSpec": ("flickboard.geometry", "DiscSpec"),
    "StartLine": ("flickboard.geometry.startline", "StartLine"),
    "Layout": ("flickboard.physics", "Layout"),
    "PlacedDisc": ("flickboard.physics", "PlacedDisc"),
    "PhysicsParams": ("flickboard.physics", "PhysicsParams"),
    "Shot": ("flickboard.physics", "Shot"),
    "ShotRecord": ("flickboard.physics", "ShotRecord"),
    "simulate": ("flickboard.physics", "simulate"),
    "simulate_batch": ("flickboard.physics", "simulate_batch"),
    "sample_trajectory": ("flickboard.physics", "sample_trajectory"),
    "Observer": ("flickboard.play.driver", "Observer"),
    "play_match": ("flickboard.play.driver", "play_match"),
    "GameKind": ("flickboard.play.kind", "GameKind"),
    "kind": ("flickboard.play.kind", "game_kind"),
    "game_kinds": ("flickboard.play.kind", "game_kinds"),
    "new_match": ("flickboard.play.kind", "new_match"),
    "load_match": ("flickboard.play.kind", "load_match"),
    "Match": ("flickboard.play.match", "Match"),
    "Outcome": ("flickboard.play.match", "Outcome"),
    "Step": ("flickboard.play.match", "Step"),
    "LEVELS": ("flickboard.play.noise", "LEVELS"),
    "ExecutionNoise": ("flickboard.play.noise", "ExecutionNoise"),
    "Player": ("flickboard.play.view", "Player"),
    "View": ("flickboard.play.view", "View"),
    "Position": ("flickboard.rules", "Position"),
    "Ruling": ("flickboard.rules", "Ruling"),
    "Turn": ("flickboard.rules", "Turn"),
    "referee": ("flickboard.rules", "referee"),
    **{
        name: ("flickboard.errors", name)
        for name in (
            "DuplicateName",
            "FlickboardError",
            "GameOver",
            "IllegalInPosition",
            "IllegalStart",
            "InvalidInput",
            "NothingToUndo",
            "OutOfTurn",
            "PhysicsError",
            "RecordMismatch",
            "RoundOver",
        )
    },
}
"""Public name -> (module, attribute), imported on first use."""

__all__ = [
    "LEVELS",
    "CrokinoleBoard",
    "DiscSpec",
    "DuplicateName",
    "ExecutionNoise",
    "FlickboardError",
    "GameKind",
    "GameOver",
    "IllegalInPosition",
    "IllegalStart",
    "InvalidInput",
    "Layout",
    "Match",
    "NothingToUndo",
    "Observer",
    "OutOfTurn",
    "Outcome",
    "PhysicsError",
    "PhysicsParams",
    "PlacedDisc",
    "Player",
    "Position",
    "RecordMismatch",
    "RoundOver",
    "Ruling",
    "Shot",
    "ShotRecord",
    "ShuffleboardTable",
    "StartLine",
    "Step",
    "Turn",
    "View",
    "__version__",
    "game_kinds",
    "kind",
    "load_match",
    "new_match",
    "play_match",
    "player",
    "referee",
    "sample_trajectory",
    "simulate",
    "simulate_batch",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'flickboard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)

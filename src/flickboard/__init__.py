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

import ast
import importlib
from functools import cache
from pathlib import Path
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
"""The public names: ``__version__`` and the ``TYPE_CHECKING`` block's (a test holds
the two together; the block is also where each is loaded from)."""


@cache
def _lazy() -> dict[str, tuple[str, str]]:
    """Public name -> (module, attribute): the imports of the ``TYPE_CHECKING`` block
    above, read from this file once (type checkers read the same block)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    block = next(
        n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
    )
    return {
        alias.asname or alias.name: (str(node.module), alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def __getattr__(name: str) -> Any:
    if name in _lazy():
        module, attribute = _lazy()[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'flickboard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)

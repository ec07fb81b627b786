"""Each rule set's compiled core, found by its referee's class.

A game's ``compiled`` module registers the function that rules a batch's arrays for its
referee class (``@rules_batches(CSCReferee)``); :func:`flickboard.rules.compiled.rule_batch`
asks :func:`core_of` for the referee it is given, so no code outside the one-game modules
chooses by game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from flickboard.errors import InvalidInput
from flickboard.geometry import Board
from flickboard.rules.base import Referee


class CoreRulings(NamedTuple):
    """What a compiled core decided on a batch: the arrays of
    :class:`~flickboard.rules.compiled.BatchRulings` after ``ruled``, the words of its
    clause and foul codes, and whether the position after lists the discs by id."""

    valid: np.ndarray
    foul: np.ndarray
    fate: np.ndarray
    clause: np.ndarray
    x: np.ndarray
    y: np.ndarray
    leaning: np.ndarray
    points: np.ndarray
    twenties: np.ndarray
    impossible: np.ndarray
    clauses: tuple[str, ...]
    fouls: tuple[str, ...]
    by_id: bool


BatchCore = Callable[[Any, Board, np.ndarray, np.ndarray, tuple[np.ndarray, ...]], CoreRulings]
"""``core(referee, board, sides, before, batch)``: ``sides`` of the layout's discs then
the shooter, ``before`` the layout's kernel rows, ``batch`` the batch's log, its
offsets, x, y, state and status; :class:`InvalidInput` for what the core cannot rule."""

_CORES: dict[type, BatchCore] = {}


def rules_batches(referee_class: type) -> Callable[[BatchCore], BatchCore]:
    """Decorator: the compiled core of ``referee_class``'s rule sets."""

    def register(core: BatchCore) -> BatchCore:
        _CORES[referee_class] = core
        return core

    return register


def core_of(referee: Referee) -> BatchCore:
    """The compiled core of ``referee``'s rule set (:class:`InvalidInput` if none: a
    subclass of a referee with a core that rules otherwise, overriding ``rule``, has
    none)."""
    kind = type(referee)
    owner = next((cls for cls in kind.__mro__ if cls in _CORES), None)
    if owner is not None and getattr(kind, "rule", None) is getattr(owner, "rule", None):
        return _CORES[owner]
    raise InvalidInput(f"no compiled core for rule set {referee.name!r}")


__all__ = ["BatchCore", "CoreRulings", "core_of", "rules_batches"]

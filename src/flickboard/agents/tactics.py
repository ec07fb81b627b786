"""What an AI knows of one game, found by the game's name: the one place agents differ.

The planner, the search player, the heuristic and the evaluation harness are written
once for every game; each game kind has a :class:`Tactics` that says which shots are
worth considering, how to sample more, what the learned value sees of a position and
what a position is worth, and how to say where a disc lies. A third game brings its
kind (:mod:`flickboard.play.kind`) and, for the AI,
its tactics registered here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Side

if TYPE_CHECKING:
    from flickboard.agents.candidates import Candidate
    from flickboard.agents.valuation import Outlook
    from flickboard.rules.compiled import BatchRulings


Left = tuple[Position, Mapping[Side, int]]
"""A position a shot may leave, with the 20s made in the round by then (by side)."""

Features = npt.NDArray[np.float64]
"""Rows of the learned value's inputs, one per position."""


class Tactics(Protocol):
    """One game's knowledge for the AI players."""

    planner_widen: int
    """Sampled shots (:meth:`sampled`) the planner screens with its candidates when no
    budget says otherwise."""

    search_widen: int
    """Sampled shots the search player screens with the planner's candidates when no
    budget says otherwise."""

    def candidates(self, view: View, params: PhysicsParams) -> list[Candidate]:
        """The shots a planner weighs from this view, each with its intent."""
        ...

    def sampled(
        self, view: View, params: PhysicsParams, count: int, rng: np.random.Generator
    ) -> list[Candidate]:
        """``count`` shots drawn across the shooter's choices (the search's widening)."""
        ...

    def heuristic(self, view: View, params: PhysicsParams) -> Candidate:
        """The geometric baseline's shot (no simulation of its own)."""
        ...

    def features(self, view: View, left: Sequence[Left], outlook: Outlook) -> Features:
        """What the learned value sees of each position the shot of ``view`` may leave."""
        ...

    def result_class(self, final: Sequence[int], side: Side) -> int:
        """A finished round's result from ``side`` (its scores by side), as the learned
        value's class (crokinole: lost -1, tied 0, won 1; shuffleboard: frame points)."""
        ...

    def values(self, view: View, left: Sequence[Left], outlook: Outlook) -> list[float]:
        """Expected outcome in [-1, 1] for the side of ``view`` of each position it may
        leave (with the 20s made in the round): exact once the round is over, else the
        learned value's."""
        ...

    def bulk_values(
        self, view: View, rulings: BatchRulings, rows: npt.NDArray[np.intp], outlook: Outlook
    ) -> npt.NDArray[np.float64]:
        """:meth:`values` of the positions the compiled rulings' rows ``rows`` leave (the
        shots of ``view``), from the rulings' arrays: the same values, bit for bit."""
        ...

    def refine_spread(self, shot: Shot) -> tuple[float, float]:
        """Starting spread (angle rad, speed m/s) of the cross-entropy refinement."""
        ...

    def where(self, view: View, disc: PlacedDisc) -> str:
        """Where a disc lies, in the game's words ("on the 10 line")."""
        ...

    def shelter(self, view: View, position: Position, disc: PlacedDisc) -> str:
        """What covers a disc of ``position`` from the next opposing shot, in words
        ("behind a peg", "guarded by a weight in front"); empty when it is exposed."""
        ...

    def skill_view(self, view: View) -> View:
        """The view, from a game's first one, where the AI's own shot is judged by the
        game kind's skill test (the opening shot; the hammer on a clear table)."""
        ...

    def target_spot(self, view: View, rng: np.random.Generator) -> tuple[float, float]:
        """A random spot worth taking a disc out from (the takeout test)."""
        ...

    def bot(self, name: str, seed: int) -> Player:
        """The simple built-in player of this game (``bot``)."""
        ...


_TACTICS: dict[str, Tactics] = {}

BUILTIN_TACTICS: tuple[str, ...] = (
    "flickboard.agents.crokinole_tactics",
    "flickboard.agents.shuffleboard_tactics",
)
"""Modules whose import registers the built-in tactics (found by name, as the game kinds
are: the tactics use the generic helpers that ask :func:`tactics_for`)."""


def register_tactics(game: str, tactics: Tactics) -> None:
    """Make ``tactics`` the AI's knowledge of ``game``."""
    _TACTICS[game] = tactics


def tactics_for(game: str) -> Tactics:
    """The tactics of a game by name; :class:`InvalidInput` if the AI does not play it."""
    if game not in _TACTICS:  # the built-in tactics register themselves on import
        for module in BUILTIN_TACTICS:
            importlib.import_module(module)
    try:
        return _TACTICS[game]
    except KeyError:
        raise InvalidInput(
            f"the AI does not play {game!r}; it plays {', '.join(_TACTICS)}"
        ) from None

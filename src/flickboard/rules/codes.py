"""The codes compiled rulings read and write, named once.

A compiled ruling writes each disc's fate as its index in :class:`~.base.Fate` (or
:data:`NO_FATE` for a disc the shot did not concern) and reads each disc's final state
as its index in :class:`~flickboard.physics.DiscState` (``physics.batch.STATE_ORDER``).
The compiled cores and everything that reads their arrays use these names, never bare
numbers.
"""

from __future__ import annotations

from flickboard.physics import DiscState
from flickboard.rules.base import Fate

FATES: tuple[Fate, ...] = tuple(Fate)
"""Fates by code."""
NO_FATE = -1
"""The shot did not concern the disc: it stays where it was."""
IN_PLAY = FATES.index(Fate.IN_PLAY)
OUT = FATES.index(Fate.OUT)
TWENTY = FATES.index(Fate.TWENTY)
RESTORED = FATES.index(Fate.RESTORED)

STATES: tuple[DiscState, ...] = tuple(DiscState)
"""Final states by code (the order of ``physics.batch.STATE_ORDER``)."""
ON_SURFACE = STATES.index(DiscState.ON_SURFACE)
LEANING = STATES.index(DiscState.LEANING)
IN_HOLE = STATES.index(DiscState.IN_HOLE)
IN_DITCH = STATES.index(DiscState.IN_DITCH)
IN_GUTTER = STATES.index(DiscState.IN_GUTTER)

__all__ = [
    "FATES",
    "IN_DITCH",
    "IN_GUTTER",
    "IN_HOLE",
    "IN_PLAY",
    "LEANING",
    "NO_FATE",
    "ON_SURFACE",
    "OUT",
    "RESTORED",
    "STATES",
    "TWENTY",
]

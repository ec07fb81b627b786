"""Boards, tables and discs as frozen values in SI units."""

from typing import TypeGuard

from flickboard.geometry.board import Board, KernelFigures, as_board
from flickboard.geometry.crokinole import CrokinoleBoard, Region, Ring
from flickboard.geometry.disc import DiscSpec
from flickboard.geometry.shuffleboard import CrossLine, ShuffleboardTable, Zone

BOARDS: tuple[type[Board], ...] = (CrokinoleBoard, ShuffleboardTable)
"""Every board class, each implementing :class:`Board` (a third board adds itself here)."""

BOARD_KINDS: dict[str, type[Board]] = {cls.kind: cls for cls in BOARDS}
"""Board classes by their ``kind``."""


def is_board(value: object) -> TypeGuard[Board]:
    """True if ``value`` is one of the :data:`BOARDS`."""
    return isinstance(value, BOARDS)


__all__ = [
    "BOARDS",
    "BOARD_KINDS",
    "Board",
    "CrokinoleBoard",
    "CrossLine",
    "DiscSpec",
    "KernelFigures",
    "Region",
    "Ring",
    "ShuffleboardTable",
    "Zone",
    "as_board",
    "is_board",
]

"""Boards, tables and discs as frozen values in SI units."""

from flickboard.geometry.crokinole import CrokinoleBoard, Region, Ring
from flickboard.geometry.disc import DiscSpec
from flickboard.geometry.shuffleboard import CrossLine, ShuffleboardTable, Zone

Board = CrokinoleBoard | ShuffleboardTable

__all__ = [
    "Board",
    "CrokinoleBoard",
    "CrossLine",
    "DiscSpec",
    "Region",
    "Ring",
    "ShuffleboardTable",
    "Zone",
]

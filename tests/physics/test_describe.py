"""Events in plain words."""

from __future__ import annotations

from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Edge, Event, EventKind
from flickboard.physics.describe import describe, line_name


def test_contacts_and_lines_read_as_sentences(board: CrokinoleBoard) -> None:
    hit = Event(0.412, EventKind.DISC_CONTACT, 3, 1, 0.021, 0.101)
    assert describe(hit, board) == "disc 3 struck disc 1 at (0.021, 0.101)"
    clear = Event(0.1, EventKind.LINE_CLEAR, 2, 2, 0.0, -0.29, -1)
    assert describe(clear, board).startswith("disc 2 cleared the shooting line to the inside")
    assert "dropped into the 20 hole" in describe(Event(1.0, EventKind.DROPPED, 4), board)


def test_table_words_use_table_names(table: ShuffleboardTable) -> None:
    assert line_name(table, 0) == "foul line"
    gone = Event(2.0, EventKind.LEFT_SURFACE, 1, Edge.FAR_END, 0.0, 4.27)
    assert "went over the far end" in describe(gone, table)
    landed = Event(2.0, EventKind.LANDED, 1, Edge.FAR_END, 0.0, 4.27)
    assert "in the gutter" in describe(landed, table)

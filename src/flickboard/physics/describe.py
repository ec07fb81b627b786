"""Plain words for shot events ("0.412 s  disc 3 struck disc 1 at (0.021, 0.101)")."""

from __future__ import annotations

from flickboard.geometry import Board
from flickboard.physics.record import Edge, Event, EventKind

_EDGE_WORDS = {
    Edge.RIM: "the edge of the board",
    Edge.LEFT: "the left side",
    Edge.RIGHT: "the right side",
    Edge.FAR_END: "the far end",
    Edge.NEAR_END: "the near end",
}


def line_name(board: Board, index: int) -> str:
    """The name of line ``index`` ("15 line", "shooting line", "foul line", ...)."""
    names = board.line_names
    return names[index] if 0 <= index < len(names) else f"line {index}"


def describe(event: Event, board: Board) -> str:
    """One event in words, without its time."""
    who = f"disc {event.disc}"
    at = f"at ({event.x:.3f}, {event.y:.3f})"
    kind = event.kind
    if kind is EventKind.DISC_CONTACT:
        return f"{who} struck disc {event.other} {at}"
    if kind is EventKind.PEG_CONTACT:
        return f"{who} struck peg {event.other} {at}"
    if kind is EventKind.RAIL_CONTACT:
        return f"{who} bounced off the rail {at}"
    if kind in (EventKind.LINE_TOUCH, EventKind.LINE_CLEAR):
        name = line_name(board, int(event.other)) if isinstance(event.other, int) else "a line"
        if kind is EventKind.LINE_TOUCH:
            return f"{who} touched the {name} {at}"
        side = board.line_sides[1] if event.side > 0 else board.line_sides[0]
        return f"{who} cleared the {name} to the {side} {at}"
    edge = _EDGE_WORDS.get(event.other, "the edge") if isinstance(event.other, Edge) else "the edge"
    if kind is EventKind.LEFT_SURFACE:
        return f"{who} went over {edge} {at}"
    if kind is EventKind.REENTERED:
        return f"{who} came back onto the playing surface {at}"
    if kind is EventKind.LANDED:
        return f"{who} landed in the {board.off_surface} {at}"
    if kind is EventKind.DROPPED:
        return f"{who} dropped into the 20 hole"
    if kind is EventKind.LEANED:
        return f"{who} came to rest leaning on the 20 hole {at}"
    return f"{who} stopped {at}"

"""Matches kept in arrays: the records compiled code plays matches on, many at once.

A table's match in play is one record of a structured array of :data:`MATCH` (the discs
on the board, whose turn it is, the round, the game, the scores); what every table of a
setup shares (the game, the seating, the rule set's figures and options, each seat's
start line) is one :data:`SETUP` record; what a shot did is one :data:`SHOT` record.
Compiled code reads and writes them by field name (``match.round``, ``setup.seats``),
never by position. The game kinds fill a setup (:meth:`GameKind.table_setup
<flickboard.play.kind.GameKind.table_setup>`); :mod:`flickboard.play.tableplay` plays
shots on them with each game's compiled rules.
"""

from __future__ import annotations

import numpy as np

MAX_DISCS = 32
"""The most shots a round of a table may have (a setup with more plays through the
:class:`~flickboard.play.match.Match`)."""
MAX_SEATS = 4
"""Seats (and sides) a table has room for."""
MAX_PEGS = 16
"""Pegs a board may have for its start checks."""

_F, _I, _B = np.float64, np.int64, np.uint8

MATCH = np.dtype(
    [
        ("x", _F, (MAX_DISCS,)),  # each disc slot (disc id): where it lies,
        ("y", _F, (MAX_DISCS,)),
        ("lean", _B, (MAX_DISCS,)),  # whether it leans on the 20 hole's rim,
        ("on", _B, (MAX_DISCS,)),  # whether it is on the board,
        ("owner", _I, (MAX_DISCS,)),  # its side (once shot)
        ("order", _I, (MAX_DISCS,)),  # a frame's colours in delivery order (shuffleboard)
        ("laid", _I, (MAX_DISCS,)),  # the discs on the board in the layout's order
        ("count", _I),  # how many discs are on the board
        ("seat", _I),  # the next shot's seat and side,
        ("side", _I),
        ("shot", _I),  # and its disc id: the shots standing in the round
        ("round", _I),  # the round (frame) of the game, from 1
        ("game", _I),  # the game of the match, from 1
        ("starter", _I),  # who opens the round: a seat (crokinole) or a colour
        ("game_first", _I),  # who opens the game: a seat (crokinole) or a colour
        ("last", _I),  # the seat that shot last in the round (-1: none yet)
        ("over", _B),  # the match is over
        ("left", _I, (MAX_SEATS,)),  # discs each seat has left in the round (crokinole)
        ("twenties", _I, (MAX_SEATS,)),  # 20s each side made this round
        ("before", _I, (MAX_SEATS,)),  # the same before the last shot
        ("scores", _I, (MAX_SEATS,)),  # the game's score by side (points or totals)
        ("game_twenties", _I, (MAX_SEATS,)),  # 20s each side made this game
        ("match_points", _I, (MAX_SEATS,)),  # the match's tally: points,
        ("games_won", _I, (MAX_SEATS,)),  # games won
        ("match_twenties", _I, (MAX_SEATS,)),  # and 20s by side
        ("toss", _I),  # the colour a coin toss gave the third game (a best of three)
    ],
    align=True,
)
"""A table's match in play."""

SETUP = np.dtype(
    [
        ("game", _I),  # the game kind's table code
        ("players", _I),
        ("sides", _I),
        ("seat_count", _I),
        ("seats", _I, (MAX_SEATS,)),  # the occupied seats, clockwise from seat 0
        ("teams", _B),
        ("discs", _I),  # shots in a round
        ("each", _I),  # shots each seat (crokinole) or colour (a frame) has in a round
        ("free_order", _B),  # either partner may shoot after the first shot (Depot 7c)
        ("race", _B),  # a game is a race to ``target``
        ("target", _I),
        ("championship", _B),  # best two of three games, a tied game played on (WCC)
        ("games", _I),  # games in the match (the most, in a best of three)
        ("first_seat", _I),  # who opens game 1: a seat (crokinole) or a colour
        ("figures", _F, (8,)),  # the compiled referee core's figures and options
        ("flags", _I, (4,)),
        ("line_arc", _B, (MAX_SEATS,)),  # each seat's start line (geometry.LineFigures)
        ("line_radius", _F, (MAX_SEATS,)),
        ("line_a0", _F, (MAX_SEATS,)),
        ("line_a1", _F, (MAX_SEATS,)),
        ("line_x0", _F, (MAX_SEATS,)),
        ("line_y0", _F, (MAX_SEATS,)),
        ("line_x1", _F, (MAX_SEATS,)),
        ("line_y1", _F, (MAX_SEATS,)),
        ("gap", _F),  # a disc in play covers the start line within this of its centre
        ("behind_allowed", _B),  # crokinole start checks (rules.crokinole.start_fault)
        ("quadrant_slack", _F),
        ("surface_radius", _F),
        ("disc_radius", _F),
        ("foot", _F),
        ("shooting_radius", _F),
        ("shooting_width", _F),
        ("hole_radius", _F),
        ("peg_radius", _F),
        ("pegs", _F, (MAX_PEGS, 2)),
        ("peg_count", _I),
        ("table_width", _F),  # shuffleboard start checks (rules.shuffleboard.start_fault)
        ("foul_near", _F),
        ("doubles", _B),
        ("twenty_sides", _I),  # sides a view's 20s are given for (0: the game has none)
        ("by_id", _B),  # the position after a shot lists its discs by id (else the shooter
        # first, then the discs before in their order: the referee's listing)
    ],
    align=True,
)
"""What every table of a setup shares."""

SHOT = np.dtype(
    [
        ("table", _I),
        ("seat", _I),
        ("side", _I),
        ("disc", _I),
        ("x", _F),  # the shot as played
        ("y", _F),
        ("angle", _F),
        ("speed", _F),
        ("spin", _F),
        ("fault", _I),  # why the start named could not be played (its game's start fault)
        ("which", _I),  # the fault's disc or placement fault
        ("fault_x", _F),  # the start named (where the fault was)
        ("fault_y", _F),
        ("status", _I),  # 0: played; else STATUS_*
        ("kernel", _I),  # the kernel's status and its disc or peg, when it refused it
        ("info", _I),
        ("valid", _B),
        ("round", _I),  # the round and game the shot was in
        ("game", _I),
        ("round_ended", _B),
        ("round_scores", _I, (MAX_SEATS,)),  # the round's scores, 20s and what counts
        ("round_twenties", _I, (MAX_SEATS,)),
        ("counted", _I, (MAX_SEATS,)),
        ("game_ended", _B),
        ("winner", _I),  # the game's winning side (-1: none) and scores
        ("game_scores", _I, (MAX_SEATS,)),
        ("over", _B),  # the match ended
        ("board_x", _F, (MAX_DISCS,)),  # the board the round ended with (round_ended)
        ("board_y", _F, (MAX_DISCS,)),
        ("board_on", _B, (MAX_DISCS,)),
        ("board_lean", _B, (MAX_DISCS,)),
        ("board_owner", _I, (MAX_DISCS,)),
        ("board_laid", _I, (MAX_DISCS,)),  # its discs in the layout's order
        ("board_count", _I),
    ],
    align=True,
)
"""What one shot did on a table."""

STATUS_PLAYED, STATUS_NO_START, STATUS_IMPOSSIBLE, STATUS_KERNEL = 0, 1, 2, 3
"""A shot's ``status``: played; the rules let no shot start anywhere on the start line;
a disc put back finds no place (the referee refuses the position); the
physics refused the shot (``kernel``, ``info``)."""


def new_matches(count: int) -> np.ndarray:
    """Room for ``count`` tables' matches."""
    return np.zeros(count, dtype=MATCH)


def new_setup() -> np.ndarray:
    """An empty setup record (an array of one)."""
    return np.zeros(1, dtype=SETUP)


def new_shots(count: int) -> np.ndarray:
    """Room for ``count`` shots' results."""
    return np.zeros(count, dtype=SHOT)


def room_for(shots: np.ndarray, count: int) -> np.ndarray:
    """``shots`` if it holds ``count`` results, else a buffer twice that size with the
    results of ``shots`` at its start (their bytes copied at once, as :func:`joined`)."""
    if count <= len(shots):
        return shots
    grown = new_shots(2 * count)
    grown.view(np.uint8)[: shots.nbytes] = shots.view(np.uint8)
    return grown


def joined(*parts: np.ndarray) -> np.ndarray:
    """A read-only copy of shots' results, one part after another: their bytes copied
    at once (numpy copies a record of this many fields field by field: 27 µs for two
    shots, 90 µs to join two parts, against 2 µs here)."""
    data = parts[0].tobytes() if len(parts) == 1 else b"".join(p.tobytes() for p in parts)
    return np.frombuffer(data, dtype=SHOT)


__all__ = [
    "MATCH",
    "MAX_DISCS",
    "MAX_PEGS",
    "MAX_SEATS",
    "SETUP",
    "SHOT",
    "STATUS_IMPOSSIBLE",
    "STATUS_KERNEL",
    "STATUS_NO_START",
    "STATUS_PLAYED",
    "joined",
    "new_matches",
    "new_setup",
    "new_shots",
    "room_for",
]

"""How a CSC game of table shuffleboard is played: weights per player and winning targets.

Each fact is kept here once, with the clause it comes from; play, events and the front
ends read it from here.
"""

from __future__ import annotations

WEIGHTS_PER_PLAYER = 4
"""Each player (each colour) delivers four weights a frame (rule 5(i))."""

SINGLES_TARGET = 15
"""Points that win a singles game (Part V, 4(k))."""

DOUBLES_TARGET = 17
"""Points that win a doubles game (Part V, 4(k))."""

LEAGUE_TARGET = 21
"""Points that win a league game (Part VII, 1)."""

RELEASE_LINE = 0.35
"""Where flickboard's aim releases a weight: this far (m) from the delivering end, across
the table. The rules ask only that a weight be released before the foul line (Part IV,
DELIVERED); a line lets a front end and a player name a start by one number."""

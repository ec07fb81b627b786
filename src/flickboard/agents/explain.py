"""Words for what a shot tries: open 20, takeout of the red on the 10 line, hanger...

Disc values come from the referee (crokinole) or the table's zones (shuffleboard).
"""

from __future__ import annotations

from flickboard.agents.base import View
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable, Zone
from flickboard.physics import PlacedDisc
from flickboard.rules.crokinole.options import side_name

INTENTS: dict[str, str] = {
    "open20": "open 20",
    "takeout": "takeout of {target}",
    "draw": "draw {spot}",
    "hide": "hide behind a peg {spot}",
    "hanger": "hanger (a weight hanging over the far end)",
    "guard": "guard in front of {target}",
    "tap": "tap {target} further up",
    "raise": "raise {target}",
}
"""Templates of the intents a candidate shot can carry."""

_CROKINOLE_WHERE = {20: "on the 20", 15: "in the 15", 10: "in the 10", 5: "in the 5", 0: "off"}
_ZONE_WHERE = {
    Zone.NEUTRAL: "short of the one line",
    Zone.ONE: "in the one zone",
    Zone.TWO: "in the two zone",
    Zone.THREE: "in the three zone",
    Zone.HANGER: "hanging over the end",
}


def where(view: View, disc: PlacedDisc) -> str:
    """Where a disc lies, in the game's words ("on the 10 line", "in the two zone")."""
    board = view.board
    if isinstance(board, CrokinoleBoard):
        if disc.leaning:
            return "leaning on the hole"
        fifteen, ten, shooting = board.rings
        r = abs(complex(disc.x, disc.y))
        foot = board.disc.footprint_radius
        for ring, name in ((fifteen, "15"), (ten, "10"), (shooting, "shooting")):
            if abs(r - ring.radius) <= foot + ring.width / 2:
                return f"on the {name} line"
        points = int(board.region_of(disc.x, disc.y))
        return _CROKINOLE_WHERE.get(points, "in play")
    assert isinstance(board, ShuffleboardTable)
    return _ZONE_WHERE[board.zone_of(disc.x, disc.y)]


def name_disc(view: View, disc_id: int) -> str:
    """ "the red on the 10 line": colour and where the disc lies."""
    disc = view.position.layout.disc(disc_id)
    return f"the {side_name(view.position.side_of(disc_id))} {where(view, disc)}"


def intent(view: View, kind: str, target: int | None = None, spot: str = "") -> str:
    """The intent of a candidate in words."""
    template = INTENTS.get(kind, kind)
    name = name_disc(view, target) if target is not None else "a disc"
    return template.format(target=name, spot=spot).strip()


def explain(words: str, value: float, samples: int) -> str:
    """A sentence: what the shot tries and what it is expected to be worth."""
    return f"{words[:1].upper()}{words[1:]}: estimated value {value:+.2f} (over {samples} simulated executions)."

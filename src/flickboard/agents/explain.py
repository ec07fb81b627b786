"""Words for what a shot tries: open 20, takeout of the red on the 10 line, hanger...

Where a disc lies is said by the game's tactics; colours come from the game kind.
"""

from __future__ import annotations

from flickboard.agents.tactics import tactics_for
from flickboard.play.kind import game_kind
from flickboard.play.view import View

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


def name_disc(view: View, disc_id: int) -> str:
    """ "the red on the 10 line": colour and where the disc lies."""
    disc = view.position.layout.disc(disc_id)
    colour = game_kind(view.game).side_name(view.position.side_of(disc_id))
    return f"the {colour} {tactics_for(view.game).where(view, disc)}"


def intent(view: View, kind: str, target: int | None = None, spot: str = "") -> str:
    """The intent of a candidate in words."""
    template = INTENTS.get(kind, kind)
    name = name_disc(view, target) if target is not None else "a disc"
    return template.format(target=name, spot=spot).strip()


def explain(words: str, value: float, samples: int) -> str:
    """A sentence: what the shot tries and what it is expected to be worth."""
    return f"{words[:1].upper()}{words[1:]}: estimated value {value:+.2f} (over {samples} simulated executions)."

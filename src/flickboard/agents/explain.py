"""Words for what a shot tries and what it does: open 20, takeout of the red on the 10
line, hanger... and "drops for a 20", "takes out the green in the 15".

What a shot does is found by playing it exactly as meant (no noise) and asking the
referee (:func:`played_out`); where a disc lies is said by the game's tactics; colours
come from the game kind.
"""

from __future__ import annotations

from flickboard.agents.tactics import tactics_for
from flickboard.errors import FlickboardError
from flickboard.physics import PlacedDisc, Shot, simulate
from flickboard.play.kind import game_kind
from flickboard.play.view import View
from flickboard.rules.base import Fate, Ruling

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


def played_out(view: View, shot: Shot) -> Ruling | None:
    """The referee's ruling on ``shot`` played exactly as meant (None if it cannot be)."""
    try:
        record = simulate(view.position.layout, shot, shooter=view.turn.disc, params=view.physics)
        return view.referee.rule(view.position, view.turn, record)
    except FlickboardError:
        return None


def _names(view: View, discs: list[int]) -> str:
    names = [name_disc(view, d) for d in discs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def outcome(view: View, ruling: Ruling | None) -> str:
    """What a shot does, from the ruling on it played without noise: "drops for a 20",
    "takes out the green in the 15; the shooter stops in the 10", "is ruled invalid..."."""
    if ruling is None:
        return "cannot be played as meant"
    me, shooter = view.turn.side, view.turn.disc
    if not ruling.valid:
        return f"is ruled invalid ({ruling.summary[:1].lower()}{ruling.summary[1:].rstrip('.')})"
    out = [d.disc for d in ruling.decisions if d.fate is Fate.OUT and d.disc != shooter]
    theirs = [d for d in out if view.position.side_of(d) != me]
    mine = [d for d in out if view.position.side_of(d) == me]
    parts = []
    if theirs:
        parts.append(f"takes out {_names(view, theirs)}")
    if mine:
        parts.append(f"also knocks out {_names(view, mine)}")
    own = ruling.decision(shooter)
    tactics = tactics_for(view.game)
    piece = game_kind(view.game).piece
    if own.fate is Fate.TWENTY:
        parts.append("drops for a 20")
    elif own.fate is Fate.IN_PLAY:
        placed = PlacedDisc(shooter, own.x, own.y, leaning=own.leaning)
        where = tactics.where(view, placed)
        cover = tactics.shelter(view, ruling.position_after, placed)
        rest = f"{where}, {cover}" if cover else where
        parts.append(f"its {piece} stops {rest}" if parts else f"stops {rest}")
    else:
        parts.append(f"its {piece} goes out of play" if parts else "goes out of play")
    return "; ".join(parts)


def explain(words: str, value: float | None, samples: int, does: str = "") -> str:
    """Sentences: what the shot tries, what it does without noise, and what it is worth
    (its mean value over ``samples`` noisy executions)."""
    text = f"{words[:1].upper()}{words[1:]}"
    if does:
        text += f": without noise it {does}"
    text += "."
    if value is not None:
        text += f" Estimated value {value:+.2f} over {samples} simulated executions."
    return text

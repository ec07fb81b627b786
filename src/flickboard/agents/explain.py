"""Words for what a shot tries and what it does: open 20, takeout of the red on the 10
line, hanger... and "drops for a 20", "takes out the green in the 15".

What a shot does is found by playing it exactly as meant (no noise) and asking the
referee (:func:`played_out`); where a disc lies is said by the game's tactics; colours
come from the game kind.
"""

from __future__ import annotations

from dataclasses import replace

from flickboard.agents.candidates import Candidate
from flickboard.agents.tactics import tactics_for
from flickboard.errors import FlickboardError
from flickboard.physics import PlacedDisc, Shot, simulate
from flickboard.play.kind import game_kind
from flickboard.play.view import View
from flickboard.rules.base import Fate, Ruling

INTENTS: dict[str, str] = {
    "open20": "open 20",
    "twenty": "shot for the 20",
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


THROW_AWAY = "throw-away"
"""How the words of a shot meant to be ruled invalid start (the planner's choice when the
round is decided or nothing valid is found): they claim nothing else."""

HANGING = "hanging over the end"
"""Where a shuffleboard weight that hangs lies, in the tactics' words."""


def _stops(view: View, ruling: Ruling) -> str | None:
    """Where the shooter's own disc stops played as meant (None: not in play)."""
    own = ruling.decision(view.turn.disc)
    if own.fate is not Fate.IN_PLAY:
        return None
    placed = PlacedDisc(own.disc, own.x, own.y, leaning=own.leaning)
    return tactics_for(view.game).where(view, placed)


def contradiction(view: View, candidate: Candidate, ruling: Ruling | None) -> str:
    """What a candidate's words claim that its shot played exactly as meant (``ruling``)
    does not do, in words; empty when the words hold. Claims by intent: an open 20 drops
    with no opposing disc in play (a shot for the 20 drops); a takeout removes its target (or, with none named, an
    opposing disc); a draw "into" a zone stops in it, a hanger hangs, a hide stops behind
    a peg, a guard stops short of the disc it guards; a tap or a raise keeps its target in
    play (a tap moves it further up)."""
    if candidate.words.startswith(THROW_AWAY):
        return ""
    if ruling is None:
        return "it cannot be played as meant"
    if not ruling.valid:
        return "it is ruled invalid as meant"
    kind, target = candidate.kind, candidate.target
    fates = {d.disc: d for d in ruling.decisions}
    me = view.turn.side
    theirs = [d.id for d in view.position.layout.discs if view.position.side_of(d.id) != me]
    if kind == "open20":
        if theirs:
            return "opposing discs are in play"
        return "" if fates[view.turn.disc].fate is Fate.TWENTY else "it does not drop"
    if kind == "twenty":
        return "" if fates[view.turn.disc].fate is Fate.TWENTY else "it does not drop"
    if kind == "takeout":
        gone = [d for d in theirs if d in fates and fates[d].fate is Fate.OUT]
        hit = target in gone if target is not None else bool(gone)
        return "" if hit else "it does not remove the disc it names"
    if kind in ("tap", "raise"):
        moved = fates.get(target) if target is not None else None
        if target is None or (moved is not None and moved.fate is not Fate.IN_PLAY):
            return "its target does not stay in play"
        if kind == "tap" and (moved is None or moved.y <= view.position.layout.disc(target).y):
            return "its target is not moved further up"
        return ""
    stops = _stops(view, ruling)
    if stops is None:
        return f"its {game_kind(view.game).piece} does not stay in play"
    if kind == "hanger" and stops != HANGING:
        return f"it stops {stops}"
    if kind == "draw" and "into " in candidate.words:
        spot = "in " + candidate.words.split("into ", 1)[1]
        return "" if stops == spot else f"it stops {stops}"
    own = fates[view.turn.disc]
    if kind == "hide":
        placed = PlacedDisc(own.disc, own.x, own.y, leaning=own.leaning)
        cover = tactics_for(view.game).shelter(view, ruling.position_after, placed)
        return "" if cover == "behind a peg" else "it does not stop behind a peg"
    guarded = view.position.layout.disc(target) if kind == "guard" and target is not None else None
    if guarded is not None and own.y >= guarded.y:
        return "it does not stop in front"
    return ""


def as_played(view: View, candidate: Candidate, ruling: Ruling | None) -> Candidate | None:
    """The candidate with words that name what it does played as meant: its own when
    they hold (:func:`contradiction`), else words taken from the ruling (a takeout of
    what it removes, a shot for the 20, a draw to where it stops, a throw-away); None
    when it cannot be played at all (not offered)."""
    if ruling is None:
        return None
    if not contradiction(view, candidate, ruling):
        return candidate
    return _named(view, candidate, ruling)


def called(view: View, shot: Shot) -> Candidate | None:
    """A shot no tactic made (a person's aim) named for what it does played as meant:
    a takeout of what it removes, a shot for the 20, a draw to where it stops, a
    throw-away; None when it cannot be played at all."""
    ruling = played_out(view, shot)
    if ruling is None:
        return None
    if not ruling.valid:  # a person's aim claims no throw-away: it is what it is
        return Candidate(shot, "throw", "shot ruled invalid as aimed")
    return _named(view, Candidate(shot, "aim", "aim"), ruling)


def _named(view: View, candidate: Candidate, ruling: Ruling) -> Candidate:
    """``candidate`` with words taken from ``ruling``, its shot played as meant."""
    if not ruling.valid:
        return replace(candidate, kind="throw", words=f"{THROW_AWAY} (ruled invalid as meant)")
    me, shooter = view.turn.side, view.turn.disc
    gone = [
        d.disc
        for d in ruling.decisions
        if d.fate is Fate.OUT and d.disc != shooter and view.position.side_of(d.disc) != me
    ]
    if gone:
        words = f"takeout of {_names(view, gone)}"
        return replace(candidate, kind="takeout", target=gone[0], words=words)
    if ruling.decision(shooter).fate is Fate.TWENTY:
        words = intent(view, "twenty")
        return replace(candidate, kind="twenty", target=None, words=words)
    stops = _stops(view, ruling)
    if stops is None:
        words = f"{THROW_AWAY} (it leaves play)"
        return replace(candidate, kind="throw", target=None, words=words)
    return replace(candidate, kind="draw", target=None, words=f"draw, stopping {stops}")

"""Candidate shots for a view: the moves a player considers, each with its intent.

Crokinole: open 20s from the middle of the quadrant, takeouts of opposing discs (full
and thin hits, two weights) from the starts whose line is clearest, draws to the 15
and hides behind pegs. Shuffleboard: draws to each zone in several lanes, hangers,
takeouts and taps of opposing weights. Whether a shot is allowed or valid is left to
the referee: candidates with an illegal start are dropped, the rest are judged by
simulating them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flickboard.agents.base import View
from flickboard.agents.calibration import SHUFFLEBOARD_RELEASE_Y, open_twenty_shot
from flickboard.agents.explain import intent
from flickboard.agents.noise import clip_speed
from flickboard.agents.simple import speed_to_travel
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable, Zone
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot
from flickboard.rules.base import Position

START_OFFSETS = tuple(k * 0.1 for k in range(-7, 8))
"""Angles (rad) along the shooting line from the quadrant's centre tried as starts."""

FOLLOW = (0.3, 0.9)
"""Extra travel (m) past a struck disc: a firm and a hard takeout."""

CUTS = (0.0, 0.5, -0.5)
"""Aim offsets across the line to a target, in disc radii (full and thin hits)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A shot a player considers: the shot as meant, its kind, target and intent."""

    shot: Shot
    kind: str
    words: str
    target: int | None = None


def legal(view: View, x: float, y: float) -> bool:
    """Whether the referee lets a shot start at (x, y)."""
    try:
        view.referee.check_start(view.position, view.turn, x, y)
    except FlickboardError:
        return False
    return True


def segment_gap(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point P to the segment AB."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def path_clear(
    view: View, sx: float, sy: float, tx: float, ty: float, ignore: int | None = None
) -> bool:
    """Whether a disc sliding from S to T touches no peg and no disc (but ``ignore``)."""
    board = view.board
    r = board.disc.radius
    if isinstance(board, CrokinoleBoard):
        for px, py in board.pegs:
            if segment_gap(px, py, sx, sy, tx, ty) < r + board.peg_radius:
                return False
    for d in view.position.layout.discs:
        if d.id != ignore and segment_gap(d.x, d.y, sx, sy, tx, ty) < 2 * r:
            return False
    return True


def crokinole_starts(view: View, board: CrokinoleBoard) -> list[tuple[float, float]]:
    """Legal starts on the shooting line of the shooter's quadrant."""
    centre = CrokinoleBoard.seat_angle(view.turn.seat)
    r = board.shooting_line_radius
    for offsets in (START_OFFSETS, tuple(k * 0.0125 for k in range(-60, 61))):
        spots = [(r * math.cos(centre + a), r * math.sin(centre + a)) for a in offsets]
        found = [(x, y) for x, y in spots if legal(view, x, y)]
        if found:
            return found
    return []


def crokinole_candidates(view: View, params: PhysicsParams) -> list[Candidate]:
    """The crokinole moves considered from this view."""
    board = view.board
    if not isinstance(board, CrokinoleBoard):
        raise InvalidInput("crokinole candidates need a crokinole board")
    starts = crokinole_starts(view, board)
    if not starts:
        return []
    out: list[Candidate] = []
    centre = CrokinoleBoard.seat_angle(view.turn.seat)
    for a in (0.0, 0.2, -0.2, 0.4, -0.4):
        shot = open_twenty_shot(board, params, centre + a)
        if legal(view, shot.x, shot.y):
            out.append(Candidate(shot, "open20", intent(view, "open20")))
    r = board.disc.radius
    mine = view.turn.side
    theirs = [d for d in view.position.layout.discs if view.position.side_of(d.id) != mine]
    theirs.sort(key=lambda d: (-disc_points(view, d), d.id))
    for d in theirs[:5]:
        out += _takeouts(view, starts, d, params, r)
    if not theirs or len(out) < 4:
        out += _draws(view, board, starts, params)
    return out


def disc_points(view: View, disc: PlacedDisc) -> int:
    """Points one disc in play is worth, as the referee scores it alone on the board."""
    side = view.position.side_of(disc.id)
    alone = Position.of(Layout(view.board, (disc,)), {disc.id: side})
    return view.referee.score(alone).get(side, 0)


def _takeouts(
    view: View,
    starts: list[tuple[float, float]],
    d: PlacedDisc,
    params: PhysicsParams,
    r: float,
) -> list[Candidate]:
    ranked = sorted(
        starts,
        key=lambda s: (not path_clear(view, s[0], s[1], d.x, d.y, ignore=d.id), _dist(s, d)),
    )
    words = intent(view, "takeout", d.id)
    out = []
    for sx, sy in ranked[:2]:
        dist = math.hypot(d.x - sx, d.y - sy)
        base = math.atan2(d.y - sy, d.x - sx)
        for cut in CUTS:
            angle = base + math.asin(max(-1.0, min(1.0, cut * r / max(dist, r))))
            for follow in FOLLOW:
                speed = clip_speed(speed_to_travel(params, dist + follow))
                out.append(Candidate(Shot(sx, sy, angle, speed), "takeout", words, d.id))
    return out


def _dist(s: tuple[float, float], d: PlacedDisc) -> float:
    return math.hypot(d.x - s[0], d.y - s[1])


def _draws(
    view: View, board: CrokinoleBoard, starts: list[tuple[float, float]], params: PhysicsParams
) -> list[Candidate]:
    out: list[Candidate] = []
    r = board.disc.radius
    centre = CrokinoleBoard.seat_angle(view.turn.seat)
    # Hide: just behind a peg as seen from the opposite seat.
    ox, oy = (
        board.shooting_line_radius * math.cos(centre + math.pi),
        board.shooting_line_radius * math.sin(centre + math.pi),
    )
    spots: list[tuple[float, float, str]] = []
    for px, py in board.pegs:
        dx, dy = px - ox, py - oy
        n = math.hypot(dx, dy)
        gap = board.peg_radius + r + 0.002
        spots.append((px + dx / n * gap, py + dy / n * gap, "hide"))
    for k in (-1, 0, 1):
        a = centre + k * 0.6
        spots.append((0.07 * math.cos(a), 0.07 * math.sin(a), "draw"))
    for tx, ty, kind in spots:
        for sx, sy in starts:
            if path_clear(view, sx, sy, tx, ty):
                speed = clip_speed(speed_to_travel(params, math.hypot(tx - sx, ty - sy)))
                spot = "into the 15" if kind == "draw" else ""
                out.append(
                    Candidate(
                        Shot.towards(sx, sy, tx, ty, speed), kind, intent(view, kind, None, spot)
                    )
                )
                break
    return out


LANES = (0.0, 0.08, -0.08, 0.16, -0.16)
"""Lanes (m across the table) shuffleboard draws are tried in."""


def shuffleboard_candidates(view: View, params: PhysicsParams) -> list[Candidate]:
    """The shuffleboard moves considered from this view."""
    table = view.board
    if not isinstance(table, ShuffleboardTable):
        raise InvalidInput("shuffleboard candidates need a shuffleboard table")
    r = table.disc.radius
    y0 = SHUFFLEBOARD_RELEASE_Y
    _, _, two, three = table.lines
    targets = (
        ((three.far + r + table.length - r) / 2, "draw", "into the three zone"),
        ((two.far + r + three.near - r) / 2, "draw", "into the two zone"),
        (table.length - r * 0.4, "hanger", ""),
    )
    out: list[Candidate] = []
    for ty, kind, spot in targets:
        for x in LANES:
            if legal(view, x, y0):
                speed = clip_speed(speed_to_travel(params, ty - y0))
                out.append(
                    Candidate(Shot(x, y0, math.pi / 2, speed), kind, intent(view, kind, None, spot))
                )
    mine = view.turn.side
    half = table.width / 2 - r
    for d in view.position.layout.discs:
        if view.position.side_of(d.id) == mine:
            out += _guards(view, table, d, params)
            continue
        for sx in (d.x, d.x + 0.06, d.x - 0.06):
            sx = max(-half, min(half, sx))
            if not legal(view, sx, y0):
                continue
            dist = math.hypot(d.x - sx, d.y - y0)
            for extra, kind in HITS:
                speed = clip_speed(speed_to_travel(params, dist + extra))
                out.append(
                    Candidate(
                        Shot.towards(sx, y0, d.x, d.y, speed), kind, intent(view, kind, d.id), d.id
                    )
                )
    return out


HITS = ((3.0, "takeout"), (6.0, "takeout"), (0.6, "tap"))
"""Extra travel (m) past a struck weight: a takeout that may stick, a hard one that
clears, and a tap that nudges it further up."""

GUARD_GAP = 3.0
"""A guard stops this many weight radii in front of the weight it covers."""


def _guards(
    view: View, table: ShuffleboardTable, d: PlacedDisc, params: PhysicsParams
) -> list[Candidate]:
    """A draw that stops in front of one of my weights in a scoring zone, in its lane."""
    y0 = SHUFFLEBOARD_RELEASE_Y
    target = d.y - GUARD_GAP * table.disc.radius
    if table.zone_of(d.x, d.y) is Zone.NEUTRAL or target <= table.foul_line.far + table.disc.radius:
        return []
    if not legal(view, d.x, y0):
        return []
    speed = clip_speed(speed_to_travel(params, target - y0))
    return [
        Candidate(Shot(d.x, y0, math.pi / 2, speed), "guard", intent(view, "guard", d.id), d.id)
    ]


def candidates(view: View, params: PhysicsParams) -> list[Candidate]:
    """The candidate moves of the game being played."""
    if view.referee.game == "crokinole":
        return crokinole_candidates(view, params)
    return shuffleboard_candidates(view, params)

"""The crokinole referee: one engine, configured by :class:`CrokinoleOptions`.

Pure: (position before, turn, shot record) -> ruling. The record may come from the
simulator or from an outcome entered by hand (:mod:`flickboard.rules.hand`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard, Region, as_board
from flickboard.geometry.crokinole import PLACEMENT_FAULTS, placement_fault, seat_angle
from flickboard.geometry.pymath import hypot, remainder
from flickboard.geometry.startline import StartLine
from flickboard.jit import Row, jitable
from flickboard.physics import (
    DiscState,
    EventKind,
    Layout,
    PlacedDisc,
    ShotRecord,
)
from flickboard.physics.layout import OVERLAP_TOLERANCE
from flickboard.rules.base import Decision, Fate, Position, Ruling, Side, StartChecks, Turn
from flickboard.rules.crokinole.options import (
    CrokinoleOptions,
    StartRule,
    ValidShot,
    side_name,
)

SHOOTING_LINE = 2
"""Index of the shooting (outer, 5) line in ``board.rings``."""

_TITLES: dict[str, dict[str, str]] = {
    "wcc": {
        "valid-shot": "WCC, A Valid Shot",
        "twenty": "WCC, Starting To Play",
        "leaner": "WCC, Scoring",
        "out-of-bounds": "WCC, Playing Guidelines",
        "outer-line": "WCC, Playing Guidelines",
        "spinning-disc": "WCC, The Spinning Disc Rule",
        "damage": "WCC, Damage Rule",
        "start": "WCC, Playing Guidelines",
        "in-play": "WCC, Scoring",
    },
    "nca": {
        "valid-shot": "NCA, valid shot",
        "twenty": "NCA, a round",
        "leaner": "NCA, scoring: leaners",
        "out-of-bounds": "NCA, out of play",
        "outer-line": "NCA, out of play",
        "spinning-disc": "NCA, the spinning disc rule",
        "damage": "NCA, the damage stays rule",
        "start": "NCA, shooting",
        "in-play": "NCA, scoring",
    },
    "depot": {
        "valid-shot": "Depot rule 3",
        "twenty": "Depot rule 2b",
        "leaner": "Depot rule 4b",
        "out-of-bounds": "Depot rule 6a",
        "outer-line": "Depot rule 4e",
        "spinning-disc": "Depot rule 6b",
        "damage": "Depot rule 6c",
        "start": "Depot rule 5",
        "in-play": "Depot rule 4",
        "direct-hit": "Depot optional rule 7a",
        "outer-line-in-play": "Depot optional rule 7b",
    },
    "fair": {
        "valid-shot": "fair rules, play",
        "twenty": "fair rules, play",
        "leaner": "fair rules, scoring (leaner as in WCC)",
        "out-of-bounds": "fair rules, play",
        "outer-line": "fair rules: a disc touching the shooting line is removed",
        "spinning-disc": "fair rules: a disc touching the shooting line is removed",
        "damage": "fair rules: a shot that bounces back on is out of play",
        "start": "fair rules, play",
        "in-play": "fair rules, tallying",
    },
}


@dataclass(slots=True)
class _Trail:
    """What one disc did during the shot, read from the event log."""

    moved: bool = False
    left: bool = False
    reentered: bool = False
    touched_line: bool = False
    struck_while_over: bool = False
    dropped: bool = False


class CrokinoleReferee(StartChecks):
    """A crokinole referee for one rule set (see :mod:`.options`)."""

    game: str = "crokinole"

    def __init__(
        self, options: CrokinoleOptions, keywords: Mapping[str, Any] | None = None
    ) -> None:
        self.options = options
        self.name: str = options.rule_set
        self.keywords: dict[str, Any] = dict(keywords or {})
        """The keyword options it was made with: ``referee(name, **keywords)`` remakes it."""

    def __repr__(self) -> str:
        return f"CrokinoleReferee({self.options!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CrokinoleReferee) and other.options == self.options

    def __hash__(self) -> int:
        return hash(self.options)

    # -- labels -----------------------------------------------------------------------

    def clause(self, key: str) -> str:
        """The clause id for a rule key, e.g. ``wcc/valid-shot``."""
        return f"{self.name}/{key}"

    def cite(self, key: str) -> str:
        """Where a rule key is written, e.g. ``(WCC, A Valid Shot)``."""
        titles = _TITLES.get(self.name, _TITLES["wcc"])
        return f"({titles.get(key, self.name.upper())})"

    # -- the start ----------------------------------------------------------------------

    def start_problem(self, position: Position, turn: Turn, x: float, y: float) -> str | None:
        """Why a shot may not start at (x, y): outside the shooter's quadrant, away from
        the shooting line, off the surface, or on a disc; None if it may
        (:func:`start_fault`)."""
        board = _board(position)
        if not 0 <= turn.seat < 4:
            raise InvalidInput(f"seat {turn.seat} does not exist; seats are 0-3")
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvalidInput("a start must be a finite point")
        discs = position.layout.discs
        fault, which = start_fault(
            x, y, turn.seat, self.options.start is StartRule.TOUCHING_OR_BEHIND,
            self.quadrant_slack(board), board.surface_radius, board.disc.radius,
            board.disc.footprint_radius, board.rings[SHOOTING_LINE].radius,
            board.rings[SHOOTING_LINE].width, board.hole_radius, board.peg_radius, board.pegs,
            [d.x for d in discs], [d.y for d in discs], len(discs),
        )  # fmt: skip
        if fault == START_FINE:
            return None
        return self.start_words(
            fault, discs[which].id if fault == START_ON_DISC else which, turn, x, y
        )

    def start_words(self, fault: int, which: int, turn: Turn, x: float, y: float) -> str:
        """A :func:`start_fault` at (x, y) in words (``which``: the placement fault, or
        the id of the disc overlapped)."""
        where = f"({x:.4f}, {y:.4f})"
        if fault == START_OFF_SURFACE:
            return f"a shot must start wholly on the playing surface, not at {where}"
        if fault == START_NOT_BEHIND:
            return (
                f"a shot must start touching or behind the shooting line, not at {where} "
                + self.cite("start")
            )
        if fault == START_NOT_TOUCHING:
            return f"a shot must start touching the shooting line, not at {where} " + self.cite(
                "start"
            )
        if fault == START_OUTSIDE_QUADRANT:
            what = (
                "at most half over its quadrant line"
                if self.options.start is StartRule.HALF_OVER
                else "inside its quadrant or touching its quadrant line"
            )
            return (
                f"a shot from seat {turn.seat} must start {what}; {where} is outside "
                + self.cite("start")
            )
        if fault == START_PLACEMENT:
            return f"the shooting disc {PLACEMENT_FAULTS[which]}"
        return f"the shooting disc would overlap disc {which}"

    def start_line(self, position: Position, turn: Turn) -> StartLine:
        """The shooting line across the shooter's quadrant (to the farthest the rule set
        lets a disc reach over the quadrant lines), less the spots discs cover."""
        board = _board(position)
        if not 0 <= turn.seat < 4:
            raise InvalidInput(f"seat {turn.seat} does not exist; seats are 0-3")
        radius = board.rings[SHOOTING_LINE].radius
        spread = math.pi / 4 + math.asin(min(1.0, self.quadrant_slack(board) / radius))
        centre = CrokinoleBoard.seat_angle(turn.seat)
        line = StartLine.arc(radius, centre - spread, centre + spread)
        discs = ((d.x, d.y) for d in position.layout.discs)
        return line.without(discs, 2 * board.disc.radius - OVERLAP_TOLERANCE)

    def quadrant_slack(self, board: CrokinoleBoard) -> float:
        """How far (m) a start's centre may lie beyond the quadrant line: none when it may
        be at most half over (fair rules), else as far as the disc still touches it."""
        if self.options.start is StartRule.HALF_OVER:
            return 0.0
        return board.disc.footprint_radius + board.line_width / 2

    # -- ruling -------------------------------------------------------------------------

    def rule(self, position: Position, turn: Turn, record: ShotRecord) -> Ruling:
        """Rule on one shot: validity, then the fate of every disc the shot moved."""
        board = _board(position)
        _check_record(position, turn, record)
        owners = dict(position.owners)
        owners[turn.disc] = turn.side
        trails = _trails(record)
        me = turn.side
        colour = side_name(me)
        opponents = [d for d in position.layout.discs if owners[d.id] != me]

        provisional = {
            disc: self._fate_if_valid(board, record, disc, trail, owners[disc])
            for disc, trail in trails.items()
            if trail.moved
        }

        if opponents:
            valid, why = self._reaches_opponent(record, owners, turn)
        elif self.options.play_to_middle:
            valid = any(
                owners[disc] == me
                and (
                    d.fate is Fate.TWENTY
                    or (
                        d.fate is Fate.IN_PLAY
                        and touches_fifteen(
                            math.hypot(d.x, d.y),
                            d.leaning,
                            board.disc.footprint_radius,
                            board.rings[0].outer,
                        )
                    )
                )
                for disc, d in provisional.items()
            )
            why = (
                f"no opposing disc was in play and a {colour} disc ended touching or inside "
                "the 15 line"
                if valid
                else f"no opposing disc was in play and no {colour} disc of the shot ended "
                "touching or inside the 15 line"
            )
        else:
            valid, why = True, "no opposing disc was in play, so any shot is valid"

        decisions: list[Decision] = []
        if valid:
            decisions = list(provisional.values())
        else:
            for disc in provisional:
                decisions.append(self._invalid_decision(record, position, disc, owners[disc], me))
        decisions.sort(key=lambda d: (d.disc != turn.disc, d.disc))
        after = _position_after(position, record, decisions, owners)
        cite = self.cite(
            "direct-hit"
            if self.options.valid_shot is ValidShot.DIRECT and opponents
            else "valid-shot"
        )
        summary = f"{'Valid' if valid else 'Invalid'} shot by {colour}: {why} {cite}."
        return Ruling(valid, tuple(decisions), after, summary)

    def _reaches_opponent(
        self, record: ShotRecord, owners: dict[int, Side], turn: Turn
    ) -> tuple[bool, str]:
        me = turn.side
        colour = side_name(me)
        contacts = [
            (e.disc, e.other)
            for e in record.events
            if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int)
        ]
        if self.options.valid_shot is ValidShot.DIRECT:
            first = next(
                (b if a == turn.disc else a for a, b in contacts if turn.disc in (a, b)), None
            )
            if first is None:
                return False, f"the {colour} shooter touched no disc"
            if owners[first] != me:
                return True, f"the {colour} shooter hit a {side_name(owners[first])} disc directly"
            return False, (
                f"the {colour} shooter hit a {colour} disc first, and only a direct hit on "
                "an opposing disc is valid"
            )
        for a, b in contacts:
            sides = {owners[a], owners[b]}
            if me in sides and len(sides) == 2:
                other = (sides - {me}).pop()
                return True, f"a {colour} disc struck a {side_name(other)} disc"
        return False, f"no {colour} disc struck an opposing disc"

    def _fate_if_valid(
        self, board: CrokinoleBoard, record: ShotRecord, disc: int, trail: _Trail, side: Side
    ) -> Decision:
        final = record.final(disc)
        who = _who(record, disc, side)

        def decide(fate: Fate, key: str, text: str, *, leaning: bool = False) -> Decision:
            return Decision(
                disc,
                side,
                fate,
                final.x,
                final.y,
                f"{text} {self.cite(key)}.",
                self.clause(key),
                leaning,
            )

        if trail.reentered:
            text = f"{who} left the playing surface and came back on, so it is out of play"
            if final.state is DiscState.IN_HOLE:
                text += " and its drop into the 20 hole does not count"
            return decide(Fate.OUT, "damage", text + "; whatever it moved stays where it lies")
        if final.state in (DiscState.IN_DITCH, DiscState.IN_GUTTER) or trail.left:
            return decide(
                Fate.OUT, "out-of-bounds", f"{who} left the playing surface and goes to the ditch"
            )
        # The line rules come before the hole: a disc out of play when it touched (fair)
        # or struck a disc beyond (spinning disc) the shooting line stays out of play
        # even if it then drops into the hole or leans on it.
        if board.region_of(final.x, final.y) is Region.DITCH:
            if self.options.outer_line_in_play:
                return decide(
                    Fate.IN_PLAY,
                    "outer-line-in-play",
                    f"{who} ended on or beyond the shooting line but still on the surface: it stays in play and scores 5",
                )
            return decide(
                Fate.OUT,
                "outer-line",
                f"{who} ended touching or beyond the shooting line and goes to the ditch",
            )
        back = ""
        if trail.touched_line and not self.options.outer_line_in_play:
            if not self.options.spinning_disc:
                return decide(
                    Fate.OUT,
                    "spinning-disc",
                    f"{who} touched the shooting line after it was played and is removed to the ditch",
                )
            if trail.struck_while_over:
                return decide(
                    Fate.OUT,
                    "spinning-disc",
                    f"{who} touched or crossed the shooting line and struck a disc while there, so it is out of play although it came back inside",
                )
            back = f" ({who.lower()} touched or crossed the shooting line, struck nothing there and came back inside: still in play {self.cite('spinning-disc')})"
        if final.state is DiscState.IN_HOLE:
            return decide(
                Fate.TWENTY,
                "twenty",
                f"{who} dropped flat into the hole: a 20, taken off to count at the end of the round{back}",
            )
        if final.state is DiscState.LEANING:
            return decide(
                Fate.IN_PLAY,
                "leaner",
                f"{who} leans in the 20 hole: it stays in play and scores 15{back}",
                leaning=True,
            )
        if back:
            return decide(
                Fate.IN_PLAY,
                "spinning-disc",
                f"{who} touched or crossed the shooting line, struck nothing there and came back inside under its own momentum: it stays in play",
            )
        value = board.region_of(final.x, final.y).value
        return decide(
            Fate.IN_PLAY, "in-play", f"{who} stays in play where it stopped, in the {value} region"
        )

    def _invalid_decision(
        self, record: ShotRecord, position: Position, disc: int, side: Side, me: Side
    ) -> Decision:
        final = record.final(disc)
        who = _who(record, disc, side)
        who = who[0].lower() + who[1:]
        if side == me:
            extra = (
                " and its drop into the 20 hole does not count"
                if final.state is DiscState.IN_HOLE
                else ""
            )
            key = "direct-hit" if self.options.valid_shot is ValidShot.DIRECT else "valid-shot"
            return Decision(
                disc,
                side,
                Fate.OUT,
                final.x,
                final.y,
                f"The shot was not valid, so {who} goes to the ditch{extra} {self.cite(key)}.",
                self.clause(key),
            )
        before = position.layout.disc(disc)
        return Decision(
            disc,
            side,
            Fate.RESTORED,
            before.x,
            before.y,
            f"The shot was not valid, so {who} is put back where it was {self.cite('direct-hit')}.",
            self.clause("direct-hit"),
            before.leaning,
        )

    # -- scoring ------------------------------------------------------------------------

    def disc_value(self, board: CrokinoleBoard, disc: PlacedDisc) -> int:
        """Points one disc in play is worth now (:func:`disc_points`)."""
        region = 0 if disc.leaning else board.region_of(disc.x, disc.y).value
        return disc_points(region, disc.leaning, self.options.outer_line_in_play)

    def score(self, position: Position) -> dict[Side, int]:
        """Points each side has on the board (20s already taken off not included)."""
        board = _board(position)
        totals: dict[Side, int] = {side: 0 for _, side in position.owners}
        for d in position.layout.discs:
            totals[position.side_of(d.id)] += self.disc_value(board, d)
        return totals


def _board(position: Position) -> CrokinoleBoard:
    board = as_board(CrokinoleBoard, position.layout.board)
    if board is None:
        raise InvalidInput("a crokinole referee needs a crokinole board")
    return board


@jitable
def beyond_quadrant(x: float, y: float, seat: int) -> float:
    """How far (m) the point lies beyond the nearer quadrant line of the seat (<= 0 inside)."""
    offset = abs(remainder(math.atan2(y, x) - seat_angle(seat), 2 * math.pi))
    r = hypot(x, y)
    if offset >= math.pi / 2:
        return r
    return r * math.sin(offset - math.pi / 4)


START_FINE, START_OFF_SURFACE, START_NOT_BEHIND, START_NOT_TOUCHING = 0, 1, 2, 3
START_OUTSIDE_QUADRANT, START_PLACEMENT, START_ON_DISC = 4, 5, 6


@jitable
def start_fault(
    x: float,
    y: float,
    seat: int,
    behind_allowed: bool,
    quadrant_slack: float,
    surface_radius: float,
    disc_radius: float,
    foot: float,
    shooting_radius: float,
    shooting_width: float,
    hole_radius: float,
    peg_radius: float,
    pegs: Row[Row[float]],
    xs: Row[float],
    ys: Row[float],
    count: int,
) -> tuple[int, int]:
    """Why a shot from ``seat`` may not start at (x, y), as a ``START_*`` code (with the
    placement fault, or the index of the disc it would overlap among the ``count``
    centred at ``xs``, ``ys``): wholly on the surface; touching the shooting line (or
    behind it, ``behind_allowed``); inside its quadrant, at most ``quadrant_slack``
    beyond a quadrant line; where a disc may rest (no peg, not over the hole); on no
    disc. ``START_FINE`` (0) when it may."""
    r = hypot(x, y)
    reach = foot + shooting_width / 2
    if r + disc_radius > surface_radius:
        return START_OFF_SURFACE, 0
    if behind_allowed:
        if not r >= shooting_radius - reach:
            return START_NOT_BEHIND, 0
    elif not abs(r - shooting_radius) <= reach:
        return START_NOT_TOUCHING, 0
    if beyond_quadrant(x, y, seat) > quadrant_slack + 1e-12:
        return START_OUTSIDE_QUADRANT, 0
    placed = placement_fault(
        x, y, False, OVERLAP_TOLERANCE, surface_radius, hole_radius, disc_radius, peg_radius,
        pegs,
    )  # fmt: skip
    if placed:
        return START_PLACEMENT, placed
    for d in range(count):
        if hypot(xs[d] - x, ys[d] - y) < 2 * disc_radius - OVERLAP_TOLERANCE:
            return START_ON_DISC, d
    return START_FINE, 0


@jitable
def touches_fifteen(distance: float, leaning: bool, foot: float, fifteen_outer: float) -> bool:
    """Whether a disc lying ``distance`` from the centre (a leaner: in the hole's rim)
    touches the 15 line or lies inside it, by its footprint of radius ``foot``: where a
    play to the middle must end (NCA, fair rules)."""
    return leaning or distance - foot <= fifteen_outer


@jitable
def disc_points(region: int, leaning: bool, outer_line_in_play: bool) -> int:
    """Points one disc in play is worth: a leaner 15; a flat disc its region's value
    (footprint rule), and 5 on or beyond the shooting line where the outer line is in
    play (Depot 7b)."""
    if leaning:
        return Region.FIFTEEN.value
    if region == Region.DITCH and outer_line_in_play:
        return Region.FIVE.value
    return region


def _who(record: ShotRecord, disc: int, side: Side) -> str:
    colour = side_name(side)
    return (
        f"The {colour} shooter" if disc == record.shooter else f"{colour.capitalize()} disc {disc}"
    )


def _check_record(position: Position, turn: Turn, record: ShotRecord) -> None:
    if record.shooter != turn.disc:
        raise InvalidInput(
            f"the record's shooter is disc {record.shooter}, the turn's is {turn.disc}"
        )
    if record.layout != position.layout:
        raise InvalidInput("the shot record starts from a different layout than the position")
    ids = {d.id for d in position.layout.discs} | {turn.disc}
    finals = {f.id for f in record.finals}
    if finals != ids:
        raise InvalidInput(
            f"the record's finals cover discs {sorted(finals)}, expected {sorted(ids)}"
        )


def _trails(record: ShotRecord) -> dict[int, _Trail]:
    """Per-disc summary of the event log.

    The shooter starts on (or, Depot 5, behind) the shooting line, so its shooting-line
    events before any other event of its own describe it leaving its start and are not a
    touch: it is released by clearing the line inwards or by any other event (a peg, a
    disc, another line). Clearing the line outwards first counts as crossing it.
    """
    trails = {f.id: _Trail() for f in record.finals}
    trails[record.shooter].moved = True
    over = {f.id: False for f in record.finals}
    released = {f.id: f.id != record.shooter for f in record.finals}
    for e in record.events:
        if e.disc not in trails:
            raise InvalidInput(f"the record has an event of disc {e.disc}, which has no final")
        t = trails[e.disc]
        t.moved = True
        shooting_line = (
            e.kind in (EventKind.LINE_TOUCH, EventKind.LINE_CLEAR) and e.other == SHOOTING_LINE
        )
        if not shooting_line or (e.kind is EventKind.LINE_CLEAR and e.side < 0):
            released[e.disc] = True
        if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int):
            if e.other not in trails:
                raise InvalidInput(f"the record has disc {e.disc} touching unknown disc {e.other}")
            trails[e.other].moved = True
            released[e.other] = True
            for disc in (e.disc, e.other):
                if over[disc]:
                    trails[disc].struck_while_over = True
        elif shooting_line:
            if not released[e.disc]:
                if e.kind is EventKind.LINE_CLEAR and e.side > 0:
                    released[e.disc] = True
                    t.touched_line = over[e.disc] = True
                continue
            if e.kind is EventKind.LINE_TOUCH:
                t.touched_line = True
                over[e.disc] = True
            else:
                over[e.disc] = e.side > 0
        elif e.kind is EventKind.LEFT_SURFACE:
            t.left = True
        elif e.kind is EventKind.REENTERED and t.left:
            t.reentered = True
        elif e.kind is EventKind.DROPPED:
            t.dropped = True
    return trails


def _position_after(
    position: Position, record: ShotRecord, decisions: list[Decision], owners: dict[int, Side]
) -> Position:
    decided = {d.disc: d for d in decisions}
    kept: list[PlacedDisc] = [d for d in position.layout.discs if d.id not in decided]
    for d in decisions:
        if d.fate in (Fate.IN_PLAY, Fate.RESTORED):
            kept.append(PlacedDisc(d.disc, d.x, d.y, leaning=d.leaning))
    kept.sort(key=lambda d: d.id)
    try:
        layout = Layout(position.layout.board, tuple(kept))
    except IllegalInPosition as exc:
        raise InvalidInput(f"the shot leaves an impossible position: {exc}") from None
    return Position.of(layout, {d.id: owners[d.id] for d in kept})


__all__ = ["SHOOTING_LINE", "CrokinoleReferee", "disc_points", "touches_fifteen"]

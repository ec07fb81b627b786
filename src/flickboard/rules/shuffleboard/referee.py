"""The CSC referee: rules on one delivery from the shot record (docs/rules.md).

Order of judgement for the delivered weight: dead and taken off with every weight it
moved put back (upside down, 4(i); off the surface and back on, 4(i); body beyond the
end of the table, 5(c)); dead and taken off with the weights it moved left where they
ended (not completely over the foul line, 5(n)); otherwise properly delivered, and
weights it knocked into the gutters stay off (5(e)). In the last two cases a weight in
play that is knocked off the surface and comes back on is dead too (Part IV), and the
weights it moves after coming back on are replaced where they were (4(i)). Before all
that, an official's call that a hanger fell while the weight was on its way gives the
one repeat delivery the rules allow (5(i)): the delivery is taken back and every weight
goes back where it was.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable, Zone, as_board
from flickboard.geometry.startline import StartLine
from flickboard.jit import jitable
from flickboard.physics import DiscFinal, DiscState, EventKind, Layout, PlacedDisc, ShotRecord
from flickboard.rules.base import (
    Decision,
    Fate,
    Position,
    Ruling,
    Side,
    StartChecks,
    Turn,
    register,
)
from flickboard.rules.codes import FATES, NO_FATE, RESTORED
from flickboard.rules.shuffleboard.game import RELEASE_LINE, WEIGHTS_PER_PLAYER
from flickboard.rules.shuffleboard.position import colour_name
from flickboard.rules.shuffleboard.putback import put_back
from flickboard.rules.shuffleboard.scoring import count_frame, zone_name

FOUL_LINE = 0
"""Index of the foul line in ``ShuffleboardTable.lines`` and in line events."""

MOVE_TOLERANCE = 1e-9
"""A weight whose centre moved less than this (m) did not move."""


@dataclass(frozen=True, slots=True)
class Calls:
    """What an official saw that a shot record cannot show (hand entry).

    ``upside_down``: the delivered weight went down the board upside down (4(i)).
    ``body_over_end``: the deliverer's lower body went beyond the end of the table (5(c)).
    ``opponent_weight``: the deliverer delivered one of the opponent's weights (5(f)).
    ``knocked_upside_down``: ids of weights knocked upside down by the delivery (5(g)).
    ``out_of_order``: the weight was delivered by the player whose turn it was not; it
    stands and the frame finishes in the rotation it set (5(h), the play layer).
    ``hanger_fell``: id of a hanger that fell while the weight was being delivered,
    before the delivered weight, which would have hit it, reached it (5(i)).
    ``body_vibration``: that hanger fell because a player's body shook the table, so
    there is no repeat delivery (5(i)).
    """

    upside_down: bool = False
    body_over_end: bool = False
    opponent_weight: bool = False
    knocked_upside_down: tuple[int, ...] = ()
    out_of_order: bool = False
    hanger_fell: int | None = None
    body_vibration: bool = False

    def __post_init__(self) -> None:
        if self.hanger_fell is not None and (
            isinstance(self.hanger_fell, bool) or not isinstance(self.hanger_fell, int)
        ):
            raise InvalidInput(f"call 'hanger_fell' must be a weight id, got {self.hanger_fell!r}")
        if self.body_vibration and self.hanger_fell is None:
            raise InvalidInput(
                "call 'body_vibration' says why a hanger fell: it needs a 'hanger_fell' call (5(i))"
            )

    @property
    def repeat(self) -> bool:
        """Whether these calls ask for the one repeat delivery allowed (5(i)): a hanger fell
        during the delivery and no bodily contact shook the table."""
        return self.hanger_fell is not None and not self.body_vibration


NO_CALLS = Calls()

_CALL_FIELDS = ("upside_down", "body_over_end", "opponent_weight", "out_of_order", "body_vibration")


def calls_from_json(data: object) -> Calls:
    """Calls from ``{"upside_down": bool, "body_over_end": bool, "opponent_weight": bool,
    "out_of_order": bool, "body_vibration": bool, "knocked_upside_down": [ids],
    "hanger_fell": id}``; every field is optional."""
    if data is None or (isinstance(data, Mapping) and not data):
        return NO_CALLS
    if not isinstance(data, Mapping):
        raise InvalidInput("calls must be a JSON object")
    unknown = set(data) - {*_CALL_FIELDS, "knocked_upside_down", "hanger_fell"}
    if unknown:
        raise InvalidInput(f"calls have unknown field(s) {sorted(unknown)}")
    flags = {}
    for name in _CALL_FIELDS:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise InvalidInput(f"call {name!r} must be true or false, got {value!r}")
        flags[name] = value
    flipped = data.get("knocked_upside_down", [])
    if not isinstance(flipped, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in flipped
    ):
        raise InvalidInput("call 'knocked_upside_down' must be a list of weight ids")
    return Calls(knocked_upside_down=tuple(flipped), hanger_fell=data.get("hanger_fell"), **flags)


def calls_to_json(calls: Calls) -> dict[str, Any]:
    """The JSON form of calls, only the fields that are set."""
    data: dict[str, Any] = {name: True for name in _CALL_FIELDS if getattr(calls, name)}
    if calls.knocked_upside_down:
        data["knocked_upside_down"] = list(calls.knocked_upside_down)
    if calls.hanger_fell is not None:
        data["hanger_fell"] = calls.hanger_fell
    return data


@jitable
def may_deliver(own_in_play: int) -> bool:
    """Whether a colour with ``own_in_play`` weights in play may deliver another: not
    once its four are in play (5(i))."""
    return own_in_play < WEIGHTS_PER_PLAYER


START_FINE, START_OFF_SURFACE, START_PAST_FOUL_LINE, START_ALL_IN_PLAY = 0, 1, 2, 3


@jitable
def start_fault(
    x: float, y: float, radius: float, width: float, foul_near: float, own_in_play: int
) -> int:
    """Why a weight of ``radius`` may not start at (x, y), as a ``START_*`` code: wholly
    on the table (``width`` wide), released short of the foul line (its near edge at
    ``foul_near``), its colour not already with every weight in play
    (:func:`may_deliver`). ``START_FINE`` (0) when it may."""
    if abs(x) > width / 2 - radius or y < radius:
        return START_OFF_SURFACE
    if y + radius > foul_near:
        return START_PAST_FOUL_LINE
    if not may_deliver(own_in_play):
        return START_ALL_IN_PLAY
    return START_FINE


@register("csc", "shuffleboard")
class CSCReferee(StartChecks):
    """Table shuffleboard by the Canadian Shuffleboard Congress rules (2007)."""

    name = "csc"
    game: str = "shuffleboard"

    def __init__(self, table: ShuffleboardTable | None = None, calls: Calls = NO_CALLS) -> None:
        self.table = table or ShuffleboardTable.csc()
        self.calls = calls

    def calling(self, calls: Calls | Mapping[str, Any]) -> CSCReferee:
        """This referee with an official's calls for the next ruling, as :class:`Calls`
        or their JSON form (for hand entry: ``hand.judge(csc.calling(calls), ...)``)."""
        return CSCReferee(self.table, calls if isinstance(calls, Calls) else calls_from_json(calls))

    def start_problem(self, position: Position, turn: Turn, x: float, y: float) -> str | None:
        """Why a weight may not start at (x, y): not wholly on the table, not short of
        the foul line, or its colour's four weights already in play; None if it may."""
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvalidInput("a start must be a finite point")
        table = self.table
        fault = start_fault(
            x, y, table.disc.radius, table.width, table.foul_line.near,
            len(position.discs_of(turn.side)),
        )  # fmt: skip
        return None if fault == START_FINE else self.start_words(fault, 0, turn, x, y)

    def start_words(self, fault: int, which: int, turn: Turn, x: float, y: float) -> str:
        """A :func:`start_fault` in words."""
        del which, x, y
        if fault == START_OFF_SURFACE:
            return "a weight must start wholly on the playing surface"
        if fault == START_PAST_FOUL_LINE:
            return "a weight is released before it reaches the foul line (Part IV, DELIVERED)"
        return f"{colour_name(turn.side)} already has {WEIGHTS_PER_PLAYER} weights in play (5(i))"

    def start_line(self, position: Position, turn: Turn) -> StartLine:
        """The release line across the table, :data:`RELEASE_LINE` from the delivering
        end, between the side gutters (nothing allowed once a colour has four weights in
        play: :func:`may_deliver`)."""
        r = self.table.disc.radius
        half = self.table.width / 2 - r
        line = StartLine.segment((-half, RELEASE_LINE), (half, RELEASE_LINE))
        if not may_deliver(len(position.discs_of(turn.side))):
            return line.nowhere()
        return line.without(((d.x, d.y) for d in position.layout.discs), 2 * r)

    def score(self, position: Position) -> dict[Side, int]:
        """Points on the table now, leading-weight rule applied (rule 4)."""
        red, green = count_frame(self._table_of(position.layout), position).points
        return {0: red, 1: green}

    def rule(
        self, position: Position, turn: Turn, record: ShotRecord, calls: Calls | None = None
    ) -> Ruling:
        """Rule on one delivery; ``calls`` carries what only an official can see."""
        table = self._table_of(record.layout)
        self._check_record(position, turn, record)
        judge = _Judgement(table, position, turn, record, self.calls if calls is None else calls)
        return judge.ruling()

    def _table_of(self, layout: Layout) -> ShuffleboardTable:
        table = as_board(ShuffleboardTable, layout.board)
        if table is None:
            raise IllegalInPosition("the CSC referee rules on a shuffleboard table")
        return table

    @staticmethod
    def _check_record(position: Position, turn: Turn, record: ShotRecord) -> None:
        if turn.disc != record.shooter:
            raise IllegalInPosition(
                f"the turn delivers weight {turn.disc} but the record shows {record.shooter}"
            )
        before = {d.id for d in position.layout.discs}
        if {d.id for d in record.layout.discs} != before:
            raise IllegalInPosition("the shot record starts from a different position")
        finals = {f.id for f in record.finals}
        if finals != before | {record.shooter}:
            raise IllegalInPosition("the shot record must end every weight and the delivered one")


class _Judgement:
    """One ruling in the making (private: the referee's working notes)."""

    def __init__(
        self,
        table: ShuffleboardTable,
        position: Position,
        turn: Turn,
        record: ShotRecord,
        calls: Calls,
    ) -> None:
        self.table = table
        self.position = position
        self.turn = turn
        self.record = record
        self.calls = calls
        self.owners = dict(position.owners)
        self.owners[record.shooter] = turn.side
        self.moved = record.moved()
        self.replaced = self.moved_by_dead_weights()
        self.colour = colour_name(turn.side).capitalize()

    def moved_by_dead_weights(self) -> set[int]:
        """Weights already in play that a weight knocked off the surface moved after it
        came back on (it is dead, Part IV), directly or through the weights it set
        moving: they are replaced where they lay before the delivery (4(i)). A record
        does not say which of two touching weights was moving, so touching one already
        moved this way counts."""
        back: set[int] = set()
        moved: set[int] = set()
        for e in self.record.events:
            if e.kind is EventKind.REENTERED and e.disc != self.record.shooter:
                back.add(e.disc)
            elif e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int):
                pair = {e.disc, e.other}
                if pair & (back | moved):
                    moved |= pair
        return moved - back - {self.record.shooter}

    def reentered(self, disc: int) -> bool:
        return any(e.kind is EventKind.REENTERED for e in self.record.events_of(disc))

    def crossed_foul_line(self) -> bool:
        """Whether the delivered weight completely crossed the foul line (5(n))."""
        for e in self.record.events_of(self.record.shooter):
            if e.kind is EventKind.LINE_CLEAR and e.other == FOUL_LINE and e.side > 0:
                return True
        final = self.record.final(self.record.shooter)
        r = self.table.disc.radius
        return final.state is DiscState.ON_SURFACE and final.y - r > self.table.foul_line.far

    def ruling(self) -> Ruling:
        shooter = self.record.shooter
        unmoved = sorted(set(self.calls.knocked_upside_down) - self.moved)
        if unmoved:
            raise IllegalInPosition(
                f"weight {unmoved[0]} did not move in this delivery, so it cannot have been "
                "knocked upside down (5(g))"
            )
        if self.calls.hanger_fell is not None:
            self.check_hanger_fell(self.calls.hanger_fell)
            if self.calls.repeat:
                return self.repeat(self.calls.hanger_fell)
        restore_reason = self.restoring_dead_reason()
        if restore_reason is not None:
            reason, clause = restore_reason
            decisions = [self.dead(reason, clause)]
            decisions += [self.put_back(d, clause) for d in self.position.layout.discs]
            return self.finish(False, decisions, f"{self.colour}'s weight is dead: {reason}.")
        if not self.crossed_foul_line():
            reason = "it did not completely cross the foul line (5(n))"
            decisions = [self.dead(reason, "csc/5n")]
            decisions += [self.left_lying(d.id, proper=False) for d in self.position.layout.discs]
            return self.finish(False, decisions, f"{self.colour}'s weight is dead: {reason}.")
        decisions = [self.left_lying(shooter, proper=True)]
        decisions += [self.left_lying(d.id, proper=True) for d in self.position.layout.discs]
        return self.finish(True, decisions, f"{self.colour}'s weight is properly delivered.")

    def check_hanger_fell(self, hanger: int) -> None:
        """Refuse a call that a hanger fell (5(i)) unless the record bears it out."""
        before = {d.id: d for d in self.position.layout.discs}
        if hanger not in before:
            raise IllegalInPosition(
                f"no repeat delivery: weight {hanger} was not on the table before the "
                "delivery (5(i))"
            )
        disc = before[hanger]
        if self.table.zone_of(disc.x, disc.y) is not Zone.HANGER:
            raise IllegalInPosition(
                f"no repeat delivery: weight {hanger} was not a hanger, and only a hanger "
                "that falls gives one (5(i))"
            )
        if self.record.final(hanger).state is DiscState.ON_SURFACE:
            raise IllegalInPosition(
                f"no repeat delivery: the record shows hanger {hanger} still on the table, "
                "not fallen (5(i))"
            )
        if not self.calls.repeat:
            return
        dead = self.restoring_dead_reason()
        if dead is not None and not self.reentered(self.record.shooter):
            raise IllegalInPosition(
                f"no repeat delivery: the delivery is dead whatever the hanger did, "
                f"{dead[0]}; it is ruled as such and every weight goes back (5(i))"
            )
        if not self.crossed_foul_line():
            raise IllegalInPosition(
                "no repeat delivery: the delivered weight did not cross the foul line, so it "
                "could not have reached the hanger (5(i))"
            )

    def repeat(self, hanger: int) -> Ruling:
        """The delivery is taken back: the fallen hanger and every weight moved go back,
        and the same player delivers again (5(i))."""
        final = self.record.final(self.record.shooter)
        decisions = [
            Decision(
                final.id,
                self.turn.side,
                Fate.OUT,
                final.x,
                final.y,
                f"{self.colour}'s delivery is taken back: the same player delivers it again, "
                f"from the same area of the playing surface (5(i)).",
                "csc/5i",
            )
        ]
        for disc in self.position.layout.discs:
            if disc.id == hanger:
                name = colour_name(self.owners[hanger])
                decisions.append(
                    self.restore(
                        disc,
                        f"The {name} hanger that fell is put back where it was (5(i)).",
                        "csc/5i",
                    )
                )
            else:
                decisions.append(self.put_back(disc, "csc/5i", "5(i)"))
        return self.finish(
            False,
            decisions,
            f"Repeat delivery: hanger {hanger} fell while {self.colour} was delivering a weight "
            f"that would have hit it, with no bodily contact shaking the table (5(i)).",
        )

    def restoring_dead_reason(self) -> tuple[str, str] | None:
        if self.calls.upside_down:
            return ("it was delivered upside down (4(i), Part IV DEAD)", "csc/4i-upside-down")
        if self.calls.body_over_end:
            return (
                "the deliverer's lower body went beyond the end of the table (5(c))",
                "csc/5c",
            )
        if self.reentered(self.record.shooter):
            return (
                "it left the playing surface and came back on (4(i), Part IV DEAD)",
                "csc/4i-reentered",
            )
        return None

    def exchange_note(self) -> str:
        if not self.calls.opponent_weight:
            return ""
        return (
            f" It was an opponent's weight, delivered by accident: it is exchanged for one of "
            f"{colour_name(self.turn.side)}'s unplayed weights without penalty (5(f))."
        )

    def dead(self, reason: str, clause: str) -> Decision:
        final = self.record.final(self.record.shooter)
        return Decision(
            final.id,
            self.turn.side,
            Fate.OUT,
            final.x,
            final.y,
            f"{self.colour}'s delivered weight is dead and removed: {reason}.{self.exchange_note()}",
            clause,
        )

    def put_back(self, disc: PlacedDisc, clause: str, rule: str = "4(i)") -> Decision:
        """A weight already in play before a dead delivery that undoes what it moved."""
        final = self.record.final(disc.id)
        side = self.owners[disc.id]
        name = colour_name(side)
        if self.was_moved(disc, final):
            return self.restore(
                disc, f"The {name} weight it moved goes back where it was ({rule}).", clause
            )
        return Decision(
            disc.id, side, Fate.IN_PLAY, disc.x, disc.y, f"The {name} weight is untouched.", clause
        )

    def restore(self, disc: PlacedDisc, reason: str, clause: str) -> Decision:
        """The weight goes back where it lay before the delivery."""
        return Decision(
            disc.id, self.owners[disc.id], Fate.RESTORED, disc.x, disc.y, reason, clause
        )

    def was_moved(self, disc: PlacedDisc, final: DiscFinal) -> bool:
        return (
            disc.id in self.moved
            or final.state is not DiscState.ON_SURFACE
            or abs(final.x - disc.x) > MOVE_TOLERANCE
            or abs(final.y - disc.y) > MOVE_TOLERANCE
        )

    def left_lying(self, disc_id: int, *, proper: bool) -> Decision:
        """A weight after a delivery whose effects stand (proper, or dead by 5(n))."""
        final = self.record.final(disc_id)
        side = self.owners[disc_id]
        name = colour_name(side)
        is_shooter = disc_id == self.record.shooter
        what = "delivered" if is_shooter else name
        flipped = disc_id in self.calls.knocked_upside_down
        if self.reentered(disc_id):
            tail = " (5(g))" if flipped else ""
            return Decision(
                disc_id,
                side,
                Fate.OUT,
                final.x,
                final.y,
                f"The {what} weight left the playing surface and came back on: it is dead "
                f"and goes to the gutter (Part IV DEAD){tail}.",
                "csc/5g" if flipped else "csc/iv-dead",
            )
        if disc_id in self.replaced:
            return self.restore(
                self.position.layout.disc(disc_id),
                f"The {name} weight was moved by a dead weight (one that left the playing "
                f"surface and came back on): it is replaced where it was (4(i)).",
                "csc/4i-reentered",
            )
        if final.state is not DiscState.ON_SURFACE:
            original = self.position.layout.disc(disc_id) if not is_shooter else None
            if original is not None and disc_id == self.calls.hanger_fell:
                return self.restore(
                    original,
                    f"The {name} hanger fell because bodily contact shook the table, not "
                    f"knocked off by a delivered weight: it goes back where it was (5(e)); "
                    f"there is no repeat delivery (5(i)).",
                    "csc/5e",
                )
            if original is not None and (not proper or disc_id not in self.moved):
                return self.restore(
                    original,
                    f"The {name} weight fell from the playing surface without being knocked off "
                    f"by a properly delivered weight: it goes back where it was (5(e)).",
                    "csc/5e",
                )
            if is_shooter:
                reason = f"{self.colour}'s delivered weight went into the gutter: out of play (Part IV GUTTER)."
                clause = "csc/iv-gutter"
            else:
                reason = (
                    f"The {name} weight was knocked off by a properly delivered weight and "
                    f"stays off (5(e))."
                )
                clause = "csc/5e"
            return Decision(
                disc_id, side, Fate.OUT, final.x, final.y, reason + self.note(is_shooter), clause
            )
        zone = zone_name(self.table, final.x, final.y)
        where = {
            "hanger": "hangs over the far end (a hanger, 4(f))",
            "short": "lies short of the foul line, scoring nothing",
        }.get(zone, f"lies in the {zone} zone")
        if flipped:
            reason = f"The {what} weight was knocked upside down and is set right side up where it lies (5(g)); it {where}."
            clause = "csc/5g"
        elif is_shooter:
            reason = f"{self.colour}'s delivered weight stays in play and {where}."
            clause = "csc/5f" if self.calls.opponent_weight else "csc/4"
        else:
            moved = " after being moved" if disc_id in self.moved else ""
            tail = " (its move by a dead weight stands, 4(i))" if not proper and moved else ""
            reason = f"The {name} weight stays in play{moved} and {where}{tail}."
            clause = "csc/4i-foul-line" if tail else "csc/4"
        return Decision(
            disc_id, side, Fate.IN_PLAY, final.x, final.y, reason + self.note(is_shooter), clause
        )

    def note(self, is_shooter: bool) -> str:
        return self.exchange_note() if is_shooter else ""

    def placed_clear(self, decisions: list[Decision]) -> list[Decision]:
        """The decisions with each weight put back on a place a weight left in play
        covers moved as near to it as it fits (:func:`put_back`; a weight with no place
        at all stays on its place, and the position after is refused)."""
        order = [*(d.id for d in self.position.layout.discs), self.record.shooter]
        decided = {d.disc: d for d in decisions}
        fate = np.array(
            [FATES.index(decided[i].fate) if i in decided else NO_FATE for i in order],
            dtype=np.int8,
        )
        if RESTORED not in fate:
            return decisions
        before = {d.id: d for d in self.position.layout.discs}
        x = np.array([decided[i].x if i in decided else before[i].x for i in order])
        y = np.array([decided[i].y if i in decided else before[i].y for i in order])
        r = self.table.disc.radius
        put_back(fate, x, y, r, self.table.width / 2, self.table.length)
        moved = {
            i: (float(x[k]), float(y[k]))
            for k, i in enumerate(order)
            if i in decided and (x[k], y[k]) != (decided[i].x, decided[i].y)
        }
        return [
            d if d.disc not in moved else self.placed_near(d, *moved[d.disc]) for d in decisions
        ]

    def placed_near(self, decision: Decision, x: float, y: float) -> Decision:
        """A weight put back whose place is taken, as near to it as it fits."""
        away = math.hypot(x - decision.x, y - decision.y)
        return replace(
            decision,
            x=x,
            y=y,
            reason=f"{decision.reason} A weight left in play covers its place, so it goes as "
            f"near to it as it fits, {away * 100:.1f} cm away, touching the weight in the way "
            f"(reading of 4(i) and 5(e)).",
        )

    def finish(self, valid: bool, decisions: list[Decision], summary: str) -> Ruling:
        if self.calls.out_of_order and self.calls.repeat:
            summary += f" {self.colour} delivered out of turn (5(h)) and delivers the repeat."
        elif self.calls.out_of_order:
            summary += (
                f" {self.colour} delivered out of turn: the delivery stands and the frame "
                f"finishes in the rotation it set (5(h))."
            )
        decisions = self.placed_clear(decisions)
        kept = [d for d in decisions if d.fate in (Fate.IN_PLAY, Fate.RESTORED)]
        layout = Layout(self.table, tuple(PlacedDisc(d.disc, d.x, d.y) for d in kept))
        owners = {d.disc: d.side for d in kept}
        return Ruling(valid, tuple(decisions), Position.of(layout, owners), summary)

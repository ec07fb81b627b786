"""CSC Part VI 7: a player who cannot compete or continue, and the delegation's
substitutes.

7.1 In a doubles event, if a partner cannot compete or continue for cause:
(a) "If the event has not commenced, the remaining partner shall select a new partner
(of the same gender) from the Charter delegation."
(b) "If the event has commenced, the remaining partner shall carry on by his or herself,
playing both ends of the board until the game is over and then choose a member (of the
same gender) from the Charter delegation. If one is not available, the Charter shall be
disqualified in that event."
7.2 "In the singles event, if a player cannot compete or continue for cause, then a
substitution (of the same gender) will be allowed from the delegation to complete the
tournament. If one is not available, the Charter shall be disqualified in that event."

A team lists its players first (one in singles, two in doubles), then the rest of its
delegation. Each change is data, kept in the order made:

- ``partner-out`` (7.1 b): in the team's game of round R a partner stops; the other
  carries on alone to the end of that game (its result is entered as played). Until a
  substitute is named (or the team is out) the team's next game waits.
- ``substitute``: from round R a delegation member of the same gender plays in the
  place of a player (7.1 a before the event has commenced; 7.1 b after a partner-out,
  from a later round; 7.2 in singles). **Reading (7.2):** the substitute plays from the
  first game of the team without a result, which may be the game the player could not
  finish ("to complete the tournament").
- ``no-substitute`` (7.1 b, 7.2): none of the same gender is available: the team is
  disqualified in the event from round R (its effect on the round robin is in
  :mod:`flickboard.events.csc`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from flickboard.errors import IllegalInPosition, InvalidInput

ChangeKind = Literal["partner-out", "substitute", "no-substitute"]
CHANGE_KINDS: tuple[ChangeKind, ...] = ("partner-out", "substitute", "no-substitute")


@dataclass(frozen=True, slots=True)
class DelegationChange:
    """One change to a team's players (see the module docstring)."""

    kind: ChangeKind
    team: str
    player: str
    round_no: int
    reason: str
    player_in: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in CHANGE_KINDS:
            raise InvalidInput(f"unknown change {self.kind!r}; known: {', '.join(CHANGE_KINDS)}")
        if self.round_no < 1:
            raise InvalidInput("rounds count from 1")
        if not self.reason.strip():
            raise InvalidInput("say why the player cannot compete or continue (the cause)")
        if (self.kind == "substitute") != (self.player_in is not None):
            raise InvalidInput("a substitute names the player coming in (and only a substitute)")

    def describe(self) -> str:
        """One line for the standings and the game list."""
        if self.kind == "partner-out":
            return (
                f"{self.player} could not continue in round {self.round_no}: the partner "
                f"played on alone to the end of the game (CSC VI 7.1 b): {self.reason}"
            )
        if self.kind == "substitute":
            return (
                f"{self.player_in} plays for {self.player} from round {self.round_no} "
                f"(CSC VI 7, same gender, from the delegation): {self.reason}"
            )
        return (
            f"disqualified in this event from round {self.round_no}: no substitute of the "
            f"same gender for {self.player} (CSC VI 7): {self.reason}"
        )


@dataclass(frozen=True, slots=True)
class Member:
    """A player of a team's delegation, with gender (F or M, or None if not given)."""

    id: str
    gender: str | None


def playing(
    delegation: Sequence[Member], per_side: int, changes: Sequence[DelegationChange], round_no: int
) -> tuple[str, ...]:
    """The team's players in its game of ``round_no`` after the substitutions so far."""
    players = [m.id for m in delegation[:per_side]]
    for c in changes:
        if c.kind == "substitute" and c.round_no <= round_no and c.player_in is not None:
            players = [c.player_in if p == c.player else p for p in players]
    return tuple(players)


def open_partner_out(changes: Sequence[DelegationChange]) -> DelegationChange | None:
    """A partner-out not yet followed by a substitute or a no-substitute."""
    waiting: DelegationChange | None = None
    for c in changes:
        if c.kind == "partner-out":
            waiting = c
        elif waiting is not None and c.player == waiting.player:
            waiting = None
    return waiting


def check_change(
    change: DelegationChange,
    delegation: Sequence[Member],
    per_side: int,
    earlier: Sequence[DelegationChange],
    entered: Collection[int],
    commenced: bool,
) -> None:
    """Refuse a change VI 7 does not allow. ``earlier``: the team's changes so far;
    ``entered``: the rounds of the team's games with a result; ``commenced``: whether
    any game of the event has a result."""
    if any(c.kind == "no-substitute" for c in earlier):
        raise IllegalInPosition(f"{change.team} is already disqualified in this event")
    now = playing(delegation, per_side, earlier, change.round_no)
    if change.player not in now:
        raise InvalidInput(
            f"{change.player} does not play for {change.team} in round {change.round_no} "
            f"(playing: {', '.join(now)})"
        )
    later = sorted(r for r in entered if r > change.round_no)
    waiting = open_partner_out(earlier)
    if change.kind == "partner-out":
        if per_side != 2:
            raise IllegalInPosition(
                "a partner carries on alone only in doubles (VI 7.1 b); in singles name a "
                "substitute (VI 7.2)"
            )
        if not commenced:
            raise IllegalInPosition(
                "the event has not commenced: the remaining partner selects a new partner "
                "of the same gender from the delegation (VI 7.1 a): record a substitute"
            )
        if waiting is not None:
            raise IllegalInPosition(f"{waiting.player} is already out: name a substitute first")
        if later:
            raise IllegalInPosition(
                f"{change.team} already has a result in round {later[0]}: a partner stops in "
                "the team's game in progress or the next one"
            )
        return
    started = sorted(r for r in entered if r >= change.round_no)
    if started:
        raise IllegalInPosition(
            f"{change.team}'s round {started[0]} game already has a result: a substitute "
            "plays from a game not yet played"
        )
    if per_side == 2 and commenced:
        if waiting is None or waiting.player != change.player:
            raise IllegalInPosition(
                f"the event has commenced: {change.player}'s partner first carries on alone "
                "to the end of the game (VI 7.1 b): record that the player could not continue"
            )
        if change.round_no <= waiting.round_no:
            raise IllegalInPosition(
                f"the partner plays round {waiting.round_no} alone to the end of the game: "
                f"the substitute comes in from round {waiting.round_no + 1} (VI 7.1 b)"
            )
    if change.kind == "no-substitute":
        return
    by_id: Mapping[str, Member] = {m.id: m for m in delegation}
    incoming = by_id.get(change.player_in or "")
    if incoming is None:
        raise InvalidInput(f"{change.player_in} is not in {change.team}'s delegation")
    if incoming.id in now:
        raise IllegalInPosition(f"{incoming.id} already plays for {change.team}")
    out = by_id[change.player]
    if out.gender is None or incoming.gender is None:
        raise InvalidInput(
            f"the genders of {out.id} and {incoming.id} are needed: a substitute is of the "
            "same gender (VI 7)"
        )
    if out.gender != incoming.gender:
        raise IllegalInPosition(
            f"{incoming.id} ({incoming.gender}) may not replace {out.id} ({out.gender}): a "
            "substitute is of the same gender (VI 7)"
        )

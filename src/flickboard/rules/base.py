"""The referee interface every rule set implements, and the registry of rule sets.

A referee is pure: given the position before a shot, whose turn it is, and the shot
record (simulated, or built from an outcome entered by hand), it returns a
:class:`Ruling` saying what happens to every disc and why, in plain words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from flickboard.errors import DuplicateName, IllegalInPosition, IllegalStart, InvalidInput
from flickboard.geometry.startline import StartLine
from flickboard.geometry.svg import DiscMark
from flickboard.physics import Layout, PlacedDisc, ShotRecord
from flickboard.reprs import one_line

Side = int
"""A colour (crokinole: 0..3; shuffleboard: 0 red, 1 green/blue); teams share one."""


@dataclass(frozen=True, slots=True)
class Position:
    """The discs in play before a shot and the side each belongs to."""

    layout: Layout
    owners: tuple[tuple[int, Side], ...]

    def __post_init__(self) -> None:
        owned = dict(self.owners)
        if len(owned) != len(self.owners):
            raise IllegalInPosition("a disc is given two owners")
        missing = [d.id for d in self.layout.discs if d.id not in owned]
        if missing:
            raise IllegalInPosition(f"discs {missing} have no owner")

    @classmethod
    def of(cls, layout: Layout, owners: Mapping[int, Side]) -> Position:
        """A position from a layout and a mapping of disc id to side."""
        return cls(layout, tuple(sorted(owners.items())))

    def side_of(self, disc_id: int) -> Side:
        """The side a disc belongs to."""
        for disc, side in self.owners:
            if disc == disc_id:
                return side
        raise KeyError(disc_id)

    def svg(self, width_px: int | None = None) -> str:
        """An SVG picture of the board and the discs in play, each with its id."""
        marks = [
            DiscMark(d.x, d.y, self.side_of(d.id), str(d.id), d.leaning) for d in self.layout.discs
        ]
        board = self.layout.board
        return board.svg(marks) if width_px is None else board.svg(marks, width_px)

    def _repr_svg_(self) -> str:
        return self.svg()

    def discs_of(self, side: Side) -> tuple[PlacedDisc, ...]:
        """The discs of one side that are in play."""
        mine = {disc for disc, s in self.owners if s == side}
        return tuple(d for d in self.layout.discs if d.id in mine)


@dataclass(frozen=True, slots=True)
class Turn:
    """Who shoots: the seat (crokinole 0-3 clockwise; shuffleboard end 0 or 1), the
    side, and the id the shot disc takes."""

    seat: int
    side: Side
    disc: int


class Fate(StrEnum):
    """What the referee does with a disc after a shot."""

    IN_PLAY = "in_play"  # stays where it ended (lying flat or leaning)
    OUT = "out"  # removed from play (ditch, gutter, dead weight); does not score
    TWENTY = "twenty"  # taken off the board as a 20 that counts at the end of the round
    RESTORED = "restored"  # put back where it was before the shot


@dataclass(frozen=True, slots=True)
class Decision:
    """The referee's word on one disc: its fate, where it now lies, and why.

    ``clause`` names the rule applied (for example ``"wcc/valid-shot"``) so that a
    ruling can be traced to docs/rules.md.
    """

    disc: int
    side: Side
    fate: Fate
    x: float
    y: float
    reason: str
    clause: str
    leaning: bool = False


@dataclass(frozen=True, slots=True)
class Ruling:
    """Everything the referee decided about one shot."""

    valid: bool
    decisions: tuple[Decision, ...]
    position_after: Position
    summary: str

    def decision(self, disc_id: int) -> Decision:
        """The decision on one disc."""
        for d in self.decisions:
            if d.disc == disc_id:
                return d
        raise KeyError(disc_id)

    def twenties(self) -> dict[Side, int]:
        """20s made on this shot that count, by side."""
        counts: dict[Side, int] = {}
        for d in self.decisions:
            if d.fate is Fate.TWENTY:
                counts[d.side] = counts.get(d.side, 0) + 1
        return counts

    def explanation(self) -> list[str]:
        """The summary, then one plain sentence for each disc the shot concerned."""
        return [self.summary, *(d.reason for d in self.decisions)]

    def __repr__(self) -> str:
        verdict = "valid" if self.valid else "not valid"
        return one_line("Ruling", f"{verdict}, {len(self.decisions)} decisions: {self.summary}")

    def __str__(self) -> str:
        """The explanation, one sentence per line."""
        return "\n".join(self.explanation())


@runtime_checkable
class Referee(Protocol):
    """What every rule set provides."""

    name: str
    game: str
    """The name of the game these rules are for (its game kind's name)."""

    def start_line(self, position: Position, turn: Turn) -> StartLine:
        """The line shots start from and the stretches of it this turn may start from."""
        ...

    def start_problem(self, position: Position, turn: Turn, x: float, y: float) -> str | None:
        """Why a shot may not start at (x, y), in the rules' words; None if it may."""
        ...

    def check_start(self, position: Position, turn: Turn, x: float, y: float) -> None:
        """Raise :class:`IllegalStart` if a shot may not start at (x, y)."""
        ...

    def start_words(self, fault: int, which: int, turn: Turn, x: float, y: float) -> str:
        """The rule set's compiled start fault at (x, y) (its code and detail, as its
        compiled ``start_fault`` gives them: the compiled tables report it) in words."""
        ...

    def rule(self, position: Position, turn: Turn, record: ShotRecord) -> Ruling:
        """Rule on one shot."""
        ...

    def score(self, position: Position) -> dict[Side, int]:
        """Points each side has on the board now (20s already taken off not included)."""
        ...


class StartChecks:
    """The start checks every referee shares, built on its :meth:`start_problem`."""

    def start_problem(self, position: Position, turn: Turn, x: float, y: float) -> str | None:
        """Why a shot may not start at (x, y); None if it may (each rule set says)."""
        raise NotImplementedError

    def check_start(self, position: Position, turn: Turn, x: float, y: float) -> None:
        """Raise :class:`IllegalStart` with the reason if a shot may not start at (x, y)."""
        problem = self.start_problem(position, turn, x, y)
        if problem is not None:
            raise IllegalStart(problem)

    def start_allowed(self, position: Position, turn: Turn, x: float, y: float) -> bool:
        """Whether a shot may start at (x, y)."""
        return self.start_problem(position, turn, x, y) is None


_REGISTRY: dict[str, Callable[..., Referee]] = {}


def register(*names: str) -> Callable[[Callable[..., Referee]], Callable[..., Referee]]:
    """Class decorator: make a rule set findable by each of ``names``."""

    def add(factory: Callable[..., Referee]) -> Callable[..., Referee]:
        for name in names:
            if name in _REGISTRY:
                raise DuplicateName(f"rule set {name!r} registered twice")
            _REGISTRY[name] = factory
        return factory

    return add


def known_rule_sets() -> list[str]:
    """Names of every registered rule set."""
    _load_builtin()
    return sorted(_REGISTRY)


def referee(name: str, **options: Any) -> Referee:
    """The referee of a rule set by name, with its options.

    Raises :class:`InvalidInput` for an unknown name or option.
    """
    _load_builtin()
    try:
        factory = _REGISTRY[name.lower()]
    except KeyError:
        raise InvalidInput(
            f"unknown rule set {name!r}; known: {', '.join(sorted(_REGISTRY))}"
        ) from None
    try:
        return factory(**options)
    except TypeError as exc:
        raise InvalidInput(f"rule set {name!r}: {exc}") from None


BUILTIN_MODULES: tuple[str, ...] = (
    "flickboard.rules.crokinole",
    "flickboard.rules.shuffleboard",
)
"""Modules whose import registers the built-in rule sets (crokinole, shuffleboard)."""


def _load_builtin() -> None:
    import importlib

    for module in BUILTIN_MODULES:
        importlib.import_module(module)

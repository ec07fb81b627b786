"""What a position is worth to the side about to shoot: the round score to come.

The referee scores the board (never a copy of the rules here). The round from the
shooter's side after its shot (:class:`Outlook`: discs left per side and who holds the
hammer, the last shot) comes from the view's ``to_come``, the same way in every game;
each game's tactics turn the positions a shot may leave into expected outcomes in
[-1, 1] with the learned value (:mod:`flickboard.agents.value_model`), all of a shot's
executions at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flickboard.agents.tactics import Left, tactics_for
from flickboard.agents.value_model import PLAYING_LEVELS
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise
from flickboard.play.view import View
from flickboard.rules.base import Position, Side


@dataclass(frozen=True, slots=True)
class Outlook:
    """The round from one side after a shot: discs left per side, who shoots last, the
    shooter's skill (the scale of its execution noise; None: the ``competitive``
    level's), whether it leaves a 20 of its own among opposing discs to luck (it
    does not count on one: :meth:`GameKind.leaves_twenties_to_luck
    <flickboard.play.kind.GameKind.leaves_twenties_to_luck>`), and which learned value
    weighs the positions (None: the game's own; else a named variant,
    :data:`~flickboard.agents.value_model.VARIANTS`)."""

    side: Side
    left: Mapping[Side, int]
    hammer: Side | None
    skill: float | None = None
    twenties_by_luck: bool = False
    value: str | None = None

    @property
    def total(self) -> int:
        """Discs still to play in the round."""
        return sum(self.left.values())


def outlook_after(
    view: View,
    noise: ExecutionNoise | None = None,
    twenties_by_luck: bool = False,
    value: str | None = None,
) -> Outlook:
    """Discs left and hammer once the shot of this view is made, for a shooter playing
    with ``noise`` (default the ``competitive`` level's) that counts on its own 20s
    unless ``twenties_by_luck``, valued by the learned ``value`` (None: the game's own)."""
    rest = view.to_come[1:]
    left = Counter(side for _, side in rest)
    skill = None if noise is None else skill_scale(view.game, noise)
    hammer = rest[-1][1] if rest else None
    return Outlook(view.turn.side, dict(left), hammer, skill, twenties_by_luck, value)


def skill_scale(game: str, noise: ExecutionNoise) -> float:
    """The scale of ``noise`` against the game's base profile (a level's scale)."""
    base = game_kind(game).noise_profile
    return noise.angle / base.angle if base.angle else 0.0


def skill_of(game: str, outlook: Outlook) -> float:
    """The shooter's skill scale in an outlook (the ``competitive`` level's when not given),
    no finer than the finest level the value was fitted on (``perfect`` plays as
    ``champion`` does in the value's eyes) nor coarser than the coarsest."""
    scales = game_kind(game).level_scales
    if outlook.skill is None:
        return scales["competitive"]
    fitted = [scales[level] for level in PLAYING_LEVELS]
    return min(max(outlook.skill, min(fitted)), max(fitted))


def nearest_level(game: str, outlook: Outlook) -> int:
    """The index in ``PLAYING_LEVELS`` of the level whose noise scale is nearest the
    shooter's skill (for the tables the value model keeps by level)."""
    scales = game_kind(game).level_scales
    skill = skill_of(game, outlook)
    return min(range(len(PLAYING_LEVELS)), key=lambda i: abs(scales[PLAYING_LEVELS[i]] - skill))


def round_features(view: View, outlook: Outlook) -> tuple[float, float, float, float, float]:
    """What every game's learned value sees of the round after a shot: discs left to
    the shooter's side and to the others, the hammer (1 mine, -1 theirs, 0 none),
    whether the next shot is the shooter's side's own (1) or not (0), and its skill."""
    me = view.turn.side
    mine = float(outlook.left.get(me, 0))
    hammer = 0.0 if outlook.hammer is None else (1.0 if outlook.hammer == me else -1.0)
    rest = view.to_come[1:]
    next_me = float(bool(rest) and rest[0][1] == me)
    return (mine, float(outlook.total) - mine, hammer, next_me, skill_of(view.game, outlook))


def margin(view: View, position: Position, twenties: Mapping[Side, int]) -> float:
    """My points minus the best other side's, on the board as the referee scores it."""
    board = view.referee.score(position)
    me = view.turn.side
    sides = set(board) | set(twenties) | {s for _, s in view.position.owners} | {me}
    totals = {s: board.get(s, 0) + 20 * twenties.get(s, 0) for s in sides}
    others = [v for s, v in totals.items() if s != me]
    return totals[me] - (max(others) if others else 0)


def values_of(view: View, left: Sequence[Left], out: Outlook) -> list[float]:
    """Expected outcome in [-1, 1] for the side of ``view`` of each position its shot
    may leave (with the 20s made in the round so far), valued together."""
    if not left:
        return []
    return tactics_for(view.game).values(view, left, out)


def value_of(view: View, position: Position, twenties: Mapping[Side, int], out: Outlook) -> float:
    """Expected outcome in [-1, 1] for the side of ``view`` after a shot."""
    return values_of(view, [(position, twenties)], out)[0]

"""Crokinole rule sets as documented configurations of one referee engine.

Each registered name (``wcc``, ``nca``, ``depot``, ``fair``) builds a
:class:`CrokinoleOptions`; the differences between the documents are options, and
docs/rules.md says which clause each option comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from flickboard.errors import InvalidInput

SIDE_NAMES = ("red", "green", "blue", "yellow")
"""Colour names of sides 0-3, used in rulings and files."""


def side_name(side: int) -> str:
    """The colour name of a side (``red`` for 0, ``green`` for 1, ...)."""
    return SIDE_NAMES[side] if 0 <= side < len(SIDE_NAMES) else f"side {side}"


def parse_side(value: object) -> int:
    """A side from a colour name or an index 0-3; :class:`InvalidInput` otherwise."""
    if isinstance(value, bool):
        raise InvalidInput(f"unknown side {value!r}")
    if isinstance(value, int) and 0 <= value < len(SIDE_NAMES):
        return value
    if isinstance(value, str) and value.lower() in SIDE_NAMES:
        return SIDE_NAMES.index(value.lower())
    raise InvalidInput(f"unknown side {value!r}; use one of {', '.join(SIDE_NAMES)} or 0-3")


RACE_TARGET = 100
"""Points that win a race game: the fair rules' game (fair rule 4, "reaching 100 points
first") and the Depot's conventional game unless the players set another (Depot 4g, "a
predetermined amount of points. (Generally 100)")."""


class ValidShot(StrEnum):
    """How a shot with opposing discs in play must reach them."""

    COMBINATION = "combination"  # directly or by bumping an own disc into one (WCC, NCA)
    DIRECT = "direct"  # the shooter itself must hit an opposing disc first (Depot 7a)


class StartRule(StrEnum):
    """Where a shot may start inside the shooter's quadrant."""

    TOUCHING = "touching"  # touching the shooting line; may overlap the quadrant line (WCC, NCA)
    TOUCHING_OR_BEHIND = "touching_or_behind"  # also wholly behind the line (Depot 5)
    HALF_OVER = "half_over"  # touching the line, at most half over the quadrant line (fair)


class Scoring(StrEnum):
    """How rounds make a game."""

    TOURNAMENT = "tournament"  # 2/1/0 per round, 4-round games (8/6/4/2 for 3-4 players)
    CONVENTIONAL = "conventional"  # round scores cancelled down, first to a target
    FAIR = "fair"  # only the difference counts, first to 100 (fair rules)


@dataclass(frozen=True, slots=True)
class Category:
    """A WCC play category: discs each player shoots per round, singles and doubles."""

    name: str
    singles: int
    doubles: int


CATEGORIES: dict[str, Category] = {
    c.name: c
    for c in (
        Category("adult", 8, 6),
        Category("recreational", 8, 6),
        Category("competitive", 8, 6),
        Category("cue", 6, 5),
        Category("junior", 6, 6),
        Category("intermediate", 6, 6),
    )
}
"""WCC 'Tournament Scoring Information': discs each per round by category."""


RULE_SET_TITLES = {"wcc": "WCC", "nca": "NCA", "depot": "Crokinole Depot", "fair": "fair"}
"""How each crokinole rule set is named in a sentence."""


@dataclass(frozen=True, slots=True)
class CrokinoleOptions:
    """Everything in which the crokinole rule sets differ.

    Attributes:
        rule_set: registered name (``wcc``, ``nca``, ``depot``, ``fair``).
        valid_shot: combination or direct-hit-only (Depot 7a, opponents' discs put back).
        play_to_middle: with no opposing disc in play a shot must end touching or inside
            the 15 line (WCC, NCA, Depot 3b); the fair rules do not ask it.
        spinning_disc: a disc that touched or crossed the shooting line, struck nothing
            there and came back inside stays in play; off in the fair rules, where any
            disc that touched the shooting line after it was played is removed.
        outer_line_in_play: discs on or beyond the shooting line stay in play for 5
            until shot off the surface (Depot 7b).
        start: where a shot may start (see :class:`StartRule`).
        free_order_doubles: in doubles either partner may shoot after the first shot
            (Depot 7c).
        free_for_all: 3 and 4 player games, one colour each (Depot 7d).
        scoring: tournament, conventional or fair.
        target: points that win a conventional or fair game.
        category: WCC category whose disc counts apply.
        singles_discs / doubles_discs / free_for_all_discs: discs each player shoots
            per round.
        youngest_first: the youngest player shoots first (fair rules); the play layer
            takes the first listed player as the youngest.
    """

    rule_set: str
    valid_shot: ValidShot = ValidShot.COMBINATION
    play_to_middle: bool = True
    spinning_disc: bool = True
    outer_line_in_play: bool = False
    start: StartRule = StartRule.TOUCHING
    free_order_doubles: bool = False
    free_for_all: bool = False
    scoring: Scoring = Scoring.TOURNAMENT
    target: int = RACE_TARGET
    category: str = "adult"
    singles_discs: int = 8
    doubles_discs: int = 6
    free_for_all_discs: int = 6
    youngest_first: bool = False

    def __post_init__(self) -> None:
        for name in ("singles_discs", "doubles_discs", "free_for_all_discs", "target"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InvalidInput(f"{name} must be a positive whole number, got {value!r}")
        if self.scoring is not Scoring.TOURNAMENT and self.target % 5:
            raise InvalidInput(f"a target must be a multiple of 5, got {self.target}")

    @property
    def title(self) -> str:
        """The rule set's name in a sentence: ``WCC``, ``NCA``, ``Crokinole Depot``, ``fair``."""
        return RULE_SET_TITLES.get(self.rule_set, self.rule_set)

    def max_discs_per_side(self) -> int:
        """Most discs one colour can shoot in a round (a doubles team shoots two sets)."""
        return max(self.singles_discs, 2 * self.doubles_discs, self.free_for_all_discs)

    def discs_each(self, players: int, *, teams: bool) -> int:
        """Discs each player shoots per round with this many players."""
        if players == 2:
            return self.singles_discs
        if players == 4 and teams:
            return self.doubles_discs
        if players in (3, 4):
            if not self.free_for_all:
                raise InvalidInput(
                    f"{self.rule_set} has no {players}-player free-for-all "
                    "(the Depot optional rule 7d allows it: depot with free_for_all=True)"
                )
            return self.free_for_all_discs
        raise InvalidInput(f"crokinole is played by 2, 3 or 4 players, not {players}")


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(f"option {name} must be true or false, got {value!r}")
    return value


def _category(name: object) -> Category:
    if not isinstance(name, str) or name.lower() not in CATEGORIES:
        raise InvalidInput(f"unknown category {name!r}; known: {', '.join(CATEGORIES)}")
    return CATEGORIES[name.lower()]


def _scoring(value: object, allowed: tuple[Scoring, ...]) -> Scoring:
    try:
        scoring = Scoring(str(value).lower())
    except ValueError:
        scoring = None
    if scoring is None or scoring not in allowed:
        names = ", ".join(s.value for s in allowed)
        raise InvalidInput(f"unknown scoring {value!r}; this rule set allows: {names}")
    return scoring


def wcc_options(category: str = "adult") -> CrokinoleOptions:
    """World Crokinole Championship rules (tournament scoring, WCC categories)."""
    cat = _category(category)
    return CrokinoleOptions(
        "wcc", category=cat.name, singles_discs=cat.singles, doubles_discs=cat.doubles
    )


def nca_options() -> CrokinoleOptions:
    """National Crokinole Association rules (as explained by J. Tracey)."""
    return CrokinoleOptions("nca")


def depot_options(
    direct_hit: bool = False,
    outer_line_in_play: bool = False,
    free_order: bool = False,
    free_for_all: bool = False,
    scoring: str = "tournament",
    target: int = RACE_TARGET,
) -> CrokinoleOptions:
    """Crokinole Depot rules; each optional rule of section 7 is a keyword."""
    return CrokinoleOptions(
        "depot",
        valid_shot=ValidShot.DIRECT if _flag("direct_hit", direct_hit) else ValidShot.COMBINATION,
        outer_line_in_play=_flag("outer_line_in_play", outer_line_in_play),
        start=StartRule.TOUCHING_OR_BEHIND,
        free_order_doubles=_flag("free_order", free_order),
        free_for_all=_flag("free_for_all", free_for_all),
        scoring=_scoring(scoring, (Scoring.TOURNAMENT, Scoring.CONVENTIONAL)),
        target=target,
    )


def fair_options() -> CrokinoleOptions:
    """Fair rules (youth fair crokinole): 12 discs each in singles, difference to 100."""
    return CrokinoleOptions(
        "fair",
        play_to_middle=False,
        spinning_disc=False,
        start=StartRule.HALF_OVER,
        scoring=Scoring.FAIR,
        target=RACE_TARGET,
        singles_discs=12,
        doubles_discs=6,
        youngest_first=True,
    )


POINT_SCORING = 'WCC: "All tournament games will use a point-scoring system"'
"""Why a WCC game is never a race (WCC rules, Scoring)."""

FOUR_ROUNDS = {
    "wcc": "WCC: \"A 'game' shall consist of 4 rounds, other than where exceptions are made "
    'for Tournaments Championships"',
    "nca": 'NCA: "The game shall consist of four rounds"',
    "depot": 'Crokinole Depot 4f: "A game consists of 4 rounds"',
}
"""Each tournament rule set's words on the length of a game."""


def check_game_form(
    rule_set: str, *, scoring: Scoring | str = Scoring.TOURNAMENT, championship: bool = False
) -> None:
    """Refuse, in the rules' own words, a game or card these rules never produce: a WCC
    game not scored by tournament points, and a championship game (extra rounds while
    tied after four, best two of three) under any rules but the WCC's, which alone make
    that exception ("If after 4 rounds (a game) the player's scores are tied, a 5th
    round will be played"). Unknown rule sets are left to their own checks."""
    mode = Scoring(str(scoring).lower()) if str(scoring).lower() in set(Scoring) else None
    if rule_set == "wcc" and mode is not Scoring.TOURNAMENT:
        raise InvalidInput(f"{POINT_SCORING}: a WCC game is not scored {scoring}")
    if championship and rule_set != "wcc" and rule_set in RULE_SET_TITLES:
        words = FOUR_ROUNDS.get(rule_set, "a game is a race to its target")
        raise InvalidInput(
            f"{words}: a championship game (a 5th round while tied, best two of three) "
            "is played only under the WCC rules"
        )


def check_rounds_played(rule_set: str, rounds: int, *, championship: bool = False) -> None:
    """Refuse a tournament game of more than four rounds unless it is a WCC championship
    game (which plays on while tied), in the rules' words."""
    if rounds > 4 and not (championship and rule_set == "wcc") and rule_set in FOUR_ROUNDS:
        extra = " outside a tied WCC championship game" if rule_set == "wcc" else ""
        raise InvalidInput(f"{FOUR_ROUNDS[rule_set]}: this game has {rounds} rounds{extra}")

"""Sanctions and absences as data, with their effect on the standings.

WCC, Rules for Tournament Play: "Careless or deliberate contravention of the rules may
result in the forfeiture of a round or a game and possible disqualification from the
tournament"; coaching: "the offending party will be warned and, if they persist, the
contestant receiving the coaching may be disqualified". Withdrawals and no-shows are
not in the WCC text; their readings are in docs/events.md ("Sanctions and absences").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.scorecard import Scorecard

Kind = Literal[
    "warning", "forfeit-round", "forfeit-game", "disqualification", "withdrawal", "no-show"
]
KINDS: tuple[Kind, ...] = (
    "warning",
    "forfeit-round",
    "forfeit-game",
    "disqualification",
    "withdrawal",
    "no-show",
)

CLAUSES: dict[str, str] = {
    "warning": "WCC: coaching is warned first; CSC V 4(j), 5: warning for a first offence",
    "forfeit-round": "WCC: contravention of the rules may forfeit a round",
    "forfeit-game": "WCC: contravention of the rules may forfeit a game",
    "disqualification": "WCC: possible disqualification from the tournament",
    "withdrawal": "reading: an entrant who cannot go on withdraws",
    "no-show": "reading: an entrant absent for a drawn game loses it by walkover",
}
"""The clause each kind applies."""

OUT_KINDS = ("withdrawal", "disqualification")
"""Kinds that take an entrant out of the rest of the event."""


@dataclass(frozen=True, slots=True)
class Sanction:
    """A sanction or absence of one entrant.

    ``round_no`` is the draw round: of the game forfeited or missed, or the first round
    the entrant no longer plays (withdrawal, disqualification). ``game_round`` (1-based)
    is the round of that game for a forfeited round.
    """

    kind: Kind
    entrant: str
    reason: str
    round_no: int | None = None
    game_round: int | None = None
    by: str = ""
    at: datetime | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidInput(f"unknown sanction {self.kind!r}; known: {', '.join(KINDS)}")
        if not self.reason.strip():
            raise InvalidInput("a sanction needs a reason")
        needs_round = self.kind in ("forfeit-round", "forfeit-game", "no-show", *OUT_KINDS)
        if needs_round and (self.round_no is None or self.round_no < 1):
            raise InvalidInput(f"a {self.kind} needs the draw round it applies to")
        if (self.kind == "forfeit-round") != (self.game_round is not None):
            raise InvalidInput("a forfeited round names the round of the game (game_round)")
        if self.game_round is not None and self.game_round < 1:
            raise InvalidInput("game rounds count from 1")

    @property
    def clause(self) -> str:
        """The rule it applies."""
        return CLAUSES[self.kind]

    def describe(self) -> str:
        """One line for standings and printouts."""
        where = {
            "warning": "",
            "forfeit-round": f" round {self.game_round} of the round {self.round_no} game",
            "forfeit-game": f" the round {self.round_no} game",
            "no-show": f" absent for the round {self.round_no} game (walkover)",
            "withdrawal": f" from round {self.round_no}",
            "disqualification": f" from round {self.round_no}",
        }[self.kind]
        label = {"forfeit-round": "forfeited", "forfeit-game": "forfeited"}.get(
            self.kind, self.kind
        )
        return f"{label}{where}: {self.reason} ({self.clause})"


@dataclass(frozen=True, slots=True)
class Effects:
    """What the sanctions change: per card (by its position), the points and 20s each
    side keeps; walkovers (winner, loser, round); entrants out, with why."""

    cards: Mapping[int, tuple[tuple[int, int], tuple[int, int]]]
    walkovers: tuple[tuple[str, str, int], ...]
    out: Mapping[str, Sanction]
    notes: Mapping[str, tuple[str, ...]]


def walkover_points(rounds_per_game: int) -> int:
    """A game won by walkover scores as a game won every round: 2 a round."""
    return 2 * rounds_per_game


def effects(
    sanctions: Sequence[Sanction],
    cards: Sequence[Scorecard],
    absent_games: Mapping[tuple[int, str], str],
) -> Effects:
    """The effect of ``sanctions`` on ``cards``.

    ``absent_games`` maps (draw round, entrant) to the opponent drawn against them, for
    games without a card: a no-show, or a game after a withdrawal or disqualification,
    is a walkover for that opponent.
    """
    changed: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    walkovers: list[tuple[str, str, int]] = []
    out: dict[str, Sanction] = {}
    notes: dict[str, list[str]] = {}
    for x in sanctions:
        notes.setdefault(x.entrant, []).append(x.describe())
        if x.kind in OUT_KINDS:
            out.setdefault(x.entrant, x)
        if x.kind in ("forfeit-round", "forfeit-game"):
            n, card = _card_of(cards, x)
            if card.results_only:
                raise InvalidInput(
                    f"a forfeit changes a card's rounds, and the round {card.draw_round} card "
                    f"of {card.sides[0]} v {card.sides[1]} holds results only"
                )
            made = card.twenties
            assert made is not None  # a card with its rounds has its 20s
            points, twenties = changed.get(n, (card.points, made))
            me = card.sides.index(x.entrant)
            other = 1 - me
            p, t = [points[0], points[1]], [twenties[0], twenties[1]]
            if x.kind == "forfeit-game":
                p[me], p[other] = 0, 2 * len(card.game.rounds)
                t[me] = 0
            else:
                assert x.game_round is not None
                if x.game_round > len(card.game.rounds):
                    raise InvalidInput(f"the card has no round {x.game_round}")
                r = card.game.rounds[x.game_round - 1]
                p[me] -= r.points[me]
                p[other] += 2 - r.points[other]
                t[me] -= r.twenties[me]
            changed[n] = ((p[0], p[1]), (t[0], t[1]))
    for (rnd, who), opponent in sorted(absent_games.items()):
        gone = out.get(who)
        missed = any(
            x.kind == "no-show" and x.entrant == who and x.round_no == rnd for x in sanctions
        )
        if missed or (gone is not None and gone.round_no is not None and rnd >= gone.round_no):
            if opponent in out and (out[opponent].round_no or 0) <= rnd:
                continue  # both out: no one wins the game
            walkovers.append((opponent, who, rnd))
    return Effects(changed, tuple(walkovers), out, {k: tuple(v) for k, v in notes.items()})


def _card_of(cards: Sequence[Scorecard], x: Sanction) -> tuple[int, Scorecard]:
    for n, card in enumerate(cards):
        if card.draw_round == x.round_no and x.entrant in card.sides:
            return n, card
    raise IllegalInPosition(
        f"{x.entrant} has no round {x.round_no} card to forfeit: record a no-show for a game "
        "not played"
    )


def check_sanction(x: Sanction, entrants: Iterable[str], earlier: Sequence[Sanction]) -> None:
    """Refuse a sanction of a non-entrant, or a second withdrawal or disqualification."""
    if x.entrant not in set(entrants):
        raise InvalidInput(f"{x.entrant} is not an entrant")
    if x.kind in OUT_KINDS:
        for y in earlier:
            if y.entrant == x.entrant and y.kind in OUT_KINDS:
                raise IllegalInPosition(f"{x.entrant} is already out: {y.describe()}")

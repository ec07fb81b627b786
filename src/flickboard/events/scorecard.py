"""WCC scorecards: rounds entered once, totals derived, opponent validation, and
referee corrections kept in an audit trail. A results-only card (a CMN record may give
only each round's winner) keeps what was recorded and says what is missing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import Category, category
from flickboard.events.names import plural
from flickboard.play.scoring import GameScore, RoundScore, tournament_round_points


@dataclass(frozen=True, slots=True)
class Validation:
    """The opponent's check of a card: their ID number and initials. ``referee`` is set
    when a referee's ruling on a dispute validated the card instead."""

    opponent_id: str
    initials: str
    referee: str | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """A change to one round of a validated card, initialled by a referee."""

    referee: str
    round_index: int
    before: RoundScore
    after: RoundScore
    reason: str
    at: datetime | None = None
    """When it was made (None in files written before times were kept)."""


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """A round of a results-only card: the winning side (0 the marking side, 1 the
    opponent, None a tie) and, where they were recorded, both sides' board points (20s
    included) and 20s."""

    winner: int | None
    scores: tuple[int, int] | None = None
    twenties: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.winner not in (0, 1, None):
            raise InvalidInput(
                f"a round's winner is side 0 or 1 (or none: a tie), not {self.winner}"
            )
        if self.twenties is not None and min(self.twenties) < 0:
            raise InvalidInput("a count of 20s cannot be negative")
        if self.scores is None:
            return
        RoundScore(self.scores, self.twenties or (0, 0))  # fives, and the 20s fit
        a, b = tournament_round_points(*self.scores)
        if self.points != (a, b):
            said = "a tie" if self.winner is None else f"side {self.winner + 1}"
            raise InvalidInput(
                f"the round is won by {said}, but its scores are {self.scores[0]}-{self.scores[1]}"
            )

    @classmethod
    def of(cls, score: RoundScore) -> RoundOutcome:
        """The outcome of a fully scored round."""
        a, b = score.points
        winner = None if a == b else (0 if a > b else 1)
        return cls(
            winner, (score.scores[0], score.scores[1]), (score.twenties[0], score.twenties[1])
        )

    def marks(self, side: int) -> tuple[str, str]:
        """What a card shows for ``side``: its points (``won``, ``lost`` or ``tied``
        when the scores were not recorded) and its 20s (``?`` when not recorded)."""
        if self.scores is not None:
            head = str(self.scores[side])
        else:
            head = "tied" if self.winner is None else "won" if self.winner == side else "lost"
        return head, "?" if self.twenties is None else str(self.twenties[side])

    @property
    def points(self) -> tuple[int, int]:
        """Tournament points: 2 to the winner, 1 each for a tie."""
        if self.winner is None:
            return (1, 1)
        return (2, 0) if self.winner == 0 else (0, 2)


@dataclass(frozen=True, slots=True)
class Scorecard:
    """One game of one draw round between two sides (players or teams).

    ``sides`` are entrant IDs, ``names`` their full names; side 0 marks the card and
    side 1 validates it. The game's rounds hold both sides' points and 20s; game
    totals and tournament points are derived from them. A results-only card has no
    ``game`` rounds but ``outcomes``: each round's winner, and its scores and 20s where
    they were recorded.
    """

    category: str
    draw_round: int
    sides: tuple[str, str]
    names: tuple[str, str]
    game: GameScore
    validation: Validation | None = None
    corrections: tuple[Correction, ...] = ()
    championship: bool = False
    outcomes: tuple[RoundOutcome, ...] = ()

    def __post_init__(self) -> None:
        if not self.category.strip():
            raise InvalidInput("a scorecard needs its category name")
        cat = category(self.category)
        if any(not s.strip() for s in self.sides):
            raise InvalidInput("a scorecard needs both players' ID numbers")
        if any(not n.strip() for n in self.names):
            raise InvalidInput("a scorecard needs both players' full names")
        if self.sides[0] == self.sides[1]:
            raise IllegalInPosition(f"{self.sides[0]} cannot play themselves")
        if self.draw_round < 1:
            raise InvalidInput(f"draw round must be 1 or more, got {self.draw_round}")
        if self.outcomes and self.game.rounds:
            raise InvalidInput("a card holds scored rounds or results-only rounds, not both")
        if self.outcomes:
            _check_rounds(self.outcomes, cat, championship=self.championship, names=self.names)
        else:
            check_game(self.game, cat, championship=self.championship, names=self.names)

    @property
    def validated(self) -> bool:
        """True once the opponent has put their ID and initials on it."""
        return self.validation is not None

    @property
    def results_only(self) -> bool:
        """True for a card that holds only each round's outcome."""
        return bool(self.outcomes)

    @property
    def points(self) -> tuple[int, ...]:
        """Tournament points per side, from the rounds."""
        if self.outcomes:
            return _summed([r.points for r in self.outcomes])
        return self.game.points

    @property
    def winner(self) -> int | None:
        """The side with more tournament points (None when level)."""
        a, b = self.points
        return None if a == b else (0 if a > b else 1)

    @property
    def twenties(self) -> tuple[int, ...] | None:
        """20s per side, from the rounds; None when a results-only card lacks them."""
        if self.outcomes:
            counts = [r.twenties for r in self.outcomes]
            return None if any(c is None for c in counts) else _summed(counts)
        return self.game.twenties

    @property
    def totals(self) -> tuple[int, ...] | None:
        """Board points per side over the game (sum of round scores); None when a
        results-only card lacks them."""
        if self.outcomes:
            scores = [r.scores for r in self.outcomes]
            return None if any(s is None for s in scores) else _summed(scores)
        return tuple(sum(r.scores[s] for r in self.game.rounds) for s in range(2))

    @property
    def rounds(self) -> tuple[RoundOutcome, ...]:
        """Every round as an outcome, scored or not."""
        return self.outcomes or tuple(RoundOutcome.of(r) for r in self.game.rounds)


def _summed(pairs: Sequence[tuple[int, ...] | None]) -> tuple[int, ...]:
    return tuple(sum(p[s] for p in pairs if p is not None) for s in range(2))


def most_points(discs: int, twenties: int) -> int:
    """The most a side can score in a round with ``discs`` discs of which ``twenties``
    are 20s: 20 a twenty, at most 15 any other disc on the board.

    >>> most_points(8, 0), most_points(8, 8)
    (120, 160)
    """
    return 20 * twenties + 15 * (discs - twenties)


def check_game(
    game: GameScore,
    cat: Category,
    *,
    championship: bool = False,
    names: tuple[str, ...] = ("side 1", "side 2"),
    first_round: int = 1,
) -> None:
    """Raise unless the game fits the category: two sides, the right number of rounds,
    no more 20s in a round than the discs a side shoots, and no more points than those
    discs can score (``names`` name the sides in the message; ``first_round`` numbers
    the first round given).

    A championship game adds a round after the 4th while the points are tied (WCC:
    "a winner has to be determined"), so it must end with a winner.
    """
    if game.sides != 2:
        raise InvalidInput("a tournament game has two sides")
    _check_rounds(game.rounds, cat, championship=championship, names=names, first_round=first_round)


def _check_rounds(
    rounds: Sequence[RoundScore | RoundOutcome],
    cat: Category,
    *,
    championship: bool,
    names: tuple[str, ...] = ("side 1", "side 2"),
    first_round: int = 1,
) -> None:
    limit = cat.discs
    each = f" ({cat.discs_per_player} each)" if cat.doubles else ""
    for i, r in enumerate(rounds, start=first_round):
        for side in (0, 1):
            made = 0 if r.twenties is None else r.twenties[side]
            if made > limit:
                raise InvalidInput(
                    f"round {i}: {names[side]} has {plural(made, 'twenty', 'twenties')} but "
                    f"shoots only {limit} discs{each} in {cat.name}"
                )
            score = None if r.scores is None else r.scores[side]
            if score is not None and score > most_points(limit, made):
                raise InvalidInput(
                    f"round {i}: {names[side]} scored {score}, more than {limit} discs{each} "
                    f"can score with {plural(made, 'twenty', 'twenties')} in {cat.name} "
                    f"(at most {most_points(limit, made)}: 20 a twenty, 15 any other disc)"
                )
    base = cat.rounds_per_game
    if len(rounds) < base or (len(rounds) > base and not championship):
        raise InvalidInput(f"a game in {cat.name} has {base} rounds, got {len(rounds)}")
    if not championship:
        return
    for n in range(base, len(rounds)):
        a, b = _summed([r.points for r in rounds[:n]])
        if a != b:
            raise IllegalInPosition(
                f"round {n + 1} was played although the game was decided after {n} rounds"
            )
    a, b = _summed([r.points for r in rounds])
    if a == b:
        raise IllegalInPosition(
            f"the championship game is tied {a}-{b} after {len(rounds)} rounds: "
            f"play round {len(rounds) + 1} (a winner has to be determined)"
        )


def validate(card: Scorecard, opponent_id: str, initials: str) -> Scorecard:
    """The card with the opponent's validation; only the opponent (side 1) may sign."""
    if not opponent_id.strip() or not initials.strip():
        raise InvalidInput("validation needs the opponent's ID number and initials")
    if opponent_id != card.sides[1]:
        raise IllegalInPosition(
            f"only the opponent {card.sides[1]} may validate this card, not {opponent_id}"
        )
    if card.validation is not None:
        raise IllegalInPosition("the card is already validated")
    return replace(card, validation=Validation(opponent_id, initials.strip()))


def rule(card: Scorecard, referee: str, rounds: Sequence[RoundScore], reason: str) -> Scorecard:
    """A referee's ruling on a disputed card: the rounds as the referee settles them
    (each changed round kept in the audit trail), and the card validated on the
    referee's authority (WCC: "the decision of the referee will be final")."""
    if card.validation is not None:
        raise IllegalInPosition("the card is validated: change it by a correction")
    if not referee.strip() or not reason.strip():
        raise InvalidInput("a ruling needs the referee and a reason")
    if card.results_only:
        if rounds:
            raise IllegalInPosition(f"{_results_only(card)}; or rule that the card stands")
        return replace(
            card, validation=Validation(card.sides[1], referee.strip(), referee=referee.strip())
        )
    if len(rounds) != len(card.game.rounds):
        raise InvalidInput(
            f"the ruling gives {plural(len(rounds), 'round')}; the card has {len(card.game.rounds)}"
        )
    trail = [
        Correction(referee.strip(), i, old, new, f"ruling: {reason.strip()}")
        for i, (old, new) in enumerate(zip(card.game.rounds, rounds, strict=True))
        if old != new
    ]
    ruled = replace(
        card,
        game=GameScore(tuple(rounds)),
        corrections=(*card.corrections, *trail),
        validation=Validation(card.sides[1], referee.strip(), referee=referee.strip()),
    )
    check_game(
        ruled.game, category(card.category), championship=card.championship, names=card.names
    )
    return ruled


def _results_only(card: Scorecard) -> str:
    """Why a results-only card's rounds are not changed one by one, and what to do."""
    return (
        f"the round {card.draw_round} card of {card.sides[0]} v {card.sides[1]} holds results "
        "only (each round's winner): a results-only card has no round scores to correct; "
        "to give it its scores, withdraw it before it is validated and enter it again, or "
        "fix it in the exported event file and create the event again from that file"
    )


def round_text(r: RoundScore) -> str:
    """A round as written on a card: ``45-30 (1-0)`` (20s in brackets)."""
    return f"{r.scores[0]}-{r.scores[1]} ({r.twenties[0]}-{r.twenties[1]})"


def _check_correction(card: Scorecard, c: Correction) -> None:
    if not c.referee.strip():
        raise IllegalInPosition("corrections must be initialled by a referee")
    if not c.reason.strip():
        raise InvalidInput("a correction needs a reason")
    if not 0 <= c.round_index < len(card.game.rounds):
        raise InvalidInput(f"the card has no round {c.round_index + 1}")
    if c.before == c.after:
        raise InvalidInput("the correction changes nothing")


def correct(
    card: Scorecard, referee: str, round_index: int, after: RoundScore, reason: str
) -> Scorecard:
    """A referee's correction of one round (0-based) of a validated card, recorded in
    the audit trail. An unvalidated card is not corrected: its opponent validates or
    disputes it, and a referee rules on the dispute (:func:`rule`)."""
    if card.results_only:
        raise IllegalInPosition(_results_only(card))
    if card.validation is None:
        raise IllegalInPosition(
            f"the round {card.draw_round} card of {card.sides[0]} v {card.sides[1]} is not "
            "validated: the opponent validates or disputes it first (a dispute goes to a "
            "referee's ruling)"
        )
    before = card.game.rounds[round_index] if 0 <= round_index < len(card.game.rounds) else after
    audit = Correction(referee.strip(), round_index, before, after, reason.strip())
    _check_correction(card, audit)
    rounds = list(card.game.rounds)
    rounds[round_index] = after
    fixed = GameScore(tuple(rounds))
    check_game(fixed, category(card.category), championship=card.championship, names=card.names)
    return replace(card, game=fixed, corrections=(*card.corrections, audit))


def with_trail(card: Scorecard, trail: Sequence[Correction]) -> Scorecard:
    """The card (as it stands, corrected) with its audit trail, checked: each correction
    changes one round, a round's corrections follow on from each other, and the last
    one of a round ends at the round on the card."""
    last: dict[int, RoundScore] = {}
    for n, c in enumerate(trail, start=1):
        try:
            _check_correction(card, c)
            prev = last.get(c.round_index)
            if prev is not None and prev != c.before:
                raise InvalidInput(
                    f"it starts from {round_text(c.before)} but the previous correction of "
                    f"round {c.round_index + 1} left {round_text(prev)}"
                )
        except (InvalidInput, IllegalInPosition) as exc:
            raise type(exc)(f"correction {n}: {exc}") from None
        last[c.round_index] = c.after
    for i, after in sorted(last.items()):
        if card.game.rounds[i] != after:
            raise InvalidInput(
                f"round {i + 1} reads {round_text(card.game.rounds[i])} but its last "
                f"correction made it {round_text(after)}"
            )
    return replace(card, corrections=tuple(trail))


def pending(cards: Sequence[Scorecard]) -> tuple[str, ...]:
    """Each card not validated yet, described: ``round 2: 17 v 42``."""
    return tuple(
        f"round {c.draw_round}: {c.sides[0]} v {c.sides[1]}" for c in cards if not c.validated
    )


def require_validated(cards: Sequence[Scorecard]) -> None:
    """Refuse any card the opponent has not validated."""
    for card in cards:
        if not card.validated:
            raise IllegalInPosition(
                f"the round {card.draw_round} card of {card.sides[0]} v {card.sides[1]} "
                "is not validated by the opponent (flickboard event validate ...)"
            )

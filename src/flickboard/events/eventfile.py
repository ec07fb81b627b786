"""The event file (JSON or YAML): an event, its entrants and, optionally, its results.

The same document describes an event to create and a results file to rank; see
docs/formats.md. Validated with pydantic; every problem is reported as InvalidInput.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from typing_extensions import TypedDict

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
from flickboard.events.csc import Division, double_round_robin
from flickboard.events.draw import Draw, check_draws, check_in_draw, drawn_games
from flickboard.events.elimination import check_best_of_three_from
from flickboard.events.formats import CLUB_FORMATS, FORMATS, EventFormat
from flickboard.events.lineups import ROSTER
from flickboard.events.names import check_name, plural
from flickboard.events.sanctions import (
    OUT_KINDS,
    Effects,
    Kind,
    Sanction,
    check_sanction,
    effects,
)
from flickboard.events.scorecard import (
    Correction,
    RoundOutcome,
    Scorecard,
    Validation,
    pending,
    require_validated,
    validate,
    with_trail,
)
from flickboard.events.series import (
    CHAMPIONSHIP_GAMES,
    championship_series,
    championship_standings,
)
from flickboard.events.shootout import FileValue, ShootOut, check_players, replay
from flickboard.events.standings import NO_EFFECTS, Standings, check_cards
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.rules.crokinole.options import RACE_TARGET as FAIR_TARGET
from flickboard.rules.shuffleboard.game import DOUBLES_TARGET, LEAGUE_TARGET, SINGLES_TARGET

Format = Literal["preliminary", "round-robin", "championship", "round-of-32"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Gender = Literal["F", "M"]
"""For CSC substitutes "of the same gender" (Part VI 7.1, 7.2)."""


class PlayerSpec(_Model):
    """A player: ID number and full name (and gender, for CSC substitutions)."""

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=200)
    gender: Gender | None = None

    @field_validator("id")
    @classmethod
    def _visible_id(cls, value: str) -> str:
        return check_name(value, "an ID")

    @field_validator("name")
    @classmethod
    def _visible_name(cls, value: str) -> str:
        return check_name(value)


class EntrantSpec(PlayerSpec):
    """A player or team: ID number and full name; a doubles team may list its two
    players (so that ratings rate each of them)."""

    players: list[PlayerSpec] = []


Pair = Annotated[Sequence[int], Field(min_length=2, max_length=2)]
"""Both sides' numbers, the first side first."""


class RoundWritten(TypedDict, total=False):
    """A round as the event file writes it: only what is given (the schema of what
    :class:`RoundSpec` writes)."""

    scores: Pair
    twenties: Pair
    winner: Literal[0, 1, "tie"]


class RoundSpec(_Model):
    """Both sides' points and 20s in one round; or, in a results-only round (``winner``
    given: 0, 1 or ``tie``), the winner and whatever of the points and 20s was
    recorded. 20s left out are none in a scored round, not recorded in a results-only
    one."""

    scores: tuple[int, int] | None = None
    twenties: tuple[int, int] | None = None
    winner: Literal[0, 1, "tie"] | None = None

    @model_validator(mode="after")
    def _scored_or_results_only(self) -> RoundSpec:
        if self.scores is None and self.winner is None:
            raise ValueError("a round gives its scores, or (results only) its winner")
        return self

    @model_serializer(mode="wrap")
    def _only_given(self, handler: Any) -> RoundWritten:
        data = handler(self)
        return cast(RoundWritten, {k: v for k, v in data.items() if v is not None})

    @property
    def results_only(self) -> bool:
        """True for a round given by its winner."""
        return self.winner is not None

    def outcome(self) -> RoundOutcome:
        """The round as a results-only card holds it."""
        if self.winner is None:
            return RoundOutcome.of(_round(self))
        return RoundOutcome(
            None if self.winner == "tie" else self.winner, self.scores, self.twenties
        )


class ValidationSpec(_Model):
    """The opponent's ID and initials; ``referee`` when a referee's ruling on a dispute
    validated the card."""

    by: str = Field(min_length=1)
    initials: str = Field(min_length=1, max_length=80)
    referee: str | None = None


class CorrectionSpec(_Model):
    """A referee's correction of one round of a card (the audit trail), with the round
    before and after, the marking side's score first."""

    referee: str = Field(min_length=1, max_length=40)
    round: int = Field(ge=1)
    before: RoundSpec
    after: RoundSpec
    reason: str = Field(min_length=1)
    at: datetime.datetime | None = None


class CardSpec(_Model):
    """One scorecard (its rounds as they stand, after any corrections)."""

    round: int = Field(ge=1)
    sides: tuple[str, str]
    rounds: list[RoundSpec]
    validated: ValidationSpec | None = None
    championship: bool = False
    corrections: list[CorrectionSpec] = []
    seal: str | None = Field(default=None, max_length=64)
    """The exporting database's seal (store.seal): a validated card without a good one
    is imported as not validated."""


class SanctionSpec(_Model):
    """A sanction or absence (see :mod:`flickboard.events.sanctions`)."""

    kind: Kind
    entrant: str
    reason: str = Field(min_length=1)
    round: int | None = Field(default=None, ge=1, le=1000)
    game_round: int | None = Field(default=None, ge=1, le=20)
    by: str = ""
    at: datetime.datetime | None = None


class DrawSpec(_Model):
    """One drawn round: its games and the entrant with the bye, if any."""

    round: int = Field(ge=1)
    games: list[tuple[str, str]]
    bye: str | None = None


def _round(r: RoundSpec) -> RoundScore:
    if r.scores is None or r.winner is not None:
        raise InvalidInput("a scored round is needed here: its scores, and no winner")
    return RoundScore(r.scores, r.twenties or (0, 0))


class EventFile(_Model):
    """An event: name, category, format and entrants; draws and results are optional.

    A ``championship`` is a WCC championship match: two entrants, best two of three
    games (draw rounds 1-3 are games 1-3).
    """

    name: str = Field(min_length=1, max_length=200)
    category: str
    format: Format = "preliminary"
    date: datetime.date | None = None
    games: int = Field(default=10, ge=1, le=100)
    seed: int = Field(default=0, ge=0, le=2**31 - 1)
    bye_points: int = Field(default=8, ge=0, le=100)
    entrants: list[EntrantSpec] = Field(min_length=2)
    draws: list[DrawSpec] = []
    cards: list[CardSpec] = []
    byes: dict[str, int] = {}
    shootouts: list[dict[str, FileValue]] = []
    """Each shoot-out in the order held: entrant -> attempts (older files: 20s)."""
    sanctions: list[SanctionSpec] = []

    @model_validator(mode="before")
    @classmethod
    def _championship_games(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("format") == "championship":
            data = {"games": CHAMPIONSHIP_GAMES, **data}
        return data

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str) -> str:
        return category(value).name

    @field_validator("name")
    @classmethod
    def _visible_name(cls, value: str) -> str:
        return check_name(value, "an event name")

    @field_validator("entrants")
    @classmethod
    def _unique_ids(cls, value: list[EntrantSpec]) -> list[EntrantSpec]:
        ids = [e.id for e in value]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"entrant IDs listed twice: {', '.join(sorted(dup))}")
        return value

    @model_validator(mode="after")
    def _format_fits(self) -> EventFile:
        self.event_format.check(len(self.entrants), self.games, len(self.shootouts))
        for who, n in self.byes.items():
            if who not in self.names:
                raise ValueError(f"byes: {who} is not an entrant")
            if n not in (0, 1):
                raise ValueError(f"byes: {who} has {n}; an entrant sits out at most once")
        if any(self.byes.values()) and not self.event_format.drawn_by_round:
            raise ValueError(f"byes: a {self.format} draws its own byes")
        per_side = category(self.category).players_per_side
        seen: dict[str, str] = {}
        for e in self.entrants:
            if e.players and len(e.players) != per_side:
                raise ValueError(
                    f"entrant {e.id} lists {len(e.players)} players; a side in "
                    f"{self.category} has {per_side}"
                    + ("" if per_side > 1 else " (list players for doubles teams only)")
                )
            for p in e.players:
                if p.id in seen:
                    raise ValueError(f"player {p.id} is listed for {seen[p.id]} and {e.id}")
                seen[p.id] = e.id
        return self

    @property
    def event_format(self) -> EventFormat:
        """Its format: draw, result, checks, standings and pages (events/formats)."""
        return FORMATS[self.format]

    @property
    def names(self) -> dict[str, str]:
        """Entrant ID -> full name."""
        return {e.id: e.name for e in self.entrants}

    @property
    def members(self) -> dict[str, tuple[str, ...]]:
        """Entrant ID -> the player IDs it stands for (itself unless it lists players)."""
        return {e.id: tuple(p.id for p in e.players) or (e.id,) for e in self.entrants}

    @property
    def ids(self) -> list[str]:
        """Entrant IDs in their listed order."""
        return [e.id for e in self.entrants]

    def drawn(self) -> list[Draw]:
        """The draw of every round so far, checked.

        A round robin is drawn whole from its entrants' order (circle method) and a
        championship match plays its pair in rounds 1-3; ``draws`` given for them must
        be exactly that. A preliminary's ``draws`` are its own; without them, each round
        with cards is taken as drawn with exactly those games (no bye recorded).
        """
        given = [
            Draw(d.round, tuple((a, b) for a, b in d.games), d.bye)
            for d in sorted(self.draws, key=lambda d: d.round)
        ]
        whole = self.event_format.fixed_draw(self.ids)
        if whole is not None:
            fixed = list(whole)
            for d in given:
                if d not in fixed:
                    raise InvalidInput(
                        f"draws: round {d.round_no} is not the {self.format} draw, which "
                        f"follows from the entrants' order"
                    )
            return fixed
        if given:
            check_draws(self.ids, given, self.games)
            return given
        by_round: dict[int, list[tuple[str, str]]] = {}
        for c in self.cards:
            by_round.setdefault(c.round, []).append(c.sides)
        return [Draw(r, tuple(g)) for r, g in sorted(by_round.items())]

    def bye_counts(self) -> dict[str, int]:
        """Byes each entrant had: in the draws and, for results imported without a
        draw, the ``byes`` field."""
        counts = {who: n for who, n in self.byes.items() if n}
        if not self.event_format.drawn_by_round:
            return counts
        for d in self.drawn():
            if d.bye is not None:
                counts[d.bye] = counts.get(d.bye, 0) + 1
                if counts[d.bye] > 1:
                    raise IllegalInPosition(
                        f"byes: {d.bye} sits out in round {d.round_no} after a bye already"
                    )
        return counts

    def to_cards(self) -> list[Scorecard]:
        """The scorecards as domain values, each checked, then checked together: no game
        twice, no one in two places in a round, no repeat pairing, every game in its
        round's draw (and within the event's games), championship games in order."""
        names = self.names
        champ = self.event_format.series
        out = []
        for n, c in enumerate(self.cards, start=1):
            where = f"card {n} (round {c.round}, {' v '.join(c.sides)})"
            for who in c.sides:
                if who not in names:
                    raise InvalidInput(f"{where}: {who} is not an entrant")
            try:
                if c.championship and not champ:
                    raise IllegalInPosition(
                        "a championship game belongs to a championship event (format: championship)"
                    )
                if c.round > self.games:
                    raise IllegalInPosition(
                        f"round {c.round} is beyond the {self.games} games of {self.name}"
                    )
                only = any(r.results_only for r in c.rounds)
                game = GameScore(
                    () if only else tuple(_in_round(i, r) for i, r in enumerate(c.rounds, start=1))
                )
                card = Scorecard(
                    self.category,
                    c.round,
                    c.sides,
                    (names[c.sides[0]], names[c.sides[1]]),
                    game,
                    championship=champ,
                    outcomes=tuple(_in_outcome(i, r) for i, r in enumerate(c.rounds, start=1))
                    if only
                    else (),
                )
                if c.validated and c.validated.referee:
                    card = replace(
                        card,
                        validation=Validation(
                            card.sides[1], c.validated.initials, c.validated.referee
                        ),
                    )
                elif c.validated:
                    card = validate(card, c.validated.by, c.validated.initials)
                card = with_trail(
                    card,
                    [
                        Correction(
                            x.referee,
                            x.round - 1,
                            _round(x.before),
                            _round(x.after),
                            x.reason,
                            x.at,
                        )
                        for x in c.corrections
                    ],
                )
                out.append(card)
            except (InvalidInput, IllegalInPosition) as exc:
                raise type(exc)(f"{where}: {exc}") from None
        check_cards(out)
        drawn = self.drawn()
        games = drawn_games(drawn)
        for n, card in enumerate(out, start=1):
            if (card.draw_round, frozenset(card.sides)) in games:
                continue
            try:
                check_in_draw(card.draw_round, card.sides, drawn)
            except IllegalInPosition as exc:
                where = f"card {n} (round {card.draw_round}, {' v '.join(card.sides)})"
                raise IllegalInPosition(f"{where}: {exc}") from None
        if champ:
            championship_series((self.ids[0], self.ids[1]), out, self.to_sanctions())
        return out

    def to_shootouts(self) -> list[ShootOut]:
        """The shoot-outs in the order they were held, each with one count per player
        of the category."""
        out = []
        for n, s in enumerate(self.shootouts, start=1):
            try:
                shoot = ShootOut.of(s)
                check_players(shoot, category(self.category))
            except (InvalidInput, IllegalInPosition) as exc:
                raise type(exc)(f"shoot-out {n}: {exc}") from None
            out.append(shoot)
        return out

    def to_sanctions(self) -> list[Sanction]:
        """The sanctions and absences in the order recorded, each checked."""
        out: list[Sanction] = []
        for n, x in enumerate(self.sanctions, start=1):
            try:
                sanction = Sanction(x.kind, x.entrant, x.reason, x.round, x.game_round, x.by, x.at)
                check_sanction(sanction, self.ids, out)
            except (InvalidInput, IllegalInPosition) as exc:
                raise type(exc)(f"sanction {n}: {exc}") from None
            out.append(sanction)
        return out

    def effects(self, cards: Sequence[Scorecard]) -> Effects:
        """What the sanctions change in these cards and the drawn games without one."""
        if not self.sanctions:
            return NO_EFFECTS
        entered = {(c.draw_round, who) for c in cards for who in c.sides}
        absent: dict[tuple[int, str], str] = {}
        for d in self.drawn():
            for a, b in d.games:
                if (d.round_no, a) not in entered:
                    absent[(d.round_no, a)], absent[(d.round_no, b)] = b, a
        return effects(self.to_sanctions(), cards, absent)

    def out_before(self, round_no: int) -> set[str]:
        """Entrants withdrawn or disqualified from ``round_no`` or earlier."""
        return {
            x.entrant
            for x in self.to_sanctions()
            if x.kind in OUT_KINDS and (x.round_no or 0) <= round_no
        }

    def _rank(
        self,
        cards: Sequence[Scorecard],
        shootouts: Sequence[ShootOut],
        provisional: bool = False,
    ) -> Standings:
        return self.event_format.rank(self, cards, shootouts, provisional, self.effects(cards))

    def standings(
        self, cards: Sequence[Scorecard] | None = None, *, provisional: bool = False
    ) -> Standings:
        """Standings by this event's format; each shoot-out must have been among a group
        still tied when it was held. Unvalidated cards are refused, unless
        ``provisional``: then they count and the standings say which are pending.

        ``cards``: the event's cards already checked (a store passes what it holds);
        by default this file's cards, checked by :meth:`to_cards`.
        """
        cards = self.to_cards() if cards is None else cards
        if self.event_format.series:
            st = championship_standings((self.ids[0], self.ids[1]), cards, self.to_sanctions())
            return Standings(st.placings, pending(cards) if provisional else ())
        if not provisional:
            require_validated(cards)
        shootouts = self.to_shootouts()
        if not shootouts:
            return self._rank(cards, (), provisional)
        _, void = self.replay_shootouts(cards, shootouts)
        if void:
            n = void[0]
            raise IllegalInPosition(
                f"shoot-out {n + 1}: no tie among {', '.join(shootouts[n].entrants)} needed it"
                + (" after the earlier shoot-outs" if n else "")
            )
        return self._rank(cards, shootouts, provisional)

    def replay_shootouts(
        self, cards: Sequence[Scorecard], shootouts: Sequence[ShootOut]
    ) -> tuple[list[ShootOut], list[int]]:
        """The shoot-outs still needed by these cards, and the positions of void ones."""
        return replay(lambda kept: self._rank(cards, kept, True).unresolved, shootouts)


def _in_round(n: int, r: RoundSpec) -> RoundScore:
    try:
        return _round(r)
    except InvalidInput as exc:
        raise InvalidInput(f"round {n}: {exc}") from None


def _in_outcome(n: int, r: RoundSpec) -> RoundOutcome:
    try:
        return r.outcome()
    except InvalidInput as exc:
        raise InvalidInput(f"round {n}: {exc}") from None


def parse_event(data: Any, source: str = "event file") -> EventFile:
    """Validate a decoded document."""
    try:
        return EventFile.model_validate(data)
    except ValidationError as exc:
        raise _refused(source, exc) from None


def _refused(source: str, error: ValidationError) -> InvalidInput:
    """The first thing wrong in a file, where it is and what, in one line."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "top level"
    msg = str(first["msg"]).removeprefix("Value error, ")
    return InvalidInput(f"{source}: {where}: {msg}")


def _read(path: str | Path) -> Any:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"cannot read {p}: {exc.strerror}") from None
    try:
        return json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise InvalidInput(
            f"{p}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}"
        ) from None


def load_event(path: str | Path) -> EventFile:
    """Read an event file (``.json``, ``.yaml`` or ``.yml``)."""
    return parse_event(_read(path), str(path))


def dump_event(event: EventFile) -> str:
    """The event as JSON text (without empty optional fields)."""
    return event.model_dump_json(indent=2, exclude_defaults=False)


def _round_spec(r: RoundScore) -> RoundSpec:
    return RoundSpec(scores=(r.scores[0], r.scores[1]), twenties=(r.twenties[0], r.twenties[1]))


def _outcome_spec(r: RoundOutcome) -> RoundSpec:
    return RoundSpec(
        scores=r.scores,
        twenties=r.twenties,
        winner="tie" if r.winner is None else (0 if r.winner == 0 else 1),
    )


def card_spec(card: Scorecard) -> CardSpec:
    """A domain scorecard as a file entry, with its audit trail."""
    return CardSpec(
        round=card.draw_round,
        sides=card.sides,
        rounds=[_outcome_spec(r) for r in card.outcomes]
        or [_round_spec(r) for r in card.game.rounds],
        validated=ValidationSpec(
            by=card.validation.opponent_id,
            initials=card.validation.initials,
            referee=card.validation.referee,
        )
        if card.validation
        else None,
        championship=card.championship,
        corrections=[
            CorrectionSpec(
                referee=c.referee,
                round=c.round_index + 1,
                before=_round_spec(c.before),
                after=_round_spec(c.after),
                reason=c.reason,
                at=c.at,
            )
            for c in card.corrections
        ],
    )


ClubFormat = Literal["csc-round-robin", "league-six", "league-four", "elimination"]
"""Formats of :class:`ClubEventFile`: the club formats of the registry
(:data:`flickboard.events.formats.CLUB_FORMATS`)."""


class TeamSpec(PlayerSpec):
    """A team (or a player) of a club event; league teams list their roster, CSC
    round-robin teams their players and the delegation's substitutes."""

    players: list[PlayerSpec] = []


class FixtureSpec(_Model):
    """A league night's match: round (night) number, home and visiting team IDs."""

    round: int = Field(ge=1)
    home: str
    visitors: str


class ClubEventFile(_Model):
    """A CSC double round robin, a six- or four-person CSC league, or a fair-rules
    single elimination (entrants listed best seed first)."""

    name: str = Field(min_length=1, max_length=200)
    format: ClubFormat
    date: datetime.date | None = None
    championship: str | None = Field(default=None, min_length=1, max_length=200)
    division: Division | None = None
    discipline: Literal["singles", "doubles"] = "doubles"
    target: int | None = Field(default=None, ge=1, le=10_000)
    best_of_three_from: int | None = None
    entrants: list[TeamSpec] = Field(min_length=2)
    fixtures: list[FixtureSpec] = []

    @model_validator(mode="after")
    def _consistent(self) -> ClubEventFile:
        ids = [e.id for e in self.entrants]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"entrant IDs listed twice: {', '.join(dup)}")
        league = self.format.startswith("league-")
        if self.format == "league-six" and self.target not in (None, LEAGUE_TARGET):
            raise ValueError(f"a league game is to {LEAGUE_TARGET} (Part VII 1)")
        if self.format == "league-four" and self.target not in (None, LEAGUE_TARGET):
            raise ValueError(f"a league game is to {LEAGUE_TARGET} (Part VII 1)")
        if self.best_of_three_from is not None and self.format != "elimination":
            raise ValueError("best_of_three_from is for the elimination format")
        check_best_of_three_from(self.best_of_three_from)
        if self.fixtures and not league:
            raise ValueError("fixtures are for leagues; a round robin and a bracket are drawn")
        players = [p.id for e in self.entrants for p in e.players]
        if league:
            low, high = ROSTER[self.format.removeprefix("league-")]
            for e in self.entrants:
                if not low <= len(e.players) <= high:
                    raise ValueError(
                        f"team {e.id} lists {len(e.players)} players; a {self.format} team has "
                        f"{low} to {high} (at least {low}, at most {high - low} spares)"
                    )
        elif self.format == "csc-round-robin":
            per = 1 if self.discipline == "singles" else 2
            for e in self.entrants:
                if e.players and len(e.players) < per:
                    raise ValueError(
                        f"team {e.id} lists {plural(len(e.players), 'player')}; a {self.discipline} "
                        f"team lists its {per} players first, then the delegation's substitutes"
                    )
        elif players:
            raise ValueError("a bracket's entrants list no players")
        twice = sorted({p for p in players if players.count(p) > 1})
        if twice:
            raise ValueError(f"players on two teams or listed twice: {', '.join(twice)}")
        if self.division is not None and self.format != "csc-round-robin":
            raise ValueError("a division (CSC VI 9) is for a CSC round robin")
        if self.division is not None and self.division.endswith("doubles") != (
            self.discipline == "doubles"
        ):
            raise ValueError(f"{self.division} is not a {self.discipline} event")
        if self.format == "csc-round-robin" and len(ids) < 3:
            raise ValueError("a CSC round robin needs three teams: the top three play off (8.2 a)")
        busy: set[tuple[int, str]] = set()
        for f in self.fixtures:
            for team in (f.home, f.visitors):
                if team not in ids:
                    raise ValueError(f"fixture round {f.round}: {team} is not an entrant")
                if (f.round, team) in busy:
                    raise ValueError(f"fixture round {f.round}: {team} plays twice that night")
                busy.add((f.round, team))
            if f.home == f.visitors:
                raise ValueError(f"fixture round {f.round}: {f.home} cannot play itself")
        return self

    @property
    def goal(self) -> int:
        """Points that win a game of this event."""
        if self.target is not None:
            return self.target
        if self.format.startswith("league-"):
            return LEAGUE_TARGET
        if self.format == "elimination":
            return FAIR_TARGET
        return SINGLES_TARGET if self.discipline == "singles" else DOUBLES_TARGET

    def schedule(self) -> list[FixtureSpec]:
        """The fixtures: as listed, or a double round robin (home first) when none are."""
        if self.format == "elimination":
            return []
        if self.fixtures:
            return list(self.fixtures)
        return [
            FixtureSpec(round=d.round_no, home=a, visitors=b)
            for d in double_round_robin([e.id for e in self.entrants])
            for a, b in d.games
        ]


def parse_any(data: Any, source: str = "event file") -> EventFile | ClubEventFile:
    """A crokinole event file, or a club event file when ``format`` names one."""
    if isinstance(data, dict) and data.get("format") in CLUB_FORMATS:
        try:
            return ClubEventFile.model_validate(data)
        except ValidationError as exc:
            raise _refused(source, exc) from None
    return parse_event(data, source)


def load_any(path: str | Path) -> EventFile | ClubEventFile:
    """Read any event file (``.json``, ``.yaml`` or ``.yml``)."""
    return parse_any(_read(path), str(path))

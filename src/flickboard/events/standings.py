"""Standings with the chain of reasons behind every placing (WCC tie-breaking).

Preliminary rounds: tournament points, then 20s in the match, then a shoot-out.
Round-robin playoffs: head-to-head, 20s among the tied, 20s in all games of the round
robin, shoot-out; a step that splits a group but leaves smaller ties restarts at
step 1 with only those still tied. A results-only card without 20s counts its points;
a tie that 20s would break among entrants whose 20s are missing stops the standings
with a message saying whose 20s are needed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.names import plural
from flickboard.events.sanctions import Effects, walkover_points
from flickboard.events.scorecard import Scorecard, pending, require_validated
from flickboard.events.shootout import ShootOut, resolve

NO_EFFECTS = Effects({}, (), {}, {})


@dataclass(frozen=True, slots=True)
class Placing:
    """One line of the standings: place, totals, and why it is here.

    ``tied`` is True when the entrant shares the place and a shoot-out is still needed.
    """

    place: int
    entrant: str
    points: int
    twenties: int
    games: int
    reasons: tuple[str, ...]
    tied: bool = False

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "place": self.place,
            "entrant": self.entrant,
            "points": self.points,
            "twenties": self.twenties,
            "games": self.games,
            "tied": self.tied,
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """Placings best first. ``pending`` lists the cards not validated yet: while there
    are any, the standings are provisional."""

    placings: tuple[Placing, ...]
    pending: tuple[str, ...] = ()

    @property
    def provisional(self) -> bool:
        """True while a card counted here waits for its opponent's validation."""
        return bool(self.pending)

    @property
    def order(self) -> tuple[str, ...]:
        """Entrants best first."""
        return tuple(p.entrant for p in self.placings)

    @property
    def unresolved(self) -> tuple[tuple[str, ...], ...]:
        """Groups still tied that need a shoot-out."""
        groups: dict[int, list[str]] = defaultdict(list)
        for p in self.placings:
            if p.tied:
                groups[p.place].append(p.entrant)
        return tuple(tuple(g) for _, g in sorted(groups.items()))

    def of(self, entrant: str) -> Placing:
        """The placing of one entrant."""
        for p in self.placings:
            if p.entrant == entrant:
                return p
        raise KeyError(entrant)


class Entered(Protocol):
    """What the entry checks need of a game: its draw round, sides and kind."""

    @property
    def draw_round(self) -> int: ...
    @property
    def sides(self) -> tuple[str, str]: ...
    @property
    def championship(self) -> bool: ...


class Game(NamedTuple):
    """An entered game without its rounds (for checks over stored cards)."""

    draw_round: int
    sides: tuple[str, str]
    championship: bool = False


def check_cards(cards: Iterable[Entered]) -> None:
    """Refuse a game entered twice, a player in two games of one draw round, or two
    sides meeting again (only the games of a championship match repeat a pairing)."""
    seats: dict[tuple[int, str], tuple[str, str]] = {}
    met: dict[frozenset[str], Entered] = {}
    for card in cards:
        r, (a, b) = card.draw_round, card.sides
        for who in card.sides:
            other = seats.get((r, who))
            if other is None:
                continue
            if set(other) == {a, b}:
                raise IllegalInPosition(f"the round {r} game {a} v {b} is entered twice")
            raise IllegalInPosition(
                f"{who} already plays {other[0]} v {other[1]} in round {r}: "
                "a player cannot be in two places at once"
            )
        first = met.get(frozenset(card.sides))
        if first is not None and not (first.championship and card.championship):
            x, y = first.sides
            raise IllegalInPosition(
                f"{x} and {y} already met in round {first.draw_round}: no repeat opponents "
                "(only a championship match plays the same pair again)"
            )
        met[frozenset(card.sides)] = card
        for who in card.sides:
            seats[(r, who)] = card.sides


@dataclass(slots=True)
class _Tally:
    points: int = 0
    twenties: int = 0
    games: int = 0
    unknown: int = 0
    """Games whose 20s are not recorded (results-only cards)."""

    def add(self, result: _Result, side: int) -> None:
        """Count one side of a game."""
        self.points += result.points[side]
        self.twenties += 0 if result.twenties is None else result.twenties[side]
        self.unknown += result.twenties is None
        self.games += int(result.played[side])


def _points_reason(t: _Tally) -> str:
    """The first reason of a placing: its points, and any 20s not recorded."""
    missing = (
        f" (20s not recorded in {plural(t.unknown, 'game', 'games')}: results only)"
        if t.unknown
        else ""
    )
    return f"{t.points} tournament points{missing}"


def _need_twenties(
    group: Sequence[str], tally: Mapping[str, _Tally], why: str, where: str = "their games"
) -> None:
    """Refuse to split ``group`` on 20s while some of their 20s are not recorded."""
    short = [e for e in group if tally[e].unknown]
    if short:
        raise IllegalInPosition(
            f"{', '.join(group)} are {why}, and 20s break the tie next (WCC), but the 20s "
            f"of {', '.join(short)} in {where} are not recorded (results-only cards): "
            "enter them to rank these entrants"
        )


class _Result(NamedTuple):
    """A game as the standings count it: a card after any forfeits, or a walkover; no
    20s for a results-only card that lacks them."""

    draw_round: int
    sides: tuple[str, str]
    points: tuple[int, int]
    twenties: tuple[int, int] | None
    played: tuple[bool, bool]


def _results(cards: Sequence[Scorecard], fx: Effects) -> list[_Result]:
    out = []
    for n, card in enumerate(cards):
        made = card.twenties
        points, twenties = fx.cards.get(
            n,
            (
                (card.points[0], card.points[1]),
                None if made is None else (made[0], made[1]),
            ),
        )
        out.append(_Result(card.draw_round, card.sides, points, twenties, (True, True)))
    for winner, loser, rnd in fx.walkovers:
        rounds = len(cards[0].game.rounds) if cards else 4
        out.append(
            _Result(
                rnd, (winner, loser), (walkover_points(min(rounds, 4)), 0), (0, 0), (True, False)
            )
        )
    return out


def _tally(entrants: Sequence[str], results: Sequence[_Result]) -> dict[str, _Tally]:
    tally = {e: _Tally() for e in entrants}
    if len(tally) != len(entrants):
        raise InvalidInput("an entrant is listed twice")
    for r in results:
        for s, who in enumerate(r.sides):
            t = tally.get(who)
            if t is None:
                raise InvalidInput(f"{who} on a round {r.draw_round} card is not an entrant")
            t.add(r, s)
    return tally


def _check(cards: Sequence[Scorecard], provisional: bool) -> tuple[str, ...]:
    """Refuse unvalidated cards unless ``provisional``; the cards still pending."""
    if not provisional:
        require_validated(list(cards))
    check_cards(cards)
    return pending(cards)


def _out_blocks(
    fx: Effects, tally: Mapping[str, _Tally], reasons: dict[str, list[str]]
) -> tuple[set[str], list[tuple[str, ...]]]:
    """Entrants out of the event (withdrawn, then disqualified), each placed after all
    those still in, by their points."""
    order = sorted(
        fx.out,
        key=lambda e: (fx.out[e].kind == "disqualification", -tally[e].points, e),
    )
    for e in order:
        reasons[e].append(f"placed after the entrants still in: {fx.out[e].kind}")
    return set(order), [(e,) for e in order]


def _blocks(group: Sequence[str], key: Callable[[str], int]) -> list[tuple[str, ...]]:
    """Split a group into blocks of equal key, highest first (stable)."""
    levels: dict[int, list[str]] = defaultdict(list)
    for e in group:
        levels[key(e)].append(e)
    return [tuple(levels[k]) for k in sorted(levels, reverse=True)]


def _placings(
    blocks: Sequence[tuple[str, ...]],
    tally: Mapping[str, _Tally],
    reasons: Mapping[str, Sequence[str]],
    waiting: tuple[str, ...] = (),
) -> Standings:
    out: list[Placing] = []
    place = 1
    for block in blocks:
        for e in block:
            t = tally[e]
            tied = len(block) > 1
            why = tuple(reasons[e]) + (
                (f"still tied with {_others(block, e)}: {SHOOT_OUT}",) if tied else ()
            )
            out.append(Placing(place, e, t.points, t.twenties, t.games, why, tied))
        place += len(block)
    return Standings(tuple(out), waiting)


NAMED_IN_A_REASON = 3
"""A placing's reason names at most this many others it is tied with; a bigger tie is
named once, in the standings' tie line (:func:`tie_lines`)."""


def _others(group: Sequence[str], e: str) -> str:
    others = [x for x in group if x != e]
    if len(others) > NAMED_IN_A_REASON:
        return f"{len(others)} others (the tie line names them)"
    return ", ".join(others)


def _among(group: Sequence[str]) -> str:
    if len(group) > NAMED_IN_A_REASON + 1:
        return f"the {len(group)} tied"
    return ", ".join(group)


SHOOT_OUT = "shoot-out needed"
"""Said by the standings of a tie only a shoot-out breaks: shown once every game is played
(before that a tie is only a tie)."""


LEVEL_NOTE = "Entrants level on points and 20s when every game is played shoot out"


def shown_reasons(placing: Placing, finished: bool) -> tuple[str, ...]:
    """A placing's reasons as shown: without "shoot-out needed" until every game is
    played."""
    if finished:
        return placing.reasons
    return tuple(r for r in placing.reasons if SHOOT_OUT not in r)


def tie_lines(standings: Standings, names: Mapping[str, str], finished: bool) -> tuple[str, ...]:
    """One line per group still tied, naming its entrants once: a shoot-out is needed
    once every game is played; before that they are only level."""
    if not finished:
        return (LEVEL_NOTE,) if standings.unresolved else ()
    return tuple(
        f"Shoot-out needed among {', '.join(names.get(e, e) for e in g)}"
        for g in standings.unresolved
    )


def preliminary_standings(
    entrants: Sequence[str],
    cards: Sequence[Scorecard],
    shootouts: Sequence[ShootOut] = (),
    *,
    byes: Mapping[str, int] | None = None,
    bye_points: int = 8,
    provisional: bool = False,
    sanctions: Effects = NO_EFFECTS,
    stage: str = "the preliminary",
) -> Standings:
    """Rank a preliminary (or the Recreational Round of 32, ``stage``): tournament
    points, 20s in all its games, then shoot-outs.

    ``byes`` counts the byes each entrant had; each is worth ``bye_points`` and no 20s.
    Every card must be validated, unless ``provisional`` (then the standings list the
    cards still pending). ``sanctions`` are the effects of forfeits, walkovers,
    withdrawals and disqualifications.
    """
    waiting = _check(cards, provisional)
    tally = _tally(entrants, _results(cards, sanctions))
    for who, n in (byes or {}).items():
        if who not in tally:
            raise InvalidInput(f"{who} has a bye but is not an entrant")
        tally[who].points += n * bye_points
    reasons: dict[str, list[str]] = {e: [_points_reason(tally[e])] for e in entrants}
    for who, n in (byes or {}).items():
        if n:
            reasons[who][0] += f" ({n * bye_points} from {plural(n, 'bye')})"
    for who, notes in sanctions.notes.items():
        reasons[who].extend(notes)
    gone, last = _out_blocks(sanctions, tally, reasons)
    order = sorted(
        (e for e in entrants if e not in gone),
        key=lambda e: (-tally[e].points, -tally[e].twenties),
    )
    blocks: list[tuple[str, ...]] = []
    i = 0
    while i < len(order):
        j = i
        pts = tally[order[i]].points
        while j < len(order) and tally[order[j]].points == pts:
            j += 1
        group = order[i:j]
        i = j
        if len(group) == 1:
            blocks.append((group[0],))
            continue
        _need_twenties(group, tally, f"tied on {pts} tournament points", f"all games of {stage}")
        for e in group:
            reasons[e].append(
                f"tied on points with {_others(group, e)}; "
                f"{plural(tally[e].twenties, 'twenty', 'twenties')} in all games of {stage} "
                "(WCC: 20s in the match)"
            )
        for block in _blocks(group, lambda e: tally[e].twenties):
            if len(block) == 1:
                blocks.append(block)
                continue
            result = resolve(block, shootouts)
            for e, r in result.reasons.items():
                reasons[e].extend(r)
            blocks.extend(result.blocks)
    return _placings([*blocks, *last], tally, reasons, waiting)


def round_robin_standings(
    entrants: Sequence[str],
    cards: Sequence[Scorecard],
    shootouts: Sequence[ShootOut] = (),
    *,
    provisional: bool = False,
    sanctions: Effects = NO_EFFECTS,
) -> Standings:
    """Rank a round-robin playoff (pool) by points, then the WCC tie-break chain
    (``provisional`` and ``sanctions`` as in :func:`preliminary_standings`)."""
    waiting = _check(cards, provisional)
    results = _results(cards, sanctions)
    tally = _tally(entrants, results)
    reasons: dict[str, list[str]] = {e: [_points_reason(tally[e])] for e in entrants}
    for who, notes in sanctions.notes.items():
        reasons[who].extend(notes)
    gone, last = _out_blocks(sanctions, tally, reasons)
    chain = _Chain(results, tally, shootouts, reasons)
    blocks: list[tuple[str, ...]] = []
    for group in _blocks([e for e in entrants if e not in gone], lambda e: tally[e].points):
        if len(group) > 1:
            for e in group:
                reasons[e].append(f"tied on points with {_others(group, e)}")
        blocks.extend(chain.run(group))
    return _placings([*blocks, *last], tally, reasons, waiting)


class _Chain:
    """The round-robin tie-break steps over one pool's games."""

    def __init__(
        self,
        cards: Sequence[_Result],
        tally: Mapping[str, _Tally],
        shootouts: Sequence[ShootOut],
        reasons: dict[str, list[str]],
    ) -> None:
        self.cards = cards
        self.tally = tally
        self.shootouts = shootouts
        self.reasons = reasons

    def _among(self, group: Sequence[str]) -> dict[str, _Tally]:
        members = set(group)
        t = {e: _Tally() for e in group}
        for card in self.cards:
            if card.sides[0] in members and card.sides[1] in members:
                for s, who in enumerate(card.sides):
                    t[who].add(card, s)
        return t

    def run(self, group: tuple[str, ...]) -> list[tuple[str, ...]]:
        if len(group) == 1:
            return [group]
        among = self._among(group)
        steps: list[tuple[str, Callable[[str], int], Callable[[str], str]]] = [
            ("step 1 head-to-head", lambda e: among[e].points, self._h2h_text(group, among)),
            (
                "step 2 20s in games among the tied",
                lambda e: among[e].twenties,
                lambda e: f"{among[e].twenties} twenties in games among {_among(group)}",
            ),
            (
                "step 3 20s in all games of the round robin",
                lambda e: self.tally[e].twenties,
                lambda e: f"{self.tally[e].twenties} twenties in all round-robin games",
            ),
        ]
        needs = {
            "step 2 20s in games among the tied": (among, "head-to-head", "games among them"),
            "step 3 20s in all games of the round robin": (
                self.tally,
                "20s among them",
                "the round robin",
            ),
        }
        for name, key, text in steps:
            if name in needs:
                counts, after, where = needs[name]
                _need_twenties(group, counts, f"still tied after {after}", where)
            blocks = _blocks(group, key)
            if len(blocks) == 1:
                for e in group:
                    self.reasons[e].append(f"{name}: {text(e)}, no split")
                continue
            out: list[tuple[str, ...]] = []
            for block in blocks:
                for e in block:
                    restart = " (still tied: back to step 1)" if len(block) > 1 else ""
                    self.reasons[e].append(f"{name}: {text(e)}{restart}")
                out.extend(self.run(block))
            return out
        result = resolve(group, self.shootouts)
        for e, r in result.reasons.items():
            self.reasons[e].extend("step 4 " + x for x in r)
        return list(result.blocks)

    def _h2h_text(
        self, group: tuple[str, ...], among: Mapping[str, _Tally]
    ) -> Callable[[str], str]:
        if len(group) == 2:
            a, b = group

            def two(e: str) -> str:
                other = b if e == a else a
                mine, theirs = among[e].points, among[other].points
                if among[e].games == 0:
                    return f"did not play {other}"
                verb = "beat" if mine > theirs else "lost to" if mine < theirs else "drew with"
                return f"{verb} {other} ({mine}-{theirs} points)"

            return two
        return lambda e: f"{among[e].points} points in games among {_among(group)}"

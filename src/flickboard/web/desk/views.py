"""What the desk's pages show, read from the desk service: standings of every format
as one table of lines with their reasons, scorecards as rows of rounds, entrants' names
and QR codes."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from flickboard.events.categories import category
from flickboard.events.formats import event_format
from flickboard.events.leagues import Forfeit
from flickboard.events.names import plural
from flickboard.events.scorecard import Scorecard
from flickboard.events.standings import shown_reasons, tie_lines
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.desk import EventInfo
from flickboard.store.league import LeagueDesk, fmt_points
from flickboard.store.service import DeskService


@dataclass(frozen=True, slots=True)
class Line:
    """One placing: place (``2=`` when shared), entrant ID and name, figures by column,
    and the chain of reasons that put it there."""

    place: str
    entrant: str
    name: str
    figures: tuple[str, ...]
    reasons: tuple[str, ...]
    tied: bool = False
    out: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """Standings of one event as people watch them."""

    event: EventInfo
    kind: str
    """``wcc``, ``csc``, ``league`` or ``bracket``."""
    columns: tuple[str, ...]
    lines: tuple[Line, ...]
    provisional: tuple[str, ...] = ()
    """Why the standings are provisional (cards waiting for validation, games to play)."""
    notes: tuple[str, ...] = ()
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Extra blocks (playoffs, bracket matches): a title and its lines."""
    finished: bool = True
    """Every game played: a placing's last reason is what decided it (before, the
    points are what people look at)."""
    at: str = field(default_factory=lambda: datetime.now(UTC).strftime("%H:%M:%S UTC"))

    def headline(self, line: Line) -> str:
        """The one reason a big screen shows for a placing."""
        if not line.reasons:
            return ""
        return line.reasons[-1] if self.finished else line.reasons[0]


def rounds_in(info: EventInfo) -> int:
    """Rows on a card of this event: the category's rounds, a 5th in a championship."""
    rounds = category(info.category or "adult singles").rounds_per_game
    return event_format(info.format).rows_on_card(rounds)


def names_in(svc: DeskService, info: EventInfo) -> dict[str, str]:
    """Entrants' (club: teams' and players') IDs -> names."""
    return svc.club.names(info.name) if info.club else svc.desk.names(info.name)


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (segno, rendered on the server)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", border=2, xmldecl=False, svgns=True, omitsize=True
    )
    return out.getvalue().decode()


def place_text(place: int, tied: bool) -> str:
    """A place as printed: ``3``, or ``3=`` when shared."""
    return f"{place}{'=' if tied else ''}"


def standings_board(svc: DeskService, info: EventInfo) -> Board:
    """The standings of any event, with every reason."""
    if info.club:
        return CLUB_BOARDS[type(svc.stores.club_desk(info.name))](svc, info)
    live = svc.desk.live(info.name)
    st, names = live.standings, live.names
    finished = live.unfinished is None
    lines = tuple(
        Line(
            place_text(p.place, p.tied),
            p.entrant,
            names[p.entrant],
            (str(p.points), str(p.twenties), str(p.games)),
            shown_reasons(p, finished),
            p.tied,
        )
        for p in st.placings
    )
    provisional: tuple[str, ...] = ()
    if st.provisional:
        waiting = len(st.pending) - live.disputed
        provisional = (
            "PROVISIONAL: "
            + " and ".join(
                words
                for count, words in (
                    (waiting, f"{plural(waiting, 'card')} waiting for the opponent's validation"),
                    (
                        live.disputed,
                        f"{plural(live.disputed, 'card')} disputed, waiting for a referee",
                    ),
                )
                if count
            ),
        )
    notes = tie_lines(st, names, finished)  # ties matter once every game is played
    if info.event_format is not None and info.event_format.drawn_by_round:
        notes = (f"After {live.rounds_drawn} of {live.games} rounds drawn", *notes)
    return Board(info, "wcc", ("Pts", "20s", "Games"), lines, provisional, notes, finished=finished)


def _csc(svc: DeskService, info: EventInfo) -> Board:
    state = svc.csc.state(info.name)
    names = svc.club.names(info.name)
    lines = tuple(
        Line(
            place_text(x.place, x.tied),
            x.team,
            names.get(x.team, x.team),
            (str(x.points), str(x.games), str(x.scored)),
            (state.reasons[x.team],),
            x.tied,
            x.out,
        )
        for x in state.standings
    )
    provisional: tuple[str, ...] = ()
    if state.field is None:
        provisional = (
            f"Round robin in progress: {state.remaining} game"
            f"{'s' if state.remaining != 1 else ''} to play (CSC VI 8.2 NOTE: aggregate points "
            "are determined after the double round robin)",
        )
    playoff = []
    if state.semi:
        playoff.append("Semi-final games won by " + ", ".join(names.get(t, t) for t in state.semi))
    if state.final:
        playoff.append("Final games won by " + ", ".join(names.get(t, t) for t in state.final))
    if state.result is not None and state.result.champion:
        playoff.append(f"Champion: {names.get(state.result.champion, state.result.champion)}")
    boards = tuple(f"Board {b} out of play: {why} (CSC VI 14)" for b, why in state.boards_out)
    offences = tuple(o.describe(names) for o in state.offences)
    sections = (("Playoffs", tuple(playoff)),) if playoff else ()
    notes = boards + offences
    return Board(info, "csc", ("Agg. pts", "Games", "Scored"), lines, provisional, notes, sections)


def _league(svc: DeskService, info: EventInfo) -> Board:
    names = svc.club.names(info.name)
    lines = tuple(
        Line(
            place_text(x.place, x.tied),
            x.team,
            names.get(x.team, x.team),
            (fmt_points(x.match_points), str(x.games_won), str(x.matches)),
            (x.reason,),
            x.tied,
        )
        for x in svc.league.standings(info.name)
    )
    return Board(info, "league", ("Match pts", "Games won", "Matches"), lines)


def _bracket(svc: DeskService, info: EventInfo) -> Board:
    names = svc.club.names(info.name)
    bracket = svc.bracket.bracket(info.name)

    def who(team: str | None) -> str:
        return "(to come)" if team is None else names.get(team, team)

    sections = []
    for title, stages in (("Main draw", bracket.main), ("Consolation draw", bracket.consolation)):
        rows = []
        for stage in stages:
            for m in stage:
                won = f": {who(m.winner)} won" if m.winner else ""
                rows.append(f"{m.id}  {who(m.sides[0])} v {who(m.sides[1])}{won}")
        if rows:
            sections.append((title, tuple(rows)))
    return Board(info, "bracket", (), (), sections=tuple(sections))


@dataclass(frozen=True, slots=True)
class CardView:
    """A scorecard as a table: per round each side's points and 20s, totals. A
    results-only round shows ``won``/``lost``/``tied`` where its points were not
    recorded and ``?`` for 20s not recorded (``-`` a total not known)."""

    card: Scorecard
    rows: tuple[tuple[str, str, str, str, str], ...]
    totals: tuple[str, str, str, str]
    points: tuple[int, int]

    @property
    def results_only(self) -> bool:
        """The card holds each round's winner, not (all) its scores and 20s."""
        return self.card.results_only


def card_view(card: Scorecard) -> CardView:
    """Rows ``(round, points A, 20s A, points B, 20s B)`` and the totals."""
    rows = []
    for i, r in enumerate(card.rounds, start=1):
        (p0, t0), (p1, t1) = r.marks(0), r.marks(1)
        rows.append((str(i), p0, t0, p1, t1))
    t, tw = card.totals, card.twenties

    def shown(pair: tuple[int, ...] | None, side: int, missing: str) -> str:
        return missing if pair is None else str(pair[side])

    return CardView(
        card,
        tuple(rows),
        (shown(t, 0, "-"), shown(tw, 0, "?"), shown(t, 1, "-"), shown(tw, 1, "?")),
        (card.points[0], card.points[1]),
    )


def result_text(game: object) -> str:
    """A club game's result for a list: ``17-9`` or ``forfeit by home``."""
    if game is None:
        return ""
    if isinstance(game, Forfeit):
        return f"forfeited by {'home' if game.side == 0 else 'visitors'}"
    totals = getattr(game, "totals", None)
    return f"{totals[0]}-{totals[1]}" if totals else ""


CLUB_BOARDS: dict[type[ClubDesk], Callable[[DeskService, EventInfo], Board]] = {
    CscDesk: _csc,
    LeagueDesk: _league,
    BracketDesk: _bracket,
}
"""The standings board of each club format, by its desk."""

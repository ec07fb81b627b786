"""``flickboard event ...`` (the tournament desk) and ``flickboard standings FILE``."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.clubinput import club_desk, one_of
from flickboard.cli.groups import command_group
from flickboard.cli.terminal import fail
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.events.draw import Draw
from flickboard.events.eventfile import ClubEventFile, load_any, load_event
from flickboard.events.names import plural
from flickboard.events.sanctions import KINDS, Sanction
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings
from flickboard.play.scoring import RoundScore
from flickboard.store.acting import Actor
from flickboard.store.base import Store
from flickboard.store.club import ClubDesk
from flickboard.store.db import URL_ENV
from flickboard.store.desk import Desk
from flickboard.store.events import EventAdmin
from flickboard.store.service import DeskService

event_app = command_group(
    help="Tournaments: create events, draw rounds, enter and validate scorecards, "
    "referee corrections, shoot-outs and standings with their reasons.",
    no_args_is_help=True,
)

Db = Annotated[
    str | None,
    typer.Option(
        "--db", envvar=URL_ENV, help="Database URL (default: SQLite in the user data dir)."
    ),
]
Name = Annotated[str, typer.Argument(help="Event name.")]
RoundNo = Annotated[int, typer.Option("--round", "-r", help="Draw round number.")]


_ROUND = re.compile(r"^(\d+)-(\d+)(?:/(\d+)-(\d+))?$")


def parse_rounds(text: str, first: int = 1) -> list[RoundScore]:
    """Rounds as ``60-40/1-0,35-35,...``: scores, then optionally ``/`` and the 20s
    (``first``: the number of the first round given, for messages).

    >>> [(r.scores, r.twenties) for r in parse_rounds("60-40/1-0,35-35")]
    [((60, 40), (1, 0)), ((35, 35), (0, 0))]
    """
    out = []
    for n, part in enumerate(text.split(","), start=first):
        m = _ROUND.match(part.strip())
        if m is None:
            raise InvalidInput(f"round {n}: {part.strip()!r} is not like 60-40 or 60-40/1-0")
        a, b, ta, tb = m.groups()
        if max(len(x or "") for x in m.groups()) > 6:
            raise InvalidInput(f"round {n}: {part.strip()!r}: no round scores that much")
        try:
            out.append(RoundScore((int(a), int(b)), (int(ta or 0), int(tb or 0))))
        except InvalidInput as exc:
            raise InvalidInput(f"round {n} ({part.strip()}): {exc}") from None
    return out


CsvOut = Annotated[Path | None, typer.Option("--csv", help="Also write a CSV file.")]


def write_file(path: Path, data: str | bytes) -> None:
    """Write text (UTF-8) or bytes; :class:`InvalidInput` naming the file if it fails."""
    try:
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
    except OSError as exc:
        raise InvalidInput(f"cannot write {path}: {exc.strerror}") from None


def write_records_csv(path: Path | None, records: list[dict[str, object]]) -> None:
    """``--csv``: the command's JSON rows as a CSV file, when asked for."""
    if path is not None:
        from flickboard.events.export import records_csv

        write_file(path, records_csv(records))


def _shootout(scores: list[str]) -> ShootOut:
    found: dict[str, str | tuple[str, str]] = {}
    for item in scores:
        who, sep, value = item.partition("=")
        shots = [v.strip() for v in value.split(",")]
        if not sep or not who or not all(shots) or len(shots) > 2:
            raise InvalidInput(
                f"{item!r} is not like ID=XoX-oooXo-oo (singles: each of the 12 shots, X a 20, "
                "o no 20, - short or out) or ID=XoX-oo,o-XXoo (doubles: 6 per player)"
            )
        found[who] = shots[0] if len(shots) == 1 else (shots[0], shots[1])
    return ShootOut.of(found)


def provisional_note(standings: Standings, event: str) -> str:
    """What makes standings provisional, and what to do about it."""
    shown = ", ".join(standings.pending[:5]) + (", ..." if len(standings.pending) > 5 else "")
    n = len(standings.pending)
    return (
        f"PROVISIONAL: {n} card{'' if n == 1 else 's'} not validated yet ({shown}); "
        f'validate with: flickboard event validate "{event}" -r ROUND --opponent ID '
        "--initials XY"
    )


def print_standings(
    standings: Standings, names: Mapping[str, str], title: str, event: str = "NAME"
) -> None:
    """A rich table of the standings with every placing's reasons (and a line saying
    they are provisional, while they are)."""
    if standings.provisional:
        typer.echo(provisional_note(standings, event))
        title = f"{title} - PROVISIONAL"
    table = Table(title=title)
    for col in ("Place", "ID", "Name", "Pts", "20s", "Why"):
        table.add_column(col)
    for p in standings.placings:
        table.add_row(
            f"{p.place}{'=' if p.tied else ''}",
            p.entrant,
            names.get(p.entrant, ""),
            str(p.points),
            str(p.twenties),
            "\n".join(p.reasons),
        )
    Console(width=160).print(table)


def _standings_json(standings: Standings, names: Mapping[str, str]) -> str:
    return json.dumps(
        {
            "standings": [
                {**p.as_dict(), "name": names.get(p.entrant, "")} for p in standings.placings
            ],
            "unresolved": [list(g) for g in standings.unresolved],
            "provisional": standings.provisional,
            "pending": list(standings.pending),
        },
        indent=2,
    )


@event_app.command("create")
def create(
    file: Annotated[Path, typer.Argument(help="Event file (JSON or YAML).")],
    db: Db = None,
    cmn: Annotated[
        Path | None,
        typer.Option(
            help="Also import the games of this CMN 1.0 file (JSON, one match or a batch) "
            "or flickboard scoresheet as cards."
        ),
    ] = None,
) -> None:
    """Create an event from a file (round robins are drawn at once).

    Club formats (csc-round-robin, league-six, league-four, elimination) are run with
    'flickboard event csc|league|bracket'.
    """
    with club_desk(Desk, db) as desk:
        any_spec = load_any(file)
        if isinstance(any_spec, ClubEventFile):
            if cmn is not None:
                raise InvalidInput("--cmn imports crokinole scorecards, not club events")
            ClubDesk(engine=desk.engine).create(any_spec)
            typer.echo(
                f"created {any_spec.name} ({any_spec.format}): {len(any_spec.entrants)} entrants"
            )
            return
        spec = any_spec
        if cmn is not None:
            try:
                text = cmn.read_text(encoding="utf-8")
            except OSError as exc:
                raise InvalidInput(f"cannot read {cmn}: {exc.strerror}") from None
            from flickboard.events.exchange import cards_from_results

            spec, readings = cards_from_results(text, spec)
            for line in readings:
                typer.echo(f"read {cmn.name}: {line}")
        notes = desk.create_event(spec)
        entrants, cards = plural(len(spec.entrants), "entrant"), plural(len(spec.cards), "card")
        typer.echo(f"created {spec.name}: {entrants}, {cards}")
        for line in notes:
            typer.echo(f"note: {line}")


@event_app.command("list")
def list_events(db: Db = None) -> None:
    """List the stored events."""
    with club_desk(Desk, db) as desk:
        for name in desk.events():
            typer.echo(name)
        for name, fmt in ClubDesk(engine=desk.engine).events():
            typer.echo(f"{name} ({fmt})")


@event_app.command("draw")
def draw(
    name: Name,
    db: Db = None,
    seed: Annotated[int | None, typer.Option(min=0, max=2**31 - 1)] = None,
    draft: Annotated[
        bool, typer.Option("--draft", help="Keep it a draft to review (then publish).")
    ] = False,
) -> None:
    """Draw the next preliminary round (no repeat opponents; a bye in odd fields)."""
    with club_desk(Desk, db) as desk:
        d = desk.draw_next(name, seed, publish=not draft)
        _print_draw(d, desk.names(name))
        if draft:
            typer.echo(f'draft: publish with flickboard event publish "{name}" -r {d.round_no}')


def _print_draw(d: Draw, names: Mapping[str, str]) -> None:
    if d.round_no == 0:
        typer.echo(f"bye imported without a draw: {d.bye} {names[d.bye or '']}")
        return
    typer.echo(f"round {d.round_no}")
    for i, (a, b) in enumerate(d.games, start=1):
        typer.echo(f"  board {i}: {a} {names[a]} v {b} {names[b]}")
    if d.bye:
        typer.echo(f"  bye: {d.bye} {names[d.bye]}")


@event_app.command("championship")
def championship_cmd(
    name: Name,
    category: Annotated[str, typer.Option(help='WCC category, e.g. "adult singles".')],
    side: Annotated[
        list[str], typer.Option("--side", help="A side as ID=full name; give it twice.")
    ],
    db: Db = None,
) -> None:
    """Create a championship match: best two of three games (WCC)."""
    with club_desk(Desk, db) as desk:
        sides = []
        for item in side:
            who, sep, full = item.partition("=")
            if not sep or not who.strip() or not full.strip():
                raise InvalidInput(f"--side {item!r} is not like 17=Ann Brubacher")
            sides.append((who.strip(), full.strip()))
        if len(sides) != 2:
            raise InvalidInput(f"a championship match has two sides, got {len(sides)}")
        desk.create_championship(name, category, sides)
        typer.echo(
            f"created {name}: {sides[0][0]} v {sides[1][0]}, best two of three games; "
            "enter game N with: flickboard event enter NAME -r N ..."
        )


@event_app.command("draws")
def draws_cmd(name: Name, db: Db = None) -> None:
    """Every drawn round: boards and the bye."""
    with club_desk(Desk, db) as desk:
        names = desk.names(name)
        for d in desk.draws(name):
            _print_draw(d, names)


@event_app.command("pools")
def pools_cmd(
    name: Name,
    count: Annotated[int, typer.Option(help="Number of pools.")],
    size: Annotated[int, typer.Option(help="Players per pool.")],
    db: Db = None,
) -> None:
    """Round-robin pools (new events) from the top of a preliminary, snake seeded."""
    with club_desk(Desk, db) as desk:
        for pool in desk.create_pools(name, count, size):
            ids = list(desk.names(pool))
            typer.echo(f"{pool}: {', '.join(ids)}")


@event_app.command("enter")
def enter(
    name: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of the player marking the card.")],
    opponent: Annotated[str, typer.Option(help="ID of the opponent.")],
    rounds: Annotated[str, typer.Option(help="Rounds, e.g. 60-40/1-0,35-35,20-55/1-2,80-10/3-0")],
    db: Db = None,
    championship: Annotated[
        bool, typer.Option(help="A championship game (implied in a championship match).")
    ] = False,
) -> None:
    """Enter a scorecard: each round's points and 20s (player first). In a championship
    match the round is the game number (1-3)."""
    with club_desk(Desk, db) as desk:
        card = desk.enter_card(
            name, round_no, (player, opponent), parse_rounds(rounds), championship=championship
        )
        typer.echo(
            f"entered round {round_no}: {player} {card.points[0]} - {card.points[1]} {opponent} "
            f"(20s {card.game.twenties[0]}-{card.game.twenties[1]}); awaiting validation by "
            f"{opponent}"
        )


@event_app.command("validate")
def validate_cmd(
    name: Name,
    round_no: RoundNo,
    opponent: Annotated[str, typer.Option(help="ID of the validating opponent.")],
    initials: Annotated[str, typer.Option(help="The opponent's initials.")],
    db: Db = None,
) -> None:
    """The opponent validates a card with their ID and initials."""
    with club_desk(Desk, db) as desk:
        card = desk.validate_card(name, round_no, opponent, initials)
        typer.echo(f"validated round {round_no}: {' v '.join(card.sides)}")


PASSWORD_ENV = "FLICKBOARD_PASSWORD"
"""Environment variable holding the signing referee's password (else it is asked)."""

Referee = Annotated[str, typer.Option(help="Name of the referee's account signing it.")]


def signed(desk: Store, referee: str) -> Actor:
    """The referee account signing a correction, ruling or sanction: its password from
    $FLICKBOARD_PASSWORD or asked (hidden)."""
    from flickboard.store.accounts import Accounts

    password = os.environ.get(PASSWORD_ENV)
    if password is None:
        password = typer.prompt(f"password of {referee}", hide_input=True)
    return Accounts(engine=desk.engine).login(referee, password)


def service_of(desk: Store) -> DeskService:
    """The role-checked desk service over a desk's database (signed writes)."""
    return DeskService(engine=desk.engine)


@event_app.command("correct")
def correct_cmd(
    name: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of a player on the card.")],
    referee: Referee,
    game_round: Annotated[int, typer.Option(help="Round of the game to correct (1-5).")],
    rounds: Annotated[str, typer.Option(help="The corrected round, player first: 45-30/1-0")],
    reason: Annotated[str, typer.Option(help="Why the card is corrected.")],
    db: Db = None,
) -> None:
    """Referee correction of one round of a validated card (kept in the audit trail,
    signed by the referee's account)."""
    with club_desk(Desk, db) as desk:
        if "," in rounds:
            raise InvalidInput("correct one round at a time (--game-round N --rounds 45-30/1-0)")
        (after,) = parse_rounds(rounds, first=game_round)
        card, void = service_of(desk).cards.correct(
            signed(desk, referee), name, round_no, player, game_round, after, reason
        )
        typer.echo(
            f"corrected round {round_no} game round {game_round}: "
            f"{card.sides[0]} {card.points[0]} - {card.points[1]} {card.sides[1]}"
        )
        for group in void:
            typer.echo(f"shoot-out among {', '.join(group)} removed: no tie needs it any more")


@event_app.command("dispute")
def dispute_cmd(
    name: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of the player disputing the card.")],
    reason: Annotated[str, typer.Option(help="What is wrong with it.")],
    db: Db = None,
) -> None:
    """A player disputes a card instead of validating it: it waits for a referee."""
    with club_desk(Desk, db) as desk:
        desk.dispute_card(name, round_no, player, reason)
        typer.echo(f"round {round_no} card disputed by {player}: waits for a referee's ruling")


@event_app.command("disputes")
def disputes_cmd(name: Annotated[str | None, typer.Argument()] = None, db: Db = None) -> None:
    """The referees' queue: open disputes, oldest first (JSON)."""
    with club_desk(Desk, db) as desk:
        typer.echo(json.dumps(desk.disputes(name), indent=2))


@event_app.command("rule")
def rule_cmd(
    name: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of a player on the card.")],
    referee: Referee,
    reason: Annotated[str, typer.Option(help="The ruling.")],
    rounds: Annotated[
        str | None,
        typer.Option(help="The rounds as settled, player first (default: as marked)."),
    ] = None,
    db: Db = None,
) -> None:
    """A referee's ruling on a disputed card: it is validated on the referee's authority."""
    with club_desk(Desk, db) as desk:
        settled = parse_rounds(rounds) if rounds is not None else None
        card = service_of(desk).cards.rule_dispute(
            signed(desk, referee), name, round_no, player, settled, reason
        )
        typer.echo(
            f"ruled round {round_no}: {card.sides[0]} {card.points[0]} - {card.points[1]} "
            f"{card.sides[1]}, validated by referee {referee}"
        )


@event_app.command("withdraw-card")
def withdraw_card_cmd(
    name: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of a player on the card.")],
    db: Db = None,
) -> None:
    """Withdraw a card entered in error (only before it is validated)."""
    with club_desk(Desk, db) as desk:
        card = desk.withdraw_card(name, round_no, player)
        typer.echo(f"withdrew the round {round_no} card {' v '.join(card.sides)}")


@event_app.command("sanction")
def sanction_cmd(
    name: Name,
    kind: Annotated[str, typer.Argument(help=", ".join(KINDS))],
    player: Annotated[str, typer.Option(help="ID of the entrant sanctioned.")],
    referee: Referee,
    reason: Annotated[str, typer.Option(help="What happened.")],
    round_no: Annotated[
        int | None, typer.Option("--round", "-r", help="Draw round (of the game, or from).")
    ] = None,
    game_round: Annotated[int | None, typer.Option(help="Round of the game forfeited.")] = None,
    db: Db = None,
) -> None:
    """Record a sanction or absence (warning, forfeit-round, forfeit-game,
    disqualification, withdrawal, no-show), signed by a referee's account."""
    with club_desk(Desk, db) as desk:
        what = one_of(kind, "KIND", KINDS)
        x = Sanction(what, player, reason, round_no, game_round)
        service_of(desk).events.record_sanction(signed(desk, referee), name, x)
        typer.echo(f"{player}: {x.describe()}")


@event_app.command("delete")
def delete_cmd(
    name: Name,
    db: Db = None,
    yes: Annotated[bool, typer.Option("--yes", help="Really delete it.")] = False,
) -> None:
    """Delete an event and everything in it."""
    with club_desk(Desk, db) as desk:
        if not yes:
            raise InvalidInput(f"this deletes {name} and all its results: add --yes")
        EventAdmin(engine=desk.engine).delete(name)
        typer.echo(f"deleted {name}")


@event_app.command("rename")
def rename_cmd(
    name: Name,
    new: Annotated[str, typer.Argument(help="New name.")],
    db: Db = None,
) -> None:
    """Rename an event."""
    with club_desk(Desk, db) as desk:
        EventAdmin(engine=desk.engine).rename(name, new)
        typer.echo(f"renamed {name} to {new}")


@event_app.command("entrants")
def entrants_cmd(
    name: Name,
    file: Annotated[Path, typer.Argument(help="CSV: id,name[,gender,player1_id,...].")],
    db: Db = None,
) -> None:
    """Import entrants from a CSV file (before round 1 is drawn)."""
    with club_desk(Desk, db) as desk:
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"cannot read {file}: {exc}") from None
        n = EventAdmin(engine=desk.engine).import_entrants(name, text)
        typer.echo(f"added {n} entrant{'' if n == 1 else 's'} to {name}")


@event_app.command("publish")
def publish_cmd(name: Name, round_no: RoundNo, db: Db = None) -> None:
    """Publish a draft round (drawn with 'draw --draft')."""
    with club_desk(Desk, db) as desk:
        _print_draw(desk.publish_round(name, round_no), desk.names(name))


@event_app.command("withdraw-round")
def withdraw_round_cmd(name: Name, round_no: RoundNo, db: Db = None) -> None:
    """Withdraw the last drawn round while none of its games has a card."""
    with club_desk(Desk, db) as desk:
        desk.withdraw_round(name, round_no)
        typer.echo(f"withdrew round {round_no} of {name}")


@event_app.command("round-of-32")
def round_of_32_cmd(
    name: Name,
    games: Annotated[int, typer.Option(min=1, max=30, help="Games each in the round of 32.")],
    db: Db = None,
) -> None:
    """The WCC Recreational Round of 32 from a finished recreational preliminary."""
    with club_desk(Desk, db) as desk:
        typer.echo(f"created {desk.create_round_of_32(name, games)}")


@event_app.command("shootout")
def shootout(
    name: Name,
    scores: Annotated[
        list[str],
        typer.Argument(
            help="ID=ATTEMPTS for each tied entrant, each shot in order: X a 20, o no 20, "
            "- short of or out of the 15 circle (doubles: ID=ATTEMPTS,ATTEMPTS, 6 each)."
        ),
    ],
    db: Db = None,
) -> None:
    """Record a shoot-out among entrants still tied (repeat it while they stay tied)."""
    with club_desk(Desk, db) as desk:
        after = desk.record_shootout(name, _shootout(scores))
        left = ", ".join("/".join(g) for g in after.unresolved) or "none"
        typer.echo(f"shoot-out recorded; ties still needing a shoot-out: {left}")


@event_app.command("standings")
def standings_cmd(
    name: Name,
    db: Db = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
    csv_out: CsvOut = None,
    pdf_out: Annotated[Path | None, typer.Option("--pdf", help="Also write a PDF file.")] = None,
) -> None:
    """Standings with the reasons behind every placing."""
    with club_desk(Desk, db) as desk:
        title = f"{name} ({desk.format_of(name)})"
        when = desk.snapshot(name).date if pdf_out is not None else None
        finished = desk.unfinished(name) is None
        _show(
            title, desk.standings(name), desk.names(name), as_json, csv_out, pdf_out, name, when,
            finished,
        )  # fmt: skip


def _show(
    title: str,
    s: Standings,
    names: Mapping[str, str],
    as_json: bool,
    csv_out: Path | None,
    pdf_out: Path | None,
    event: str = "NAME",
    date: dt.date | None = None,
    finished: bool = True,
) -> None:
    """Write the requested files, then print the standings as a table or JSON (the CSV
    and the PDF call no tie a shoot-out until every game is played: ``finished``)."""
    from flickboard.events.export import standings_csv
    from flickboard.events.paper import standings_pdf

    if csv_out is not None:
        write_file(csv_out, standings_csv(s, names, finished))
    if pdf_out is not None:
        write_file(pdf_out, standings_pdf(title, s, names, date=date, finished=finished))
    if as_json:
        typer.echo(_standings_json(s, names))
    else:
        print_standings(s, names, title, event)


@event_app.command("export")
def export(
    name: Name,
    db: Db = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format", help="json (event file), cmn (CMN 1.0 batch) or scoresheet (text)."
        ),
    ] = "json",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="File (default stdout).")] = None,
    date: Annotated[
        str | None,
        typer.Option(
            help="CMN: when the games were played, ISO 8601 (default now); the desk does not "
            "record when each card was played."
        ),
    ] = None,
) -> None:
    """Export the event with its results as an event file (JSON), CMN 1.0 or scoresheet."""
    with club_desk(Desk, db) as desk:
        fmt = one_of(fmt, "--format", ("json", "cmn", "scoresheet"))
        event = desk.export(name) if fmt == "json" else desk.snapshot(name)
        from flickboard.events.exchange import event_to_cmn, event_to_sheets

        if fmt == "json":
            text = event.model_dump_json(indent=2)
        elif fmt == "cmn":
            text = event_to_cmn(event, date=_cmn_date(date))
        else:
            text = event_to_sheets(event)
        if out is None:
            typer.echo(text)
        else:
            write_file(out, text)


def _cmn_date(text: str | None) -> str:
    """A CMN date (UTC, ending in Z) from ``--date`` (ISO 8601; local time if it names
    no zone), or now."""
    from flickboard.play.cmn import utc_date

    if text is None:
        return utc_date(datetime.now(UTC))
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInput(
            f"--date must be ISO 8601, like 2026-02-11T19:30:00Z, not {text!r}"
        ) from None
    return utc_date(moment if moment.tzinfo else moment.astimezone())


@event_app.command("scorecards")
def scorecards(
    name: Name,
    pdf: Annotated[Path, typer.Option(help="PDF file to write.")],
    db: Db = None,
    blank: Annotated[
        int | None,
        typer.Option("--blank", help="Blank cards for every game of this drawn round."),
    ] = None,
) -> None:
    """Printable scorecards: every game entered, or blank cards for a drawn round (PDF)."""
    with club_desk(Desk, db) as desk:
        from flickboard.events.paper import blank_scorecards_pdf, scorecards_pdf

        event = desk.snapshot(name)
        if blank is None:
            write_file(pdf, scorecards_pdf(event))
        else:
            drawn = {d.round_no: d for d in desk.draws(name, drafts=True)}
            if blank not in drawn:
                raise InvalidInput(f"round {blank} of {name} is not drawn")
            write_file(pdf, blank_scorecards_pdf(event, drawn[blank]))
        typer.echo(f"wrote {pdf}")


@event_app.command("corrections")
def corrections(name: Name, db: Db = None) -> None:
    """The audit trail of referee corrections (JSON)."""
    with club_desk(Desk, db) as desk:
        typer.echo(json.dumps(desk.corrections(name), indent=2))


@event_app.command("ratings")
def ratings(
    db: Db = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """OpenSkill ratings of every player over every stored event."""
    with club_desk(Desk, db) as desk:
        from flickboard.events.ratings import rate

        r = sorted(rate(desk.rated_games()).values(), key=lambda x: -x.ordinal)
        names = desk.player_names()
        if as_json:
            typer.echo(
                json.dumps(
                    [
                        {
                            "id": x.player,
                            "name": names.get(x.player, ""),
                            "mu": x.mu,
                            "sigma": x.sigma,
                            "ordinal": x.ordinal,
                            "games": x.games,
                        }
                        for x in r
                    ],
                    indent=2,
                )
            )
            return
        table = Table(title="Ratings (OpenSkill)")
        for col in ("ID", "Name", "Ordinal", "Mu", "Sigma", "Games"):
            table.add_column(col)
        for x in r:
            table.add_row(
                x.player,
                names.get(x.player, ""),
                f"{x.ordinal:.2f}",
                f"{x.mu:.2f}",
                f"{x.sigma:.2f}",
                str(x.games),
            )
        Console().print(table)


def standings_file(
    file: Annotated[Path, typer.Argument(help="Results file (event file with cards).")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
    csv_out: CsvOut = None,
    pdf_out: Annotated[Path | None, typer.Option("--pdf", help="Also write a PDF file.")] = None,
) -> None:
    """Standings of a results file, with the reasons behind every placing."""
    try:
        event = load_event(file)
        title = f"{event.name} ({event.format})"
        _show(title, event.standings(), event.names, as_json, csv_out, pdf_out)
    except FlickboardError as exc:
        fail(str(exc))


def bench_standings(
    repeats: Annotated[int, typer.Option(min=1, help="Timed runs (best kept).")] = 5,
    players: Annotated[int, typer.Option(min=20, help="Players in the preliminary.")] = 400,
    games: Annotated[int, typer.Option(min=1, max=30, help="Games each.")] = 10,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Standings of a 400-player, 10-game preliminary plus pools, from the database (as
    `event standings` runs) and in memory, against a naive baseline."""
    from flickboard.bench.standings import report, run

    try:
        result = run(repeats, players, games)
    except FlickboardError as exc:
        fail(str(exc))
    typer.echo(json.dumps(result, indent=2) if as_json else report(result))


def register(app: typer.Typer) -> None:
    """Add ``event``, ``standings`` and ``bench standings`` to the command line."""
    app.add_typer(event_app, name="event")
    app.command("standings")(standings_file)
    for group in app.registered_groups:
        if group.name == "bench" and group.typer_instance is not None:
            group.typer_instance.command("standings")(bench_standings)

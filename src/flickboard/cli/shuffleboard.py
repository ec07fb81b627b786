"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from flickboard.agents.spec import player_from_spec
from flickboard.cli.terminal import (
    Quit,
    TerminalHuman,
    TerminalObserver,
    aim_on_line,
    check_writable,
    console_for_cli,
    fail,
    score_file,
    score_table,
    write_record,
)
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import Layout, PhysicsParams, Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.driver import play_match
from flickboard.play.match import Calls, GameEnd, Match, Outcome, RoundEnd
from flickboard.play.shuffleboard import GameRules, ShuffleboardGame, ShuffleboardMatch, coin_toss
from flickboard.play.shuffleboard_fouls import Penalty, foul_key
from flickboard.play.shuffleboard_kind import draw_speed, three_zone_target
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Side, Turn
from flickboard.rules.shuffleboard import RELEASE_LINE, CSCReferee, calls_from_json, zone_name
from flickboard.rules.shuffleboard.position import (
    COLOURS,
    colour_name,
    position_from_json,
    side_of_colour,
)
from flickboard.rules.shuffleboard.scoring import GREEN, RED, count_frame


def count_table(data: Any) -> dict[str, Any]:
    """The count of a table position as JSON-ready data."""
    table = ShuffleboardTable.csc()
    position = position_from_json(data, table)
    count = count_frame(table, position)
    red, green = count.points
    weights = []
    for w in count.weights:
        disc = position.layout.disc(w.disc)
        weights.append(
            {
                "colour": colour_name(w.side),
                "x": disc.x,
                "y": disc.y,
                "zone": zone_name(table, disc.x, disc.y),
                "leading": w.leading,
                "points": w.points,
            }
        )
    return {
        "rules": "csc",
        "leader": None if count.leader is None else colour_name(count.leader),
        "level": count.level,
        "points": {"red": red, "green": green},
        "weights": weights,
        "explanation": count.explanation(),
    }


def score(
    file: Annotated[Path, typer.Argument(help="Table position JSON (docs/formats.md).")],
) -> None:
    """Score a table shuffleboard frame from weight positions (CSC rule 4)."""
    score_file(file, count_table)


def aim_to_shot(angle: float, speed: float, offset: float) -> Shot:
    """A typed aim as a delivery: released on the release line, ``offset`` cm right of the
    centre line, ``angle`` degrees right of straight up the board."""
    table = ShuffleboardTable.csc()
    line = CSCReferee(table).start_line(Position.of(Layout(table, ()), {}), Turn(0, RED, 0))
    return aim_on_line(line, angle, speed, offset)


def _speeds(table: ShuffleboardTable, params: PhysicsParams) -> tuple[float, float, float]:
    """Release speeds (m/s) from ``RELEASE_LINE`` that just clear the foul line, stop in the
    middle of the three zone, and just go off the far end (v^2 = 2 mu g d)."""
    r = table.disc.radius
    return (
        draw_speed(params, RELEASE_LINE, table.foul_line.far + r),
        draw_speed(params, RELEASE_LINE, three_zone_target(table)),
        draw_speed(params, RELEASE_LINE, table.length),
    )


def _aim_help(table: ShuffleboardTable, params: PhysicsParams) -> str:
    foul, draw, off = _speeds(table, params)
    reach = (table.width / 2 - table.disc.radius) * 100
    return (
        f"type: ANGLE SPEED [OFFSET]  - the weight is released {RELEASE_LINE * 100:.0f} cm from "
        "your end of the table. ANGLE in degrees from straight down the table (positive to "
        f"your right); SPEED in m/s as it leaves your hand (0-{MAX_SPEED:g}): about "
        f"{draw:.2f} stops in the three zone, below {foul:.2f} it does not cross the foul "
        f"line and is dead (5(n)), above {off:.2f} it falls off the far end; OFFSET in cm "
        f"across the table from its centre line (positive to your right, at most {reach:.0f}). "
        f"Also: '{OTHER} ANGLE SPEED [OFFSET]' when the other player at your end delivered "
        "out of turn (5(h)); 'foul RULE PLAYER' (e.g. 'foul 5b 2'); 'call NAME [WEIGHT]' "
        "for an official's call on your next delivery ('call' lists them); 'weights' lists "
        "the weights in play. 'help' repeats this, 'quit' stops."
    )


OTHER = "other"
"""Typed before an aim: the other player at this end delivered the weight (5(h))."""

OTHER_HELP = (
    f"Type '{OTHER} ANGLE SPEED [OFFSET]' when the other player at this end delivers the "
    "weight out of turn: it stands and the frame goes on in that rotation (rule 5(h))."
)

AIM_HELP = _aim_help(ShuffleboardTable.csc(), PhysicsParams.shuffleboard())
"""What to type at the shuffleboard prompt (the figures follow the table and wax)."""

FLAG_CALLS = {
    "upside_down": "the weight is delivered upside down (dead, 4(i))",
    "body_over_end": "your lower body goes beyond the end of the table (dead, 5(c))",
    "opponent_weight": "you deliver an opponent's weight by accident (exchanged, 5(f))",
    "body_vibration": "the hanger fell because bodily contact shook the table (no repeat, 5(i))",
}
"""Official's calls typed as ``call NAME``, with what each says."""

WEIGHT_CALLS = {
    "knocked_upside_down": "the delivery knocks that weight upside down (5(g)); repeatable",
    "hanger_fell": "that hanger falls as the weight is delivered, before it gets there (5(i))",
}
"""Official's calls typed as ``call NAME WEIGHT`` (a weight number, see 'weights')."""

CALL_HELP = "  ".join(
    [
        "Official's calls for your next delivery (docs/formats.md):",
        *(f"'call {name}': {what};" for name, what in FLAG_CALLS.items()),
        *(f"'call {name} WEIGHT': {what};" for name, what in WEIGHT_CALLS.items()),
        "'call clear' drops them.",
    ]
)


class Desk:
    """The official's desk at the terminal: fouls called, the calls for the next
    delivery, and the weights in play, typed by any person at the prompt."""

    def __init__(
        self,
        console: Console,
        names: tuple[str, ...],
        match: ShuffleboardMatch,
        people: frozenset[int],
    ) -> None:
        self.console = console
        self.names = names
        self.match = match
        self.people = people
        self.calls: dict[str, Any] = {}

    def command(self, line: str) -> bool:
        """Deal with a ``foul``, ``call`` or ``weights`` line; False for anything else."""
        words = line.split()
        handlers = {"foul": self._foul, "call": self._call, "weights": self._weights}
        handler = handlers.get(words[0].lower()) if words else None
        if handler is None:
            return False
        try:
            handler(words[1:])
        except FlickboardError as exc:
            self.console.print(f"[red]{exc}[/red]")
        return True

    def _in_play(self) -> ShuffleboardGame:
        return self.match.game_in_play()

    def _foul(self, args: list[str]) -> None:
        players = ", ".join(f"{n} {name}" for n, name in enumerate(self.names, start=1))
        if len(args) != 2 or not args[1].isdigit():
            raise InvalidInput(f"type 'foul RULE PLAYER', e.g. 'foul 5b 2' (players: {players})")
        if foul_key(args[0]) == "5c":
            raise InvalidInput(
                "5(c) makes the delivery dead: type 'call body_over_end' before the aim instead"
            )
        penalty = self.match.call_foul(args[0], int(args[1]) - 1)
        self.console.print(f"{penalty.reason} Score: {self._in_play().describe()}.")

    def _call(self, args: list[str]) -> None:
        name = args[0].lower() if args else ""
        if name == "clear" and len(args) == 1:
            self.calls = {}
        elif name in FLAG_CALLS and len(args) == 1:
            self.calls[name] = True
        elif name in WEIGHT_CALLS and len(args) == 2:
            weight = self._weight(args[1])
            if name == "hanger_fell":
                self.calls[name] = weight
            else:
                self.calls[name] = sorted({*self.calls.get(name, []), weight})
        elif args:
            raise InvalidInput(f"unknown call {' '.join(args)!r}; 'call' lists them")
        else:
            self.console.print(CALL_HELP)
        made = ", ".join(f"{k} {v}" if v is not True else k for k, v in self.calls.items())
        self.console.print(f"Calls for the next delivery: {made or 'none'}.")

    def _weight(self, text: str) -> int:
        ids = [d.id for d in self._in_play().position.layout.discs]
        if not text.isdigit() or int(text) not in ids:
            raise InvalidInput(f"no weight {text} is in play; 'weights' lists them")
        return int(text)

    def _weights(self, args: list[str]) -> None:
        game = self._in_play()
        discs = game.position.layout.discs
        if not discs:
            self.console.print("No weights are in play.")
        for d in discs:
            colour = colour_name(game.position.side_of(d.id))
            zone = zone_name(game.table, d.x, d.y)
            self.console.print(
                f"weight {d.id}: {colour}, {d.x * 100:+.1f} cm across, {d.y:.3f} m down the "
                f"table, zone {zone}"
            )

    def take_calls(self, out_of_order: bool) -> Calls:
        """The calls typed for a person's delivery (then cleared); ``out_of_order`` says the
        other player at the end delivered it, which only a person at the terminal can do."""
        if out_of_order:
            game = self._in_play()
            other = game.turn_of(calls_from_json({"out_of_order": True})).seat
            if other not in self.people:
                raise IllegalInPosition(
                    f"{self.names[other]} is not a person at the terminal, so cannot have "
                    "delivered out of turn (5(h))"
                )
        calls = {**self.calls, **({"out_of_order": True} if out_of_order else {})}
        calls_from_json(calls)  # checked before the shot
        self.calls = {}
        return calls


class Human(TerminalHuman):
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each weight, or
    ``other ANGLE SPEED [OFFSET]`` when the other player at the end delivered it, and
    the desk's commands (fouls, calls, weights) in between."""

    def __init__(
        self, name: str, console: Console, desk: Desk, read: Callable[[str], str] = input
    ) -> None:
        super().__init__(
            name,
            console,
            span="the table",
            help_text=AIM_HELP,
            read=self._line,
            game_command=desk.command,
        )
        self.desk = desk
        self.typed = read
        self.out_of_order = False

    def prompt(self, view: View) -> str:
        """The player's name and weights left."""
        left = view.left_of(view.turn.side)
        return f"{self.name} ({left} weight{'s' if left > 1 else ''} left) > "

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot."""
        self.out_of_order = False
        return super().decide(view)

    def take_calls(self) -> Calls:
        """The official's calls for this delivery (and whether it was out of turn)."""
        return self.desk.take_calls(self.out_of_order)

    def _line(self, prompt: str) -> str:
        words = self.typed(prompt).split()
        self.out_of_order = bool(words) and words[0].lower() == OTHER
        return " ".join(words[1:] if self.out_of_order else words)


def match(
    players: Annotated[int, typer.Option(help="2 for singles, 4 for doubles.")] = 2,
    red: Annotated[
        str, typer.Option(help="Who plays red: human, bot or ai[:KIND][:LEVEL].")
    ] = "human",
    green: Annotated[
        str, typer.Option(help="Who plays green/blue: human, bot or ai[:KIND][:LEVEL].")
    ] = "bot",
    target: Annotated[
        int | None, typer.Option(help="Points to win (default 15 singles, 17 doubles).")
    ] = None,
    first: Annotated[
        str,
        typer.Option(
            help="Who shoots first in a single game: red (rule 3), green (set by a "
            "schedule, rule 2) or toss (a seeded coin toss, Part VII 5)."
        ),
    ] = "red",
    best_of_three: Annotated[
        bool,
        typer.Option(
            "--best-of-three",
            help="Play a best-of-three match: red first in game 1, green in game 2, a "
            "seeded coin toss for game 3 (rule 3).",
        ),
    ] = False,
    seed: Annotated[int, typer.Option(help="Seed of the bots' noise and the coin toss.")] = 0,
    record: Annotated[
        Path | None,
        typer.Option(help="Write the game (or best-of-three match) record (JSON) to this file."),
    ] = None,
) -> None:
    """Play a game or a best-of-three of table shuffleboard by the CSC rules at the terminal."""
    check_writable(record)
    console = console_for_cli()
    try:
        kinds = {RED: red.strip().lower(), GREEN: green.strip().lower()}
        for kind in kinds.values():
            if kind != "human":
                player_from_spec(kind, "shuffleboard")  # raises unless a player is named
        tossed = first.strip().lower() == "toss"
        if not tossed and first.strip().lower() not in COLOURS:
            raise InvalidInput(f"--first must be red, green or toss, not {first!r}")
        if best_of_three and (tossed or side_of_colour(first) != RED):
            raise InvalidInput(
                "a best-of-three starts with red and then alternates (rule 3): --first is "
                "for a single game"
            )
        rules = GameRules(players, target, coin_toss(seed) if tossed else side_of_colour(first))
    except FlickboardError as exc:
        fail(str(exc))
    the_match = ShuffleboardMatch(rules, best_of_three=best_of_three, seed=seed)
    names = {
        p: f"{colour_name(p % 2)} {p // 2 + 1}" if rules.doubles else colour_name(p)
        for p in range(players)
    }
    people = frozenset(p for p in range(players) if kinds[p % 2] == "human")
    desk = Desk(console, tuple(names.values()), the_match, people)
    seats: dict[int, Player] = {
        p: Human(names[p], console, desk)
        if p in people
        else player_from_spec(kinds[p % 2], "shuffleboard", seed * 10 + p, names[p])
        for p in range(players)
    }
    tags = {f"Player{p + 1}": names[p] for p in range(players)}
    kind = "doubles" if rules.doubles else "singles"
    console.print(
        f"Table shuffleboard (CSC), {kind} to {rules.goal}"
        f"{', best of three' if best_of_three else ''}."
    )
    if people:
        console.print("Players: " + ", ".join(f"{p + 1} {name}" for p, name in names.items()))
    if len(people) == players:
        console.print(OTHER_HELP)
    if tossed:
        console.print(f"Coin toss: {colour_name(rules.first)} shoots first (Part VII 5).")

    def save() -> None:
        """Write the record (after every frame, so nothing is lost)."""
        if record is not None:
            write_record(record, the_match.to_json(tags))

    observer = ShuffleboardObserver(console, people=people, names=names, save=save)
    try:
        play_match(the_match, seats, observer)
    except Quit as exc:
        save()
        console.print(f"Stopped: {exc}.")
        return
    except FlickboardError as exc:
        save()
        fail(str(exc))


class ShuffleboardObserver(TerminalObserver):
    """The terminal observer, with frames, games of a best of three and a save per frame."""

    def __init__(
        self,
        console: Console,
        *,
        people: frozenset[int],
        names: dict[int, str],
        save: Callable[[], None],
    ) -> None:
        super().__init__(console, people=people, names=names, banner=_banner, table=_table)
        self.save = save

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """The frame's count, then the record is saved."""
        super().on_round_end(match, end)
        self.save()

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        """The game's frames and penalties, then who won."""
        super().on_game_end(match, end)

    def on_match_end(self, match: Match, outcome: Outcome) -> None:
        """A best of three's result."""
        assert isinstance(match, ShuffleboardMatch)
        if match.series is not None and outcome.winner is not None:
            wins = sorted(outcome.scores, reverse=True)
            winner = colour_name(outcome.winner).capitalize()
            self.console.print(f"{winner} wins the match {wins[0]}-{wins[1]}.")


def _banner(match: Match, view: View) -> list[str]:
    """A frame's head (and a game's, in a best of three)."""
    assert isinstance(match, ShuffleboardMatch)
    game = match.games[-1]
    lines = []
    if match.series is not None and game.frame == 0:
        number = len(match.games)
        lines.append(f"Game {number}: {_opening(game.rules.first, number)}")
    lines.append(f"Frame {game.frame + 1} from end {game.end}: {game.describe()}")
    return lines


def _table(match: Match, end: GameEnd) -> Table:
    """A game's frames, penalties and totals."""
    assert isinstance(match, ShuffleboardMatch)
    game = match.games[end.number - 1]
    rows = [(f"F{f.number + 1}", f.score.points) for f in game.frames]
    rows += [
        (f"{p.foul} (player {p.player + 1})", _deduction(p)) for p in game.penalties if p.points
    ]
    rows.append(("totals", game.totals))
    title = "Game" if match.series is None else f"Game {end.number}"
    return score_table(title, ("red", "green"), rows)


def _opening(first: Side, number: int) -> str:
    """Who shoots first in game ``number`` of a best-of-three, and why (rule 3)."""
    if number == 3:
        return f"coin toss, {colour_name(first)} shoots first (rule 3)"
    return f"{colour_name(first)} shoots first (rule 3)"


def _deduction(penalty: Penalty) -> tuple[int, int]:
    return (-penalty.points, 0) if penalty.side == RED else (0, -penalty.points)


def register(app: typer.Typer) -> None:
    """Add the shuffleboard commands to the score and match groups."""
    from flickboard.cli.app import match_app, score_app

    del app
    score_app.command("shuffleboard")(score)
    match_app.command("shuffleboard")(match)

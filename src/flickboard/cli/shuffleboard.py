"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from flickboard.agents.base import Player, View
from flickboard.agents.shuffleboard_bot import (
    RELEASE_Y,
    ShuffleboardBot,
    draw_speed,
    three_zone_target,
)
from flickboard.agents.spec import is_ai_spec, player_from_spec
from flickboard.cli.terminal import (
    Quit,
    ask_shot,
    check_writable,
    console_for_cli,
    fail,
    score_file,
    score_table,
    show_ruling,
    take_turn,
    write_record,
)
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import PhysicsParams, Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.shuffleboard import (
    BestOfThree,
    Delivery,
    GameRules,
    ShuffleboardGame,
    coin_toss,
    player_for,
)
from flickboard.play.shuffleboard_fouls import Penalty, foul_key
from flickboard.play.shuffleboard_record import game_to_json, match_to_json
from flickboard.rules.base import Ruling, Side
from flickboard.rules.shuffleboard import calls_from_json, zone_name
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
    """A typed aim as a delivery: released ``RELEASE_Y`` from the near end, ``offset`` cm
    right of the centre line, ``angle`` degrees right of straight up the board."""
    return Shot(offset / 100, RELEASE_Y, math.pi / 2 - math.radians(angle), speed)


def _speeds(table: ShuffleboardTable, params: PhysicsParams) -> tuple[float, float, float]:
    """Release speeds (m/s) from ``RELEASE_Y`` that just clear the foul line, stop in the
    middle of the three zone, and just go off the far end (v^2 = 2 mu g d)."""
    r = table.disc.radius
    return (
        draw_speed(params, RELEASE_Y, table.foul_line.far + r),
        draw_speed(params, RELEASE_Y, three_zone_target(table)),
        draw_speed(params, RELEASE_Y, table.length),
    )


def _aim_help(table: ShuffleboardTable, params: PhysicsParams) -> str:
    foul, draw, off = _speeds(table, params)
    reach = (table.width / 2 - table.disc.radius) * 100
    return (
        f"type: ANGLE SPEED [OFFSET]  - the weight is released {RELEASE_Y * 100:.0f} cm from "
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

    def __init__(self, console: Console, names: tuple[str, ...]) -> None:
        self.console = console
        self.names = names
        self.game: ShuffleboardGame | None = None
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
        assert self.game is not None, "a game is in play whenever a person is asked"
        return self.game

    def _foul(self, args: list[str]) -> None:
        players = ", ".join(f"{n} {name}" for n, name in enumerate(self.names, start=1))
        if len(args) != 2 or not args[1].isdigit():
            raise InvalidInput(f"type 'foul RULE PLAYER', e.g. 'foul 5b 2' (players: {players})")
        if foul_key(args[0]) == "5c":
            raise InvalidInput(
                "5(c) makes the delivery dead: type 'call body_over_end' before the aim instead"
            )
        game = self._in_play()
        penalty = game.call_foul(args[0], int(args[1]) - 1)
        self.console.print(f"{penalty.reason} Score: {game.describe()}.")

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

    def deliver(self, game: ShuffleboardGame, shot: Shot, *, out_of_order: bool) -> Ruling:
        """Deliver a person's shot with the calls typed for it, then clear them."""
        calls = calls_from_json({**self.calls, **({"out_of_order": True} if out_of_order else {})})
        ruling = game.deliver_shot(shot, calls)
        self.calls = {}
        return ruling


class Human:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each weight, or
    ``other ANGLE SPEED [OFFSET]`` when the other player at the end delivered it, and
    the desk's commands (fouls, calls, weights) in between."""

    def __init__(
        self, name: str, console: Console, desk: Desk, read: Callable[[str], str] = input
    ) -> None:
        self.name = name
        self.console = console
        self.desk = desk
        self.read = read
        self.out_of_order = False

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot."""
        left = dict(view.discs_left).get(view.turn.side, 0)
        prompt = f"{self.name} ({left} weight{'s' if left > 1 else ''} left) > "
        self.out_of_order = False
        return ask_shot(
            self.console,
            prompt,
            aim_to_shot,
            read=self._line,
            help_text=AIM_HELP,
            game_command=self.desk.command,
        )

    def _line(self, prompt: str) -> str:
        words = self.read(prompt).split()
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
            if kind not in ("human", "bot"):
                player_from_spec(kind, "shuffleboard")  # raises unless an AI is named
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
    names = tuple(
        f"{colour_name(p % 2)} {p // 2 + 1}" if rules.doubles else colour_name(p)
        for p in range(players)
    )
    desk = Desk(console, names)
    seats: list[Player] = [
        Human(names[p], console, desk)
        if kinds[p % 2] == "human"
        else player_from_spec(kinds[p % 2], "shuffleboard", seed * 10 + p, names[p])
        if is_ai_spec(kinds[p % 2])
        else ShuffleboardBot(seed=seed * 10 + p, name=names[p])
        for p in range(players)
    ]
    tags = {f"Player{p + 1}": names[p] for p in range(players)}
    kind = "doubles" if rules.doubles else "singles"
    console.print(
        f"Table shuffleboard (CSC), {kind} to {rules.goal}"
        f"{', best of three' if best_of_three else ''}."
    )
    if any(isinstance(seat, Human) for seat in seats):
        console.print(
            "Players: " + ", ".join(f"{n} {name}" for n, name in enumerate(names, start=1))
        )
    if all(isinstance(seat, Human) for seat in seats):
        console.print(OTHER_HELP)
    if tossed:
        console.print(f"Coin toss: {colour_name(rules.first)} shoots first (Part VII 5).")
    series = BestOfThree(rules, seed) if best_of_three else None
    game = ShuffleboardGame(rules)

    def save() -> None:
        """Write the record (after every frame, so nothing is lost)."""
        if record is not None:
            write_record(
                record, game_to_json(game, tags) if series is None else match_to_json(series, tags)
            )

    try:
        if series is None:
            _play_game(console, game, seats, desk, save, "Game")
        while series is not None and series.winner is None:
            game = series.next_game()
            number = len(series.games)
            console.rule(f"Game {number}: {_opening(game.rules.first, number)}")
            _play_game(console, game, seats, desk, save, f"Game {number}")
    except Quit as exc:
        save()
        console.print(f"Stopped: {exc}.")
        return
    except FlickboardError as exc:
        save()
        fail(str(exc))
    if series is not None:
        assert series.winner is not None
        wins = sorted(series.wins, reverse=True)
        console.print(
            f"{colour_name(series.winner).capitalize()} wins the match {wins[0]}-{wins[1]}."
        )


def _opening(first: Side, number: int) -> str:
    """Who shoots first in game ``number`` of a best-of-three, and why (rule 3)."""
    if number == 3:
        return f"coin toss, {colour_name(first)} shoots first (rule 3)"
    return f"{colour_name(first)} shoots first (rule 3)"


def _play_game(
    console: Console,
    game: ShuffleboardGame,
    seats: list[Player],
    desk: Desk,
    save: Callable[[], None],
    title: str,
) -> None:
    """Play a game to its end at the terminal and show its score under ``title``."""
    desk.game = game
    while not game.over:
        frame = game.frame
        console.rule(f"Frame {frame + 1} from end {game.end}: {game.describe()}")
        while game.frame == frame and not game.over:
            player = seats[game.player]
            view = game.view()
            ruling = take_turn(
                console,
                lambda p=player, v=view: p.decide(v),  # type: ignore[misc]
                lambda shot, p=player: _deliver(game, seats, p, shot),  # type: ignore[misc]
                person=isinstance(player, Human),
            )
            show_ruling(console, ruling, seats[_last_deliverer(game)].name)
        console.print(game.frames[-1].count.explanation())
        save()
    rows = [(f"F{f.number + 1}", f.score.points) for f in game.frames]
    rows += [
        (f"{p.foul} (player {p.player + 1})", _deduction(p)) for p in game.penalties if p.points
    ]
    rows.append(("totals", game.totals))
    console.print(score_table(title, ("red", "green"), rows))
    assert game.winner is not None
    console.print(f"{colour_name(game.winner).capitalize()} wins, {game.describe()}.")


def _deliver(game: ShuffleboardGame, seats: list[Player], player: Player, shot: Shot) -> Ruling:
    """Deliver a shot; a person's carries the calls typed for it, and a person who typed
    ``other`` says the other player at the end delivered it out of turn (5(h)), which
    only a person at the terminal can do."""
    if not isinstance(player, Human):
        return game.deliver_shot(shot)
    if player.out_of_order:
        other = seats[player_for(game.rules, game.turn.side ^ 1, game.frame)]
        if not isinstance(other, Human):
            raise IllegalInPosition(
                f"{other.name} is not a person at the terminal, so cannot have delivered out "
                "of turn (5(h))"
            )
    return player.desk.deliver(game, shot, out_of_order=player.out_of_order)


def _last_deliverer(game: ShuffleboardGame) -> int:
    """The player who made the last delivery."""
    return next(item.player for item in reversed(game.log) if isinstance(item, Delivery))


def _deduction(penalty: Penalty) -> tuple[int, int]:
    return (-penalty.points, 0) if penalty.side == RED else (0, -penalty.points)


def register(app: typer.Typer) -> None:
    """Add the shuffleboard commands to the score and match groups."""
    from flickboard.cli.app import match_app, score_app

    del app
    score_app.command("shuffleboard")(score)
    match_app.command("shuffleboard")(match)

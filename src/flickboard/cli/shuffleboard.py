"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from flickboard.agents.base import Player, View
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import Shot
from flickboard.play.shuffleboard import Delivery, GameRules, ShuffleboardGame
from flickboard.play.shuffleboard_bot import RELEASE_Y, ShuffleboardBot
from flickboard.play.shuffleboard_record import game_to_json
from flickboard.rules.base import Fate, Ruling
from flickboard.rules.shuffleboard.position import colour_name, position_from_json
from flickboard.rules.shuffleboard.scoring import GREEN, RED, count_frame


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def read_json(path: Path) -> Any:
    """Parse a JSON file, failing with a one-line message."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(f"{path} is not valid JSON: {exc}")


def score_table(data: Any) -> dict[str, Any]:
    """The count of a table position as JSON-ready data."""
    table = ShuffleboardTable.csc()
    position = position_from_json(data, table)
    count = count_frame(table, position)
    red, green = count.points
    return {
        "rules": "csc",
        "leader": None if count.leader is None else colour_name(count.leader),
        "level": count.level,
        "points": {"red": red, "green": green},
        "weights": [
            {
                "colour": colour_name(w.side),
                "x": position.layout.disc(w.disc).x,
                "y": position.layout.disc(w.disc).y,
                "zone": w.zone.name.lower(),
                "leading": w.leading,
                "points": w.points,
            }
            for w in count.weights
        ],
        "explanation": count.explanation(),
    }


def score(
    file: Annotated[Path, typer.Argument(help="Table position JSON (docs/formats.md).")],
) -> None:
    """Score a table shuffleboard frame from weight positions (CSC rule 4)."""
    data = read_json(file)
    try:
        result = score_table(data)
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


class TerminalPlayer:
    """A person at the terminal: types where the weight starts and how hard it goes."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: View) -> Shot:
        """Ask until the answer is a shot that may be delivered."""
        left = dict(view.discs_left).get(view.turn.side, 0)
        prompt = (
            f"{self.name}, {left} weight(s) left - x (m from the centre line), "
            f"speed (m/s) [, angle in degrees off straight]"
        )
        while True:
            answer = typer.prompt(prompt, default="0 1.5")
            try:
                shot = parse_delivery(answer)
                view.referee.check_start(view.position, view.turn, shot.x, shot.y)
            except FlickboardError as exc:
                typer.echo(f"  not a delivery: {exc}")
                continue
            return shot


def parse_delivery(text: str) -> Shot:
    """``"x speed [angle]"``: a weight released at ``RELEASE_Y`` on the centre-line offset
    ``x``, going up the board, ``angle`` degrees to the left of straight."""
    parts = text.replace(",", " ").split()
    if not 2 <= len(parts) <= 3:
        raise InvalidInput("type x and speed, and optionally an angle, e.g. '0.05 1.5 1'")
    try:
        numbers = [float(p) for p in parts]
    except ValueError:
        raise InvalidInput(f"{text!r} is not two or three numbers") from None
    x, speed = numbers[0], numbers[1]
    angle = math.pi / 2 + math.radians(numbers[2] if len(numbers) == 3 else 0.0)
    return Shot(x, RELEASE_Y, angle, speed)


def make_player(kind: str, name: str, seed: int) -> Player:
    """A human at the terminal or the three-zone bot."""
    if kind == "human":
        return TerminalPlayer(name)
    if kind == "bot":
        return ShuffleboardBot(seed=seed, name=name)
    fail(f"a player is 'human' or 'bot', not {kind!r}")


def save(path: Path | None, game: ShuffleboardGame, names: tuple[str, ...]) -> None:
    """Write the game record (after every frame, so nothing is lost)."""
    if path is None:
        return
    try:
        path.write_text(json.dumps(game_to_json(game, names), indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def report(game: ShuffleboardGame, names: tuple[str, ...], ruling: Ruling) -> None:
    """Print what the referee decided about one delivery."""
    delivery = next(item for item in reversed(game.log) if isinstance(item, Delivery))
    typer.echo(f"  {names[delivery.player]}: {ruling.summary}")
    for d in ruling.decisions:
        if d.disc == delivery.turn.disc or d.fate is not Fate.IN_PLAY:
            typer.echo(f"    {d.reason}")


def match(
    players: Annotated[int, typer.Option(help="2 for singles, 4 for doubles.")] = 2,
    red: Annotated[str, typer.Option(help="Who plays red: human or bot.")] = "human",
    green: Annotated[str, typer.Option(help="Who plays green/blue: human or bot.")] = "bot",
    target: Annotated[
        int | None, typer.Option(help="Points to win (default 15 singles, 17 doubles).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the bots' execution noise.")] = 0,
    record: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON) to this file.")
    ] = None,
) -> None:
    """Play a game of table shuffleboard by the CSC rules at the terminal."""
    try:
        rules = GameRules(players, target)
    except FlickboardError as exc:
        fail(str(exc))
    kinds = {RED: red.strip().lower(), GREEN: green.strip().lower()}
    names = tuple(
        f"{colour_name(p % 2)} {p // 2 + 1}" if rules.doubles else colour_name(p)
        for p in range(players)
    )
    seats = [make_player(kinds[p % 2], names[p], seed + p) for p in range(players)]
    game = ShuffleboardGame(rules)
    typer.echo(
        f"Table shuffleboard (CSC), {'doubles' if rules.doubles else 'singles'} to {rules.goal}."
    )
    frame = -1
    try:
        while not game.over:
            if game.frame != frame:
                frame = game.frame
                typer.echo(f"Frame {frame + 1}, from end {game.end}: {game.describe()}")
            player = game.player
            ruling = game.deliver_shot(seats[player].decide(game.view()))
            report(game, names, ruling)
            if game.frame != frame:
                typer.echo(f"  {game.frames[-1].count.explanation()}")
                save(record, game, names)
    except typer.Abort:
        save(record, game, names)
        fail("input ended before the game was over")
    except FlickboardError as exc:
        save(record, game, names)
        fail(str(exc))
    save(record, game, names)
    assert game.winner is not None
    typer.echo(f"{colour_name(game.winner).capitalize()} wins, {game.describe()}.")


def register(app: typer.Typer) -> None:
    """Add the shuffleboard commands to the score and match groups."""
    from flickboard.cli.app import match_app, score_app

    del app
    score_app.command("shuffleboard")(score)
    match_app.command("shuffleboard")(match)

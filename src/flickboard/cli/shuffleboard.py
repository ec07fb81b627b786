"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from flickboard.agents.base import Player, View
from flickboard.agents.shuffleboard_bot import RELEASE_Y, ShuffleboardBot
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
from flickboard.errors import FlickboardError, IllegalInPosition
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import Shot
from flickboard.play.shuffleboard import Delivery, GameRules, ShuffleboardGame, player_for
from flickboard.play.shuffleboard_fouls import Penalty
from flickboard.play.shuffleboard_record import game_to_json
from flickboard.rules.shuffleboard import Calls
from flickboard.rules.shuffleboard.position import colour_name, position_from_json
from flickboard.rules.shuffleboard.scoring import GREEN, RED, count_frame


def count_table(data: Any) -> dict[str, Any]:
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
    score_file(file, count_table)


def aim_to_shot(angle: float, speed: float, offset: float) -> Shot:
    """A typed aim as a delivery: released ``RELEASE_Y`` from the near end, ``offset`` cm
    right of the centre line, ``angle`` degrees right of straight up the board."""
    return Shot(offset / 100, RELEASE_Y, math.pi / 2 - math.radians(angle), speed)


OTHER = "other"
"""Typed before an aim: the other player at this end delivered the weight (5(h))."""

OTHER_HELP = (
    f"Type '{OTHER} ANGLE SPEED [OFFSET]' when the other player at this end delivers the "
    "weight out of turn: it stands and the frame goes on in that rotation (rule 5(h))."
)


class Human:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each weight, or
    ``other ANGLE SPEED [OFFSET]`` when the other player at the end delivered it."""

    def __init__(self, name: str, console: Console, read: Callable[[str], str] = input) -> None:
        self.name = name
        self.console = console
        self.read = read
        self.out_of_order = False

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot."""
        left = dict(view.discs_left).get(view.turn.side, 0)
        prompt = f"{self.name} ({left} weight{'s' if left > 1 else ''} left) > "
        self.out_of_order = False
        return ask_shot(self.console, prompt, aim_to_shot, read=self._line)

    def _line(self, prompt: str) -> str:
        words = self.read(prompt).split()
        self.out_of_order = bool(words) and words[0].lower() == OTHER
        return " ".join(words[1:] if self.out_of_order else words)


def save(path: Path | None, game: ShuffleboardGame, tags: dict[str, str]) -> None:
    """Write the game record (after every frame, so nothing is lost)."""
    if path is not None:
        write_record(path, game_to_json(game, tags))


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
    seed: Annotated[int, typer.Option(help="Seed of the bots' execution noise.")] = 0,
    record: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON) to this file.")
    ] = None,
) -> None:
    """Play a game of table shuffleboard by the CSC rules at the terminal."""
    check_writable(record)
    console = console_for_cli()
    try:
        rules = GameRules(players, target)
        kinds = {RED: red.strip().lower(), GREEN: green.strip().lower()}
        for kind in kinds.values():
            if kind not in ("human", "bot"):
                player_from_spec(kind, "shuffleboard")  # raises unless an AI is named
    except FlickboardError as exc:
        fail(str(exc))
    names = tuple(
        f"{colour_name(p % 2)} {p // 2 + 1}" if rules.doubles else colour_name(p)
        for p in range(players)
    )
    seats: list[Player] = [
        Human(names[p], console)
        if kinds[p % 2] == "human"
        else player_from_spec(kinds[p % 2], "shuffleboard", seed * 10 + p, names[p])
        if is_ai_spec(kinds[p % 2])
        else ShuffleboardBot(seed=seed * 10 + p, name=names[p])
        for p in range(players)
    ]
    tags = {f"Player{p + 1}": names[p] for p in range(players)}
    game = ShuffleboardGame(rules)
    console.print(
        f"Table shuffleboard (CSC), {'doubles' if rules.doubles else 'singles'} to {rules.goal}."
    )
    if all(isinstance(seat, Human) for seat in seats):
        console.print(OTHER_HELP)
    try:
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
            save(record, game, tags)
    except Quit as exc:
        save(record, game, tags)
        console.print(f"Stopped: {exc}.")
        return
    except FlickboardError as exc:
        save(record, game, tags)
        fail(str(exc))
    rows = [(f"F{f.number + 1}", f.score.points) for f in game.frames]
    rows += [
        (f"{p.foul} (player {p.player + 1})", _deduction(p)) for p in game.penalties if p.points
    ]
    rows.append(("totals", game.totals))
    console.print(score_table("Game", ("red", "green"), rows))
    assert game.winner is not None
    console.print(f"{colour_name(game.winner).capitalize()} wins, {game.describe()}.")


def _deliver(game: ShuffleboardGame, seats: list[Player], player: Player, shot: Shot) -> Any:
    """Deliver a shot; a person who typed ``other`` says the other player at the end
    delivered it out of turn (5(h)), which only a person at the terminal can do."""
    if not (isinstance(player, Human) and player.out_of_order):
        return game.deliver_shot(shot)
    other = seats[player_for(game.rules, game.turn.side ^ 1, game.frame)]
    if not isinstance(other, Human):
        raise IllegalInPosition(
            f"{other.name} is not a person at the terminal, so cannot have delivered out of "
            "turn (5(h))"
        )
    return game.deliver_shot(shot, Calls(out_of_order=True))


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

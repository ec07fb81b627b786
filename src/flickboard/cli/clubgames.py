"""``flickboard event csc|league|bracket entered|correct|withdraw``: the stored games of
a club event by ID, and an official's correction or withdrawal of one (audited with
before, after and the reason, as on the web desk)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.clubinput import Frames, Score, club_desk, parse_result
from flickboard.cli.event import Db, Name
from flickboard.store.acting import Actor
from flickboard.store.club import ClubDesk, ClubGame
from flickboard.store.service import DeskService

GameId = Annotated[int, typer.Option("--game", help="The game's ID (see `entered`).")]
Why = Annotated[str, typer.Option("--reason", help="Why: kept in the audit trail.")]


def _service(desk: ClubDesk) -> DeskService:
    """The desk service on the command's database: its writes audit the reason."""
    return DeskService(engine=desk.engine)


def _line(game: ClubGame) -> str:
    r = game.as_dict()
    shown = f"{r['score'][0]}-{r['score'][1]}" if isinstance(r["score"], list) else "forfeit"
    return f"game {game.id}: {game.what} {shown}"


def add_game_commands(app: typer.Typer, cls: type[ClubDesk]) -> None:
    """Register ``entered``, ``correct`` and ``withdraw`` on a club format's commands."""

    @app.command("entered")
    def entered(name: Name, db: Db = None) -> None:
        """Every stored game with its ID, sides and result."""
        with club_desk(cls, db) as desk:
            table = Table(title=f"{name}: games entered")
            for col in ("ID", "Game", "Frames", "Score"):
                table.add_column(col)
            for g in desk.games(name):
                r = g.as_dict()
                frames = r["frames"] if isinstance(r["frames"], list) else []
                score = r["score"] if isinstance(r["score"], list) else None
                table.add_row(
                    str(g.id),
                    g.what,
                    ",".join(f"{a}-{b}" for a, b in frames),
                    f"{score[0]}-{score[1]}" if score else f"forfeit by {r['forfeit_by']}",
                )
            Console(width=140).print(table)

    @app.command("correct")
    def correct(
        name: Name,
        game: GameId,
        reason: Why,
        frames: Frames = None,
        score: Score = None,
        db: Db = None,
    ) -> None:
        """Correct a stored game's result (same sides, first side first)."""
        with club_desk(cls, db) as desk:
            race = parse_result(frames, score, desk.target(name), crokinole=cls.frame_max is None)
            fixed = _service(desk).games.correct(Actor.desk(), name, game, race, reason)
            typer.echo(f"corrected {_line(fixed)}")

    @app.command("withdraw")
    def withdraw(name: Name, game: GameId, reason: Why, db: Db = None) -> None:
        """Withdraw a game entered in error: as if never entered."""
        with club_desk(cls, db) as desk:
            gone = _service(desk).games.withdraw(Actor.desk(), name, game, reason)
            typer.echo(f"withdrawn {_line(gone)}")

"""Entry point of the ``flickboard`` command.

Command groups shared by several games (``score``, ``match``, ``replay``, ``rule``,
``bench``) are created here; each command module defines ``register(app)`` and adds its
commands to the top level or to a group. Command modules load lazily:
:data:`LAZY_COMMANDS` names each command and the modules that register it, so
``flickboard --help`` lists every command (its help read from the module's source)
without importing numba, SQLAlchemy or fpdf; a command's modules are imported only when
it is run (or its own help is asked for).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from flickboard.cli.groups import command_group
from flickboard.extras import missing_extra
from flickboard.games import BUILTIN_GAMES
from flickboard.version import VERSION


@dataclass(frozen=True)
class Lazy:
    """A command registered on first use: the cli modules that register it, and the
    function (or ``typer.Typer``, or a game's ``MatchCommand``/``ReplayCommand`` table) in
    the first of them whose docstring (or ``help=``) is its help, read from the source
    without importing the module."""

    modules: tuple[str, ...]
    source: str


@cache
def _module_tree(module: str) -> ast.Module:
    spec = importlib.util.find_spec(f"flickboard.cli.{module}")
    assert spec is not None and spec.origin is not None, module
    return ast.parse(Path(spec.origin).read_text(encoding="utf-8"))


def _defines(module: str, name: str) -> bool:
    """Whether the cli module defines ``name`` at its top level (read from its source)."""
    for node in _module_tree(module).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return True
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return True
    return False


GAME_COMMANDS = {"score": "score", "match": "MATCH", "replay": "REPLAY", "rule": "rule"}
"""Groups each game may add a command to (named after the game), and the name of that
command in the game's cli module (``flickboard.cli.<game>``); a game joins the groups
whose command its module defines."""

LAZY_COMMANDS: dict[str, dict[str, Lazy]] = {
    "flickboard": {
        "standings": Lazy(("event",), "standings_file"),
        "shoot": Lazy(("shoot",), "shoot"),
        "serve": Lazy(("serve",), "serve"),
        "event": Lazy(("event", "league", "csc", "bracket"), "event_app"),
        "desk": Lazy(("desk",), "desk_app"),
        "example": Lazy(("example",), "example"),
        "selfplay": Lazy(("selfplay",), "selfplay"),
        "review": Lazy(("review",), "review"),
    },
    **{
        group: {game: Lazy((game,), name) for game in BUILTIN_GAMES if _defines(game, name)}
        for group, name in GAME_COMMANDS.items()
    },
    "bench": {
        "standings": Lazy(("event",), "bench_standings"),
        "physics": Lazy(("bench_physics",), "bench_physics"),
        "ai": Lazy(("bench_ai",), "bench_ai"),
        "web": Lazy(("bench_web",), "bench_web"),
        "envs": Lazy(("bench_envs",), "bench_envs"),
        "ladder": Lazy(("bench_envs",), "bench_ladder"),
        "desk": Lazy(("bench_desk",), "bench_desk"),
        "rulings": Lazy(("bench_rulings",), "bench_rulings"),
        "review": Lazy(("bench_review",), "bench_review"),
    },
}
"""Group name -> command name -> how to load it and where its help is written."""


def source_help(lazy: Lazy) -> str:
    """The first paragraph of the help of a lazy command, read from its module's source."""
    text = ""
    for node in _module_tree(lazy.modules[0]).body:
        if isinstance(node, ast.FunctionDef) and node.name == lazy.source:
            text = ast.get_docstring(node) or ""
        elif (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == lazy.source for t in node.targets)
            and isinstance(node.value, ast.Call)
        ):
            for keyword in node.value.keywords:
                if keyword.arg == "help" and isinstance(keyword.value, ast.Constant):
                    text = str(keyword.value.value)
    return " ".join(text.split("\n\n")[0].split())


COMMAND_MODULES: tuple[str, ...] = tuple(
    dict.fromkeys(m for group in LAZY_COMMANDS.values() for c in group.values() for m in c.modules)
)
"""Modules of flickboard.cli that define ``register(app)``; each adds its commands."""

_registered: set[str] = set()


class Placeholder(TyperCommand):
    """Stands in a group's command list for a command whose module is not loaded yet
    (its help is read from the source when the list is shown)."""


class LazyGroup(TyperGroup):
    """A command group that loads a command's modules only when the command is run."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name in LAZY_COMMANDS.get(self.name or "", {}):
            if name not in self.commands:
                self.commands[name] = Placeholder(name)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command; a placeholder gets its help from the source first."""
        command = super().get_command(ctx, cmd_name)
        if isinstance(command, Placeholder) and command.help is None:
            command.help = source_help(LAZY_COMMANDS[self.name or ""][cmd_name])
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Swap the placeholder for the real command, then resolve as usual."""
        if args and isinstance(self.commands.get(args[0]), Placeholder):
            lazy = LAZY_COMMANDS[self.name or ""][args[0]]
            register(*lazy.modules)
            self.commands[args[0]] = typer.main.get_group(_GROUPS[self.name or ""]).commands[
                args[0]
            ]
        return super().resolve_command(ctx, args)


def register(*modules: str) -> None:
    """Import cli modules (each once) and let each register its commands."""
    for module in modules:
        if module not in _registered:
            _registered.add(module)
            importlib.import_module(f"flickboard.cli.{module}").register(app)


def register_all() -> None:
    """Register every command now (for tools that walk the whole command tree)."""
    register(*COMMAND_MODULES)


app = command_group(
    name="flickboard",
    help="Crokinole and table shuffleboard by the book.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=LazyGroup,
)
score_app = command_group(
    help="Score a board or table from disc positions.", no_args_is_help=True, cls=LazyGroup
)
match_app = command_group(
    help="Play a whole match at the terminal.", no_args_is_help=True, cls=LazyGroup
)
replay_app = command_group(
    help="Replay a saved game record: every shot ruled again.", no_args_is_help=True, cls=LazyGroup
)
rule_app = command_group(
    help="Rule on a shot played on a real board or table, entered by hand.",
    no_args_is_help=True,
    cls=LazyGroup,
)
bench_app = command_group(
    help="Benchmarks (ratios against a baseline run alongside).",
    no_args_is_help=True,
    cls=LazyGroup,
)
app.add_typer(score_app, name="score")
app.add_typer(match_app, name="match")
app.add_typer(replay_app, name="replay")
app.add_typer(rule_app, name="rule")
app.add_typer(bench_app, name="bench")
_GROUPS = {
    "flickboard": app,
    "score": score_app,
    "match": match_app,
    "replay": replay_app,
    "rule": rule_app,
    "bench": bench_app,
}


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"flickboard {VERSION}")
        raise typer.Exit()


@app.callback()
def front(
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version, help="Print the version."
    ),
) -> None:
    """Crokinole and table shuffleboard by the book."""


@app.command()
def version() -> None:
    """Print the flickboard version."""
    typer.echo(VERSION)


def main() -> None:
    """Run the command line; a command whose extra is not installed says which to install."""
    try:
        app()
    except ImportError as exc:
        words = sys.argv[1:3] if sys.argv[1:2] and sys.argv[1] in _GROUPS else sys.argv[1:2]
        message = missing_extra(exc, " ".join(["flickboard", *words]))
        if message is None:
            raise
        typer.echo(f"error: {message}", err=True)
        raise SystemExit(2) from None

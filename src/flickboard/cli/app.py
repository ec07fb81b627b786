"""Entry point of the ``flickboard`` command.

Command groups shared by several games (``score``, ``match``, ``replay``, ``rule``,
``bench``) are created here; each command module defines ``register(app)`` and adds its
commands to the top level or to a group. Command modules load lazily: :data:`LAZY_COMMANDS` names each
command, the modules that register it and its one-line help, so ``flickboard --help``
lists every command without importing numba, SQLAlchemy or fpdf; a command's modules are
imported only when it is run (or its own help is asked for).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

import flickboard


@dataclass(frozen=True)
class Lazy:
    """A command registered on first use: the cli modules that register it, its help."""

    modules: tuple[str, ...]
    help: str


LAZY_COMMANDS: dict[str, dict[str, Lazy]] = {
    "flickboard": {
        "standings": Lazy(
            ("event",), "Standings of a results file, with the reasons behind every placing."
        ),
        "shoot": Lazy(
            ("shoot",), "Simulate one shot: print what happened, draw where every disc went."
        ),
        "event": Lazy(
            ("event", "league", "csc", "bracket"),
            "Tournaments: create events, draw rounds, enter and validate scorecards, "
            "referee corrections, shoot-outs and standings with their reasons.",
        ),
    },
    "score": {
        "shuffleboard": Lazy(
            ("shuffleboard",),
            "Score a table shuffleboard frame from weight positions (CSC rule 4).",
        ),
        "crokinole": Lazy(
            ("crokinole",), "Score a crokinole board from disc positions (prints JSON)."
        ),
    },
    "match": {
        "shuffleboard": Lazy(
            ("shuffleboard",),
            "Play a game or a best-of-three of table shuffleboard by the CSC rules at the terminal.",
        ),
        "crokinole": Lazy(
            ("crokinole",),
            "Play a whole crokinole match shot by shot (humans type shots, bots decide).",
        ),
    },
    "replay": {
        "crokinole": Lazy(
            ("crokinole",),
            "Replay a saved crokinole match record: every shot ruled again, then the result.",
        ),
    },
    "rule": {
        "crokinole": Lazy(
            ("crokinole",),
            "Rule on a shot played on a real board, entered by hand (prints JSON).",
        ),
    },
    "bench": {
        "standings": Lazy(
            ("event",),
            "Standings of a 400-player, 10-game preliminary plus pools v a naive baseline.",
        ),
        "physics": Lazy(
            ("bench_physics",),
            "Median time per shot: exact engine v pymunk at 240 Hz and 1 kHz (same scenes).",
        ),
        "ai": Lazy(
            ("bench_ai",),
            "Open-20 (or three-zone) rates by level, takeouts, paired games, decision times.",
        ),
    },
}
"""Group name -> command name -> how to load it (help text as the command's own)."""

COMMAND_MODULES: tuple[str, ...] = tuple(
    dict.fromkeys(m for group in LAZY_COMMANDS.values() for c in group.values() for m in c.modules)
)
"""Modules of flickboard.cli that define ``register(app)``; each adds its commands."""

_registered: set[str] = set()


class Placeholder(TyperCommand):
    """Stands in a group's command list for a command whose module is not loaded yet."""


class LazyGroup(TyperGroup):
    """A command group that loads a command's modules only when the command is run."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, lazy in LAZY_COMMANDS.get(self.name or "", {}).items():
            if name not in self.commands:
                self.commands[name] = Placeholder(name, help=lazy.help)

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


app = typer.Typer(
    name="flickboard",
    help="Crokinole and table shuffleboard by the book.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=LazyGroup,
)
score_app = typer.Typer(
    help="Score a board or table from disc positions.", no_args_is_help=True, cls=LazyGroup
)
match_app = typer.Typer(
    help="Play a whole match at the terminal.", no_args_is_help=True, cls=LazyGroup
)
replay_app = typer.Typer(
    help="Replay a saved game record: every shot ruled again.", no_args_is_help=True, cls=LazyGroup
)
rule_app = typer.Typer(
    help="Rule on a shot played on a real board or table, entered by hand.",
    no_args_is_help=True,
    cls=LazyGroup,
)
bench_app = typer.Typer(
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


@app.command()
def version() -> None:
    """Print the flickboard version."""
    typer.echo(flickboard.__version__)


def main() -> None:
    """Run the command line."""
    app()

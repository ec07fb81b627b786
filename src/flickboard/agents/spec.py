"""Players by name: ``bot``, ``random``, ``ai:competitive``, ``ai:planner:champion``,
``ai:search``...

One parser for every place a player is named (match CLIs, benches, the web, the front
door's ``fb.player``). AI grammar: ``ai[:KIND][:LEVEL]`` with KIND one of heuristic,
planner (the default), search, and LEVEL one of the skill levels (default competitive;
:data:`flickboard.play.noise.ALIASES` takes the former names too), in either order.
``bot`` is the game's simple built-in player; ``random`` plays random legal shots.
"""

from __future__ import annotations

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner
from flickboard.agents.random_player import RandomPlayer
from flickboard.agents.search import SearchPlayer
from flickboard.agents.tactics import tactics_for
from flickboard.errors import InvalidInput
from flickboard.play.kind import GameKind, game_kind
from flickboard.play.noise import LEVELS, check_level, level_help
from flickboard.play.view import Player

SIMPLE = ("bot", "random")
"""Players named without ``ai``."""

KINDS: tuple[str, ...] = ("heuristic", "planner", "search")
"""Kinds of AI player, weakest first."""

DEFAULT_KIND = "planner"
DEFAULT_LEVEL = "competitive"


def is_ai_spec(spec: str) -> bool:
    """Whether ``spec`` names an AI player (starts with ``ai``)."""
    text = spec.strip().lower()
    return text == "ai" or text.startswith("ai:")


def parse_spec(spec: str) -> tuple[str, str]:
    """The kind and level named by an AI spec; raises :class:`InvalidInput`."""
    if not is_ai_spec(spec):
        raise InvalidInput(
            f"{spec!r} is not a player: use human, bot, random or an AI such as ai:competitive or "
            "ai:search:champion"
        )
    parts = [p for p in spec.strip().lower().split(":")[1:]]
    kind, level = DEFAULT_KIND, DEFAULT_LEVEL
    seen_kind = seen_level = False
    for part in parts:
        if part in KINDS and not seen_kind:
            kind, seen_kind = part, True
        elif _level(part) and not seen_level:
            level, seen_level = check_level(part), True
        else:
            raise InvalidInput(
                f"bad AI player {spec!r}: {part!r} is not a kind ({', '.join(KINDS)}) "
                f"or a level ({level_help()}), or is given twice"
            )
    return kind, level


def _level(text: str) -> bool:
    """Whether ``text`` names a level (or a former name of one)."""
    try:
        return check_level(text) in LEVELS
    except InvalidInput:
        return False


def is_player_spec(spec: str) -> bool:
    """Whether ``spec`` names a player this module makes (bot, random or an AI)."""
    return spec.strip().lower() in SIMPLE or is_ai_spec(spec)


def player_from_spec(
    spec: str, game: str | GameKind, seed: int = 0, name: str | None = None
) -> Player:
    """The player a spec names, for a game, with a seed for its decisions and noise."""
    kind = game_kind(game)
    text = spec.strip().lower()
    if text == "bot":
        return tactics_for(kind.name).bot(name or "bot", seed)
    if text == "random":
        return RandomPlayer(name or "random", seed)
    ai, level = parse_spec(spec)
    tactics_for(kind.name)  # the AI plays this game
    label = name or f"ai:{ai}:{level}"
    if ai == "heuristic":
        return HeuristicPlayer(level, seed, name=label)
    if ai == "search":
        return SearchPlayer(level, seed, name=label)
    return Planner(level, seed, name=label)

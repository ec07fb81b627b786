"""AI players by name: ``ai:club``, ``ai:world``, ``ai:planner:club``, ``ai:search``...

One parser for every place a player is named (match CLIs, benches, the web).
Grammar: ``ai[:KIND][:LEVEL]`` with KIND one of heuristic, planner (the default),
search, and LEVEL one of the skill levels (default club), in either order.
"""

from __future__ import annotations

from flickboard.agents.base import Player
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.noise import LEVELS, check_game
from flickboard.agents.planner import Planner
from flickboard.agents.search import SearchPlayer
from flickboard.errors import InvalidInput

KINDS: tuple[str, ...] = ("heuristic", "planner", "search")
"""Kinds of AI player, weakest first."""

DEFAULT_KIND = "planner"
DEFAULT_LEVEL = "club"


def is_ai_spec(spec: str) -> bool:
    """Whether ``spec`` names an AI player (starts with ``ai``)."""
    text = spec.strip().lower()
    return text == "ai" or text.startswith("ai:")


def parse_spec(spec: str) -> tuple[str, str]:
    """The kind and level named by an AI spec; raises :class:`InvalidInput`."""
    if not is_ai_spec(spec):
        raise InvalidInput(
            f"{spec!r} is not a player: use human, bot or an AI such as ai:club or ai:search:world"
        )
    parts = [p for p in spec.strip().lower().split(":")[1:]]
    kind, level = DEFAULT_KIND, DEFAULT_LEVEL
    seen_kind = seen_level = False
    for part in parts:
        if part in KINDS and not seen_kind:
            kind, seen_kind = part, True
        elif part in LEVELS and not seen_level:
            level, seen_level = part, True
        else:
            raise InvalidInput(
                f"bad AI player {spec!r}: {part!r} is not a kind ({', '.join(KINDS)}) "
                f"or a level ({', '.join(LEVELS)}), or is given twice"
            )
    return kind, level


def player_from_spec(spec: str, game: str, seed: int = 0, name: str | None = None) -> Player:
    """The AI player a spec names, for a game, with a seed for its decisions and noise."""
    check_game(game)
    kind, level = parse_spec(spec)
    label = name or f"ai:{kind}:{level}"
    if kind == "heuristic":
        return HeuristicPlayer(level, seed, label)
    if kind == "search":
        return SearchPlayer(level, seed, name=label)
    return Planner(level, seed, name=label)

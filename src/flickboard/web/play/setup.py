"""The lobby: which games, rule sets, options and formats there are, and a new match.

What a game offers is asked of its game kind, never written down per game here: its
rule sets and players come from the kind, and whether it can be timed, played to a
target, or played as a match or a best of three is found by asking the kind for such a
match (a kind refuses what its rules do not have). Only the labels of the rule sets'
options are the lobby's own words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flickboard.agents.spec import KINDS as AI_KINDS
from flickboard.agents.spec import parse_spec
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry.svg import SIDE_COLOURS
from flickboard.play.kind import GameKind, game_kind, game_kinds
from flickboard.play.match import Match
from flickboard.play.noise import LEVELS, TIERS, check_level, level_help
from flickboard.rules.crokinole.options import CATEGORIES
from flickboard.web.play.models import GameIn, NewGame

RULE_TITLES = {
    "wcc": "World Crokinole Championship (WCC)",
    "nca": "National Crokinole Association (NCA)",
    "depot": "Crokinole Depot",
    "fair": "Fair rules",
    "csc": "Canadian Shuffleboard Congress (CSC)",
}
"""How the lobby names each rule set."""

RULE_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "wcc": [
        {
            "name": "category",
            "label": "Category (discs per round)",
            "type": "select",
            "choices": list(CATEGORIES),
            "default": "adult",
        }
    ],
    "depot": [
        {"name": "direct_hit", "label": "Direct hit only (7a)", "type": "bool", "default": False},
        {
            "name": "outer_line_in_play",
            "label": "Outer line in play (7b)",
            "type": "bool",
            "default": False,
        },
        {
            "name": "free_order",
            "label": "Doubles partners in any order (7c)",
            "type": "bool",
            "default": False,
        },
        {
            "name": "free_for_all",
            "label": "3-4 player free-for-all (7d)",
            "type": "bool",
            "default": False,
        },
        {
            "name": "scoring",
            "label": "Scoring",
            "type": "select",
            "choices": ["tournament", "conventional"],
            "default": "tournament",
        },
        {"name": "target", "label": "Target (conventional)", "type": "int", "default": 100},
    ],
}
"""The options of each rule set as the lobby offers them (the referee checks values)."""


def _accepts(kind: GameKind, **setup: Any) -> bool:
    try:
        kind.new_match(**setup)
    except FlickboardError:
        return False
    return True


@cache
def catalogue() -> dict[str, Any]:
    """Every game with its rule sets, options, players and formats; the AI kinds and
    the skill levels (for the lobby)."""
    games = []
    for kind in game_kinds():
        low, high = kind.speed_range()
        games.append(
            {
                "name": kind.name,
                "title": kind.title,
                "piece": kind.piece,
                "round_word": kind.round_word,
                "side_names": list(kind.side_names),
                "colours": list(SIDE_COLOURS[: len(kind.side_names)]),
                "players": list(kind.players),
                "rule_sets": [
                    {
                        "name": name,
                        "title": RULE_TITLES.get(name, name.upper()),
                        "options": RULE_OPTIONS.get(name, []),
                    }
                    for name in kind.rule_sets
                ],
                "formats": {
                    "match": _accepts(kind, games=2),
                    "best_of_three": _accepts(kind, best_of_three=True),
                    "timed": _accepts(kind, time_shots=4),
                    "target": _accepts(kind, target=15),
                },
                "speed_range": [low, high],
            }
        )
    return {"games": games, "ai_kinds": list(AI_KINDS), "levels": list(LEVELS), "tiers": TIERS}


def start_match(setup: GameIn, seed: int = 0) -> Match:
    """The match a lobby setup asks for; :class:`InvalidInput` (or the rules' refusal)
    in the game's words."""
    kind = game_kind(setup.game)
    return kind.new_match(
        setup.rules,
        players=setup.players,
        teams=setup.teams if setup.players == 4 else None,
        games=setup.games,
        best_of_three=setup.best_of_three,
        time_shots=setup.time_shots,
        time_seconds=None if setup.time_minutes is None else setup.time_minutes * 60,
        target=setup.target,
        options=setup.options,
        seed=seed,
    )


def seating(match: Match) -> list[dict[str, Any]]:
    """The seats in listing order with their side and colour."""
    names = match.kind.side_names
    return [
        {
            "seat": seat,
            "side": match.side_of(seat),
            "colour": names[match.side_of(seat)],
            "hex": SIDE_COLOURS[match.side_of(seat) % len(SIDE_COLOURS)],
        }
        for seat in match.seats
    ]


def check_new_game(request: NewGame, match: Match) -> None:
    """Refuse a seat list that does not fit the match, an unknown AI or level."""
    if len(request.seats) != len(match.seats):
        raise InvalidInput(
            f"this game has {len(match.seats)} seats; {len(request.seats)} players were given"
        )
    for seat in request.seats:
        if seat.player == "ai":
            parse_spec(seat.ai)
    if request.real_board and any(seat.player != "here" for seat in request.seats):
        raise InvalidInput(
            "a game on a real board is entered at one screen: every seat is played here"
        )
    if request.real_board and request.realistic is not None:
        raise InvalidInput("a game on a real board has no realistic mode: its hands are real")
    if request.realistic is not None:
        try:
            check_level(request.realistic)
        except InvalidInput:
            raise InvalidInput(
                f"realistic mode needs a skill level ({level_help()}), not {request.realistic!r}"
            ) from None

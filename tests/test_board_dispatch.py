"""Boards own their behaviour: no shared module asks which board or game it holds.

Only ``geometry/`` may test a board's class, and only one-game files (a game's name in
the file's path) may compare a game or board kind with a game's name, in Python or in
the table's JavaScript (docs/layers.md "Boards answer for themselves").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "flickboard"
GAMES = ("crokinole", "shuffleboard")

BOARD_ISINSTANCE = re.compile(r"isinstance\(.*(CrokinoleBoard|ShuffleboardTable)")
GAME_COMPARISON = re.compile(
    r"""(\b(game|kind)\s*(===?|!==?)\s*["'](crokinole|shuffleboard)["'])"""
    r"""|(["'](crokinole|shuffleboard)["']\s*(===?|!==?)\s*[\w.]*\b(game|kind)\b)"""
)


def _hits(
    pattern: re.Pattern[str], suffixes: tuple[str, ...], allowed: Callable[[Path], bool]
) -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in suffixes or allowed(path.relative_to(SRC)):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    return found


def _one_game(path: Path) -> bool:
    return any(game in part for part in path.parts for game in GAMES)


def test_no_board_isinstance_outside_geometry() -> None:
    outside = _hits(BOARD_ISINSTANCE, (".py",), lambda p: p.parts[0] == "geometry")
    assert outside == [], "ask the board (geometry.Board) instead:\n" + "\n".join(outside)


def test_no_game_name_comparison_outside_one_game_files_in_python() -> None:
    found = _hits(GAME_COMPARISON, (".py",), _one_game)
    assert found == [], "let the board or game kind answer instead:\n" + "\n".join(found)


def test_no_game_name_comparison_outside_one_game_files_in_javascript() -> None:
    found = _hits(GAME_COMPARISON, (".js",), _one_game)
    assert found == [], "choose the board's module by its kind instead:\n" + "\n".join(found)


def test_the_patterns_catch_what_they_forbid() -> None:
    assert BOARD_ISINSTANCE.search("if isinstance(layout.board, CrokinoleBoard):")
    assert GAME_COMPARISON.search('if (figures.kind === "crokinole") {')
    assert GAME_COMPARISON.search('table = A if game == "crokinole" else B')
    assert GAME_COMPARISON.search('if record.game != "crokinole":')
    assert not GAME_COMPARISON.search("if r.game == ended[-1].game")

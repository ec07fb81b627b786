"""Boards own their behaviour: no shared module asks which board or game it holds.

Only ``geometry/`` may test a board's class, and only one-game files (a game's name in
the file's path) may name a game to choose what to do: in Python the syntax tree is
checked for ``isinstance`` of any one-game class, comparisons with a game's name,
``Literal`` types of game names and dicts keyed by them; in the table's JavaScript, for
comparisons (docs/layers.md "Boards answer for themselves").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

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


NOT_YET: dict[str, str] = {
    "play/tableplay.py": "the compiled tables' dispatch on setup.game (a code, not a name)",
}
"""Files the syntax check leaves for now, and why."""


def _game_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAMES


def _names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Tuple):
        return [n for e in node.elts for n in _names(e)]
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    return []


def game_branches(tree: ast.AST, one_game_classes: set[str], boards_ok: bool) -> Iterator[ast.AST]:
    """Nodes of ``tree`` that choose by game: ``isinstance``/``issubclass`` of a one-game
    class (board classes allowed where ``boards_ok``), a comparison with a game's name, a
    ``Literal`` of game names, a dict keyed by one, a ``case`` on one."""
    boards = {"CrokinoleBoard", "ShuffleboardTable"}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            tested = set(_names(node.args[1])) & one_game_classes
            if tested - (boards if boards_ok else set()):
                yield node
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(
                _game_name(side)
                or (
                    isinstance(side, (ast.Tuple, ast.List, ast.Set))
                    and any(map(_game_name, side.elts))
                )
                for side in sides
            ):
                yield node
        elif isinstance(node, ast.Subscript) and _names(node.value) == ["Literal"]:
            if any(_game_name(n) for n in ast.walk(node.slice)):
                yield node
        elif (
            isinstance(node, ast.Dict) and any(k is not None and _game_name(k) for k in node.keys)
        ) or (isinstance(node, ast.MatchValue) and _game_name(node.value)):
            yield node


def _one_game_classes() -> set[str]:
    return {
        node.name
        for path in SRC.rglob("*.py")
        if _one_game(path.relative_to(SRC))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    } | {"CrokinoleBoard", "ShuffleboardTable"}


def test_no_shared_module_chooses_by_game_in_its_syntax() -> None:
    classes = _one_game_classes()
    found = []
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC)
        if _one_game(relative) or any(str(relative).startswith(p) for p in NOT_YET):
            continue
        text = path.read_text(encoding="utf-8")
        for node in game_branches(ast.parse(text), classes, relative.parts[0] == "geometry"):
            found.append(f"{relative}:{node.lineno}: {ast.get_source_segment(text, node)}")
    assert found == [], "let the game kind or the board answer instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "planted",
    [
        'if kind.name == "crokinole":\n    pass',
        'table = A if "shuffleboard" != game else B',
        'if game in ("crokinole", "shuffleboard"):\n    pass',
        "if isinstance(referee, CrokinoleReferee):\n    pass",
        "if isinstance(layout.board, (CrokinoleBoard, int)):\n    pass",
        'game: Literal["crokinole", "shuffleboard"]',
        'ANGLES = {"crokinole": 0.7, "shuffleboard": 0.08}',
        'match game:\n    case "crokinole":\n        pass',
    ],
)
def test_the_syntax_check_catches_a_planted_game_branch(planted: str) -> None:
    caught = list(game_branches(ast.parse(planted), {"CrokinoleReferee", "CrokinoleBoard"}, False))
    assert caught, planted


def test_the_syntax_check_lets_the_kind_answer() -> None:
    fine = "angle = kind.max_angle\nif r.game == ended[-1].game:\n    pass\nnames = {g: g.title() for g in GAMES}"
    assert list(game_branches(ast.parse(fine), {"CrokinoleReferee"}, False)) == []
    board_test = "isinstance(board, CrokinoleBoard)"
    assert list(game_branches(ast.parse(board_test), {"CrokinoleBoard"}, True)) == []

"""One set of level names: the tiers (novice ... champion) everywhere a level is shown.

The former names (club, expert, world) are still taken as input (``play.noise.ALIASES``)
but never shown: no template, script, help text, doc or API answer names a level by
one, outside the one sentence of a page that lists them as aliases."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from flickboard.cli.app import app, register_all
from flickboard.play.noise import ALIASES, LEVELS, check_level

ROOT = Path(__file__).resolve().parents[1]
OLD = "|".join(ALIASES)
SHOWN = re.compile(
    rf"\bai(:[a-z]+)?:({OLD})\b"  # a player spec
    rf"|\b(levels?|tiers?|default|at)[ =:]+[\"'`]?({OLD})\b(?! (events?|nights?|meetings?|formats?|cards?|games?|desks?|results?)\b)"
    rf"|[\"'`]({OLD})[\"'`]"  # a level as a value
    rf"|\bwas ({OLD})\b|\b({OLD}) level\b|\bnovice to `?({OLD})\b|\bworld[- ]class\b"
    rf"|\b(competitive|champion) \(({OLD})\)",
    re.IGNORECASE,
)
"""A former name where a level is meant (not a club event, nor the World championship)."""


def _shown(text: str) -> list[str]:
    """The former names shown in ``text``, outside a sentence that lists them as aliases."""
    text = "\n".join(line for line in text.splitlines() if "ALIASES" not in line)
    sentences = re.split(r"(?<=[.;:])\s+|\n\s*\n", text)
    kept = [s for s in sentences if "former name" not in s]
    return [m.group(0) for s in kept for m in SHOWN.finditer(s)]


def _files() -> Iterator[Path]:
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").glob("*.md"))
    for pattern in ("*.py", "*.html", "*.js"):
        yield from sorted((ROOT / "src" / "flickboard").rglob(pattern))


def test_the_former_names_are_still_taken_as_input() -> None:
    assert {check_level(old) for old in ALIASES} == set(ALIASES.values()) <= set(LEVELS)


def test_the_guard_sees_a_former_name_shown_and_not_a_club_event() -> None:
    assert _shown('<option value="club">club</option>') == ['"club"']
    assert _shown("Reviewed at expert.") == ["at expert"]
    assert _shown("players from novice to world") == ["novice to world"]
    assert _shown("opponents up to world class") == ["world class"]
    assert _shown("Club night at club events of the World Crokinole Championship.") == []
    assert _shown("The former names club, expert and world still work.") == []


@pytest.mark.parametrize("path", list(_files()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_script_or_doc_shows_a_former_level_name(path: Path) -> None:
    assert _shown(path.read_text(encoding="utf-8")) == []


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command's words, groups' subcommands included (typer's click may be its own:
    a group is what lists commands)."""
    yield path
    if hasattr(command, "list_commands"):
        context = type(command).context_class(command)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None and not sub.hidden:
                yield from _commands(sub, (*path, name))


def _broken_early(page: str, width: int) -> list[str]:
    """Lines of a help page's prose (outside its boxes) that end although the next line's
    first word would have fitted: a sentence broken where the docstring's source broke."""
    lines = [line.rstrip() for line in page.splitlines()]
    prose = [line if line and line.lstrip()[:1] not in "│╭╰" else "" for line in lines]
    return [
        line
        for line, after in itertools.pairwise(prose)
        if line and after and len(line) + 1 + len(after.split()[0]) < width - 2
    ]


def test_no_help_text_shows_a_former_level_name_markup_or_a_broken_sentence() -> None:
    register_all()
    runner = CliRunner()
    pages = 0
    for path in _commands(typer.main.get_command(app)):
        done = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "80"})
        assert done.exit_code == 0, (path, done.output)
        assert _shown(done.output) == [], path
        assert "``" not in done.output and ":func:" not in done.output, path  # no markup
        assert _broken_early(done.output, 80) == [], path
        pages += 1
    assert pages > 80


def test_the_lobby_and_the_review_offer_the_tiers_by_their_names() -> None:
    from flickboard.web.play.models import ReviewIn
    from flickboard.web.play.setup import catalogue

    assert _shown(repr(catalogue())) == []
    assert ReviewIn(seat=0).level == "competitive"
    assert ReviewIn(seat=0, level="expert").level == "top-competitive"  # taken, not shown

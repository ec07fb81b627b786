"""One event-format interface (issue 28): the desk does not ask which format it holds.
Code outside the formats' own modules does not compare the format string; the web's
club pages, standings and API go through the club desks' registry. The files that still
compare it (the crokinole formats, not yet moved behind the interface) are listed with
how often: they may only do it less, and no other file may start."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "flickboard"

COMPARISON = re.compile(
    r"""\bformat\s*(==|!=)|\bformat\s+(not\s+)?in\s+[("'A-Z{\[]|format\.startswith|\bCLUB_FORMATS\b"""
)
"""A comparison of an event's format string (``ev.format == "..."``,
``info.format.startswith("league-")``, ``fmt in CLUB_FORMATS`` ...)."""

FORMAT_MODULES = {
    "events/eventfile.py",  # the event file's formats themselves
    "store/service.py",  # the club desks' registry (format -> desk)
    "store/club.py",  # the club formats' shared desk
    "store/csc.py",
    "store/league.py",
    "store/bracket.py",
}
"""The formats' own modules."""

LEFT = {
    "store/desk.py": 18,
    "store/events.py": 1,
    "web/desk/pages.py": 3,
    "web/desk/views.py": 1,
    "web/templates/desk/manage.html": 5,
    "web/templates/desk/score.html": 1,
    "web/templates/desk/enter.html": 1,
    "events/paper.py": 2,
    "events/exchange.py": 2,
}
"""Comparisons still made outside the formats' modules (the crokinole formats)."""


def _found() -> dict[str, int]:
    out: dict[str, int] = {}
    for path in [*SRC.rglob("*.py"), *SRC.rglob("*.html")]:
        rel = path.relative_to(SRC).as_posix()
        n = len(COMPARISON.findall(path.read_text(encoding="utf-8")))
        if n and rel not in FORMAT_MODULES:
            out[rel] = n
    return out


def test_no_format_string_compared_outside_the_formats_modules() -> None:
    found = _found()
    more = {f: n for f, n in found.items() if n > LEFT.get(f, 0)}
    assert more == {}, f"compare the format through the formats' interface instead: {more}"


def test_the_web_desk_api_asks_no_format() -> None:
    assert "web/desk/api.py" not in _found()
    assert _found().get("web/desk/views.py", 0) <= 1

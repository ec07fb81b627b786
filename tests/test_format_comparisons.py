"""One event-format interface: the desk does not ask which format it holds.
Code outside the formats' own modules does not compare the format string: the crokinole
formats are asked through their registry (``flickboard.events.formats``), the club
formats through the club desks' registry (``Stores.club_desk``)."""

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
    "play/cmn.py",  # a CMN match's own format (singles or doubles), not an event's
}
"""The formats' own modules (and every module of the crokinole formats' registry,
``events/formats/``)."""


def _found() -> dict[str, int]:
    out: dict[str, int] = {}
    for path in [*SRC.rglob("*.py"), *SRC.rglob("*.html")]:
        rel = path.relative_to(SRC).as_posix()
        n = len(COMPARISON.findall(path.read_text(encoding="utf-8")))
        if n and rel not in FORMAT_MODULES and not rel.startswith("events/formats/"):
            out[rel] = n
    return out


def test_no_format_string_compared_outside_the_formats_modules() -> None:
    found = _found()
    assert found == {}, f"ask the format through the formats' interface instead: {found}"


def test_the_web_desk_api_asks_no_format() -> None:
    found = _found()
    assert "web/desk/api.py" not in found
    assert "web/desk/views.py" not in found

"""A tie is named once: a placing's reasons name at most three others it is level with,
the tie line names the whole group once; and no tie is called a shoot-out, on the page
or on paper, before every game is played."""

from __future__ import annotations

import io

from pypdf import PdfReader

from flickboard.events.paper import standings_pdf
from flickboard.events.standings import (
    LEVEL_NOTE,
    SHOOT_OUT,
    preliminary_standings,
    shown_reasons,
    tie_lines,
)

from .conftest import CardFactory


def _ten_level(card: CardFactory):  # type: ignore[no-untyped-def]
    """Ten entrants: five pairs each sharing a game 4-4, no 20s: all ten level."""
    ids = [f"E{i:02d}" for i in range(10)]
    cards = [card(ids[i], ids[i + 1], 4, (0, 0), 1) for i in range(0, 10, 2)]
    names = {e: f"Name {e}" for e in ids}
    return ids, preliminary_standings(ids, cards), names


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_big_tie_is_named_once_not_on_every_line(card: CardFactory) -> None:
    ids, st, names = _ten_level(card)
    assert st.unresolved == (tuple(ids),)
    for p in st.placings:
        for reason in p.reasons:
            assert sum(e in reason for e in ids if e != p.entrant) <= 3, reason
        assert "9 others" in p.reasons[-1]
    (line,) = tie_lines(st, names, finished=True)
    assert line.startswith("Shoot-out needed among")
    assert all(line.count(names[e]) == 1 for e in ids)


def test_no_shoot_out_is_called_before_every_game_is_played(card: CardFactory) -> None:
    _, st, names = _ten_level(card)
    assert all(SHOOT_OUT in p.reasons[-1] for p in st.placings)  # what the chain says
    assert not any(SHOOT_OUT in r for p in st.placings for r in shown_reasons(p, False))
    assert tie_lines(st, names, finished=False) == (LEVEL_NOTE,)
    early = _text(standings_pdf("Open", st, names, finished=False))
    assert "shoot-out" not in early.lower() and "level on points and 20s" in early
    done = _text(standings_pdf("Open", st, names, finished=True))
    assert "Shoot-out needed among" in done

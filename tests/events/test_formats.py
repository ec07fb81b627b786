"""The crokinole formats' registry: every format of the event file has one
object there, and what it says is what the event file, desk and pages do."""

from __future__ import annotations

from functools import partial
from typing import get_args

import pytest

from flickboard.errors import InvalidInput
from flickboard.events.draw import round_robin
from flickboard.events.eventfile import ClubFormat, Format, parse_event
from flickboard.events.formats import (
    CHAMPIONSHIP,
    CLUB_FORMATS,
    FORMATS,
    PRELIMINARY,
    ROUND_OF_32,
    ROUND_ROBIN,
    club_format,
    crokinole_format,
    event_format,
    format_title,
)
from flickboard.events.standings import preliminary_standings, round_robin_standings

IDS = ["A", "B", "C", "D"]


def _event(fmt: str, n: int = 4) -> dict[str, object]:
    return {
        "name": "Open",
        "category": "adult singles",
        "format": fmt,
        "entrants": [{"id": i, "name": f"Player {i}"} for i in IDS[:n]],
    }


def test_every_event_file_format_is_in_the_registry_and_no_club_format_is() -> None:
    assert set(FORMATS) == set(get_args(Format))
    assert all(crokinole_format(f) is None for f in CLUB_FORMATS)
    assert all(event_format(f).name == f for f in FORMATS)


def test_every_club_file_format_is_in_the_registry_with_its_desk_command_and_title() -> None:
    assert set(CLUB_FORMATS) == set(get_args(ClubFormat)) and not set(CLUB_FORMATS) & set(FORMATS)
    assert all(club_format(f) is None for f in FORMATS)
    assert {f: CLUB_FORMATS[f].command for f in CLUB_FORMATS} == {
        "csc-round-robin": "csc", "league-six": "league", "league-four": "league",
        "elimination": "bracket",
    }  # fmt: skip
    assert format_title("league-six") == "CSC six-person league"
    assert format_title("round-of-32") == "Round of 32"
    assert format_title("made-up") == "made-up"


def test_an_unknown_format_is_one_clear_error() -> None:
    with pytest.raises(InvalidInput, match="'league-six' is not a crokinole format") as exc:
        event_format("league-six")
    assert "\n" not in str(exc.value)


def test_formats_drawn_at_creation_give_their_whole_draw_the_others_none() -> None:
    assert PRELIMINARY.fixed_draw(IDS) is None and ROUND_OF_32.fixed_draw(IDS) is None
    assert ROUND_ROBIN.fixed_draw(IDS) == round_robin(IDS)
    assert [d.games for d in CHAMPIONSHIP.fixed_draw(IDS[:2]) or ()] == [(("A", "B"),)] * 3
    assert parse_event(_event("round-robin")).drawn() == list(round_robin(IDS))


def test_only_the_championship_is_a_series_with_an_extra_round_and_no_shootouts() -> None:
    assert [f.name for f in FORMATS.values() if f.series] == ["championship"]
    assert CHAMPIONSHIP.rows_on_card(4) == 5 and PRELIMINARY.rows_on_card(4) == 4
    assert not CHAMPIONSHIP.shootouts and not CHAMPIONSHIP.games_chosen
    assert all(f.shootouts and f.games_chosen for f in FORMATS.values() if not f.series)


def test_the_championship_checks_its_event_file() -> None:
    with pytest.raises(InvalidInput, match="a championship match is between two entrants"):
        parse_event(_event("championship", 3))
    assert parse_event(_event("championship", 2)).games == 3


def test_cuts_come_from_a_preliminary_and_a_round_of_32_is_taken_whole() -> None:
    assert [f.name for f in FORMATS.values() if f.makes_cuts] == ["preliminary"]
    assert [f.name for f in FORMATS.values() if f.cut_taken_whole] == ["round-of-32"]
    assert [f.name for f in FORMATS.values() if f.drawn_by_round] == [
        "preliminary",
        "round-of-32",
    ]


def test_each_format_ranks_by_its_own_rule() -> None:
    """The event file's standings are its format's: a round robin by the WCC tie-break
    chain, a preliminary and a round of 32 by points and 20s (with byes)."""
    won = [{"scores": [105, 100]}] * 4
    for fmt, rank in (
        ("round-robin", round_robin_standings),
        ("preliminary", preliminary_standings),
        ("round-of-32", partial(preliminary_standings, stage="the round of 32")),
    ):
        data = _event(fmt)
        data["games"] = 3
        data["cards"] = [
            {"round": 1, "sides": [a, b], "rounds": won, "validated": {"by": b, "initials": b}}
            for a, b in (("A", "D"), ("B", "C"))
        ]
        spec = parse_event(data)
        cards = spec.to_cards()
        assert spec.standings() == rank(IDS, cards)

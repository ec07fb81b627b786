"""Sealed exports: an edited export imported as a new event cannot bring in
validated cards, nor validated cards stripped of their corrections."""

from __future__ import annotations

import json

from flickboard.events.eventfile import parse_event
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RoundScore
from flickboard.store.desk import Desk


def _played(desk: Desk) -> tuple[str, str]:
    desk.create_event(
        parse_event(
            {
                "name": "Open",
                "category": "adult singles",
                "games": 2,
                "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 5)],
            }
        )
    )
    d = desk.draw_next("Open")
    for a, b in d.games:
        desk.enter_card("Open", 1, (a, b), game_with(6, (1, 0)).rounds)
        desk.validate_card("Open", 1, b, "XY")
    a, b = d.games[0]
    desk.correct_card("Open", 1, a, "Rex", 2, RoundScore((100, 105), (0, 0)), "misread")
    return a, b


def test_an_untouched_export_imports_with_its_validations_and_corrections(desk: Desk) -> None:
    _played(desk)
    data = json.loads(desk.export("Open").model_dump_json())
    assert all(len(c["seal"]) == 64 for c in data["cards"])
    data["name"] = "Copy"
    assert desk.create_event(parse_event(data)) == []
    copy = desk.snapshot("Copy")
    assert all(c.validated is not None for c in copy.cards)
    assert desk.corrections("Copy") == desk.corrections("Open")
    assert not desk.standings("Copy").provisional


def test_an_export_stripped_of_its_corrections_imports_as_not_validated(desk: Desk) -> None:
    a, b = _played(desk)
    data = json.loads(desk.export("Open").model_dump_json())
    data["name"] = "Edited"
    edited = data["cards"][0]
    edited["rounds"][1] = edited["corrections"][0]["before"]  # the card as first marked
    edited["corrections"] = []
    notes = desk.create_event(parse_event(data))
    assert notes == [
        f"1 validated card not sealed by this database imported as not validated (the "
        f"opponent validates again): round 1: {a} v {b}"
    ]
    cards = desk.snapshot("Edited").cards
    assert cards[0].validated is None and cards[1].validated is not None
    assert desk.standings("Edited").pending == (f"round 1: {a} v {b}",)


def test_a_hand_written_validation_or_another_databases_seal_is_not_trusted(
    desk: Desk, tmp_path: object
) -> None:
    _played(desk)
    data = json.loads(desk.export("Open").model_dump_json())
    data["name"] = "Forged"
    for c in data["cards"]:
        c["seal"] = None if c["round"] == 1 and c is data["cards"][0] else "0" * 64
    notes = desk.create_event(parse_event(data))
    assert notes and notes[0].startswith("2 validated cards not sealed by this database")
    assert all(c.validated is None for c in desk.snapshot("Forged").cards)
    # the correction history is never erased: it comes in as the file gives it
    assert [c["referee"] for c in desk.corrections("Forged")] == ["Rex"]

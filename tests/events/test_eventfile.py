"""Event files (JSON/YAML): validation with clear errors, standings from results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.eventfile import load_event, parse_event

EVENT_YAML = """
name: Club night
category: Adult Singles
format: round-robin
entrants:
  - {id: "17", name: Ann Brubacher}
  - {id: "42", name: Joe Martin}
  - {id: "7", name: Lena Bauman}
cards:
  - round: 3
    sides: ["17", "42"]
    rounds:
      - {scores: [60, 40], twenties: [1, 0]}
      - {scores: [35, 35]}
      - {scores: [20, 55], twenties: [1, 2]}
      - {scores: [80, 10], twenties: [3, 0]}
    validated: {by: "42", initials: JM}
"""


def test_event_file_yaml_loads_and_ranks(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(EVENT_YAML)
    event = load_event(path)
    assert event.category == "adult singles"
    s = event.standings()
    assert s.order[0] == "17" and s.of("17").points == 5


def test_event_file_json_equivalent(tmp_path: Path) -> None:
    yaml_event = load_event(_write(tmp_path, "e.yaml", EVENT_YAML))
    path = _write(tmp_path, "e.json", yaml_event.model_dump_json())
    assert load_event(path) == yaml_event


def _write(folder: Path, name: str, text: str) -> Path:
    p = folder / name
    p.write_text(text)
    return p


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(category="speed"), "unknown category"),
        (
            lambda d: d.update(entrants=[d["entrants"][0]] * 2),
            "^event file: entrants: entrant IDs listed twice",
        ),
        (lambda d: d.pop("name"), "name: Field required"),
        (lambda d: d.update(colour="red"), "colour: Extra inputs"),
    ],
)
def test_event_file_errors_are_clear(change, message: str) -> None:  # type: ignore[no-untyped-def]
    import yaml

    data = yaml.safe_load(EVENT_YAML)
    change(data)
    with pytest.raises(InvalidInput, match=message):
        parse_event(data)


def test_event_file_bad_card_names_the_card() -> None:
    import yaml

    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"][0]["scores"] = [62, 40]
    with pytest.raises(
        InvalidInput, match=r"card 1 \(round 3, 17 v 42\): round 1: .*multiple of 5"
    ):
        parse_event(data).to_cards()
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["validated"]["by"] = "17"
    with pytest.raises(IllegalInPosition, match="only the opponent 42"):
        parse_event(data).to_cards()


def test_event_file_unreadable_or_malformed(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="cannot read"):
        load_event(tmp_path / "missing.yaml")
    with pytest.raises(InvalidInput, match="not valid JSON"):
        load_event(_write(tmp_path, "bad.json", "{"))
    assert json.loads(load_event(_write(tmp_path, "ok.yaml", EVENT_YAML)).model_dump_json())


def _results(fmt: str, cards: list[dict[str, object]], **extra: object) -> dict[str, object]:
    won = [{"scores": [105, 100]}] * 4
    return {
        "name": "Pool A",
        "category": "adult singles",
        "format": fmt,
        "games": 3,
        "entrants": [{"id": x, "name": f"Player {x}"} for x in "ABCD"],
        "cards": [
            {"round": r, "sides": [a, b], "rounds": won, "validated": {"by": b, "initials": b}}
            for r, a, b in cards
        ],
        **extra,
    }


@pytest.mark.parametrize(
    ("fmt", "cards", "message"),
    [
        # The same pair in two rounds of a round robin.
        ("round-robin", [(1, "A", "D"), (3, "D", "A")], "A and D already met in round 1"),
        # A preliminary never repeats an opponent either.
        ("preliminary", [(1, "A", "B"), (2, "B", "A")], "A and B already met in round 1"),
        ("preliminary", [(4, "A", "B")], "round 4 is beyond the 3 games of Pool A"),
        ("round-robin", [(1, "A", "B")], r"A v B is drawn in round 3, not round 1"),
        ("round-robin", [(1, "A", "D"), (1, "B", "D")], "D already plays A v D in round 1"),
    ],
)
def test_results_file_cards_checked_together(
    fmt: str, cards: list[tuple[int, str, str]], message: str
) -> None:
    with pytest.raises(IllegalInPosition, match=message):
        parse_event(_results(fmt, cards)).standings()  # type: ignore[arg-type]


def test_results_file_draws_checked() -> None:
    draws = [{"round": 1, "games": [["A", "B"], ["C", "D"]]}]
    ok = parse_event(_results("preliminary", [(1, "A", "B")], draws=draws))  # type: ignore[arg-type]
    assert ok.standings().of("A").points == 8
    with pytest.raises(IllegalInPosition, match=r"A is drawn against B in round 1, not C"):
        parse_event(_results("preliminary", [(1, "A", "C")], draws=draws)).to_cards()  # type: ignore[arg-type]
    twice = [*draws, {"round": 2, "games": [["B", "A"], ["C", "D"]]}]
    with pytest.raises(IllegalInPosition, match="draws: round 2: B and A already met in round 1"):
        parse_event(_results("preliminary", [], draws=twice)).drawn()  # type: ignore[arg-type]
    gap = [{"round": 2, "games": [["A", "B"]]}]
    with pytest.raises(InvalidInput, match="draws: round 2 listed where round 1 belongs"):
        parse_event(_results("preliminary", [], draws=gap)).drawn()  # type: ignore[arg-type]


def test_results_file_shoot_out_must_settle_a_tie() -> None:
    # A beat B and C beat D by the same score: A and C tied, B and D tied.
    data = _results("preliminary", [(1, "A", "B"), (1, "C", "D")])
    data["shootouts"] = [{"A": 4, "B": 6}]
    with pytest.raises(IllegalInPosition, match="shoot-out 1: no tie among A, B needed it"):
        parse_event(data).standings()
    data["shootouts"] = [{"A": 4, "C": 6}, {"A": 4, "C": 6}]
    with pytest.raises(IllegalInPosition, match=r"shoot-out 2: .* after the earlier shoot-outs"):
        parse_event(data).standings()
    data["shootouts"] = [{"A": 4, "C": 6}]
    assert parse_event(data).standings().order[:2] == ("C", "A")


def test_championship_file_is_two_entrants_best_of_three() -> None:
    data = _results("championship", [(1, "A", "B"), (2, "A", "B")])
    data.pop("games")
    data["entrants"] = data["entrants"][:2]  # type: ignore[index]
    event = parse_event(data)
    assert event.games == 3
    assert event.standings().of("A").reasons[0].startswith("won the championship match 2 games")
    data["entrants"] = [*data["entrants"], {"id": "C", "name": "C"}]  # type: ignore[list-item]
    with pytest.raises(InvalidInput, match="between two entrants"):
        parse_event(data)
    bad = _results("preliminary", [])
    bad["cards"] = [{"round": 1, "sides": ["A", "B"], "rounds": [{"scores": [100, 100]}] * 4,
                     "championship": True}]  # fmt: skip
    with pytest.raises(IllegalInPosition, match="belongs to a championship event"):
        parse_event(bad).to_cards()

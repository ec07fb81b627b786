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
  - round: 1
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
        (lambda d: d.update(entrants=[d["entrants"][0]] * 2), "listed twice"),
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
    with pytest.raises(InvalidInput, match=r"card 1 \(round 1, 17 v 42\): .*multiple of 5"):
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

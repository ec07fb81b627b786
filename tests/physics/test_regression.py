"""Regression shots kept as fixtures: the engine still tells the same story.

If the model changes on purpose, regenerate the fixture and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flickboard.physics import ShotRecord, simulate
from flickboard.physics.serialize import record_from_dict

FIXTURE = Path(__file__).parent / "fixtures" / "regression_shots.json"
RECORDS = [record_from_dict(data) for data in json.loads(FIXTURE.read_text())]


@pytest.mark.parametrize("stored", RECORDS, ids=lambda r: f"{len(r.events)}-events")
def test_stored_shot_replays_the_same(stored: ShotRecord) -> None:
    assert stored.shot is not None
    again = simulate(stored.layout, stored.shot, shooter=stored.shooter)
    assert [(e.kind, e.disc, e.other, e.side) for e in again.events] == [
        (e.kind, e.disc, e.other, e.side) for e in stored.events
    ]
    for a, b in zip(again.events, stored.events, strict=True):
        assert (a.time, a.x, a.y) == pytest.approx((b.time, b.x, b.y), abs=1e-9)
    for a, b in zip(again.finals, stored.finals, strict=True):
        assert a.state is b.state and (a.x, a.y) == pytest.approx((b.x, b.y), abs=1e-9)

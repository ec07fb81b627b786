"""ShotRecord queries, and records over the kernel's arrays equal to ones built from objects."""

from __future__ import annotations

import dataclasses
import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import EventKind, Layout, PlacedDisc, Shot, ShotRecord, simulate
from flickboard.physics.serialize import dumps, record_from_dict, record_to_dict


def test_events_of_a_disc_include_the_contacts_it_was_struck_in(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15), PlacedDisc(1, 0.2, 0.2)))
    record = simulate(layout, Shot(-0.25, -0.15, 0.0, 1.0))
    contact = next(e for e in record.events if e.kind is EventKind.DISC_CONTACT)
    assert (contact.disc, contact.other) == (record.shooter, 0)
    struck = list(record.events_of(0))
    assert struck[0] == contact
    assert all(e.disc == 0 for e in struck[1:]) and struck[-1].kind is EventKind.STOPPED
    assert contact in list(record.events_of(record.shooter))
    assert list(record.events_of(1)) == []
    assert record.contacts() == {frozenset((0, record.shooter))}
    assert record.moved() == {0, record.shooter}


# -- records over the kernel's arrays: the same record as one built from objects --------

FIXTURE = Path(__file__).parent / "fixtures" / "regression_shots.json"
STORED = [record_from_dict(data) for data in json.loads(FIXTURE.read_text())]


def eager(record: ShotRecord) -> ShotRecord:
    """The same record built from objects (as the hand-entry path and JSON do)."""
    return ShotRecord(
        record.layout,
        record.shot,
        record.shooter,
        tuple(record.events),
        tuple(record.finals),
        record.duration,
    )


@pytest.mark.parametrize("stored", STORED, ids=lambda r: f"{len(r.events)}-events")
def test_lazy_record_equals_the_eager_one(stored: ShotRecord) -> None:
    assert stored.shot is not None
    lazy = simulate(stored.layout, stored.shot, shooter=stored.shooter)
    fresh = simulate(stored.layout, stored.shot, shooter=stored.shooter)
    assert lazy.contacts() == eager(fresh).contacts()  # asked of the arrays, no objects
    assert lazy.moved() == eager(fresh).moved()
    made = eager(fresh)
    assert lazy == made and hash(lazy) == hash(made) and repr(lazy) == repr(made)
    assert record_to_dict(lazy) == record_to_dict(made)
    assert dumps(simulate(stored.layout, stored.shot, shooter=stored.shooter)) == dumps(made)


@pytest.mark.parametrize("stored", STORED[:3], ids=lambda r: f"{len(r.events)}-events")
def test_arrays_made_from_objects_equal_the_kernels(stored: ShotRecord) -> None:
    assert stored.shot is not None
    lazy = simulate(stored.layout, stored.shot, shooter=stored.shooter)
    ids, events, finals = lazy.arrays()
    assert ids == (*(d.id for d in stored.layout.discs), lazy.shooter)
    assert not events.flags.writeable and not finals.flags.writeable
    made = eager(lazy).arrays()
    assert made.ids == ids
    # a kernel row keeps -1 (or a code) in ``other`` for events without one
    np.testing.assert_array_equal(made.events, events)
    np.testing.assert_array_equal(made.finals, finals)


def test_a_lazy_record_pickles_and_stays_frozen(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15), PlacedDisc(1, 0.2, 0.2)))
    record = simulate(layout, Shot(-0.25, -0.15, 0.0, 1.0))
    again = pickle.loads(pickle.dumps(record))
    assert again == record and again.events == record.events
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.shooter = 5  # type: ignore[misc]


def test_a_lazy_record_replaces_a_field_as_a_dataclass_would(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15), PlacedDisc(1, 0.2, 0.2)))
    record = simulate(layout, Shot(-0.25, -0.15, 0.0, 1.0))
    fewer = record.replace(events=record.events[:1])
    assert fewer.events == record.events[:1] and fewer.finals == record.finals
    assert fewer.layout is record.layout and fewer != record
    assert record.replace() == record
    with pytest.raises(TypeError, match="no field 'speed'"):
        record.replace(speed=2.0)


def test_a_layout_is_keyed_once_and_pickles_without_its_cache(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15),))
    rows, ids = layout.kernel_rows()
    assert layout.kernel_rows()[0] is rows and ids == (0,)
    assert hash(layout) == hash((layout.board, layout.discs))
    again = pickle.loads(pickle.dumps(layout))
    assert again == layout and hash(again) == hash(layout)
    assert again._rows is None  # made again where it is used

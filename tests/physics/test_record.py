"""ShotRecord queries: a disc's events, contacts, moved discs."""

from __future__ import annotations

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import EventKind, Layout, PlacedDisc, Shot, simulate


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

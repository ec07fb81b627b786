"""The compiled referee core agrees with the Python referee decision by decision.

Seeded fuzz (flickboard.bench.rulings): positions of every kind (played-looking, first
shot, no opposing disc, discs exactly on lines, a leaner, four colours, discs at the
shooting line; shuffleboard hangers and level weights) and shots aimed at discs, at the
20 hole, wild and hard enough to leave the board, for every rule set and option.
"""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
import pytest

import flickboard
from flickboard.bench.rulings import CROKINOLE_RULE_SETS, SHUFFLEBOARD_RULE_SETS, cases
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.jit import files_hash, group_folder
from flickboard.physics import (
    DiscFinal,
    DiscState,
    Edge,
    Event,
    EventKind,
    Layout,
    PlacedDisc,
    ShotRecord,
)
from flickboard.physics.batch import simulate_batch
from flickboard.physics.jit import cache_dir
from flickboard.rules import Fate, Position, Ruling, Turn, referee
from flickboard.rules.compiled import rule_batch
from flickboard.rules.corejit import CORE_SOURCES
from flickboard.rules.crokinole import CrokinoleReferee
from flickboard.rules.crosscheck import batch_of_records, disagreements, python_rulings
from flickboard.rules.shuffleboard import GREEN, RED, table_position

PACKAGE = Path(flickboard.__file__).parent

RULE_SETS = [
    (game, row)
    for game, rows in (("crokinole", CROKINOLE_RULE_SETS), ("shuffleboard", SHUFFLEBOARD_RULE_SETS))
    for row in rows
]


@pytest.mark.parametrize(("game", "row"), RULE_SETS, ids=[row[0] for _, row in RULE_SETS])
def test_compiled_rulings_agree_with_the_python_referee(game: str, row: tuple) -> None:
    label, name, options = row
    ref = referee(name, **options)
    rng = np.random.default_rng(23)
    shots = valid = invalid = 0
    for position, turn, rows in cases(game, rng, 420, 30):
        batch = simulate_batch(
            position.layout, rows, shooter=turn.disc, records=True, keep_log=True
        )
        rulings = rule_batch(ref, position, turn, batch)
        found = disagreements(ref, turn, python_rulings(ref, position, turn, batch), rulings)
        assert not found, f"{label}: " + "; ".join(found[:5])
        shots += int(rulings.ruled.sum())
        valid += int((rulings.valid & rulings.ruled).sum())
        invalid += int((~rulings.valid & rulings.ruled).sum())
    assert shots > 300 and valid > 30 and invalid > 30


def test_the_spinning_disc_and_the_twenty_are_ruled_alike_when_they_happen() -> None:
    """The fuzz reaches the rarer branches (20s, leaners, the shooting-line rules)."""
    ref = referee("wcc")
    seen: set[str] = set()
    for position, turn, rows in cases("crokinole", np.random.default_rng(5), 3000, 100):
        batch = simulate_batch(position.layout, rows, shooter=turn.disc, keep_log=True)
        rulings = rule_batch(ref, position, turn, batch)
        seen |= {rulings.clauses[c] for c in np.unique(rulings.clause[rulings.clause >= 0])}
    assert {"wcc/twenty", "wcc/leaner", "wcc/outer-line", "wcc/out-of-bounds"} <= seen


def test_a_direct_hit_miss_puts_the_opponents_disc_back() -> None:
    """Depot 7a: the shooter bumps its own disc into an opposing one; the compiled core
    restores the opposing disc and removes the shooter's, as the Python referee does."""
    board = CrokinoleBoard.standard()
    layout = Layout(board, (PlacedDisc(0, 0.0, -0.12), PlacedDisc(1, 0.0, -0.05)))
    position = Position.of(layout, {0: 0, 1: 1})
    turn = Turn(0, 0, 2)
    r = board.rings[2].radius
    batch = simulate_batch(
        layout, [(0.0, -r, np.pi / 2, 1.2, 0.0)], shooter=2, records=True, keep_log=True
    )
    ref = referee("depot", direct_hit=True)
    rulings = rule_batch(ref, position, turn, batch)
    assert rulings.fates(0) == {0: Fate.OUT, 1: Fate.RESTORED, 2: Fate.OUT}
    assert rulings.fouls[rulings.foul[0]] == "own-disc-first"
    assert not disagreements(ref, turn, python_rulings(ref, position, turn, batch), rulings)


def test_compiled_rulings_need_the_event_log() -> None:
    board = CrokinoleBoard.standard()
    layout = Layout(board, ())
    batch = simulate_batch(layout, [(0.0, -0.3, np.pi / 2, 1.0, 0.0)], shooter=0)
    with pytest.raises(InvalidInput, match="keep_log"):
        rule_batch(referee("wcc"), Position.of(layout, {}), Turn(0, 0, 0), batch)


def test_a_rule_set_that_rules_its_own_way_is_not_ruled_by_its_base_core() -> None:
    base = referee("wcc")
    assert isinstance(base, CrokinoleReferee)

    class HouseRules(CrokinoleReferee):
        def rule(self, position: Position, turn: Turn, record: ShotRecord) -> Ruling:
            return super().rule(position, turn, record)

    house = HouseRules(base.options)
    board = CrokinoleBoard.standard()
    layout = Layout(board, ())
    batch = simulate_batch(layout, [(0.0, -0.3, np.pi / 2, 1.0, 0.0)], shooter=0, keep_log=True)
    rule_batch(base, Position.of(layout, {}), Turn(0, 0, 0), batch)
    with pytest.raises(InvalidInput, match="no compiled core"):
        rule_batch(house, Position.of(layout, {}), Turn(0, 0, 0), batch)


def _with_a_return(record: ShotRecord, rng: np.random.Generator) -> ShotRecord:
    """The record with one disc knocked off the surface and back on at a random moment,
    then (sometimes) striking a disc: what the simulator rarely or never makes."""
    events = list(record.events)
    ids = [f.id for f in record.finals]
    disc = int(rng.choice(ids))
    at = int(rng.integers(len(events) + 1))
    time = events[at - 1].time if at else 0.0
    edge = Edge.RIM if isinstance(record.layout.board, CrokinoleBoard) else Edge.LEFT
    added = [
        Event(time, EventKind.LEFT_SURFACE, disc, edge),
        Event(time, EventKind.REENTERED, disc, edge),
    ]
    others = [i for i in ids if i != disc]
    if others and rng.random() < 0.6:
        added.append(Event(time, EventKind.DISC_CONTACT, disc, int(rng.choice(others))))
    events[at:at] = added
    return record.replace(events=tuple(events))


@pytest.mark.parametrize(("game", "row"), RULE_SETS, ids=[row[0] for _, row in RULE_SETS])
def test_discs_off_the_surface_and_back_on_are_ruled_alike(game: str, row: tuple) -> None:
    """Crokinole's damage rule and CSC 4(i) / Part IV DEAD (a weight off the table and
    back on, and the weights it then moves), on records with such a return spliced in."""
    _label, name, options = row
    ref = referee(name, **options)
    rng = np.random.default_rng(41)
    clauses: set[str] = set()
    for position, turn, rows in cases(game, rng, 240, 20):
        batch = simulate_batch(position.layout, rows, shooter=turn.disc, records=True)
        assert batch.records is not None
        records = [_with_a_return(r, rng) for r in batch.records if r is not None]
        if not records:
            continue
        spliced = batch_of_records(records)
        rulings = rule_batch(ref, position, turn, spliced)
        found = disagreements(ref, turn, python_rulings(ref, position, turn, spliced), rulings)
        assert not found, "; ".join(found[:5])
        clauses |= {rulings.clauses[c] for c in np.unique(rulings.clause[rulings.clause >= 0])}
    expected = {"csc/4i-reentered", "csc/iv-dead"} if game == "shuffleboard" else {f"{name}/damage"}
    assert expected <= clauses


def test_the_core_is_cached_in_a_folder_named_after_all_its_sources(tmp_path: Path) -> None:
    """numba watches only a function's own file; the core's functions call each other
    across files, so its cache folder follows the hash of every one of them."""
    copies = []
    for source in CORE_SOURCES:
        copy = tmp_path / source.relative_to(PACKAGE)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(source.read_bytes())
        copies.append(copy)
    assert files_hash(copies) == files_hash(CORE_SOURCES)
    hypot_copy = next(c for c in copies if c.name == "pymath.py")
    hypot_copy.write_text(hypot_copy.read_text() + "\n# an edit to a function the core calls\n")
    assert files_hash(copies) != files_hash(CORE_SOURCES)
    folder = group_folder(CORE_SOURCES)
    test_a_direct_hit_miss_puts_the_opponents_disc_back()
    assert any(folder.rglob("*rule_crokinole*.nbi")), "the core was not cached there"
    assert str(cache_dir()) == numba.config.CACHE_DIR


def test_a_weight_put_back_on_a_covered_place_is_placed_alike_by_both_referees() -> None:
    """CSC 5(e) with the place taken (docs/rules.md, "A place taken"): the Python
    referee and the core put the fallen weight at the same nearest free point, with
    weights crowding its place from every side, and the position after is legal."""
    table = ShuffleboardTable.csc()
    r = table.disc.radius
    ref = referee("csc")
    rng = np.random.default_rng(7)
    place = (0.05, 4.15)
    position = table_position(
        table,
        [(RED, 0.05 - 2 * r, 4.15), (GREEN, *place), (RED, 0.05 + 1.2 * r, 4.15 + 1.7 * r)],
    )
    records = []
    for _ in range(300):
        angle, reach = rng.uniform(0, 2 * np.pi), rng.uniform(0, 2 * r)
        delivered = (place[0] + reach * np.cos(angle), place[1] + reach * np.sin(angle))
        events = (
            Event(0.0, EventKind.LINE_CLEAR, 3, 0, side=1),
            Event(1.0, EventKind.LEFT_SURFACE, 1, Edge.FAR_END),
        )
        finals = (
            DiscFinal(0, 0.05 - 2 * r, 4.15, DiscState.ON_SURFACE),
            DiscFinal(1, 0.05, table.length + 0.04, DiscState.IN_GUTTER),
            DiscFinal(2, 0.05 + 1.2 * r, 4.15 + 1.7 * r, DiscState.ON_SURFACE),
            DiscFinal(3, *delivered, DiscState.ON_SURFACE),
        )
        if all(np.hypot(delivered[0] - f.x, delivered[1] - f.y) >= 2 * r for f in finals[::2]):
            records.append(ShotRecord(position.layout, None, 3, events, finals, 2.0))
    batch = batch_of_records(records)
    turn = Turn(1, GREEN, 3)
    rulings = rule_batch(ref, position, turn, batch)
    assert rulings.ruled.all() and not rulings.impossible.any()
    python = python_rulings(ref, position, turn, batch)
    assert not disagreements(ref, turn, python, rulings)
    moved = 0
    for ruling in python:
        assert not isinstance(ruling, Exception)
        green = ruling.position_after.layout.disc(1)
        moved += (green.x, green.y) != place
    assert moved == len(records) > 20

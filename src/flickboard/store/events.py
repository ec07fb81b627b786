"""Events as a whole: delete, rename, and entrants imported from CSV. One transaction
each, serialised per event like every write."""

from __future__ import annotations

import csv
import io

from sqlalchemy import delete, func, select

from flickboard.errors import IllegalInPosition, InvalidInput, NotFound
from flickboard.events.categories import category
from flickboard.events.eventfile import PlayerSpec, TeamSpec
from flickboard.events.formats import crokinole_format
from flickboard.events.names import check_name
from flickboard.store.base import Store
from flickboard.store.models import DrawRoundRow, EntrantPlayerRow, EntrantRow, EventRow

CSV_COLUMNS = ("id", "name", "gender", "player1_id", "player1_name", "player2_id", "player2_name")
"""Columns of an entrants CSV file: ``id`` and ``name`` required, the rest optional
(``gender`` F or M; a doubles team's two players)."""


def csv_rows(text: str, what: str = "the entrants file") -> list[list[str]]:
    """The rows of CSV text, whatever its line endings (``\\n``, ``\\r\\n`` or a lone
    ``\\r``) and with a byte-order mark or not; what the csv module cannot read is
    :class:`InvalidInput` naming the line."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        return list(reader)
    except csv.Error as exc:
        raise InvalidInput(f"{what}, line {reader.line_num}: not CSV ({exc})") from None


def parse_entrants(text: str) -> list[TeamSpec]:
    """Entrants from CSV text with a header line; each row checked, errors name the
    line."""
    rows = csv_rows(text)
    if not rows:
        raise InvalidInput("the entrants file is empty")
    header = [h.strip().lower() for h in rows[0]]
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if unknown or "id" not in header or "name" not in header:
        raise InvalidInput(
            f"entrants file header must name id and name (optional: "
            f"{', '.join(CSV_COLUMNS[2:])}); got {', '.join(header)}"
        )
    out: list[TeamSpec] = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InvalidInput(f"line {line}: {len(row)} cells, the header has {len(header)}")
        cell = dict(zip(header, (c.strip() for c in row), strict=True))
        try:
            players = [
                PlayerSpec(id=cell[f"player{k}_id"], name=cell[f"player{k}_name"])
                for k in (1, 2)
                if cell.get(f"player{k}_id")
            ]
            out.append(
                TeamSpec(
                    id=cell["id"],
                    name=cell["name"],
                    gender=cell.get("gender") or None,  # type: ignore[arg-type]
                    players=players,
                )
            )
        except ValueError as exc:
            first = str(exc).splitlines()
            raise InvalidInput(f"line {line}: {' '.join(first[1:3]) or first[0]}") from None
    return out


class EventAdmin(Store):
    """Whole-event actions."""

    def delete(self, name: str) -> None:
        """Delete an event and everything in it (events made from it stay, unlinked)."""
        with self._write() as s:
            self._lock(s, name)
            if s.scalar(select(EventRow.id).where(EventRow.name == name)) is None:
                raise NotFound(f"no event called {name!r}")
            s.execute(delete(EventRow).where(EventRow.name == name))

    def rename(self, name: str, new: str) -> None:
        """Give an event a new name (unique among all events)."""
        new = check_name(new, "an event name")
        with self._write() as s:
            self._lock(s, name)
            ev = s.scalar(select(EventRow).where(EventRow.name == name))
            if ev is None:
                raise NotFound(f"no event called {name!r}")
            if s.scalar(select(EventRow.id).where(EventRow.name == new)) is not None:
                raise IllegalInPosition(f"an event called {new!r} already exists")
            ev.name = new
            s.info["changed"][new] = s.info["changed"].pop(name)

    def import_entrants(self, name: str, text: str) -> int:
        """Add the entrants of a CSV file to a preliminary not drawn yet; how many."""
        found = parse_entrants(text)
        with self._write() as s:
            self._lock(s, name)
            ev = s.scalar(select(EventRow).where(EventRow.name == name))
            if ev is None:
                raise NotFound(f"no event called {name!r}")
            fmt = crokinole_format(ev.format)
            if fmt is None or not fmt.drawn_by_round:
                raise IllegalInPosition(
                    f"{name} is a {ev.format}: its entrants are fixed with its draw at creation"
                )
            drawn = s.scalar(select(func.count()).where(DrawRoundRow.event_id == ev.id))
            if drawn:
                raise IllegalInPosition(f"{name} is drawn: entrants are added before round 1")
            have = {e.code for e in ev.entrants}
            twice = sorted(
                {t.id for t in found if t.id in have or [u.id for u in found].count(t.id) > 1}
            )
            if twice:
                raise IllegalInPosition(
                    f"entrant IDs already in {name} or listed twice: {', '.join(twice)}"
                )
            if ev.category is not None:
                per = category(ev.category).players_per_side
                for t in found:
                    if t.players and len(t.players) != per:
                        raise InvalidInput(
                            f"entrant {t.id} lists {len(t.players)} players; a side in "
                            f"{ev.category} has {per}"
                        )
            start = len(ev.entrants)
            for i, t in enumerate(found):
                row = EntrantRow(
                    event_id=ev.id, position=start + i, code=t.id, name=t.name, gender=t.gender
                )
                row.players = [
                    EntrantPlayerRow(position=j, code=p.id, name=p.name, gender=p.gender)
                    for j, p in enumerate(t.players)
                ]
                s.add(row)
            return len(found)

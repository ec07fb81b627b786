"""Standings out as CSV (printouts: :mod:`flickboard.events.paper`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence

from flickboard.events.standings import Standings, shown_reasons

CSV_COLUMNS = ("place", "id", "name", "points", "twenties", "games", "tied", "reasons")
"""Columns of the standings CSV, in order."""


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is read as a formula by spreadsheets."""


def csv_cell(value: object) -> object:
    """A value as a CSV cell: True/False as yes/no, numbers as they are, and text that
    a spreadsheet would run as a formula (``=HYPERLINK(...)``, ``+``, ``-``, ``@``)
    escaped with a leading apostrophe (OWASP CSV injection).

    >>> csv_cell("=HYPERLINK(1)"), csv_cell(-3), csv_cell(True)
    ("'=HYPERLINK(1)", -3, 'yes')
    """
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def table_csv(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text: the header, then a line per row, every cell through :func:`csv_cell`.
    The one CSV writer of every standings file."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(columns)
    for row in rows:
        w.writerow([csv_cell(v) for v in row])
    return out.getvalue()


def records_csv(records: Sequence[Mapping[str, object]]) -> str:
    """Rows given as mappings with the same keys (the ``--json`` rows of a command),
    the keys as the header."""
    columns = list(records[0]) if records else []
    return table_csv(columns, ([r[c] for c in columns] for r in records))


def standings_csv(standings: Standings, names: Mapping[str, str], finished: bool = True) -> str:
    """One row per placing; ``reasons`` joined with " | ", as the pages and the PDF
    show them: no tie is a shoot-out until every game is played (``finished``)."""
    return table_csv(
        CSV_COLUMNS,
        (
            (
                p.place,
                p.entrant,
                names.get(p.entrant, ""),
                p.points,
                p.twenties,
                p.games,
                p.tied,
                " | ".join(shown_reasons(p, finished)),
            )
            for p in standings.placings
        ),
    )

"""Standings and scorecards out: CSV, and printable PDF (fpdf2)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from flickboard.events.eventfile import EventFile
from flickboard.events.scorecard import RoundOutcome, round_text
from flickboard.events.standings import Standings

if TYPE_CHECKING:
    from fpdf import FPDF

CSV_COLUMNS = ("place", "id", "name", "points", "twenties", "games", "tied", "reasons")
"""Columns of the standings CSV, in order."""


def table_csv(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text: the header, then a line per row; True/False are written yes/no. The
    one CSV writer of every standings file."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(columns)
    for row in rows:
        w.writerow(["yes" if v is True else "no" if v is False else v for v in row])
    return out.getvalue()


def records_csv(records: Sequence[Mapping[str, object]]) -> str:
    """Rows given as mappings with the same keys (the ``--json`` rows of a command),
    the keys as the header."""
    columns = list(records[0]) if records else []
    return table_csv(columns, ([r[c] for c in columns] for r in records))


def standings_csv(standings: Standings, names: Mapping[str, str]) -> str:
    """One row per placing; ``reasons`` joined with " | "."""
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
                " | ".join(p.reasons),
            )
            for p in standings.placings
        ),
    )


def _latin(text: str) -> str:
    """PDF core fonts are Latin-1: anything else becomes '?'."""
    return text.encode("latin-1", "replace").decode("latin-1")


def _pdf(compress: bool) -> FPDF:
    from fpdf import FPDF  # about 1 s to import: only when a PDF is written

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_compression(compress)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    return pdf


def standings_pdf(
    title: str, standings: Standings, names: Mapping[str, str], *, compress: bool = True
) -> bytes:
    """A printable standings sheet: place, name, points, 20s, and the reasons."""
    pdf = _pdf(compress)
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 10, _latin(f"Standings - {title}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 9)
    for text, width in (("Place", 14), ("ID", 18), ("Name", 60), ("Pts", 14), ("20s", 14)):
        pdf.cell(width, 7, text, border=1)
    pdf.ln()
    for p in standings.placings:
        pdf.set_font("Helvetica", "", 9)
        place = f"{p.place}{'=' if p.tied else ''}"
        for text, width in (
            (place, 14),
            (p.entrant, 18),
            (names.get(p.entrant, ""), 60),
            (str(p.points), 14),
            (str(p.twenties), 14),
        ):
            pdf.cell(width, 6, _latin(text), border=1)
        pdf.ln()
        pdf.set_font("Helvetica", "I", 7)
        pdf.multi_cell(0, 4, _latin("; ".join(p.reasons[1:])) or " ", new_x="LMARGIN")
    return bytes(pdf.output())


def _round_cell(r: RoundOutcome, side: int) -> str:
    """A side's round on a printed card: ``45 (1)``; a results-only round without
    scores says ``won``, ``lost`` or ``tied``, and ``?`` stands for 20s not recorded."""
    if r.scores is not None:
        head = str(r.scores[side])
    else:
        head = "tied" if r.winner is None else "won" if r.winner == side else "lost"
    return f"{head} ({'?' if r.twenties is None else r.twenties[side]})"


def scorecards_pdf(event: EventFile, *, compress: bool = True) -> bytes:
    """Printable scorecards: each game's rounds, points and 20s, totals, the opponent's
    validation (ID and initials) and every referee correction with its initials. A
    results-only card is marked as such."""
    pdf = _pdf(compress)
    names = event.names
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 10, _latin(f"{event.name} - {event.category}"), new_x="LMARGIN", new_y="NEXT")
    for card in event.to_cards():
        pdf.set_font("Helvetica", "B", 10)
        head = f"Round {card.draw_round}: " + " v ".join(f"{names[s]} (#{s})" for s in card.sides)
        pdf.cell(0, 7, _latin(head), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 9)
        totals, twenties = card.totals, card.twenties
        for label, cells in (
            ("", [f"R{i + 1}" for i in range(len(card.rounds))] + ["Total", "Pts", "20s"]),
            *(
                (
                    names[who],
                    [_round_cell(r, s) for r in card.rounds]
                    + [
                        "-" if totals is None else str(totals[s]),
                        str(card.points[s]),
                        "?" if twenties is None else str(twenties[s]),
                    ],
                )
                for s, who in enumerate(card.sides)
            ),
        ):
            pdf.cell(50, 6, _latin(label), border=1)
            for c in cells:
                pdf.cell(18, 6, _latin(c), border=1)
            pdf.ln()
        v = card.validation
        note = f"Validated by #{v.opponent_id} ({v.initials})" if v else "NOT VALIDATED"
        if card.results_only:
            note += "; results only: what was not recorded is shown as - or ?"
        pdf.cell(0, 6, _latin(note), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "I", 8)
        for fix in card.corrections:
            line = (
                f"Corrected R{fix.round_index + 1}, initialled by referee {fix.referee}: "
                f"{round_text(fix.before)} -> {round_text(fix.after)} ({fix.reason})"
            )
            pdf.multi_cell(0, 5, _latin(line), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    return bytes(pdf.output())

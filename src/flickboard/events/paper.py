"""Paper for the desk (fpdf2): standings with a header on every page, filled scorecards
with their corrections, and blank WCC scorecards for every game of a drawn round.

Text is set in DejaVu Sans, bundled in ``flickboard/fonts`` (embedded in each PDF, so
a fresh machine prints the same): Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew
and Arabic letters print, shaped and in reading order (fpdf2's text shaping with
HarfBuzz, ``uharfbuzz``: Arabic letters joined, right-to-left words right to left).
Chinese, Japanese and Korean are not in DejaVu: they print in a CJK font found on the
system (:data:`CJK_FONTS`, or the file in ``$FLICKBOARD_PDF_FONT``), embedded as a
fallback; without one, or for any other letter no font has, the letter prints as a
white square and the sheet ends with a note saying which font to install (the
entrant's ID is printed beside every name). Long names wrap within their column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from flickboard.events.categories import category
from flickboard.events.draw import Draw
from flickboard.events.eventfile import EventFile
from flickboard.events.scorecard import RoundOutcome, round_text
from flickboard.events.standings import Standings, shown_reasons, tie_lines

if TYPE_CHECKING:
    from fpdf import FPDF

FONTS = Path(__file__).resolve().parent.parent / "fonts"
FAMILY = "DejaVu"
FALLBACK = "Fallback"
FONT_ENV = "FLICKBOARD_PDF_FONT"
CJK_FONTS = (
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # fonts-droid-fallback
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  # fonts-wqy-microhei
    "/usr/share/fonts/truetype/arphic/uming.ttc",  # fonts-arphic-uming
)
"""Fonts with Chinese, Japanese and Korean letters looked for on the system, in order
(Debian's packages named beside them); ``$FLICKBOARD_PDF_FONT`` names another file."""
MISSING_NOTE = (
    "Letters printed as a white square are in no font here: install one with them "
    "(Debian: fonts-droid-fallback) or name a .ttf file in $FLICKBOARD_PDF_FONT."
)
MISSING = "\u25a1"
"""Printed for a character the font does not have (a white square)."""


def fallback_font() -> Path | None:
    """The CJK font this machine has (``$FLICKBOARD_PDF_FONT`` first), or None."""
    import os

    named = os.environ.get(FONT_ENV)
    for candidate in ((named,) if named else ()) + CJK_FONTS:
        if Path(candidate).is_file():
            return Path(candidate)
    return None


@cache
def _cmap(font: Path) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(font, fontNumber=0).getBestCmap())


def _covered() -> frozenset[int]:
    fallback = fallback_font()
    base = _cmap(FONTS / "DejaVuSans.ttf")
    return base if fallback is None else base | _cmap(fallback)


def printable(text: str) -> str:
    """``text`` with every character no font has shown as a white square.

    >>> printable("Ζωή 𓀀")
    'Ζωή □'
    """
    covered = _covered()
    return "".join(c if ord(c) in covered or c.isspace() else MISSING for c in text)


def _stamp(event_date: date | None, printed: datetime) -> str:
    day = event_date.isoformat() if event_date else "date not set"
    return f"event date {day} - printed {printed:%Y-%m-%d %H:%M}"


def _pdf(
    title: str,
    stamp: str,
    columns: Callable[[FPDF], None] | None = None,
    *,
    compress: bool = True,
) -> FPDF:
    """A page setup whose header (title, the event's date and the print time, page N of
    M, and the table's column heads) is repeated on every page."""
    from fpdf import FPDF  # about 1 s to import: only when a PDF is written

    class Sheet(FPDF):
        def header(self) -> None:
            self.set_font(FAMILY, "B", 12)
            self.cell(0, 7, printable(title), new_x="LMARGIN", new_y="NEXT")
            self.set_font(FAMILY, "", 8)
            self.cell(
                0, 5, f"{stamp} - page {self.page_no()} of {{nb}}", new_x="LMARGIN", new_y="NEXT"
            )
            self.ln(1)
            if columns is not None:
                columns(self)

    pdf = Sheet(orientation="P", unit="mm", format="A4")
    pdf.set_compression(compress)
    for style, file in (
        ("", "DejaVuSans.ttf"),
        ("B", "DejaVuSans-Bold.ttf"),
        ("I", "DejaVuSans-Oblique.ttf"),
    ):
        pdf.add_font(FAMILY, style, str(FONTS / file))
    fallback = fallback_font()
    if fallback is not None:
        pdf.add_font(FALLBACK, "", str(fallback))
        pdf.set_fallback_fonts([FALLBACK], exact_match=False)
    pdf.set_text_shaping(True)  # HarfBuzz: Arabic joined, right-to-left in its order
    pdf.alias_nb_pages()
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    return pdf


STANDINGS_COLUMNS = (("Place", 14), ("ID", 18), ("Name", 70), ("Pts", 14), ("20s", 14))


def standings_pdf(
    title: str,
    standings: Standings,
    names: Mapping[str, str],
    *,
    date: date | None = None,
    printed: datetime | None = None,
    compress: bool = True,
    finished: bool = True,
) -> bytes:
    """A standings sheet: place, ID, name, points, 20s and the reasons; the header
    (with PROVISIONAL while cards are pending) on every page. Until every game is played
    (``finished`` False) no tie is called a shoot-out; then a tie line names each group
    still tied once."""
    if standings.provisional:
        title += f" - PROVISIONAL ({len(standings.pending)} cards not validated)"

    def heads(pdf: FPDF) -> None:
        pdf.set_font(FAMILY, "B", 9)
        for text, width in STANDINGS_COLUMNS:
            pdf.cell(width, 7, text, border=1)
        pdf.ln()

    pdf = _pdf(
        f"Standings - {title}", _stamp(date, printed or datetime.now()), heads, compress=compress
    )
    missing = False
    for p in standings.placings:
        pdf.set_font(FAMILY, "", 9)
        place = f"{p.place}{'=' if p.tied else ''}"
        cells = [
            printable(t)
            for t in (place, p.entrant, names.get(p.entrant, ""), str(p.points), str(p.twenties))
        ]
        missing = missing or any(MISSING in c for c in cells)
        _row(pdf, cells, [w for _, w in STANDINGS_COLUMNS])
        pdf.set_font(FAMILY, "I", 7)
        reasons = shown_reasons(p, finished)[1:]
        pdf.multi_cell(0, 4, printable("; ".join(reasons)) or " ", new_x="LMARGIN")
    pdf.set_font(FAMILY, "B", 9)
    for line in tie_lines(standings, names, finished):
        pdf.multi_cell(0, 5, printable(line), new_x="LMARGIN")
    if missing:
        pdf.set_font(FAMILY, "I", 8)
        pdf.multi_cell(0, 5, MISSING_NOTE, new_x="LMARGIN")
    return bytes(pdf.output())


LINE = 6.0
"""The height of one line of a table row (mm)."""


def _row(pdf: FPDF, cells: Sequence[str], widths: Sequence[float]) -> None:
    """One table row whose cells wrap their text within their width, every cell as
    tall as the tallest (a new page first if the row would not fit)."""
    lines = [
        pdf.multi_cell(w, LINE, t or " ", dry_run=True, output="LINES")
        for t, w in zip(cells, widths, strict=True)
    ]
    height = LINE * max(len(x) if isinstance(x, list) else 1 for x in lines)
    if pdf.will_page_break(height):
        pdf.add_page()
    x, y = pdf.get_x(), pdf.get_y()
    for text, width in zip(cells, widths, strict=True):
        pdf.rect(pdf.get_x(), y, width, height)
        pdf.multi_cell(width, LINE, text, new_x="RIGHT", new_y="TOP")
    pdf.set_xy(x, y + height)


def _round_cell(r: RoundOutcome, side: int) -> str:
    """A side's round on a printed card: ``45 (1)``; a results-only round without
    scores says ``won``, ``lost`` or ``tied``, and ``?`` stands for 20s not recorded."""
    head, twenties = r.marks(side)
    return f"{head} ({twenties})"


def scorecards_pdf(
    event: EventFile, *, printed: datetime | None = None, compress: bool = True
) -> bytes:
    """Every entered card: each round's points and 20s, totals, the opponent's
    validation (or the referee's ruling), and every correction with who made it,
    when, and the round before and after."""
    names = event.names
    pdf = _pdf(
        f"{event.name} - {event.category}",
        _stamp(event.date, printed or datetime.now()),
        compress=compress,
    )
    for card in event.to_cards():
        pdf.set_font(FAMILY, "B", 10)
        head = f"Round {card.draw_round}: " + " v ".join(f"{names[s]} (#{s})" for s in card.sides)
        pdf.cell(0, 7, printable(head), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FAMILY, "", 9)
        rows = [("", [f"R{i + 1}" for i in range(len(card.rounds))] + ["Total", "Pts", "20s"])]
        totals, twenties = card.totals, card.twenties
        for s, who in enumerate(card.sides):
            rows.append(
                (
                    names[who],
                    [_round_cell(r, s) for r in card.rounds]
                    + [
                        "-" if totals is None else str(totals[s]),
                        str(card.points[s]),
                        "?" if twenties is None else str(twenties[s]),
                    ],
                )
            )
        for label, cells in rows:
            pdf.cell(50, 6, printable(label), border=1)
            for c in cells:
                pdf.cell(18, 6, c, border=1)
            pdf.ln()
        v = card.validation
        if v is None:
            note = "NOT VALIDATED"
        elif v.referee:
            note = f"Validated by the ruling of referee {v.referee} (dispute)"
        else:
            note = f"Validated by #{v.opponent_id} ({v.initials})"
        if card.results_only:
            note += "; results only: what was not recorded is shown as - or ?"
        pdf.cell(0, 6, printable(note), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FAMILY, "I", 8)
        for fix in card.corrections:
            when = f" at {fix.at:%Y-%m-%d %H:%M}" if fix.at else ""
            line = (
                f"Corrected R{fix.round_index + 1} by referee {fix.referee}{when}: "
                f"{round_text(fix.before)} -> {round_text(fix.after)} ({fix.reason})"
            )
            pdf.multi_cell(0, 5, printable(line), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    return bytes(pdf.output())


def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of a QR code for ``text`` (segno, error correction M), dark True."""
    import segno

    return tuple(tuple(bool(m) for m in row) for row in segno.make(text, error="m").matrix)


def _qr(pdf: FPDF, text: str, x: float, y: float, size: float) -> None:
    """Draw a QR code as filled squares (vector: sharp at any print size)."""
    rows = qr_matrix(text)
    cell = size / (len(rows) + 8)  # a quiet zone of four modules each side
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y, size, size, style="F")
    pdf.set_fill_color(0, 0, 0)
    for i, row in enumerate(rows):
        for j, dark in enumerate(row):
            if dark:
                pdf.rect(x + (j + 4) * cell, y + (i + 4) * cell, cell, cell, style="F")


def blank_scorecards_pdf(
    event: EventFile,
    draw: Draw,
    *,
    codes: Mapping[int, str] | None = None,
    join_url: str | None = None,
    printed: datetime | None = None,
    compress: bool = True,
) -> bytes:
    """A blank WCC scorecard for every game of a drawn round, three to a page: event,
    category, round and board; each side's full name and ID; per round, boxes for the
    points and the 20s of both sides; totals; the opponent's validation (ID and
    initials) and the referee's initials for corrections.

    ``codes`` (board -> a table scorer's code) prints each game's code on its card,
    with a QR code of ``join_url?code=CODE`` (the page where a phone joins that game).
    """
    names = event.names
    cat = category(event.category)
    rounds = event.event_format.rows_on_card(cat.rounds_per_game)
    stamp = _stamp(event.date, printed or datetime.now())
    pdf = _pdf(f"{event.name} - scorecards, round {draw.round_no}", stamp, compress=compress)
    for board, (a, b) in enumerate(draw.games, start=1):
        if board > 1 and (board - 1) % 3 == 0:
            pdf.add_page()
        code = (codes or {}).get(board)
        if code is not None:
            top = pdf.get_y()
            link = f"{join_url}?code={code}" if join_url else code
            left = pdf.w - pdf.r_margin - 30
            _qr(pdf, link, left + 2, top + 8, 26)
            pdf.set_xy(left, top + 34)
            pdf.set_font(FAMILY, "", 7)
            pdf.cell(30, 4, "scorer code", align="C", new_x="LEFT", new_y="NEXT")
            pdf.set_font(FAMILY, "B", 11)
            pdf.cell(30, 5, code, align="C")
            pdf.set_xy(pdf.l_margin, top)
        _blank_card(
            pdf,
            event.name,
            cat.name,
            draw.round_no,
            board,
            (a, b),
            names,
            rounds,
            event.event_format.extra_round,
        )
    if draw.bye:
        pdf.set_font(FAMILY, "I", 9)
        pdf.cell(
            0, 6, printable(f"Bye: {names[draw.bye]} (#{draw.bye})"), new_x="LMARGIN", new_y="NEXT"
        )
    return bytes(pdf.output())


def _blank_card(
    pdf: FPDF,
    event: str,
    cat: str,
    round_no: int,
    board: int,
    sides: Sequence[str],
    names: Mapping[str, str],
    rounds: int,
    extra_round: bool,
) -> None:
    pdf.set_font(FAMILY, "B", 10)
    pdf.cell(
        0,
        7,
        printable(f"{event} - {cat} - round {round_no} - board {board}"),
        border="T",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.set_font(FAMILY, "", 9)
    for who in sides:
        pdf.cell(
            0, 6, printable(f"Name: {names[who]}    ID #: {who}"), new_x="LMARGIN", new_y="NEXT"
        )
    pdf.set_font(FAMILY, "B", 8)
    pdf.cell(22, 6, "Round", border=1)
    for who in sides:
        pdf.cell(42, 6, printable(f"#{who} points"), border=1)
        pdf.cell(22, 6, printable(f"#{who} 20s"), border=1)
    pdf.ln()
    pdf.set_font(FAMILY, "", 8)
    labels = [str(n) for n in range(1, rounds + 1)]
    if extra_round:
        labels[-1] += " (if tied)"
    for label in [*labels, "Total"]:
        pdf.cell(22, 7, label, border=1)
        for _ in sides:
            pdf.cell(42, 7, "", border=1)
            pdf.cell(22, 7, "", border=1)
        pdf.ln()
    pdf.cell(
        0,
        7,
        "Validated by opponent - ID #: ________  initials: ______      "
        "Referee's initials for corrections: ______",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(4)

"""Names on paper: Chinese, Arabic and Hebrew names print (Arabic shaped: its letters in
their joined forms), in reading order as text; a long name wraps within its column and
the points stay in theirs; a letter no font has prints as a square with a note saying
which font to install."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from flickboard.events import paper
from flickboard.events.paper import MISSING_NOTE, fallback_font, standings_pdf
from flickboard.events.standings import Placing, Standings

NAMES = {
    "CN": "王小明",
    "AR": "محمد عبد الله",
    "HE": "דוד כהן",
    "LONG": "Maximiliane " + "Tiefenbrunner-" * 12 + "Oberhollen",
}


def _sheet() -> bytes:
    placings = tuple(Placing(i + 1, e, 80 - i, 0, 1, ("points",)) for i, e in enumerate(NAMES))
    return standings_pdf("Open", Standings(placings), NAMES)


def _text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def _glyphs(pdf: bytes, font: str) -> set[str]:
    """The glyph names embedded for the font called ``font``."""
    out: set[str] = set()
    for ref in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values():
        f = ref.get_object()
        if font in str(f["/BaseFont"]):
            desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            data = desc["/FontFile2"].get_object().get_data()
            out |= set(TTFont(io.BytesIO(data)).getGlyphOrder())
    return out


def test_arabic_and_hebrew_names_print_shaped_and_in_order() -> None:
    pdf = _sheet()
    text = _text(pdf)
    assert NAMES["AR"] in text and NAMES["HE"] in text  # reading order, as text
    # shaped: meem, hah, dal... in their joined forms (initial meem U+FEE3, medial hah
    # U+FEA4, final dal U+FEAA), not the isolated letters an unshaped line would use
    assert {"uniFEE3", "uniFEA4", "uniFEAA"} <= _glyphs(pdf, "DejaVuSansBook")


def test_a_chinese_name_prints_with_the_systems_cjk_font() -> None:
    pdf = _sheet()
    if fallback_font() is None:  # this machine has none: squares and the note instead
        assert "□□□" in _text(pdf) and MISSING_NOTE[:40] in _text(pdf).replace("\n", " ")
        return
    assert NAMES["CN"] in _text(pdf)
    assert MISSING_NOTE[:40] not in _text(pdf).replace("\n", " ")


def test_a_long_name_wraps_and_the_points_stay_in_their_column() -> None:
    text = _text(_sheet())
    lines = text.splitlines()
    first = next(i for i, x in enumerate(lines) if x.startswith("4 LONG Maximiliane"))
    wrapped = lines[first + 1 : first + 7]
    assert len(wrapped) >= 5 and all(len(x) < 50 for x in wrapped)  # wrapped in its column
    assert "".join(lines[first:]).replace(" ", "").count("Tiefenbrunner") >= 10  # all kept
    assert "Oberhollen" in text and re.search(r"Oberhollen\s+77 0", text)  # points beside


def test_letters_no_font_has_print_as_squares_with_a_note(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paper, "CJK_FONTS", ())
    monkeypatch.setenv(paper.FONT_ENV, str(tmp_path / "no-such-font.ttf"))
    text = _text(_sheet()).replace("\n", " ")
    assert "□□□" in text and NAMES["CN"] not in text
    assert "fonts-droid-fallback" in text and "FLICKBOARD_PDF_FONT" in text

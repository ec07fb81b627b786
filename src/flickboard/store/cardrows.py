"""A scorecard's rounds and corrections as the database stores them, and back."""

from __future__ import annotations

import json
from collections.abc import Sequence

from flickboard.events.scorecard import Correction, RoundOutcome
from flickboard.play.scoring import RoundScore
from flickboard.store.base import now
from flickboard.store.models import CorrectionRow

StoredRound = tuple[bool, int | None, tuple[int, int] | None, tuple[int, int] | None]
"""A stored card round: results only, winner, scores, 20s (None: not recorded)."""


def rounds_of(
    rows: Sequence[StoredRound],
) -> tuple[tuple[RoundScore, ...], tuple[RoundOutcome, ...]]:
    """A card's stored rounds as the scorecard holds them: scored rounds, or (for a
    card stored results-only) each round's outcome with what was recorded."""
    if any(only for only, *_ in rows):
        return (), tuple(RoundOutcome(w, sc, tw) for _, w, sc, tw in rows)
    scored = []
    for _, _, sc, tw in rows:
        assert sc is not None and tw is not None, "a scored round has its points and 20s"
        scored.append(RoundScore(sc, tw))
    return tuple(scored), ()


def pair(a: int | None, b: int | None) -> tuple[int, int] | None:
    """Both sides' figure, or None when not recorded (the table keeps both or neither)."""
    return None if a is None or b is None else (a, b)


def round_json(r: RoundScore) -> str:
    return json.dumps({"scores": list(r.scores), "twenties": list(r.twenties)})


def correction_row(card_id: int, c: Correction) -> CorrectionRow:
    return CorrectionRow(
        card_id=card_id,
        referee=c.referee,
        idx=c.round_index,
        before=round_json(c.before),
        after=round_json(c.after),
        reason=c.reason,
        at=c.at or now(),
    )


def round_of(text: str) -> RoundScore:
    data = json.loads(text)
    return RoundScore(tuple(data["scores"]), tuple(data["twenties"]))

"""Sealed exports: a validated card keeps its validation through an export and an
import only if it comes back exactly as this database wrote it.

Every card an export holds that is validated or corrected carries a ``seal``: an
HMAC-SHA256, under a random key kept in this database's ``settings`` table, of the card
as exported (its round, sides, rounds, validation and every correction with who, when,
before and after) and the event's category. On import (a new event from a file) a
validated card whose seal does not verify (edited, sealed by another database, or not
sealed at all) is imported as entered but **not validated**, with its correction trail
as the file gives it, and the import says which cards: the opponent (or a referee's
ruling) validates it again. So an edited export can neither make a card validated nor
drop the corrections of a validated one (docs/events.md, "Sealed exports").
"""

from __future__ import annotations

import hashlib
import hmac
import json

from flickboard.events.eventfile import CardSpec, EventFile
from flickboard.events.names import plural

SEAL_KEY = "export_seal_key"
"""The ``settings`` row holding the sealing key (64 hex digits)."""


def card_seal(key: bytes, category: str, card: CardSpec) -> str:
    """The seal of one card of an event of ``category`` (hex HMAC-SHA256)."""
    body = card.model_dump(mode="json", exclude={"seal"})
    text = json.dumps({"category": category, "card": body}, sort_keys=True, ensure_ascii=True)
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def _needs_seal(card: CardSpec) -> bool:
    return card.validated is not None or bool(card.corrections)


def sealed(spec: EventFile, key: bytes) -> EventFile:
    """The event with a seal on every validated or corrected card."""
    cards = [
        c.model_copy(update={"seal": card_seal(key, spec.category, c)}) if _needs_seal(c) else c
        for c in spec.cards
    ]
    return spec.model_copy(update={"cards": cards})


def unsealed(spec: EventFile, key: bytes | None) -> tuple[EventFile, list[str]]:
    """The event as it may be imported: each validated card whose seal does not verify
    under ``key`` made not validated; and one line per such card saying so."""
    cards: list[CardSpec] = []
    refused: list[str] = []
    for c in spec.cards:
        good = (
            key is not None
            and c.seal is not None
            and hmac.compare_digest(c.seal, card_seal(key, spec.category, c))
        )
        if c.validated is not None and not good:
            refused.append(f"round {c.round}: {c.sides[0]} v {c.sides[1]}")
            c = c.model_copy(update={"validated": None})
        cards.append(c.model_copy(update={"seal": None}))
    notes = []
    if refused:
        notes.append(
            f"{plural(len(refused), 'validated card')} not sealed by this database "
            f"imported as not validated (the opponent validates again): {'; '.join(refused)}"
        )
    return spec.model_copy(update={"cards": cards}), notes

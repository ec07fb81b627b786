"""Names and IDs people type: each needs a visible character, and none may carry
bidirectional control characters (a right-to-left override makes ``Ann`` print as
something else on a standings sheet) or other control characters."""

from __future__ import annotations

import unicodedata

from flickboard.errors import InvalidInput

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Unicode bidirectional formatting characters (UAX #9): marks, embeddings,
overrides and isolates."""


def check_name(text: str, what: str = "a name") -> str:
    """``text`` stripped; :class:`InvalidInput` if it has no visible character or has a
    bidirectional or other control character.

    >>> check_name("  Ζωή Παπαδοπούλου ")
    'Ζωή Παπαδοπούλου'
    """
    bad = next((c for c in text if c in BIDI_CONTROLS), None)
    if bad is not None:
        raise InvalidInput(
            f"{what} {text.strip()!r} holds the bidirectional control character "
            f"U+{ord(bad):04X} ({unicodedata.name(bad, 'unnamed')}), which changes how "
            "it prints: type it without"
        )
    ctrl = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs")), None)
    if ctrl is not None:
        raise InvalidInput(f"{what} {text.strip()!r} holds the control character U+{ord(ctrl):04X}")
    if not any(unicodedata.category(c)[0] not in "ZC" for c in text):
        raise InvalidInput(f"{what} needs a visible character, got {text!r}")
    return text.strip()


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the word, singular for 1: ``1 twenty``, ``2 twenties``, ``0 games``.

    >>> plural(1, "twenty", "twenties"), plural(3, "player")
    ('1 twenty', '3 players')
    """
    return f"{n} {one if n == 1 else many or one + 's'}"

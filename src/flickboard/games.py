"""The games flickboard ships, by name, light to import (the command line starts from it).

Each game ``g`` brings its game kind (``flickboard.play.g_kind``), its commands
(``flickboard.cli.g``) and its Gymnasium environment (``flickboard/G-v0``); everything
else asks the kind (docs/layers.md "Boards answer for themselves").
"""

from __future__ import annotations

BUILTIN_GAMES: tuple[str, ...] = ("crokinole", "shuffleboard")
"""The games built in, in the order lists show them."""

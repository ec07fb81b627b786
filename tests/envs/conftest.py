"""Ray in these tests stays on loopback: Ray reads this before it loads (it would
otherwise resolve 127.0.0.1 to the machine's outward address for a multi-node cluster)."""

from __future__ import annotations

import os

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

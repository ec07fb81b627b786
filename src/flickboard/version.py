"""The installed version, read from the package's metadata (one place: pyproject.toml)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("flickboard")
except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
    VERSION = "0+unknown"
"""The version of flickboard that is installed, e.g. ``0.1.0``."""

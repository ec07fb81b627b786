"""The page templates of every face (Jinja2), kept apart from the app so that page
modules render without importing :mod:`flickboard.web.app`."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi.templating import Jinja2Templates

PACKAGE = Path(str(resources.files("flickboard.web")))
STATIC = PACKAGE / "static"
TEMPLATES = Jinja2Templates(directory=str(PACKAGE / "templates"))
"""Page templates of every face (Jinja2)."""

"""Pictures: shot trajectories (matplotlib, SVG or PNG) and SVG pictures of a position or
a shot (:mod:`flickboard.draw.picture`, no matplotlib). Loaded lazily."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flickboard.draw.trajectory import draw_trajectory

__all__ = ["draw_trajectory"]


def __getattr__(name: str) -> Any:
    if name == "draw_trajectory":
        from flickboard.draw.trajectory import draw_trajectory

        return draw_trajectory
    raise AttributeError(name)

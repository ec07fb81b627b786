"""Pictures: boards, tables and shot trajectories (matplotlib, SVG or PNG)."""

from flickboard.draw.trajectory import draw_trajectory

__all__ = ["draw_trajectory"]

"""Flat arrays the compiled kernel reads: board figures, parameters and integer codes.

The kernel takes a handful of float arrays instead of Python objects so that a call
costs little; the arrays for a board or a parameter set are built once and cached.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from flickboard.geometry import Board
from flickboard.physics.params import PhysicsParams

FloatArray = npt.NDArray[np.float64]

# --- board array -------------------------------------------------------------------
B_KIND = 0  # 0: crokinole (circle), 1: shuffleboard (rectangle)
B_RADIUS = 1  # disc top radius (collisions)
B_FOOT = 2  # radius by which lines are judged
B_MASS = 3
B_SURFACE = 4  # crokinole surface radius | table width
B_RAIL = 5  # crokinole rail radius | table length
B_HOLE = 6
B_DEPTH = 7  # ditch depth
B_PEG = 8  # peg radius
B_NPEG = 9
B_NLINE = 10
B_PROUD = 11  # how far a disc lying flat in the 20 hole stands above the surface (<= 0: not)
B_HEADER = 12
KIND_CIRCLE = 0
KIND_RECTANGLE = 1

# --- parameter array ---------------------------------------------------------------
P_GRAVITY = 0
P_FRICTION = 1
P_SPIN_FRICTION = 2
P_DISC_E = 3
P_DISC_MU = 4
P_PEG_E = 5
P_PEG_MU = 6
P_RAIL_E = 7
P_RAIL_MU = 8
P_CAPTURE = 9
P_LEANER = 10
P_REENTRY = 11
P_MAX_EVENTS = 12
P_MAX_TIME = 13
P_SLOW = 14
P_SIZE = 15

# --- disc modes (kernel) -----------------------------------------------------------
M_REST = 0
M_SLIDE = 1
M_AIR = 2
M_DITCH = 3
M_HOLE = 4
M_LEAN = 5
M_GUTTER = 6

# --- event kinds, in the order of EventKind --------------------------------------
K_DISC = 0
K_PEG = 1
K_RAIL = 2
K_TOUCH = 3
K_CLEAR = 4
K_LEFT = 5
K_REENTERED = 6
K_LANDED = 7
K_DROPPED = 8
K_LEANED = 9
K_STOPPED = 10

# --- edges, in the order of Edge --------------------------------------------------
E_RIM = 0
E_LEFT = 1
E_RIGHT = 2
E_FAR = 3
E_NEAR = 4

# --- kernel status -----------------------------------------------------------------
S_OK = 0
S_TOO_MANY_EVENTS = 1
S_TOO_LONG = 2
S_START_OFF_SURFACE = 3
S_START_ON_DISC = 4
S_START_ON_PEG = 5
S_START_PAST_FOUL = 6
S_START_OVER_HOLE = 7
S_UNFINISHED = 8  # a disc still moving with no finite next event (info: its index)

# --- event row columns --------------------------------------------------------------
EV_TIME = 0
EV_KIND = 1
EV_DISC = 2
EV_OTHER = 3
EV_X = 4
EV_Y = 5
EV_SIDE = 6
EV_SIZE = 7


@lru_cache(maxsize=32)
def board_array(board: Board) -> FloatArray:
    """The board as the kernel reads it (cached per frozen board; do not modify)."""
    disc = board.disc
    figures = board.kernel_figures()
    head = np.zeros(B_HEADER)
    head[B_KIND] = _SHAPES[figures.shape]
    head[B_FOOT] = figures.foot
    head[B_SURFACE] = figures.surface
    head[B_RAIL] = figures.rail
    head[B_HOLE] = figures.hole
    head[B_DEPTH] = figures.depth
    head[B_PEG] = figures.peg
    head[B_PROUD] = figures.proud
    head[B_RADIUS] = disc.radius
    head[B_MASS] = disc.mass
    head[B_NPEG] = len(figures.pegs)
    head[B_NLINE] = len(figures.line_bounds)
    flat_pegs = [c for p in figures.pegs for c in p]
    bounds = [v for pair in figures.line_bounds for v in pair]
    out = np.concatenate([head, np.asarray(flat_pegs, float), np.asarray(bounds, float)])
    out.setflags(write=False)
    return out


_SHAPES = {"circle": KIND_CIRCLE, "rectangle": KIND_RECTANGLE}
"""Kernel codes of the shapes a board's :class:`KernelFigures` name."""


@lru_cache(maxsize=32)
def params_array(params: PhysicsParams) -> FloatArray:
    """The parameters as the kernel reads them (cached; do not modify)."""
    out = np.zeros(P_SIZE)
    out[P_GRAVITY] = params.gravity
    out[P_FRICTION] = params.friction
    out[P_SPIN_FRICTION] = params.spin_friction
    out[P_DISC_E] = params.disc_restitution
    out[P_DISC_MU] = params.disc_friction
    out[P_PEG_E] = params.peg_restitution
    out[P_PEG_MU] = params.peg_friction
    out[P_RAIL_E] = params.rail_restitution
    out[P_RAIL_MU] = params.rail_friction
    out[P_CAPTURE] = params.capture_speed
    out[P_LEANER] = params.leaner_band
    out[P_REENTRY] = params.reentry_step
    out[P_MAX_EVENTS] = params.max_events
    out[P_MAX_TIME] = params.max_time
    out[P_SLOW] = params.slow_contact_speed
    out.setflags(write=False)
    return out

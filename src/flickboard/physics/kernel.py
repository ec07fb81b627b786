"""The compiled event loop: one kernel for both boards.

``run_shot(board, params, discs, shot, log)`` copies its inputs (it never writes to
them), then repeatedly takes the earliest cached event, resolves it, and recomputes
only the cached events it can change. Discs are indices here; the shooter is last.
Returns ``(status, info, events, finals, segments)``: events are rows of
(time, kind, disc, other, x, y, side); finals are rows of (x, y, mode); segments (only
when ``log``) are the reference states every disc took, for trajectories and tests.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.physics.codes import (
    B_DEPTH,
    B_HEADER,
    B_HOLE,
    B_KIND,
    B_NLINE,
    B_NPEG,
    B_PEG,
    B_PROUD,
    B_RADIUS,
    B_RAIL,
    B_SURFACE,
    E_FAR,
    E_LEFT,
    E_NEAR,
    E_RIGHT,
    E_RIM,
    EV_SIZE,
    K_CLEAR,
    K_DISC,
    K_DROPPED,
    K_LANDED,
    K_LEANED,
    K_LEFT,
    K_PEG,
    K_RAIL,
    K_REENTERED,
    K_STOPPED,
    K_TOUCH,
    KIND_CIRCLE,
    M_AIR,
    M_DITCH,
    M_GUTTER,
    M_HOLE,
    M_LEAN,
    M_REST,
    M_SLIDE,
    P_CAPTURE,
    P_DISC_E,
    P_DISC_MU,
    P_FRICTION,
    P_GRAVITY,
    P_LEANER,
    P_MAX_EVENTS,
    P_MAX_TIME,
    P_PEG_E,
    P_PEG_MU,
    P_RAIL_E,
    P_RAIL_MU,
    P_REENTRY,
    P_SLOW,
    P_SPIN_FRICTION,
    S_OK,
    S_START_OFF_SURFACE,
    S_START_ON_DISC,
    S_START_ON_PEG,
    S_START_OVER_HOLE,
    S_START_PAST_FOUL,
    S_TOO_LONG,
    S_TOO_MANY_EVENTS,
    S_UNFINISHED,
)
from flickboard.physics.detect import (
    INF,
    circle_contact,
    circle_entry,
    circle_exit,
    hole_capture,
    moving_contact,
    rail_contact,
)
from flickboard.physics.evolve import (
    F_BITS,
    F_MODE,
    F_SIZE,
    F_T0,
    F_TZ,
    F_UX,
    F_UY,
    F_V,
    F_W,
    F_X,
    F_Y,
    rebase,
    state_at,
    time_to_travel,
)
from flickboard.physics.jit import njit, njit_borrowing
from flickboard.physics.layout import OVERLAP_TOLERANCE
from flickboard.physics.resolve import resolve_discs, resolve_fixed

# candidate kinds
C_STOP = 0
C_DISC = 1
C_PEG = 2
C_LINE = 3
C_HOLE = 4
C_EDGE = 5
C_RAIL = 6
C_REENTRY = 7
C_LAND = 8
C_SUNK = 9  # a disc strikes one lying in the 20 hole (found as C_DISC, resolved like a peg)

SEG_SIZE = 11
"""Segment row: t0, disc, x, y, ux, uy, v, w, mode, tz, cause (candidate kind, -1 at start)."""

OVERLAP = OVERLAP_TOLERANCE

V_REST = 1e-9
"""A disc left slower than this (m/s) by a contact stops there (it would slide < 1e-18 m)."""


@njit(cache=True)
def _on_surface(mode: float) -> bool:
    return mode <= M_SLIDE or mode == M_LEAN  # M_REST = 0, M_SLIDE = 1


@njit(cache=True)
def _obstacle(mode: float) -> bool:
    """Whether a sliding disc can strike a disc in this mode: one on the surface, or one
    lying flat in the 20 hole (it stands proud of the surface; see :func:`_settle`)."""
    return _on_surface(mode) or mode == M_HOLE


@njit_borrowing
def pair_time(
    st: np.ndarray,
    i: int,
    j: int,
    now: float,
    limit: float,
    radius: float,
    decel: float,
    proud: bool,
) -> float:
    """Time sliding disc i next strikes disc j (inf if not before ``limit``); a disc j
    that is not sliding is a fixed circle of reach 2r. A disc lying in the hole counts
    only if it stands ``proud`` of the surface (the board's hole is shallower than a
    disc is thick)."""
    mj = st[j, F_MODE]
    if not _obstacle(mj) or (mj == M_HOLE and not proud):
        return INF
    xi, yi, vi = state_at(st, i, now, decel)
    reach = 2.0 * radius
    if mj != M_SLIDE:
        xj, yj = st[j, F_X], st[j, F_Y]
        dx, dy = xj - xi, yj - yi
        if math.sqrt(dx * dx + dy * dy) - reach > vi * vi / (2.0 * decel):
            return INF
        s = circle_contact(xi, yi, st[i, F_UX], st[i, F_UY], xj, yj, reach)
        if s == INF:
            return INF
        return now + time_to_travel(s, vi, decel)
    xj, yj, vj = state_at(st, j, now, decel)
    span = min(vi, vj) / decel
    if limit - now < span:
        span = limit - now
    if span <= 0.0:
        return INF
    px, py = xi - xj, yi - yj
    dist = math.sqrt(px * px + py * py)
    if dist - reach > (vi + vj) * span:
        return INF
    uix, uiy, ujx, ujy = st[i, F_UX], st[i, F_UY], st[j, F_UX], st[j, F_UY]
    vx = vi * uix - vj * ujx
    vy = vi * uiy - vj * ujy
    ax = -decel * (uix - ujx)
    ay = -decel * (uiy - ujy)
    tau = moving_contact(px, py, vx, vy, ax, ay, reach, span)
    return now + tau


@njit_borrowing
def _inside_bits(board: np.ndarray, x: float, y: float) -> float:
    """Bits: which line boundaries the centre (x, y) is inside (below, on the table)."""
    nb = 2 * int(board[B_NLINE])
    base = B_HEADER + 2 * int(board[B_NPEG])
    bits = 0
    circle = board[B_KIND] == KIND_CIRCLE
    r2 = x * x + y * y
    for b in range(nb):
        bound = board[base + b]
        inside = r2 < bound * bound if circle else y < bound
        if inside:
            bits |= 1 << b
    return float(bits)


@njit_borrowing
def candidate(
    st: np.ndarray,
    i: int,
    now: float,
    board: np.ndarray,
    params: np.ndarray,
    ct: np.ndarray,
    ck: np.ndarray,
    co: np.ndarray,
) -> None:
    """Compute disc i's next event from scratch and cache it in (ct, ck, co)."""
    mode = st[i, F_MODE]
    g = params[P_GRAVITY]
    decel = params[P_FRICTION] * g
    radius = board[B_RADIUS]
    n = st.shape[0]
    ux, uy = st[i, F_UX], st[i, F_UY]
    circle = board[B_KIND] == KIND_CIRCLE
    best = INF
    kind = -1
    other = -1
    if mode == M_SLIDE:
        x, y, v = state_at(st, i, now, decel)
        best = now + v / decel
        kind = C_STOP
        s_max = v * v / (2.0 * decel)
        if circle:
            s = circle_exit(x, y, ux, uy, board[B_SURFACE])
            if s <= s_max:
                t = now + time_to_travel(s, v, decel)
                if t < best:
                    best, kind, other = t, C_EDGE, E_RIM
            s = hole_capture(x, y, ux, uy, board[B_HOLE], v, decel, params[P_CAPTURE], s_max)
            if s < INF:
                t = now + time_to_travel(s, v, decel)
                if t <= best:
                    best, kind, other = t, C_HOLE, -1
            reach = radius + board[B_PEG]
            for k in range(int(board[B_NPEG])):
                px = board[B_HEADER + 2 * k]
                py = board[B_HEADER + 2 * k + 1]
                s = circle_contact(x, y, ux, uy, px, py, reach)
                if s <= s_max:
                    t = now + time_to_travel(s, v, decel)
                    if t < best:
                        best, kind, other = t, C_PEG, k
        else:
            half = 0.5 * board[B_SURFACE]
            length = board[B_RAIL]
            s = INF
            edge = -1
            if ux > 0.0:
                s, edge = max((half - x) / ux, 0.0), E_RIGHT
            elif ux < 0.0:
                s, edge = max((-half - x) / ux, 0.0), E_LEFT
            if uy > 0.0:
                s2 = max((length - y) / uy, 0.0)
                if s2 < s:
                    s, edge = s2, E_FAR
            elif uy < 0.0:
                s2 = max(-y / uy, 0.0)
                if s2 < s:
                    s, edge = s2, E_NEAR
            if s <= s_max:
                t = now + time_to_travel(s, v, decel)
                if t < best:
                    best, kind, other = t, C_EDGE, edge
        for j in range(n):
            if j != i:
                t = pair_time(st, i, j, now, best, radius, decel, board[B_PROUD] > 0.0)
                if t < best:
                    best, kind, other = t, C_DISC, j
    elif mode == M_AIR:
        x, y, v = state_at(st, i, now, decel)
        best = st[i, F_TZ] + math.sqrt(2.0 * board[B_DEPTH] / g)
        kind, other = C_LAND, E_RIM
        if v > 0.0:
            s = rail_contact(x, y, ux, uy, board[B_RAIL] - radius)
            t = now + s / v
            if t < best:
                best, kind, other = t, C_RAIL, E_RIM
            s = circle_entry(x, y, ux, uy, board[B_SURFACE])
            t = now + s / v
            if t < best:
                best, kind, other = t, C_REENTRY, E_RIM
    best = max(best, now)
    ct[i] = best
    ck[i] = kind
    co[i] = other


@njit_borrowing
def line_candidate(
    st: np.ndarray,
    i: int,
    now: float,
    board: np.ndarray,
    params: np.ndarray,
    lt: np.ndarray,
    lb: np.ndarray,
) -> None:
    """Cache the time disc i's centre next crosses a line boundary (lt) and which (lb).

    Kept apart from the other events: a line crossing changes no motion, so after one
    only this needs recomputing.
    """
    lt[i] = INF
    lb[i] = -1
    if st[i, F_MODE] != M_SLIDE:
        return
    decel = params[P_FRICTION] * params[P_GRAVITY]
    x, y, v = state_at(st, i, now, decel)
    ux, uy = st[i, F_UX], st[i, F_UY]
    s_max = v * v / (2.0 * decel)
    circle = board[B_KIND] == KIND_CIRCLE
    best = INF
    nb = 2 * int(board[B_NLINE])
    base = B_HEADER + 2 * int(board[B_NPEG])
    bits = int(st[i, F_BITS])
    for b in range(nb):
        bound = board[base + b]
        inside = (bits >> b) & 1
        if circle:
            s = circle_exit(x, y, ux, uy, bound) if inside else circle_entry(x, y, ux, uy, bound)
        elif inside:
            s = max((bound - y) / uy, 0.0) if uy > 0.0 else INF
        else:
            s = max((bound - y) / uy, 0.0) if uy < 0.0 else INF
        if s <= s_max:
            t = now + time_to_travel(s, v, decel)
            if t < best:
                best = t
                lb[i] = b
    lt[i] = max(best, now)


# The two appends below are inlined where they are called (numba's IR, not LLVM's):
# as functions of their own, numba compiled one for every set of constant arguments
# (21 of _push_event's after the warm-up), most of the kernel's compile time.
@njit(cache=True, inline="always")
def _push_event(
    ev: np.ndarray,
    ne: int,
    t: float,
    kind: int,
    disc: int,
    other: int,
    x: float,
    y: float,
    side: int,
) -> np.ndarray:
    if ne >= ev.shape[0]:
        bigger = np.empty((2 * ev.shape[0], EV_SIZE))
        bigger[:ne] = ev[:ne]
        ev = bigger
    ev[ne, 0] = t
    ev[ne, 1] = kind
    ev[ne, 2] = disc
    ev[ne, 3] = other
    ev[ne, 4] = x
    ev[ne, 5] = y
    ev[ne, 6] = side
    return ev


@njit(cache=True, inline="always")
def _push_segment(sg: np.ndarray, ns: int, st: np.ndarray, i: int, cause: int) -> np.ndarray:
    if ns >= sg.shape[0]:
        bigger = np.empty((2 * sg.shape[0], SEG_SIZE))
        bigger[:ns] = sg[:ns]
        sg = bigger
    sg[ns, 0] = st[i, F_T0]
    sg[ns, 1] = i
    sg[ns, 2] = st[i, F_X]
    sg[ns, 3] = st[i, F_Y]
    sg[ns, 4] = st[i, F_UX]
    sg[ns, 5] = st[i, F_UY]
    sg[ns, 6] = st[i, F_V]
    sg[ns, 7] = st[i, F_W]
    sg[ns, 8] = st[i, F_MODE]
    sg[ns, 9] = st[i, F_TZ]
    sg[ns, 10] = cause
    return sg


@njit_borrowing
def check_start(board: np.ndarray, discs: np.ndarray, shot: np.ndarray) -> tuple[int, int]:
    """Whether the shot disc fits where it starts: (status, index of the disc or peg in
    the way, else -1).

    Stricter than :func:`flickboard.physics.layout.placement_problem` for a disc at rest,
    on purpose: a shot is delivered with the whole disc on the playing surface (on the
    table, wholly short of the foul line too), while a disc stays in play as long as
    its centre is on the surface, which is also where this kernel lets a sliding disc
    leave it; so every position a shot ends in is a legal layout. Hole, pegs and other
    discs are judged alike by both.
    """
    x, y = shot[0], shot[1]
    radius = board[B_RADIUS]
    if board[B_KIND] == KIND_CIRCLE:
        r = math.sqrt(x * x + y * y)
        if r + radius > board[B_SURFACE] + OVERLAP:
            return S_START_OFF_SURFACE, -1
        if r < board[B_HOLE]:
            return S_START_OVER_HOLE, -1
        reach = radius + board[B_PEG]
        for k in range(int(board[B_NPEG])):
            dx = x - board[B_HEADER + 2 * k]
            dy = y - board[B_HEADER + 2 * k + 1]
            if math.sqrt(dx * dx + dy * dy) < reach - OVERLAP:
                return S_START_ON_PEG, k
    else:
        half = 0.5 * board[B_SURFACE]
        if abs(x) + radius > half + OVERLAP or y - radius < -OVERLAP:
            return S_START_OFF_SURFACE, -1
        foul_near = board[B_HEADER + 2 * int(board[B_NPEG])] + radius  # foul line near edge
        if y + radius > foul_near + OVERLAP:
            return S_START_PAST_FOUL, -1
    for k in range(discs.shape[0]):
        dx = x - discs[k, 0]
        dy = y - discs[k, 1]
        if math.sqrt(dx * dx + dy * dy) < 2.0 * radius - OVERLAP:
            return S_START_ON_DISC, k
    return S_OK, -1


@njit_borrowing
def _come_to_rest(st: np.ndarray, i: int, board: np.ndarray, params: np.ndarray, holes: int) -> int:
    """Stop disc i where it is (already rebased): the event kind it gets.

    On the crokinole board a disc stopping with its centre over the hole drops (see
    :func:`_drop`), and one stopping within ``leaner_band`` of the rim leans.
    """
    st[i, F_V] = 0.0
    st[i, F_MODE] = M_REST
    if board[B_KIND] != KIND_CIRCLE:
        return K_STOPPED
    x, y = st[i, F_X], st[i, F_Y]
    r = math.sqrt(x * x + y * y)
    if r < board[B_HOLE]:
        return _drop(st, i, board, params, holes)
    if abs(r - board[B_HOLE]) <= params[P_LEANER]:
        st[i, F_MODE] = M_LEAN
        return K_LEANED
    return K_STOPPED


@njit_borrowing
def _drop(st: np.ndarray, i: int, board: np.ndarray, params: np.ndarray, holes: int) -> int:
    """Disc i (rebased), its centre over the hole, falls in: flat into an empty hole
    with room for it (``DROPPED``; :func:`_settle` then lays it on the bottom), else
    against the rim (:func:`_caught_by_full_hole`)."""
    st[i, F_V] = 0.0
    if holes == 0 and _flat_place(st, i, board, params)[0]:
        st[i, F_MODE] = M_HOLE
        return K_DROPPED
    return _caught_by_full_hole(st, i, board, params)


@njit(cache=True)
def _rested(
    ev: np.ndarray,
    ne: int,
    st: np.ndarray,
    i: int,
    now: float,
    kind: int,
    board: np.ndarray,
    params: np.ndarray,
    holes: int,
) -> tuple[np.ndarray, int, int]:
    """Log disc i's coming to rest (``kind``) where it rests: a disc that fell into
    the hole first settles on its bottom. Returns the event table, its length and the
    discs in the hole."""
    if st[i, F_MODE] == M_HOLE:
        _settle(st, i, board, params)
    ev = _push_event(ev, ne, now, kind, i, -1, st[i, F_X], st[i, F_Y], 0)
    return ev, ne + 1, holes + (1 if kind == K_DROPPED else 0)


@njit_borrowing
def _settle(st: np.ndarray, i: int, board: np.ndarray, params: np.ndarray) -> None:
    """Disc i has fallen flat into the hole: lay it on the bottom (:func:`_flat_place`).

    From then on it is an obstacle to the discs still sliding (:func:`pair_time`): its
    top stands ``thickness - hole depth`` proud of the surface (3.2 mm on the standard
    board), too high for a sliding disc's rim to pass over.
    """
    ok, px, py = _flat_place(st, i, board, params)
    if ok:
        st[i, F_X] = px
        st[i, F_Y] = py


@njit_borrowing
def _flat_place(
    st: np.ndarray, i: int, board: np.ndarray, params: np.ndarray
) -> tuple[bool, float, float]:
    """Where disc i (rebased) lies flat on the bottom of the hole, if anywhere.

    Its centre must be within ``hole - r`` of the hole's centre: the nearest such point
    to where it fell, or else the nearest round that circle clear of every disc on the
    surface. A disc on the surface may overhang the hole so far that no point is clear
    (its centre within ``2r - (hole - r)`` of the hole's centre): then there is no room
    to lie flat.
    """
    play = max(board[B_HOLE] - board[B_RADIUS], 0.0)
    x, y = st[i, F_X], st[i, F_Y]
    r = math.sqrt(x * x + y * y)
    if r > play:
        x, y = x * play / r, y * play / r
    if _clear_of_discs(st, i, x, y, board, params):
        return True, x, y
    return _clear_round(st, i, play, board, params)


@njit_borrowing
def _clear_of_discs(
    st: np.ndarray, i: int, px: float, py: float, board: np.ndarray, params: np.ndarray
) -> bool:
    """Whether disc i centred at (px, py) would overlap no other disc on the surface."""
    reach = 2.0 * board[B_RADIUS] - OVERLAP
    decel = params[P_FRICTION] * params[P_GRAVITY]
    now = st[i, F_T0]
    for k in range(st.shape[0]):
        if k == i or not _on_surface(st[k, F_MODE]):
            continue
        kx, ky, _ = state_at(st, k, now, decel)
        if (kx - px) * (kx - px) + (ky - py) * (ky - py) < reach * reach:
            return False
    return True


@njit_borrowing
def _clear_round(
    st: np.ndarray, i: int, ring: float, board: np.ndarray, params: np.ndarray
) -> tuple[bool, float, float]:
    """The point of the circle of radius ``ring`` about the hole's centre nearest to
    disc i (rebased), in steps of 1 degree either way, where it would overlap no other
    disc on the surface. A disc at the very centre starts on the side it came from."""
    x, y = st[i, F_X], st[i, F_Y]
    centred = x * x + y * y <= 1e-18
    base = math.atan2(-st[i, F_UY], -st[i, F_UX]) if centred else math.atan2(y, x)
    for step in range(181):
        for sign in (1.0, -1.0):
            a = base + sign * step * (math.pi / 180.0)
            px, py = ring * math.cos(a), ring * math.sin(a)
            if _clear_of_discs(st, i, px, py, board, params):
                return True, px, py
            if step == 0:
                break
    return False, 0.0, 0.0


@njit_borrowing
def _caught_by_full_hole(st: np.ndarray, i: int, board: np.ndarray, params: np.ndarray) -> int:
    """Disc i (rebased, at rest) falls towards a hole with no room to lie flat: one
    already holds a disc, or a disc on the surface overhangs it (:func:`_flat_place`).

    It tilts against the rim: its centre goes onto the rim circle, on the side it came
    from, or the nearest place round the rim clear of the other discs. If no place on
    the rim is clear it stays in the hole (on top of the other).
    """
    ok, px, py = _clear_round(st, i, board[B_HOLE], board, params)
    st[i, F_V] = 0.0
    if ok:
        st[i, F_X] = px
        st[i, F_Y] = py
        st[i, F_MODE] = M_LEAN
        return K_LEANED
    st[i, F_MODE] = M_HOLE
    return K_DROPPED


@njit(cache=True)
def _touching(bits: int, line: int) -> bool:
    return ((bits >> (2 * line + 1)) & 1) == 1 and ((bits >> (2 * line)) & 1) == 0


NO_LOG = np.zeros(1, dtype=np.bool_)
"""``NO_LOG[0]`` is how compiled code passes ``run_shot`` a ``log`` of False: a
literal ``False`` would have numba compile the whole kernel again for that constant,
where this value shares the version Python's calls compile."""


@njit(cache=True)
def run_shot(
    board: np.ndarray, params: np.ndarray, discs: np.ndarray, shot: np.ndarray, log: bool
) -> tuple[int, int, np.ndarray, np.ndarray, np.ndarray]:
    """Simulate one shot. ``discs``: rows (x, y, leaning); ``shot``: x, y, vx, vy, spin."""
    n_lay = discs.shape[0]
    n = n_lay + 1
    empty = np.empty((0, EV_SIZE))
    status, info = check_start(board, discs, shot)
    if status != S_OK:
        return status, info, empty, np.empty((0, 3)), np.empty((0, SEG_SIZE))
    g = params[P_GRAVITY]
    decel = params[P_FRICTION] * g
    radius = board[B_RADIUS]
    spin_decay = 4.0 / 3.0 * params[P_SPIN_FRICTION] * g / radius
    slow = params[P_SLOW]
    circle = board[B_KIND] == KIND_CIRCLE
    proud = board[B_PROUD] > 0.0
    max_events = int(params[P_MAX_EVENTS])
    max_time = params[P_MAX_TIME]

    st = np.zeros((n, F_SIZE))
    for k in range(n_lay):
        st[k, F_X] = discs[k, 0]
        st[k, F_Y] = discs[k, 1]
        st[k, F_UX] = 1.0
        st[k, F_MODE] = M_LEAN if discs[k, 2] != 0.0 else M_REST
        st[k, F_BITS] = _inside_bits(board, discs[k, 0], discs[k, 1])
    s = n_lay
    st[s, F_X] = shot[0]
    st[s, F_Y] = shot[1]
    speed = math.sqrt(shot[2] * shot[2] + shot[3] * shot[3])
    st[s, F_V] = speed
    st[s, F_UX] = shot[2] / speed
    st[s, F_UY] = shot[3] / speed
    st[s, F_W] = shot[4]
    st[s, F_MODE] = M_SLIDE
    st[s, F_BITS] = _inside_bits(board, shot[0], shot[1])

    ev = np.empty((32, EV_SIZE))
    ne = 0
    sg = np.empty((n + 16 if log else 1, SEG_SIZE))
    ns = 0
    if log:
        for k in range(n):
            sg = _push_segment(sg, ns, st, k, -1)
            ns += 1
    ct = np.full(n, INF)
    ck = np.full(n, -1, dtype=np.int64)
    co = np.full(n, -1, dtype=np.int64)
    lt = np.full(n, INF)
    lb = np.full(n, -1, dtype=np.int64)
    candidate(st, s, 0.0, board, params, ct, ck, co)
    line_candidate(st, s, 0.0, board, params, lt, lb)
    holes = 0
    now = 0.0
    count = 0
    while True:
        i = -1
        t = INF
        line_event = False
        for k in range(n):
            if ct[k] < t:
                t = ct[k]
                i = k
                line_event = False
            if lt[k] < t:
                t = lt[k]
                i = k
                line_event = True
        if i < 0:
            break
        count += 1
        if count > max_events:
            return S_TOO_MANY_EVENTS, count, ev[:ne], np.empty((0, 3)), sg[:ns]
        if t > max_time:
            return S_TOO_LONG, i, ev[:ne], np.empty((0, 3)), sg[:ns]
        now = t
        kind = C_LINE if line_event else ck[i]
        other = lb[i] if line_event else co[i]
        if kind == C_DISC and st[other, F_MODE] == M_HOLE:
            kind = C_SUNK
        j = -1
        if kind == C_DISC:
            j = other
            resolve_discs(
                st, i, j, now, radius, decel, spin_decay,
                params[P_DISC_E], params[P_DISC_MU], slow,
            )  # fmt: skip
            ev = _push_event(ev, ne, now, K_DISC, i, j, st[i, F_X], st[i, F_Y], 0)
            ne += 1
            for d in (i, j):
                mode = st[d, F_MODE]
                if st[d, F_V] > V_REST:
                    st[d, F_MODE] = M_SLIDE
                    continue
                st[d, F_V] = 0.0
                if mode == M_SLIDE:
                    k_rest = _come_to_rest(st, d, board, params, holes)
                    ev, ne, holes = _rested(ev, ne, st, d, now, k_rest, board, params, holes)
        elif kind == C_STOP:
            rebase(st, i, now, decel, spin_decay)
            k_rest = _come_to_rest(st, i, board, params, holes)
            ev, ne, holes = _rested(ev, ne, st, i, now, k_rest, board, params, holes)
        elif kind == C_LINE:
            bits = int(st[i, F_BITS])
            line = other // 2
            before = _touching(bits, line)
            bits ^= 1 << other
            after = _touching(bits, line)
            st[i, F_BITS] = float(bits)
            x, y, _ = state_at(st, i, now, decel)
            if after and not before:
                ev = _push_event(ev, ne, now, K_TOUCH, i, line, x, y, 0)
                ne += 1
            elif before and not after:
                side = 1 if other % 2 == 1 else -1
                ev = _push_event(ev, ne, now, K_CLEAR, i, line, x, y, side)
                ne += 1
            line_candidate(st, i, now, board, params, lt, lb)
            continue
        elif kind == C_PEG or kind == C_SUNK:  # noqa: SIM109
            # a fixed circle: a peg, or a disc lying in the hole (its wall holds it)
            if kind == C_PEG:
                cx, cy = board[B_HEADER + 2 * other], board[B_HEADER + 2 * other + 1]
                e, mu, logged = params[P_PEG_E], params[P_PEG_MU], K_PEG
            else:
                cx, cy = st[other, F_X], st[other, F_Y]
                e, mu, logged = params[P_DISC_E], params[P_DISC_MU], K_DISC
            x, y, _ = state_at(st, i, now, decel)
            dx, dy = cx - x, cy - y
            d = math.sqrt(dx * dx + dy * dy)
            resolve_fixed(st, i, now, dx / d, dy / d, radius, decel, spin_decay, e, mu, slow)
            ev = _push_event(ev, ne, now, logged, i, other, st[i, F_X], st[i, F_Y], 0)
            ne += 1
            if st[i, F_V] <= V_REST:
                k_rest = _come_to_rest(st, i, board, params, holes)
                ev, ne, holes = _rested(ev, ne, st, i, now, k_rest, board, params, holes)
        elif kind == C_HOLE:
            rebase(st, i, now, decel, spin_decay)
            k_rest = _drop(st, i, board, params, holes)
            ev, ne, holes = _rested(ev, ne, st, i, now, k_rest, board, params, holes)
        elif kind == C_EDGE:
            rebase(st, i, now, decel, spin_decay)
            x, y = st[i, F_X], st[i, F_Y]
            ev = _push_event(ev, ne, now, K_LEFT, i, other, x, y, 0)
            ne += 1
            if circle:
                st[i, F_MODE] = M_AIR
                st[i, F_TZ] = now
            else:
                st[i, F_MODE] = M_GUTTER
                st[i, F_V] = 0.0
                ev = _push_event(ev, ne, now, K_LANDED, i, other, x, y, 0)
                ne += 1
        elif kind == C_RAIL:
            x, y, _ = state_at(st, i, now, decel)
            d = math.sqrt(x * x + y * y)
            resolve_fixed(
                st, i, now, x / d, y / d, radius, decel, spin_decay,
                params[P_RAIL_E], params[P_RAIL_MU], slow,
            )  # fmt: skip
            ev = _push_event(ev, ne, now, K_RAIL, i, -1, st[i, F_X], st[i, F_Y], 0)
            ne += 1
        elif kind == C_REENTRY:
            rebase(st, i, now, decel, spin_decay)
            dt = now - st[i, F_TZ]
            fallen = 0.5 * g * dt * dt
            if fallen < params[P_REENTRY]:
                st[i, F_MODE] = M_SLIDE
                st[i, F_BITS] = _inside_bits(board, st[i, F_X], st[i, F_Y])
                ev = _push_event(ev, ne, now, K_REENTERED, i, E_RIM, st[i, F_X], st[i, F_Y], 0)
            else:
                st[i, F_MODE] = M_DITCH
                st[i, F_V] = 0.0
                ev = _push_event(ev, ne, now, K_LANDED, i, E_RIM, st[i, F_X], st[i, F_Y], 0)
            ne += 1
        else:  # C_LAND
            rebase(st, i, now, decel, spin_decay)
            st[i, F_MODE] = M_DITCH
            st[i, F_V] = 0.0
            x, y = st[i, F_X], st[i, F_Y]
            r = math.sqrt(x * x + y * y)
            reach = board[B_RAIL] - radius
            if r > reach:
                st[i, F_X] = x * reach / r
                st[i, F_Y] = y * reach / r
            ev = _push_event(ev, ne, now, K_LANDED, i, E_RIM, st[i, F_X], st[i, F_Y], 0)
            ne += 1
        if log:
            sg = _push_segment(sg, ns, st, i, kind)
            ns += 1
            if j >= 0:
                sg = _push_segment(sg, ns, st, j, kind)
                ns += 1
        # recompute what this event can change
        candidate(st, i, now, board, params, ct, ck, co)
        line_candidate(st, i, now, board, params, lt, lb)
        if j >= 0:
            candidate(st, j, now, board, params, ct, ck, co)
            line_candidate(st, j, now, board, params, lt, lb)
        for k in range(n):
            if k == i or k == j:  # noqa: SIM109
                continue
            mk = st[k, F_MODE]
            if mk != M_SLIDE and mk != M_AIR:
                ct[k] = INF
                continue
            if ck[k] == C_DISC and (co[k] == i or co[k] == j):
                candidate(st, k, now, board, params, ct, ck, co)
            elif mk == M_SLIDE:
                tk = pair_time(st, k, i, now, ct[k], radius, decel, proud)
                if tk < ct[k]:
                    ct[k], ck[k], co[k] = tk, C_DISC, i
                if j >= 0:
                    tk = pair_time(st, k, j, now, ct[k], radius, decel, proud)
                    if tk < ct[k]:
                        ct[k], ck[k], co[k] = tk, C_DISC, j
    finals = np.empty((n, 3))
    for k in range(n):
        if st[k, F_MODE] == M_SLIDE or st[k, F_MODE] == M_AIR:
            return S_UNFINISHED, k, ev[:ne], np.empty((0, 3)), sg[:ns]
        finals[k, 0] = st[k, F_X]
        finals[k, 1] = st[k, F_Y]
        finals[k, 2] = st[k, F_MODE]
    return S_OK, -1, ev[:ne], finals, sg[:ns]

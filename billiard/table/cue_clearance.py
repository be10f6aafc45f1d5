"""A real cue: the least elevation at which the stick clears the rails, the cushions and the
other balls behind the cue ball.

The stick is a tapered cylinder (13 mm at the tip to 29 mm at the butt, ``render.cue``) laid
along the stroke from the tip's contact point back to the butt, plus the longest draw-back.
Raising the cue by ``e`` lifts a point ``s`` metres back along the stick by ``s sin e``
(the stroke frame of ``physics.cue``). A ball is cleared when its centre is farther from the
axis than its radius plus the stick's; the cushions and rails are cleared when the stick is
above the rail top wherever it is over them (cushion nose line to the outer rail edge).
Pure numpy: the controls and the computer's search (``ai.search``) call it, the renderer draws
the result.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

CUE_LENGTH = 1.47  # m, as drawn (render.cue.CUE_LENGTH)
MAX_DRAW = 0.30  # m the stick may be drawn back behind the contact point
TIP_RADIUS, BUTT_RADIUS = 0.0065, 0.0145
RAIL_ABOVE_NOSE = 0.006  # the rail top sits this much above the cushion nose (render.table_mesh)
GAP = 0.002  # m of air kept between the stick and whatever it clears
STEP_DEG = 0.25
MAX_DEG = 75.0
SAMPLES = 96
_S = np.linspace(0.0, CUE_LENGTH + MAX_DRAW, SAMPLES)  # m back along the stick from the tip's contact
_STICK_R = TIP_RADIUS + (BUTT_RADIUS - TIP_RADIUS) * np.clip(_S - MAX_DRAW, 0, CUE_LENGTH) / CUE_LENGTH


def _stroke(heading_deg: float, elevation_deg: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Along the stroke (butt to tip), right and up across it (as ``physics.cue``)."""
    h, e = math.radians(heading_deg), math.radians(elevation_deg)
    ch, sh, ce, se = math.cos(h), math.sin(h), math.cos(e), math.sin(e)
    return np.array([ce * ch, ce * sh, -se]), np.array([sh, -ch, 0.0]), np.array([se * ch, se * sh, ce])


def contact(
    center: np.ndarray, radius: float, heading_deg: float, elevation_deg: float, tip: tuple[float, float]
) -> np.ndarray:
    """Where the tip touches the ball (offset a right, b up, in radii)."""
    d, right, up = _stroke(heading_deg, elevation_deg)
    a, b = tip
    return center + radius * (a * right + b * up - math.sqrt(max(0.0, 1 - a * a - b * b)) * d)


def blocked(
    table: Table,
    others: np.ndarray,
    other_r: np.ndarray,
    center: np.ndarray,
    radius: float,
    heading_deg: float,
    elevation_deg: float,
    tip: tuple[float, float],
) -> bool:
    """True when the stick at this elevation passes through a ball, a cushion or a rail."""
    d, _, _ = _stroke(heading_deg, elevation_deg)
    start = contact(center, radius, heading_deg, elevation_deg, tip)
    pts = start[None, :] - _S[:, None] * d[None, :]
    if len(others):
        gap = pts[:, None, :] - others[None, :, :]
        reach = other_r[None, :] + _STICK_R[:, None] + GAP
        if np.any(np.einsum("ijk,ijk->ij", gap, gap) < reach * reach):
            return True
    outer_x = table.half_length + table.cushion_width + table.rail_width
    outer_y = table.half_width + table.cushion_width + table.rail_width
    ax, ay = np.abs(pts[:, 0]), np.abs(pts[:, 1])
    over_rail = ((ax > table.half_length) | (ay > table.half_width)) & (ax < outer_x) & (ay < outer_y)
    top = table.cushion_height + RAIL_ABOVE_NOSE
    return bool(np.any(over_rail & (pts[:, 2] - _STICK_R < top + GAP)))


def least_elevation(
    table: Table,
    pos: np.ndarray,
    radius: np.ndarray,
    live: np.ndarray,
    cue: int,
    heading_deg: float,
    tip: tuple[float, float] = (0.0, 0.0),
    wanted_deg: float = 0.0,
) -> float:
    """The lowest elevation >= ``wanted_deg`` (in steps of 0.25 degree) at which the cue clears
    everything; ``MAX_DEG`` when nothing lower does. ``live`` masks the balls on the table."""
    mask = np.asarray(live, bool).copy()
    mask[cue] = False
    others, other_r = np.asarray(pos, float)[mask], np.asarray(radius, float)[mask]
    center, r = np.asarray(pos[cue], float), float(radius[cue])
    # only balls within reach of the stick matter
    near = np.linalg.norm(others[:, :2] - center[:2], axis=1) < CUE_LENGTH + MAX_DRAW + 0.1
    others, other_r = others[near], other_r[near]
    e = max(0.0, wanted_deg)

    def clear(deg: float) -> bool:
        return not blocked(table, others, other_r, center, r, heading_deg, deg, tip)

    if clear(e):
        return e
    # the least whole degree above ``e`` that clears (raising the stick only lifts it off
    # what it met): doubled steps up, then halved back, then quarter degrees down from it
    low, step = float(math.floor(e)), 1.0  # ``low`` never clears (it is at most ``e``)
    while low + step < MAX_DEG and not clear(low + step):
        low, step = low + step, 2 * step
    high = min(low + step, MAX_DEG)
    if high >= MAX_DEG and not clear(MAX_DEG):
        return MAX_DEG
    while high - low > 1.0:
        mid = float(math.floor((low + high) / 2))
        low, high = (low, mid) if clear(mid) else (mid, high)
    fine = high
    while fine - STEP_DEG > e and clear(fine - STEP_DEG):
        fine -= STEP_DEG
    return fine


def cue_elevation(
    table: Table, balls: Balls, cue: str, heading_deg: float, tip: tuple[float, float], wanted_deg: float
) -> float:
    """:func:`least_elevation` for the cue ball ``cue`` among ``balls`` (the pocketed ones left
    out); ``wanted_deg`` when the cue ball itself is off the table."""
    i = balls.index(cue)
    if balls.motion[i] == Motion.POCKETED:
        return wanted_deg
    live = balls.motion != Motion.POCKETED
    return least_elevation(table, balls.pos, balls.radius, live, i, heading_deg, (tip[0], tip[1]), wanted_deg)

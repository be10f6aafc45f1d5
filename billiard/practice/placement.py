"""Where a ball may be put down by hand in set-up mode, and where SHIFT snaps it.

Legal: the centre on the bed inside the cushion noses (a ball may be frozen to a cushion:
its centre then lies ``nose_setback`` from the nose line, because the nose touches the
ball above its centre), no part of the ball over a pocket hole (so never in the jaws),
and not overlapping another ball
(touching is allowed). Snapping moves the ball the least distance that makes it frozen
to the nearest cushion, frozen to the nearest ball, or onto the nearest spot.
No window code: the set-up controls and the tests use this directly.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.state import Balls, Motion
from billiard.table.cushion import nose_setback
from billiard.table.model import Table

FROZEN_GAP = 1e-7  # m left between "frozen" neighbours (as racks do), so no contact starts overlapped
TOUCH_TOLERANCE = 1e-9  # m: closer than touching by this much still counts as touching


def bed_limits(table: Table, radius: float) -> tuple[float, float]:
    """Largest |x| and |y| of a ball centre: frozen to the cushion noses."""
    reach = nose_setback(table.cushion_height, radius)
    return table.half_length - reach, table.half_width - reach


def why_illegal(table: Table, balls: Balls, ball: str, x: float, y: float) -> str | None:
    """None when ``ball`` may be put down at (x, y); else a short reason for the HUD."""
    i = balls.index(ball)
    r = float(balls.radius[i])
    if not (math.isfinite(x) and math.isfinite(y)):
        return "off the bed"
    mx, my = bed_limits(table, r)
    if abs(x) > mx + TOUCH_TOLERANCE or abs(y) > my + TOUCH_TOLERANCE:
        return "off the bed"
    for p in table.pockets:
        if math.hypot(x - p.center[0], y - p.center[1]) < p.radius + r:
            return f"over the {p.name} pocket"
    other = _overlapping(balls, i, x, y, r)
    return None if other is None else f"on the {other} ball"


def legal(table: Table, balls: Balls, ball: str, x: float, y: float) -> bool:
    return why_illegal(table, balls, ball, x, y) is None


def _overlapping(balls: Balls, i: int, x: float, y: float, r: float) -> str | None:
    live = balls.motion != Motion.POCKETED
    live[i] = False
    if not live.any():
        return None
    idx = np.nonzero(live)[0]
    d = np.hypot(balls.pos[idx, 0] - x, balls.pos[idx, 1] - y)
    bad = d < r + balls.radius[idx] - TOUCH_TOLERANCE
    return balls.ids[int(idx[np.argmax(bad)])] if bad.any() else None


def spots(table: Table) -> list[tuple[float, float]]:
    """The marked spots: the table's named spots, the foot spot, the head spot, the centre."""
    out = [(float(x), float(y)) for x, y in table.spots.values()]
    out += [(float(table.foot_spot[0]), float(table.foot_spot[1])), (-table.half_length / 2, 0.0), (0.0, 0.0)]
    unique: list[tuple[float, float]] = []
    for s in out:
        if s not in unique:
            unique.append(s)
    return unique


def snap_candidates(table: Table, balls: Balls, ball: str, x: float, y: float) -> list[tuple[float, float]]:
    """Where SHIFT could put the ball from (x, y): frozen to each cushion, frozen to each
    other ball (on the line from its centre through (x, y)), and on each spot."""
    i = balls.index(ball)
    r = float(balls.radius[i])
    mx, my = bed_limits(table, r)
    mx, my = mx - FROZEN_GAP, my - FROZEN_GAP
    cx, cy = min(max(x, -mx), mx), min(max(y, -my), my)
    out = [(mx, cy), (-mx, cy), (cx, my), (cx, -my)]
    for j in range(len(balls)):
        if j == i or balls.motion[j] == Motion.POCKETED:
            continue
        bx, by = float(balls.pos[j, 0]), float(balls.pos[j, 1])
        d = math.hypot(x - bx, y - by)
        ux, uy = ((x - bx) / d, (y - by) / d) if d > 1e-12 else (-1.0, 0.0)
        gap = r + float(balls.radius[j]) + FROZEN_GAP
        out.append((bx + gap * ux, by + gap * uy))
    out += spots(table)
    return out


def snap(table: Table, balls: Balls, ball: str, x: float, y: float) -> tuple[float, float] | None:
    """The nearest legal snap target to (x, y), or None when none is legal."""
    best: tuple[float, float] | None = None
    best_d = math.inf
    for cand in snap_candidates(table, balls, ball, x, y):
        d = math.hypot(cand[0] - x, cand[1] - y)
        if d < best_d and legal(table, balls, ball, *cand):
            best, best_d = cand, d
    return best


def nearest_ball(balls: Balls, x: float, y: float, reach: float = 1.5) -> str | None:
    """The ball on the table under (x, y): its centre within ``reach`` radii, nearest first."""
    live = np.nonzero(balls.motion != Motion.POCKETED)[0]
    if not len(live):
        return None
    d = np.hypot(balls.pos[live, 0] - x, balls.pos[live, 1] - y)
    k = int(np.argmin(d))
    return balls.ids[int(live[k])] if d[k] <= reach * float(balls.radius[live[k]]) else None

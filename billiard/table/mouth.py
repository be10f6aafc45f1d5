"""Where a ball's centre may lie on the bed: inside the cushion noses, or in a pocket's
mouth (issue 20).

A pocket (:mod:`billiard.table.jaws`) is a channel: two facings leave the points P1, P2
and are tangent to the round hole in the bed; the liner closes the back of the hole R
(+1 mm) outside it, and its polygon corners leave room for a ball centre a few millimetres
behind the hole's edge, resting on the bed there. So the pocket holds centres between the
two facing lines, behind the mouth line, and, behind the hole's centre, within r + R of it.
This region is deliberately a little larger than where a ball fits (R wider on every side):
whether the ball then overlaps a jaw, point or liner, or lies over the hole, is checked
separately against the obstacles and the holes. The shot-file parser and the end-state
audit both use it, so a spot the parser accepts is never "outside the table" at rest.
"""

from __future__ import annotations

import math

from billiard.physics.table_geometry import Pocket, Vec2
from billiard.table.cushion import nose_setback
from billiard.table.model import Table


def _facing_normal(point: Vec2, other: Vec2, hole: Vec2, radius: float) -> tuple[float, float] | None:
    """Unit normal of the facing line through ``point`` tangent to the hole circle, pointing
    into the channel (towards the other point); None when the point lies in the hole."""
    wx, wy = hole[0] - point[0], hole[1] - point[1]
    length = math.hypot(wx, wy)
    if length <= radius:
        return None
    wx, wy = wx / length, wy / length
    cos, sin = radius / length, math.sqrt(1.0 - (radius / length) ** 2)
    ox, oy = other[0] - point[0], other[1] - point[1]
    # of the two tangents, the facing has the other point furthest on its channel side (the
    # other one wraps round the hole; with no shelf it is the mouth line itself)
    best = max(
        ((wx * cos - s * wy * sin, wy * cos + s * wx * sin) for s in (1.0, -1.0)), key=lambda n: n[0] * ox + n[1] * oy
    )
    return best if best[0] * ox + best[1] * oy > 0.0 else None


def in_pocket_mouth(pocket: Pocket, x: float, y: float, ball_radius: float) -> bool:
    """True if a ball centred at (x, y) on the bed is in the pocket's channel (see the module
    docstring: R of slack on every side; obstacles and the hole are checked elsewhere)."""
    hx, hy = pocket.center
    r, big = pocket.radius, pocket.radius + ball_radius
    if math.hypot(x - hx, y - hy) < big:
        return True
    if len(pocket.points) != 2:
        return False
    (p1, p2), (ax, ay) = pocket.points, pocket.axis
    if (x - hx) * ax + (y - hy) * ay > 0.0:  # behind the hole's centre: within r + R only
        return False
    mx, my = (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2
    if (x - mx) * ax + (y - my) * ay < -ball_radius:  # in front of the mouth line: the table's
        return False
    for p, q in ((p1, p2), (p2, p1)):
        n = _facing_normal(p, q, pocket.center, r)
        if n is None or (x - p[0]) * n[0] + (y - p[1]) * n[1] < -ball_radius:
            return False
    return True


def on_bed_area(table: Table, x: float, y: float, ball_radius: float, tol: float = 0.0) -> bool:
    """True if a ball centred at (x, y) can be on the bed as far as the outline goes: inside
    the rectangle a ball touching the cushion noses reaches, or in a pocket's mouth."""
    reach = nose_setback(table.cushion_height, ball_radius) - tol
    if abs(x) <= table.half_length - reach and abs(y) <= table.half_width - reach:
        return True
    return any(in_pocket_mouth(p, x, y, ball_radius) for p in table.pockets)

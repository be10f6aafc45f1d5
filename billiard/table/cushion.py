"""Cushions as bricks tilted about their long axis so a ball on the bed touches the
nose at the real height h > R (docs/physics.md; seed 004 annex B.4)."""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.obstacles import Brick, vec3


def nose_tilt(nose_height: float, ball_radius: float) -> float:
    """Angle theta of the contact normal below horizontal: sin(theta) = (h - R) / R."""
    return math.asin(max(-1.0, min(1.0, (nose_height - ball_radius) / ball_radius)))


def nose_setback(nose_height: float, ball_radius: float) -> float:
    """Horizontal distance from the nose line to a touching ball's centre, sqrt(R^2 - (h-R)^2)."""
    return ball_radius * math.cos(nose_tilt(nose_height, ball_radius))


def cushion_brick(
    start, end, inward, nose_height: float, ball_radius: float, name: str, depth: float = 0.05, kind: str = "cushion"
) -> Brick:
    """A brick whose table-facing face contains the nose segment ``start``-``end`` (x, y at
    height ``nose_height``) and leans over the table so its outward normal points along
    ``inward`` (2D unit vector towards the table) tilted down by :func:`nose_tilt`.
    The face runs from 0.3 R above the nose down to 1 cm below the bed."""
    th = nose_tilt(nose_height, ball_radius)
    c, s = math.cos(th), math.sin(th)
    m = np.array([inward[0], inward[1], 0.0])
    m /= np.linalg.norm(m)
    n = np.array([m[0] * c, m[1] * c, -s])  # face normal (towards the table, down)
    t = np.array([-m[0] * s, -m[1] * s, -c])  # along the face, downwards
    e_long = np.cross(t, n)  # so that n x e_long = t
    p0 = np.array([start[0], start[1], nose_height])
    p1 = np.array([end[0], end[1], nose_height])
    if np.dot(p1 - p0, e_long) < 0:
        p0, p1 = p1, p0
    above = 0.3 * ball_radius
    origin = p0 - t * (above / c)
    width = (nose_height + above + 0.01) / c
    return Brick(
        origin=vec3(origin),
        normal=vec3(n),
        e_long=vec3(e_long),
        length=float(np.linalg.norm(p1 - p0)),
        width=float(width),
        height=float(depth),
        name=name,
        kind=kind,
    )

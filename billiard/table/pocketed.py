"""Six-pocket tables (pool, snooker): pockets at the corners and the middle of the long
rails, cushion bricks between them (``cushion_brick``), jaws and points from :mod:`jaws`.

Pocket names: ``corner-top-left`` ... ``side-bottom``; "top" is the +y rail, "left" the
-x (head) end.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.obstacles import Obstacle
from billiard.table.cushion import cushion_brick
from billiard.table.jaws import PointSide, build_pocket, rounding_trim
from billiard.table.model import Pocket
from billiard.table.pocket_style import PocketStyle

_Y = {1: "top", -1: "bottom"}
_X = {-1: "left", 1: "right"}


def _v(x: float, y: float) -> np.ndarray:
    return np.array([x, y], dtype=float)


def six_pockets(
    length: float, width: float, style: PocketStyle, nose_height: float, ball_radius: float
) -> tuple[tuple[Pocket, ...], tuple[Obstacle, ...]]:
    """Pockets and every obstacle (cushions, jaws, points, liners) of a six-pocket table."""
    hl, hw = length / 2, width / 2
    a = style.corner_point_offset()
    m = style.side_mouth / 2
    pockets: list[Pocket] = []
    obstacles: list[Obstacle] = []
    for sy in (1, -1):
        for sx in (-1, 1):
            sides = (
                PointSide(_v(sx * (hl - a), sy * hw), _v(sx, 0), _v(0, sy)),
                PointSide(_v(sx * hl, sy * (hw - a)), _v(0, sy), _v(sx, 0)),
            )
            pocket, obs = build_pocket(f"corner-{_Y[sy]}-{_X[sx]}", "corner", sides, style, nose_height, ball_radius)
            pockets.append(pocket)
            obstacles.extend(obs)
        sides = (PointSide(_v(-m, sy * hw), _v(1, 0), _v(0, sy)), PointSide(_v(m, sy * hw), _v(-1, 0), _v(0, sy)))
        pocket, obs = build_pocket(f"side-{_Y[sy]}", "side", sides, style, nose_height, ball_radius)
        pockets.append(pocket)
        obstacles.extend(obs)
    tc = rounding_trim(style.corner_angle_deg, style.point_radius, nose_height, ball_radius)
    ts = rounding_trim(style.side_angle_deg, style.point_radius, nose_height, ball_radius)
    cushions: list[tuple[tuple[float, float], tuple[float, float], tuple[float, float], str]] = []
    for sy in (1, -1):
        y = sy * hw
        cushions.append(((-hl + a + tc, y), (-m - ts, y), (0.0, -sy), f"cushion-{_Y[sy]}-left"))
        cushions.append(((m + ts, y), (hl - a - tc, y), (0.0, -sy), f"cushion-{_Y[sy]}-right"))
    for sx in (-1, 1):
        x = sx * hl
        cushions.append(((x, -hw + a + tc), (x, hw - a - tc), (-sx, 0.0), f"cushion-{_X[sx]}"))
    bricks = tuple(
        cushion_brick(p0, p1, inward, nose_height, ball_radius, name=name, depth=style.cushion_width)
        for p0, p1, inward, name in cushions
    )
    return tuple(pockets), bricks + tuple(obstacles)

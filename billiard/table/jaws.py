"""One pocket built from seed 004 annex B obstacles: two rounded points (spheres), two
facings (tilted bricks, like the cushions) and a liner of vertical bricks behind the
round hole in the bed.

Geometry in the bed plane. Each point P sits on a cushion nose line; ``c`` is the unit
direction along that nose towards the pocket, ``o`` the unit direction away from the
table. The facing leaves P at ``beta = 180 deg - angle`` from the nose, bending away
from the table: ``d = c cos(beta) + o sin(beta)``, with table-side normal
``n = c sin(beta) - o cos(beta)``. The hole is the circle inscribed between both facing
lines whose front edge is ``shelf`` behind the mouth line P1-P2.

Points: a sphere of radius rp rounds each point. It is placed so that a ball on the bed
touches it at the nose height, like the tilted bricks (its centre is rp cos(theta)
behind both nose lines and rp sin(theta) above the nose, theta = cushion tilt), and the
bricks stop where the sphere takes over (tangent points rp cos(theta)/tan(angle/2)
from P). Spheres are annex B.1; a vertical cylinder would need a new obstacle shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.physics.obstacles import Brick, Obstacle, Sphere, vec3
from billiard.table.cushion import cushion_brick, nose_tilt
from billiard.table.model import Pocket
from billiard.table.pocket_style import PocketStyle, facing_turn


@dataclass(frozen=True)
class PointSide:
    """One side of a pocket mouth: the sharp point, the nose direction towards the
    pocket and the direction away from the table (2D unit vectors)."""

    point: np.ndarray
    along: np.ndarray
    out: np.ndarray


def rounding_trim(angle_deg: float, point_radius: float, nose_height: float, ball_radius: float) -> float:
    """Distance from a sharp point to where its rounding sphere meets the nose or facing."""
    horizontal = point_radius * math.cos(nose_tilt(nose_height, ball_radius))
    return horizontal / math.tan(math.radians(angle_deg) / 2)


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def _xy(v: np.ndarray) -> tuple[float, float]:
    return float(v[0]), float(v[1])


def build_pocket(
    name: str, kind: str, sides: tuple[PointSide, PointSide], style: PocketStyle, nose_height: float, ball_radius: float
) -> tuple[Pocket, tuple[Obstacle, ...]]:
    """The :class:`Pocket` record and the obstacles (points, jaws, liner) of one pocket."""
    angle = style.facing_deg(kind)
    shelf = style.corner_shelf if kind == "corner" else style.side_shelf
    beta = facing_turn(angle)
    theta = nose_tilt(nose_height, ball_radius)
    s1, s2 = sides
    mouth_mid = (s1.point + s2.point) / 2
    axis = _unit(s1.out + s2.out)
    d1 = s1.along * math.cos(beta) + s1.out * math.sin(beta)
    n1 = s1.along * math.sin(beta) - s1.out * math.cos(beta)
    # Hole centre H = M + (shelf + r) axis at distance r from facing 1: (H - P1).n1 = r.
    a_n = float(axis @ n1)
    radius = (float((mouth_mid - s1.point) @ n1) + shelf * a_n) / (1.0 - a_n)
    hole = mouth_mid + (shelf + radius) * axis
    # Facings reach the back of the cushion and at least half a hole past the hole centre,
    # so that facings and the tall back liner close the pocket above the bed.
    jaw_len = max(style.cushion_width / math.sin(beta), (shelf + 1.5 * radius) / float(d1 @ axis))
    trim = rounding_trim(angle, style.point_radius, nose_height, ball_radius)
    centre_dist = style.point_radius * math.cos(theta) / math.sin(math.radians(angle) / 2)
    obstacles: list[Obstacle] = []
    for k, side in enumerate(sides, start=1):
        d = side.along * math.cos(beta) + side.out * math.sin(beta)
        n = side.along * math.sin(beta) - side.out * math.cos(beta)
        p = side.point
        c = p + centre_dist * _unit(d - side.along)
        obstacles.append(
            Sphere(
                center=(float(c[0]), float(c[1]), nose_height + style.point_radius * math.sin(theta)),
                radius=style.point_radius,
                name=f"point-{name}-{k}",
                kind="point",
            )
        )
        obstacles.append(
            cushion_brick(
                _xy(p + trim * d),
                _xy(p + jaw_len * d),
                _xy(n),
                nose_height,
                ball_radius,
                name=f"jaw-{name}-{k}",
                depth=style.jaw_thickness,
                kind="jaw",
            )
        )
    obstacles.extend(_liner(name, hole, radius, axis, style, ball_radius))
    mouth = float(np.linalg.norm(s1.point - s2.point))
    pocket = Pocket(
        name=name,
        center=_xy(hole),
        radius=float(radius),
        mouth=mouth,
        kind=kind,
        depth=style.depth,
        points=(_xy(s1.point), _xy(s2.point)),
        axis=_xy(axis),
        facing_deg=float(angle),
    )
    return pocket, tuple(obstacles)


def _liner(
    name: str, hole: np.ndarray, radius: float, axis: np.ndarray, style: PocketStyle, ball_radius: float
) -> list[Brick]:
    """The back of the pocket: vertical bricks on the half of the hole away from the table,
    from the pocket bottom to 3 R above the bed, stopping a ball that flies over the hole.
    Below the bed the fall is confined by :mod:`billiard.physics.pockets` (the centre stays
    over the hole), so the liner stands R (+1 mm) outside the hole: the two never meet.
    Bricks are 1.5 times the polygon side so that neighbours overlap and leave no slit."""
    count = style.liner_segments
    inner = radius + ball_radius + 0.001
    side = 2 * inner * math.tan(math.pi / count) * 1.5
    top = 3 * ball_radius
    bricks = []
    for k in range(count // 2):
        phi = math.atan2(axis[1], axis[0]) + 2 * math.pi * (k + 0.5 - count / 4) / count
        u = np.array([math.cos(phi), math.sin(phi), 0.0])
        normal = -u  # faces the hole centre
        e_long = np.cross([0.0, 0.0, 1.0], normal)  # so that normal x e_long = +z
        origin = np.array([hole[0], hole[1], -style.depth]) + inner * u - side / 2 * e_long
        bricks.append(
            Brick(
                origin=vec3(origin),
                normal=vec3(normal),
                e_long=vec3(e_long),
                length=side,
                width=top + style.depth,
                height=style.jaw_thickness,
                name=f"liner-{name}-{k + 1}",
                kind="pocket-wall",
            )
        )
    return bricks

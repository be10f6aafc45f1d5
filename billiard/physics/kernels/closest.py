"""Compiled closest point of a fixed obstacle to a ball centre (issue 28): the numpy reference is
:func:`billiard.physics.obstacle_distance.closest_point` (seed 004 annex B), ~15-30 µs a call,
which the compiled engine's resolver paid at every cushion contact. Obstacles are packed once
per table (:func:`pack_obstacles`), one row each; the kernel is scalar code in the reference's
formulas (its dot products sum in another order: results agree to round-off, not bit for bit).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere

SPHERE, PLANE, PORTION, BRICK = 0, 1, 2, 3
WIDTH = 16  # kind, origin (3), normal (3), e_long (3), length, width, height, radius, 2 spare


def pack_obstacles(obstacles: Sequence[Obstacle]) -> np.ndarray:
    """One row per obstacle: kind code, origin (a sphere's centre), normal, e_long, length,
    width, height, radius (unused fields 0)."""
    rows = np.zeros((len(obstacles), WIDTH))
    for k, ob in enumerate(obstacles):
        row = rows[k]
        if isinstance(ob, Sphere):
            row[0], row[1:4], row[13] = SPHERE, ob.center, ob.radius
        elif isinstance(ob, Plane):
            row[0], row[1:4], row[4:7] = PLANE, ob.origin, ob.normal
        elif isinstance(ob, PlanePortion):
            row[0], row[1:4], row[4:7], row[7:10] = PORTION, ob.origin, ob.normal, ob.e_long
            row[10], row[11] = ob.length, ob.width
        elif isinstance(ob, Brick):
            row[0], row[1:4], row[4:7], row[7:10] = BRICK, ob.origin, ob.normal, ob.e_long
            row[10], row[11], row[12] = ob.length, ob.width, ob.height
        else:
            raise TypeError(f"not an obstacle: {ob!r}")
    return rows


@njit
def _portion(ox, oy, oz, nx, ny, nz, lx, ly, lz, length, width, x, y, z):
    """obstacle_distance.closest_on_portion: project on the plane, clamp along e_L and e_l."""
    wx, wy, wz = ny * lz - nz * ly, nz * lx - nx * lz, nx * ly - ny * lx
    s = (ox - x) * nx + (oy - y) * ny + (oz - z) * nz
    px, py, pz = x + s * nx, y + s * ny, z + s * nz
    a = (px - ox) * lx + (py - oy) * ly + (pz - oz) * lz
    b = (px - ox) * wx + (py - oy) * wy + (pz - oz) * wz
    da = min(max(a, 0.0), length) - a
    db = min(max(b, 0.0), width) - b
    return px + da * lx + db * wx, py + da * ly + db * wy, pz + da * lz + db * wz


@njit
def closest_point(obs: np.ndarray, k: int, x: float, y: float, z: float, out: np.ndarray) -> None:
    """The closest point of obstacle ``k`` of the packed ``obs`` to (x, y, z) into ``out``."""
    kind = int(obs[k, 0])
    ox, oy, oz = obs[k, 1], obs[k, 2], obs[k, 3]
    nx, ny, nz = obs[k, 4], obs[k, 5], obs[k, 6]
    if kind == SPHERE:
        dx, dy, dz = x - ox, y - oy, z - oz
        norm = math.sqrt(dx * dx + dy * dy + dz * dz)
        r = obs[k, 13]
        if norm > 0.0:
            out[0], out[1], out[2] = ox + r * (dx / norm), oy + r * (dy / norm), oz + r * (dz / norm)
        else:
            out[0], out[1], out[2] = ox, oy, oz + r
        return
    if kind == PLANE:
        s = (ox - x) * nx + (oy - y) * ny + (oz - z) * nz
        out[0], out[1], out[2] = x + s * nx, y + s * ny, z + s * nz
        return
    lx, ly, lz = obs[k, 7], obs[k, 8], obs[k, 9]
    length, width, height = obs[k, 10], obs[k, 11], obs[k, 12]
    if kind == PORTION:
        out[0], out[1], out[2] = _portion(ox, oy, oz, nx, ny, nz, lx, ly, lz, length, width, x, y, z)
        return
    # a brick: outside, the point's brick coordinates clamped to the extents (closest_on_brick)
    wx, wy, wz = ny * lz - nz * ly, nz * lx - nx * lz, nx * ly - ny * lx
    dx, dy, dz = x - ox, y - oy, z - oz
    c0 = lx * dx + ly * dy + lz * dz
    c1 = wx * dx + wy * dy + wz * dz
    c2 = -(nx * dx + ny * dy + nz * dz)
    k0 = min(max(c0, 0.0), length)
    k1 = min(max(c1, 0.0), width)
    k2 = min(max(c2, 0.0), height)
    if k0 != c0 or k1 != c1 or k2 != c2:
        out[0] = ox + lx * k0 + wx * k1 - nx * k2
        out[1] = oy + ly * k0 + wy * k1 - ny * k2
        out[2] = oz + lz * k0 + wz * k1 - nz * k2
        return
    # inside: the closest of the six faces (brick_faces' table, annex B.4)
    best = np.inf
    bx, by, bz = x, y, z
    for f in range(6):
        if f == 0:
            p = _portion(ox, oy, oz, nx, ny, nz, lx, ly, lz, length, width, x, y, z)
        elif f == 1:
            p = _portion(ox, oy, oz, -wx, -wy, -wz, -nx, -ny, -nz, height, length, x, y, z)
        elif f == 2:
            p = _portion(ox, oy, oz, -lx, -ly, -lz, wx, wy, wz, width, height, x, y, z)
        elif f == 3:
            p = _portion(
                ox + length * lx, oy + length * ly, oz + length * lz, lx, ly, lz, -nx, -ny, -nz, height, width, x, y, z
            )
        elif f == 4:
            p = _portion(
                ox + width * wx, oy + width * wy, oz + width * wz, wx, wy, wz, lx, ly, lz, length, height, x, y, z
            )
        else:
            p = _portion(
                ox - height * nx, oy - height * ny, oz - height * nz, -nx, -ny, -nz, wx, wy, wz, width, length, x, y, z
            )
        d = (p[0] - x) ** 2 + (p[1] - y) ** 2 + (p[2] - z) ** 2
        if d < best:
            best = d
            bx, by, bz = p
    out[0], out[1], out[2] = bx, by, bz

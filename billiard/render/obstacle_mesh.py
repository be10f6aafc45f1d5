"""Meshes of the obstacles a shot file adds to a custom table (billiard.table.file_obstacles):
spheres, infinite planes (drawn where they cut the table's box), plane portions (both faces) and
bricks, in SOLID_LAYOUT, lit per vertex with the table's flat pieces."""

from __future__ import annotations

import numpy as np

from billiard.physics.obstacles import Brick, Plane, PlanePortion, Sphere
from billiard.render.geometry import solid_vertices, unit_sphere
from billiard.table.file_obstacles import KIND
from billiard.table.model import Table

OBSTACLE_COLOR = (0.55, 0.58, 0.62)  # brushed steel grey: clearly not cloth nor wood


def _quad(o, a, b, normal) -> tuple[list, list]:
    """Two triangles of the rectangle o, o+a, o+a+b, o+b wound counter-clockwise about ``normal``."""
    o, a, b, n = (np.asarray(v, dtype=float) for v in (o, a, b, normal))
    if np.dot(np.cross(a, b), n) < 0:
        a, b = b, a
    return [o, o + a, o + a + b, o, o + a + b, o + b], [n] * 6


def _rect(o, a, b, normal, both: bool) -> tuple[list, list]:
    pos, nrm = _quad(o, a, b, normal)
    if both:
        p2, n2 = _quad(o, a, b, -np.asarray(normal, dtype=float))
        pos, nrm = pos + p2, nrm + n2
    return pos, nrm


def _brick(b: Brick) -> tuple[list, list]:
    n, el = np.asarray(b.normal), np.asarray(b.e_long)
    ew = np.cross(n, el)
    o = np.asarray(b.origin)
    L, W, H = b.length * el, b.width * ew, -b.height * n
    pos, nrm = [], []
    for corner, u, v, out in (
        (o, L, W, n),
        (o + H, L, W, -n),
        (o, L, H, -ew),
        (o + W, L, H, ew),
        (o, W, H, -el),
        (o + L, W, H, el),
    ):
        p, q = _quad(corner, u, v, out)
        pos += p
        nrm += q
    return pos, nrm


def _plane(p: Plane, table: Table) -> tuple[list, list]:
    """The part of the infinite plane inside the table's box (rails included, bed to just
    above the cushions): the convex polygon where the plane cuts the box, as a fan."""
    n, o = np.asarray(p.normal), np.asarray(p.origin)
    hx, hy = table.half_length + table.cushion_width, table.half_width + table.cushion_width
    lo, hi = np.array([-hx, -hy, 0.0]), np.array([hx, hy, table.cushion_height + 0.02])
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    side = (corners - o) @ n
    points = []
    for i in range(8):
        for j in range(i + 1, 8):
            if bin(i ^ j).count("1") == 1 and side[i] * side[j] < 0:  # a box edge the plane crosses
                t = side[i] / (side[i] - side[j])
                points.append(corners[i] + t * (corners[j] - corners[i]))
    if len(points) < 3:
        return [], []
    pts = np.array(points)
    centre = pts.mean(axis=0)
    u = pts[0] - centre
    u /= np.linalg.norm(u)
    v = np.cross(n, u)
    ring = pts[np.argsort(np.arctan2((pts - centre) @ v, (pts - centre) @ u))]
    pos, nrm = [], []
    for k in range(1, len(ring) - 1):
        for normal, tri in ((n, (ring[0], ring[k], ring[k + 1])), (-n, (ring[0], ring[k + 1], ring[k]))):
            pos += list(tri)
            nrm += [normal] * 3
    return pos, nrm


def obstacle_vertices(table: Table) -> np.ndarray:
    """SOLID_LAYOUT triangles of the table's file obstacles (empty (0, 10) if none)."""
    parts = []
    for ob in table.obstacles:
        if ob.kind != KIND:
            continue
        if isinstance(ob, Sphere):
            s = unit_sphere(16, 24).astype(float)
            parts.append(solid_vertices(np.asarray(ob.center) + ob.radius * s, s, OBSTACLE_COLOR))
            continue
        if isinstance(ob, Brick):
            pos, nrm = _brick(ob)
        elif isinstance(ob, PlanePortion):
            el = np.asarray(ob.e_long)
            ew = np.cross(ob.normal, el)
            pos, nrm = _rect(ob.origin, ob.length * el, ob.width * ew, ob.normal, both=True)
        else:
            pos, nrm = _plane(ob, table)
            if not pos:
                continue
        parts.append(solid_vertices(pos, nrm, OBSTACLE_COLOR))
    return np.concatenate(parts) if parts else np.zeros((0, 10), "f4")

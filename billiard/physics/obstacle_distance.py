"""Closest point of each fixed obstacle to a ball centre (seed 004 annex B).

The contact normal of a ball-obstacle hit is ``unit(x1 - x2)`` with ``x2`` the closest
point (seed 004 §4.2), and the gap is ``|x1 - x2| - R``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere


def _v(a) -> np.ndarray:
    return np.asarray(a, dtype=float)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])


def closest_on_sphere(s: Sphere, x: np.ndarray) -> np.ndarray:
    """Annex B.1: O + R unit(x - O)."""
    o = _v(s.center)
    d = x - o
    n = np.linalg.norm(d)
    return o + s.radius * (d / n if n > 0 else np.array([0.0, 0.0, 1.0]))


def closest_on_plane(origin, normal, x: np.ndarray) -> np.ndarray:
    """Annex B.2: x + ((O - x).n) n."""
    n = _v(normal)
    return x + np.dot(_v(origin) - x, n) * n


def closest_on_portion(origin, normal, e_long, length: float, width: float, x: np.ndarray) -> np.ndarray:
    """Annex B.3: project on the plane, then clamp the coordinates along e_L and e_l."""
    o, n, el = _v(origin), _v(normal), _v(e_long)
    ew = _cross(n, el)
    p = closest_on_plane(o, n, x)
    a = np.dot(p - o, el)
    b = np.dot(p - o, ew)
    return p + (min(max(a, 0.0), length) - a) * el + (min(max(b, 0.0), width) - b) * ew


@lru_cache(maxsize=4096)
def brick_faces(b: Brick) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray, float, float], ...]:
    """The six faces of annex B.4's table: (origin, outward normal, e_L, length, width)."""
    o, n, el = _v(b.origin), _v(b.normal), _v(b.e_long)
    ew = _cross(n, el)
    L, w, h = b.length, b.width, b.height
    return (
        (o, n, el, L, w),
        (o, -ew, -n, h, L),
        (o, -el, ew, w, h),
        (o + L * el, el, -n, h, w),
        (o + w * ew, ew, el, L, h),
        (o - h * n, -n, ew, w, L),
    )


@lru_cache(maxsize=4096)
def _brick_frame(b: Brick) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Corner, axes (rows e_L, e_l, -n) and extents (L, l, h) of a brick."""
    n, el = _v(b.normal), _v(b.e_long)
    return _v(b.origin), np.stack([el, _cross(n, el), -n]), np.array([b.length, b.width, b.height])


def closest_on_brick(b: Brick, x: np.ndarray) -> np.ndarray:
    """Annex B.4: the closest of the closest points on the six faces.

    For a point outside the brick that is the point whose brick coordinates are the
    point's own clamped to the brick's extents (computed directly); a point inside goes
    through the six faces as the annex says.
    """
    o, axes, ext = _brick_frame(b)
    c = axes @ (x - o)
    clamped = np.minimum(np.maximum(c, 0.0), ext)
    if np.any(clamped != c):
        return o + axes.T @ clamped
    best, best_d = x, np.inf
    for origin, normal, el, length, width in brick_faces(b):
        p = closest_on_portion(origin, normal, el, length, width, x)
        d = np.dot(p - x, p - x)
        if d < best_d:
            best, best_d = p, d
    return best


def closest_point(obstacle: Obstacle, x) -> np.ndarray:
    """Closest point of ``obstacle`` to the point ``x`` (3,), annex B."""
    x = _v(x)
    if isinstance(obstacle, Sphere):
        return closest_on_sphere(obstacle, x)
    if isinstance(obstacle, Plane):
        return closest_on_plane(obstacle.origin, obstacle.normal, x)
    if isinstance(obstacle, PlanePortion):
        return closest_on_portion(obstacle.origin, obstacle.normal, obstacle.e_long, obstacle.length, obstacle.width, x)
    if isinstance(obstacle, Brick):
        return closest_on_brick(obstacle, x)
    raise TypeError(f"not an obstacle: {obstacle!r}")

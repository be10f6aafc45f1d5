"""Obstacles a shot file's custom table adds (seed 004 annex B; docs/physics.md "Obstacles").

``"obstacles": [...]`` in a custom table object; each item is an object with a ``"kind"``
and, in metres in the table frame (origin at the bed centre, x along the table, z up):

* ``"sphere"``: ``"center": [x, y, z]``, ``"radius": r`` (annex B.1);
* ``"plane"``: ``"point": [x, y, z]``, ``"normal": [nx, ny, nz]``: an infinite plane; balls
  stay on the side the normal points to (annex B.2);
* ``"plane_portion"``: ``"origin": [x, y, z]``, ``"normal"``, ``"along": [ux, uy, uz]``
  (perpendicular to the normal), ``"length"``, ``"width"``: the rectangle from ``origin``
  spanning ``length`` along ``along`` and ``width`` along ``normal x along``; both sides
  are hard (annex B.3);
* ``"brick"``: the plane portion's fields plus ``"height"``: the box behind that rectangle,
  ``height`` deep against the normal (annex B.4).

An optional ``"name"`` names the obstacle in events (default ``obstacle-<n>``). Every file
obstacle has the kind ``"obstacle"``: it bounces balls with the cushion's restitution and
friction. The fields' types and ranges are :mod:`billiard.formats.table`'s; anything wrong is
one clear BilliardError line.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from billiard.errors import BilliardError
from billiard.formats.table import BrickSpec, ObstacleSpec, PlaneSpec, SphereSpec
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere

KIND = "obstacle"


def _unit(where: str, v: tuple[float, float, float]) -> tuple[float, float, float]:
    n = float(np.linalg.norm(v))
    if n < 1e-9:
        raise BilliardError(f"{where}: must not be the zero vector")
    return (v[0] / n, v[1] / n, v[2] / n)


def build_obstacle(spec: ObstacleSpec, index: int) -> Obstacle:
    """The obstacle one item of ``"obstacles"`` describes (its fields already typed and in
    range: :mod:`billiard.formats.table`); directions are made unit vectors here."""
    where = f"table.obstacles[{index}]"
    name = spec.name or f"obstacle-{index}"
    if isinstance(spec, SphereSpec):
        return Sphere(center=spec.center, radius=spec.radius, name=name, kind=KIND)
    if isinstance(spec, PlaneSpec):
        return Plane(origin=spec.point, normal=_unit(f"{where}.normal", spec.normal), name=name, kind=KIND)
    normal, along = _unit(f"{where}.normal", spec.normal), _unit(f"{where}.along", spec.along)
    if abs(float(np.dot(normal, along))) > 1e-6:
        raise BilliardError(f"{where}.along: must be perpendicular to 'normal'")
    if isinstance(spec, BrickSpec):
        return Brick(
            origin=spec.origin,
            normal=normal,
            e_long=along,
            length=spec.length,
            width=spec.width,
            height=spec.height,
            name=name,
            kind=KIND,
        )
    return PlanePortion(
        origin=spec.origin, normal=normal, e_long=along, length=spec.length, width=spec.width, name=name, kind=KIND
    )


def build_obstacles(specs: Sequence[ObstacleSpec]) -> tuple[Obstacle, ...]:
    """The obstacles of a custom table; names must be unique."""
    out = tuple(build_obstacle(spec, k) for k, spec in enumerate(specs))
    names = [o.name for o in out]
    for name in names:
        if names.count(name) > 1:
            raise BilliardError(f"table obstacle name '{name}' is used twice")
    return out


def blocks(ob: Obstacle, centre, radius: float, tol: float = 1e-9) -> bool:
    """True when a ball of ``radius`` at ``centre`` overlaps ``ob`` or lies inside or behind it."""
    x = np.asarray(centre, dtype=float)
    if isinstance(ob, Sphere):
        return float(np.linalg.norm(x - np.asarray(ob.center))) < ob.radius + radius - tol
    if isinstance(ob, Plane):
        return float(np.dot(x - np.asarray(ob.origin), ob.normal)) < radius - tol
    if isinstance(ob, Brick):
        n, el = np.asarray(ob.normal), np.asarray(ob.e_long)
        c = np.array([el, np.cross(n, el), -n]) @ (x - np.asarray(ob.origin))
        if np.all(c >= 0) and np.all(c <= [ob.length, ob.width, ob.height]):
            return True
    return float(np.linalg.norm(x - closest_point(ob, x))) < radius - tol

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
friction. Anything else is one clear BilliardError line.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from billiard import values
from billiard.errors import BilliardError
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere

KIND = "obstacle"
MAX_OBSTACLES = 64
MAX_COORD = 20.0          # m: nothing in a shot file lies further from the table centre
FIELDS = {
    "sphere": {"kind", "name", "center", "radius"},
    "plane": {"kind", "name", "point", "normal"},
    "plane_portion": {"kind", "name", "origin", "normal", "along", "length", "width"},
    "brick": {"kind", "name", "origin", "normal", "along", "length", "width", "height"},
}


def _vec(where: str, item: Mapping[str, Any], key: str) -> tuple[float, float, float]:
    return values.vector3(item.get(key), f"{where} '{key}' (metres)", MAX_COORD)


def _unit(where: str, item: Mapping[str, Any], key: str) -> tuple[float, float, float]:
    v = np.array(_vec(where, item, key))
    n = float(np.linalg.norm(v))
    if n < 1e-9:
        raise BilliardError(f"{where} '{key}' must not be the zero vector")
    return tuple(float(c) for c in v / n)  # type: ignore[return-value]


def _size(where: str, item: Mapping[str, Any], key: str) -> float:
    return values.number(item.get(key), f"{where} '{key}' (metres)", 0.001, MAX_COORD)


def parse_obstacle(raw: Any, index: int) -> Obstacle:
    """One obstacle of the ``"obstacles"`` list (see the module doc)."""
    where = f"table obstacle {index}"
    item = values.mapping(raw, where)
    kind = values.choice(item.get("kind"), f"{where} 'kind'", FIELDS)
    values.check_keys(item, f"{where} ({kind})", ("kind",), FIELDS[kind])
    name = values.string(item.get("name", f"obstacle-{index}"), f"{where} 'name'")
    if kind == "sphere":
        return Sphere(center=_vec(where, item, "center"), radius=_size(where, item, "radius"), name=name, kind=KIND)
    if kind == "plane":
        return Plane(origin=_vec(where, item, "point"), normal=_unit(where, item, "normal"), name=name, kind=KIND)
    origin, normal, along = _vec(where, item, "origin"), _unit(where, item, "normal"), _unit(where, item, "along")
    if abs(float(np.dot(normal, along))) > 1e-6:
        raise BilliardError(f"{where} 'along' must be perpendicular to 'normal'")
    length, width = _size(where, item, "length"), _size(where, item, "width")
    if kind == "plane_portion":
        return PlanePortion(origin=origin, normal=normal, e_long=along, length=length, width=width, name=name, kind=KIND)
    return Brick(origin=origin, normal=normal, e_long=along, length=length, width=width,
                 height=_size(where, item, "height"), name=name, kind=KIND)


def parse_obstacles(raw: Any) -> tuple[Obstacle, ...]:
    """The ``"obstacles"`` list of a custom table; names must be unique."""
    items = values.sequence(raw, "table 'obstacles'", 0, MAX_OBSTACLES)
    out = tuple(parse_obstacle(item, k) for k, item in enumerate(items))
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


"""Fixed obstacles of seed 004 annex B: sphere, infinite plane, plane portion, brick.

Only the shapes' data is here; closest point and time of impact are in the
physics modules that use them. Vectors are 3-tuples of floats in the table frame.
``kind`` says what the obstacle is on the table ("cushion", "jaw", "point", "bed",
"pocket-wall", ...): it selects restitution and friction and is reported in events.
"""

from __future__ import annotations

from dataclasses import dataclass

Vec3 = tuple[float, float, float]


def vec3(v) -> Vec3:
    """The three components of ``v`` (an array or a sequence of length 3) as a :data:`Vec3`."""
    x, y, z = v
    return (float(x), float(y), float(z))


@dataclass(frozen=True)
class Sphere:
    """Annex B.1: centre O, radius R (a rounded cushion point, a jaw tip)."""

    center: Vec3
    radius: float
    name: str = ""
    kind: str = "point"


@dataclass(frozen=True)
class Plane:
    """Annex B.2: infinite plane through ``origin`` with unit ``normal`` (towards the balls)."""

    origin: Vec3
    normal: Vec3
    name: str = ""
    kind: str = "bed"


@dataclass(frozen=True)
class PlanePortion:
    """Annex B.3: rectangle from ``origin`` spanning ``length`` along ``e_long`` and
    ``width`` along ``e_wide = normal x e_long``."""

    origin: Vec3
    normal: Vec3
    e_long: Vec3
    length: float
    width: float
    name: str = ""
    kind: str = "bed"


@dataclass(frozen=True)
class Brick:
    """Annex B.4: box with corner ``origin``, ``length`` along ``e_long``, ``width`` along
    ``e_wide = normal x e_long`` and ``height`` along ``-normal`` (face 1 is the
    plane portion at ``origin`` whose outward normal is ``normal``)."""

    origin: Vec3
    normal: Vec3
    e_long: Vec3
    length: float
    width: float
    height: float
    name: str = ""
    kind: str = "cushion"


Obstacle = Sphere | Plane | PlanePortion | Brick

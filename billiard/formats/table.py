"""The custom table of a shot file: ``"table": {"length": L, "width": W, ...}``, with the
seed 004 annex B obstacles it may add (docs/physics.md "Obstacles"; the geometry is built
by :mod:`billiard.table.presets` and :mod:`billiard.table.file_obstacles`).

Every obstacle is an object with a ``kind`` (``sphere``, ``plane``, ``plane_portion``,
``brick``) and its fields in metres in the table frame; ``name`` is optional."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec
from msgspec import Meta

MAX_OBSTACLES = 64
MAX_COORD = 20.0  # m: nothing in a shot file lies further from the table centre

Coord = Annotated[float, Meta(ge=-MAX_COORD, le=MAX_COORD, extra={"unit": "m"})]
Vec3 = tuple[Coord, Coord, Coord]
Size = Annotated[float, Meta(ge=0.001, le=MAX_COORD, extra={"unit": "m"})]
Name = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]


class _Obstacle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind"):
    name: Name | None = None


class SphereSpec(_Obstacle, tag="sphere", kw_only=True, frozen=True):
    """A sphere (annex B.1)."""

    center: Vec3
    radius: Size


class PlaneSpec(_Obstacle, tag="plane", kw_only=True, frozen=True):
    """An infinite plane through ``point``; balls stay on the side ``normal`` points to (B.2)."""

    point: Vec3
    normal: Vec3


class PlanePortionSpec(_Obstacle, tag="plane_portion", kw_only=True, frozen=True):
    """The rectangle from ``origin`` spanning ``length`` along ``along`` (perpendicular to
    ``normal``) and ``width`` along ``normal x along``; both sides hard (B.3)."""

    origin: Vec3
    normal: Vec3
    along: Vec3
    length: Size
    width: Size


class BrickSpec(PlanePortionSpec, tag="brick", kw_only=True, frozen=True):
    """The box behind a plane portion, ``height`` deep against the normal (B.4)."""

    height: Size


ObstacleSpec = Union[SphereSpec, PlaneSpec, PlanePortionSpec, BrickSpec]


class CustomTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table by its bed size (m); ``pockets`` cut like the ball set's preset; ``ball_set``
    names the physics preset (pool, snooker, carom: checked by the physics)."""

    length: Annotated[float, Meta(ge=0.5, le=10.0, extra={"unit": "m"})]
    width: Annotated[float, Meta(ge=0.3, le=10.0, extra={"unit": "m"})]
    pockets: bool = False
    ball_set: Annotated[str, Meta(min_length=1, max_length=32)] = "pool"
    obstacles: Annotated[list[ObstacleSpec], Meta(max_length=MAX_OBSTACLES)] = []

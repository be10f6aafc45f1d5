"""What the physics needs of a table: its size, its obstacles and its pocket holes.

The table package builds tables (presets, cushions, jaws, spots) on top of the physics;
the physics only reads this much of one, through a structural type, so ``physics`` never
imports ``table`` (docs/layers.md: imports point one way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from billiard.physics.obstacles import Obstacle

Vec2 = tuple[float, float]


@dataclass(frozen=True)
class Pocket:
    """A pocket: the bed has a round hole of ``radius`` at ``center``; ``mouth`` is the
    opening between the cushion points, ``depth`` how far the ball can fall.
    ``points`` are the two sharp points (where the nose lines turn into the facings),
    ``axis`` the unit direction from the table into the pocket and ``facing_deg`` the angle
    inside the rubber between a nose and its facing (the pocket style's; None: not given)."""

    name: str
    center: Vec2
    radius: float
    mouth: float
    kind: str = "corner"  # "corner" or "side"
    depth: float = 0.12
    points: tuple[Vec2, ...] = ()
    axis: Vec2 = (0.0, 0.0)
    facing_deg: float | None = None


class TableGeometry(Protocol):
    """A table as the physics sees it (``billiard.table.Table`` is one)."""

    @property
    def length(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def obstacles(self) -> tuple[Obstacle, ...]: ...
    @property
    def pockets(self) -> tuple[Pocket, ...]: ...

"""What a table is, for the physics (obstacles, holes), the rules (spots, pockets) and the renderer."""

from __future__ import annotations

from dataclasses import dataclass, field

from billiard.physics.obstacles import Obstacle
from billiard.physics.table_geometry import Pocket, Vec2

__all__ = ["Pocket", "Table", "Vec2"]


@dataclass(frozen=True)
class Table:
    """A table in the table frame (origin at the bed centre, x long axis, z up).

    ``length`` x ``width`` is the playing area between the cushion noses.
    ``obstacles`` are the fixed bodies a ball can hit (cushions, jaws, points,
    pocket walls); the bed itself is the plane z = 0 minus the pocket holes.
    """

    name: str
    length: float
    width: float
    ball_set: str  # "pool", "snooker" or "carom": ball sizes and colours
    cushion_height: float  # nose height above the bed, m
    obstacles: tuple[Obstacle, ...]
    pockets: tuple[Pocket, ...] = ()
    cushion_width: float = 0.05  # rubber depth from nose to rail, for drawing
    rail_width: float = 0.10  # wooden rail beyond the cushion, for drawing
    head_string_x: float = 0.0  # balls in hand behind this line (x < head_string_x)
    foot_spot: Vec2 = (0.0, 0.0)
    spots: dict[str, Vec2] = field(default_factory=dict)
    d_radius: float = 0.0  # snooker: radius of the D on the baulk line (head_string_x)

    @property
    def half_length(self) -> float:
        return self.length / 2

    @property
    def half_width(self) -> float:
        return self.width / 2

    def pocket(self, name: str) -> Pocket:
        for p in self.pockets:
            if p.name == name:
                return p
        raise KeyError(name)

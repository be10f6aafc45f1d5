"""Pocket cut figures per table family: mouth widths, facing angles, shelves, point rounding.

Pool figures are the WPA equipment specifications (as summarised by D. Alciatore,
"pool table pocket geometry", billiards.colostate.edu): corner mouth 4.5-4.625 in,
side mouth 5-5.125 in, mouth (facing) angle 142 +-1 deg at the corners and 104 +-1 deg
at the sides, shelf (mouth line to the slate cut) 1-2.25 in at the corners and
0-0.375 in at the sides. The mouth is measured between the points, where the cushion
nose line turns into the facing.

Snooker pockets follow WPBSA templates, which are not published; the figures below
are the commonly quoted approximations of them (corner opening ~86 mm, middle ~105 mm
for 52.5 mm balls) with large rounded knuckles and steeper, nearly parallel facings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INCH = 0.0254


@dataclass(frozen=True)
class PocketStyle:
    """How the six pockets of a table are cut (SI units, angles in degrees).

    ``*_angle_deg`` is the angle inside the rubber between the cushion nose and the
    facing (180 would be a straight cushion); ``point_radius`` rounds the point where
    they meet; ``shelf`` is the bed left between the mouth line and the hole.
    """

    corner_mouth: float
    side_mouth: float
    corner_angle_deg: float
    side_angle_deg: float
    corner_shelf: float
    side_shelf: float
    point_radius: float
    cushion_width: float = 0.05  # nose to the wooden rail
    jaw_thickness: float = 0.05  # rubber behind a facing
    liner_segments: int = 8  # polygon around the hole; its back half is built
    depth: float = 0.12  # how far below the bed the pocket walls go

    def facing_deg(self, kind: str) -> float:
        """The facing angle of a ``"corner"`` or ``"side"`` pocket."""
        return self.corner_angle_deg if kind == "corner" else self.side_angle_deg

    def corner_point_offset(self) -> float:
        """Distance from the playing-area corner to each corner point along the rail."""
        return self.corner_mouth / math.sqrt(2.0)


POOL_POCKETS = PocketStyle(
    corner_mouth=4.625 * INCH,  # 0.1175 m, WPA maximum (docs/physics.md: ~0.118 m)
    side_mouth=5.125 * INCH,  # 0.1302 m, WPA maximum (docs/physics.md's 0.137 m exceeds it)
    corner_angle_deg=142.0,
    side_angle_deg=104.0,
    corner_shelf=1.0 * INCH,  # WPA 1-2.25 in; at 1 in a ball rolling along the rail drops
    side_shelf=0.1875 * INCH,  # middle of WPA 0-0.375 in
    point_radius=0.004,  # rubber tips are slightly rounded
)

SNOOKER_POCKETS = PocketStyle(
    corner_mouth=0.086,
    side_mouth=0.105,
    corner_angle_deg=135.0,
    side_angle_deg=100.0,
    corner_shelf=0.010,
    side_shelf=0.0,
    point_radius=0.015,  # rounded knuckles
)


def facing_turn(angle_deg: float) -> float:
    """How far a facing turns away from its nose line (radians), ``beta = 180 deg - angle``:
    from the point it runs along ``c cos(beta) + o sin(beta)`` (c along the nose towards the
    pocket, o away from the table; billiard.table.jaws). The physics jaws and the drawn ones
    are both cut by it."""
    return math.pi - math.radians(angle_deg)

"""Rectangular tables without pockets: the carom table and custom ``{"length", "width"}`` tables."""

from __future__ import annotations

from billiard.table.cushion import cushion_brick
from billiard.table.model import Table
from billiard.table.spots import pool_spots


def rectangle_table(
    name: str, length: float, width: float, cushion_height: float, ball_radius: float, ball_set: str = "pool"
) -> Table:
    """Four cushion bricks along the sides of an L x W playing area, overlapping at the corners."""
    hl, hw, over = length / 2, width / 2, 0.1
    sides = {
        "top": ((-hl - over, hw), (hl + over, hw), (0.0, -1.0)),
        "bottom": ((-hl - over, -hw), (hl + over, -hw), (0.0, 1.0)),
        "left": ((-hl, -hw - over), (-hl, hw + over), (1.0, 0.0)),
        "right": ((hl, -hw - over), (hl, hw + over), (-1.0, 0.0)),
    }
    cushions = tuple(
        cushion_brick(a, b, m, cushion_height, ball_radius, name=f"cushion-{side}") for side, (a, b, m) in sides.items()
    )
    return Table(
        name=name,
        length=length,
        width=width,
        ball_set=ball_set,
        cushion_height=cushion_height,
        obstacles=cushions,
        head_string_x=-length / 4,
        foot_spot=(length / 4, 0.0),
        spots=pool_spots(length),
    )

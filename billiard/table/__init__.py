"""Tables: presets and custom tables, built from the obstacles of seed 004 annex B."""
from __future__ import annotations

from typing import Any

from billiard.errors import BilliardError
from billiard.physics.params import CAROM, POOL
from billiard.table.model import Pocket, Table
from billiard.table.rectangle import rectangle_table

__all__ = ["Pocket", "Table", "get_table", "TABLE_PRESETS"]


def _carom() -> Table:
    """Carom (match) table: 2.84 x 1.42 m playing area, no pockets (PHYSICS.md)."""
    return rectangle_table("carom", 2.84, 1.42, CAROM.cushion_height, CAROM.ball_radius, "carom")


TABLE_PRESETS = {"carom": _carom}


def get_table(spec: Any) -> Table:
    """A table from a preset name or ``{"length": L, "width": W}`` (pool balls, no pockets)."""
    if isinstance(spec, str):
        try:
            return TABLE_PRESETS[spec]()
        except KeyError:
            raise BilliardError(f"unknown table '{spec}' (known: {', '.join(TABLE_PRESETS)})") from None
    if isinstance(spec, dict):
        try:
            length, width = float(spec["length"]), float(spec["width"])
        except (KeyError, TypeError, ValueError):
            raise BilliardError("a custom table needs numeric 'length' and 'width' in metres") from None
        if not (0.5 <= length <= 10 and 0.3 <= width <= 10):
            raise BilliardError(f"custom table {length} x {width} m is out of range (0.5-10 x 0.3-10 m)")
        return rectangle_table("custom", length, width, POOL.cushion_height, POOL.ball_radius)
    raise BilliardError("'table' must be a preset name or an object with 'length' and 'width'")

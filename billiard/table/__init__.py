"""Tables: presets and custom tables, built from the obstacles of seed 004 annex B."""
from __future__ import annotations

from typing import Any

from billiard.errors import BilliardError
from billiard.table.model import Pocket, Table
from billiard.table.presets import TABLE_PRESETS, custom_table

__all__ = ["Pocket", "Table", "get_table", "TABLE_PRESETS"]


def get_table(spec: Any) -> Table:
    """A table from a preset name (``TABLE_PRESETS``) or a custom object
    ``{"length": L, "width": W, "pockets": false, "ball_set": "pool"}``."""
    if isinstance(spec, str):
        try:
            return TABLE_PRESETS[spec]()
        except KeyError:
            raise BilliardError(f"unknown table '{spec}' (known: {', '.join(TABLE_PRESETS)})") from None
    if isinstance(spec, dict):
        return custom_table(spec)
    raise BilliardError("'table' must be a preset name or an object with 'length' and 'width'")

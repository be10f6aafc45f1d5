"""Tables: presets and custom tables, built from the obstacles of seed 004 annex B."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from billiard.errors import BilliardError
from billiard.table.model import Pocket, Table
from billiard.table.presets import TABLE_PRESETS, custom_table

__all__ = ["Pocket", "Table", "get_table", "TABLE_PRESETS"]


@lru_cache(maxsize=None)
def _preset(name: str) -> Table:
    """A preset is built once per process (a Table is frozen; building one is most of what
    reading a shot file costs): every shot on ``pool-9ft`` shares it."""
    return TABLE_PRESETS[name]()


def get_table(spec: Any) -> Table:
    """A table from a preset name (``TABLE_PRESETS``) or a custom object
    ``{"length": L, "width": W, "pockets": false, "ball_set": "pool"}``."""
    if isinstance(spec, str):
        if spec not in TABLE_PRESETS:
            raise BilliardError(f"unknown table '{spec}' (known: {', '.join(TABLE_PRESETS)})")
        return _preset(spec)
    if isinstance(spec, dict):
        return custom_table(spec)
    raise BilliardError("'table' must be a preset name or an object with 'length' and 'width'")

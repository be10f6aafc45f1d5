"""What every World on the same table or with the same number of balls shares: the table's
collision features and pocket holes, and the ball-pair index (a World per simulated shot: the
computer opponent makes hundreds, so none of this is rebuilt per World)."""

from __future__ import annotations

import weakref
from functools import lru_cache

from billiard.physics.detect import PairIndex
from billiard.physics.obstacle_toi import table_features
from billiard.physics.pockets import Holes
from billiard.physics.table_geometry import TableGeometry as Table

_TABLES: dict[int, tuple] = {}  # id(table) -> (weak reference to it, features, holes): see table_data


def table_data(table: "Table") -> tuple:
    """The table's collision features and pocket holes, shared by every World on that table
    object (a World per simulated shot: the computer opponent makes hundreds). Looked up by
    identity first (hashing the obstacles by value costs more than the rest of a World's
    set-up), then by value (:func:`table_features`). The entry holds no reference to the
    table: it leaves when the table is freed."""
    key = id(table)
    entry = _TABLES.get(key)
    if entry is not None and entry[0]() is table:
        return entry[1], entry[2]
    data = (table_features(table.obstacles), Holes.from_table(table))

    def forget(_: object, key: int = key) -> None:
        _TABLES.pop(key, None)

    try:
        ref = weakref.ref(table, forget)
    except TypeError:  # not weakly referable: no caching
        return data
    _TABLES[key] = (ref, *data)
    return data


@lru_cache(maxsize=64)
def pair_index(n: int) -> PairIndex:
    """The pairs of ``n`` balls, shared (read-only) by every World of ``n`` balls."""
    pairs = PairIndex(n)
    pairs.i.flags.writeable = False
    pairs.j.flags.writeable = False
    return pairs

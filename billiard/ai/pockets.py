"""The table's pockets as the aiming sees them: each pocket's mouth (the point to send a ball
to), half its opening and its axis, worked out once per pocket and per table (the aiming asks
for them thousands of times a decision) and kept until the table is freed; the opening a ball
can use coming in at an angle; each pocket seen from a ball."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from billiard.table.model import Pocket, Table

_MOUTHS: dict[int, tuple] = {}  # id(pocket) -> (weak reference to it, mouth, half, axis)


def _remember(cache: dict[int, tuple], obj: object, *data: object) -> None:
    """Keep ``data`` for ``obj`` by its identity until ``obj`` is freed (as the engine's
    ``world_shared.table_data`` does): the entry holds no reference to ``obj``."""
    key = id(obj)

    def forget(_: object, key: int = key) -> None:
        cache.pop(key, None)

    try:
        cache[key] = (weakref.ref(obj, forget), *data)
    except TypeError:  # not weakly referable: worked out again next time
        pass


def _pocket(p: Pocket) -> tuple[np.ndarray, float, np.ndarray]:
    """A pocket's mouth, half opening and axis, worked out once per pocket (the aiming asks
    for them thousands of times a decision). The arrays are read-only: they are shared."""
    got = _MOUTHS.get(id(p))
    if got is not None and got[0]() is p:
        return got[1], got[2], got[3]
    if p.points:
        mouth, half = np.mean(np.asarray(p.points, float), axis=0), 0.5 * p.mouth
    else:
        mouth, half = np.array(p.center, float), p.radius
    axis = np.array(p.axis, float)
    mouth.flags.writeable = axis.flags.writeable = False
    _remember(_MOUTHS, p, mouth, half, axis)
    return mouth, half, axis


def pocket_mouth(p: Pocket) -> tuple[np.ndarray, float]:
    """The point to send a ball to (middle of the opening) and half the opening (read-only)."""
    mouth, half, _ = _pocket(p)
    return mouth, half


@dataclass(frozen=True)
class Mouths:
    """A table's pockets in arrays (:func:`mouths`): mouths (P, 2), half openings, axes
    (P, 2), which are side pockets and which have an axis."""

    pockets: tuple[Pocket, ...]
    centre: np.ndarray
    half: np.ndarray
    axis: np.ndarray
    side: np.ndarray
    has_axis: np.ndarray  # the pockets with an axis (usable_half_width: none is taken head on)


_TABLES: dict[int, tuple] = {}  # id(table) -> (weak reference to it, its Mouths)


def mouths(table: Table) -> Mouths:
    """The table's pockets in arrays, worked out once per table (kept until the table is freed)."""
    got = _TABLES.get(id(table))
    if got is not None and got[0]() is table:
        return got[1]
    rows = [_pocket(p) for p in table.pockets]
    m = Mouths(
        table.pockets,
        np.array([row[0] for row in rows], float).reshape(-1, 2),
        np.array([row[1] for row in rows], float),
        np.array([row[2] for row in rows], float).reshape(-1, 2),
        np.array([p.kind == "side" for p in table.pockets], bool),
        np.array([row[2].any() for row in rows], bool),
    )
    for arr in (m.centre, m.half, m.axis, m.side, m.has_axis):
        arr.flags.writeable = False
    _remember(_TABLES, table, m)
    return m


def usable_half_width(p: Pocket, u: np.ndarray, half: float, r: float) -> float:
    """Half the opening a ball of radius ``r`` coming along ``u`` can use (narrower at an angle,
    side pockets much more than corners)."""
    axis = _pocket(p)[2]
    cos_a = float(u @ axis) if axis.any() else 1.0
    if p.kind == "side":
        if cos_a < 0.45:
            return 0.0
        return max(0.0, half * cos_a - 0.75 * r)
    return max(0.0, half * max(cos_a, 0.35) - 0.45 * r)


def pocket_lines(table: Table, o: np.ndarray) -> Iterator[tuple[Pocket, np.ndarray, float, np.ndarray, float]]:
    """Each pocket seen from a ball at ``o``: the pocket, its mouth's centre and half width,
    the unit direction from ``o`` to the mouth and the distance (a mouth at ``o`` is left out)."""
    for p in table.pockets:
        mouth, half = pocket_mouth(p)
        v = mouth - o
        d = float(np.hypot(*v))
        if d >= 1e-6:
            yield p, mouth, half, v / d, d

"""Starting positions: the racks of 8-ball, 9-ball, 10-ball and snooker, the carom start.

Layouts (WPA rules for pool, WPBSA for snooker, UMB for carom):

* 8-ball: triangle of 15, apex on the foot spot, the 8 in the centre of the third row,
  a solid (1-7) and a stripe (9-15) in the two back corners.
* 9-ball: diamond of 9 (rows 1-2-3-2-1), the 1 at the apex on the foot spot, the 9 in
  the centre.
* 10-ball: triangle of 10, the 1 at the apex on the foot spot, the 10 in the middle of
  the third row.
* snooker: 15 reds in a triangle whose apex is as close to the pink as possible without
  touching it, colours on their spots.
* carom: red on the foot spot, yellow on the head spot, white (player 1's cue ball) on
  the head string 15.24 cm (6 in) from the head spot.

Balls not fixed by the rules go in numeric order; with a ``seed`` they are shuffled by
``numpy.random.default_rng(seed)``, which also moves every racked ball by up to
``JITTER`` in a random direction, like a real rack (balls on spots are not moved). Neighbours are set ``2R + GAP + 2 JITTER``
apart, so jittered balls nearly touch and never overlap.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from billiard.errors import BilliardError
from billiard.physics.params import PRESETS
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.table.model import Table

GAP = 1e-7  # m between racked neighbours before jitter
JITTER = 2e-5  # m, largest random move of a racked ball (a few hundredths of a mm)
CAROM_OFFSET = 0.1524
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
RACKS = ("8-ball", "9-ball", "10-ball", "snooker", "carom")
ALIASES = {"three-cushion": "carom"}

Slot = tuple[int, int]  # (row from the apex, index in the row)


def _triangle(rows: int) -> list[Slot]:
    return [(k, j) for k in range(rows) for j in range(k + 1)]


def _diamond() -> list[Slot]:
    return [(k, j) for k, n in enumerate((1, 2, 3, 2, 1)) for j in range(n)]


def _slot_xy(slot: Slot, row_len: int, apex: tuple[float, float], spacing: float) -> tuple[float, float]:
    """Rows run along +x (away from the head end), packed hexagonally."""
    k, j = slot
    return apex[0] + k * spacing * math.sqrt(3) / 2, apex[1] + (j - (row_len - 1) / 2) * spacing


def _assign(
    slots: list[Slot], fixed: dict[Slot, str], free: list[str], rng: np.random.Generator | None
) -> dict[Slot, str]:
    """Fixed balls in their slots, the others in the remaining slots (shuffled with a rng)."""
    order = list(free) if rng is None else [free[i] for i in rng.permutation(len(free))]
    rest = iter(order)
    return {s: fixed[s] if s in fixed else next(rest) for s in slots}


def _pool_layout(name: str, rng: np.random.Generator | None) -> tuple[list[Slot], dict[Slot, str]]:
    if name == "9-ball":
        slots = _diamond()
        fixed = {(0, 0): "1", (2, 1): "9"}
        free = [str(i) for i in range(2, 9)]
    elif name == "10-ball":
        slots = _triangle(4)
        fixed = {(0, 0): "1", (2, 1): "10"}
        free = [str(i) for i in range(2, 10)]
    else:
        slots = _triangle(5)
        solid, stripe = ("1", "9") if rng is None else (str(rng.integers(1, 8)), str(rng.integers(9, 16)))
        corners = [(4, 0), (4, 4)] if rng is None else [(4, 0), (4, 4)][:: 1 if rng.integers(2) else -1]
        fixed = {(2, 1): "8", corners[0]: solid, corners[1]: stripe}
        free = [str(i) for i in range(1, 16) if str(i) not in fixed.values()]
    return slots, _assign(slots, fixed, free, rng)


def _row_lengths(slots: list[Slot]) -> dict[int, int]:
    lengths: dict[int, int] = {}
    for k, _ in slots:
        lengths[k] = lengths.get(k, 0) + 1
    return lengths


def _object_balls(
    name: str, table: Table, radius: float, rng: np.random.Generator | None
) -> dict[str, tuple[float, float]]:
    spacing = 2 * radius + GAP + (2 * JITTER if rng is not None else 0.0)
    if name == "carom":
        head = (-table.length / 4, 0.0)
        return {"yellow": head, "red": table.foot_spot}
    if name == "snooker":
        if not all(c in table.spots for c in COLOURS):
            raise BilliardError(f"rack 'snooker' needs a snooker table (this one is '{table.name}')")
        pink = table.spots["pink"]
        apex = (pink[0] + spacing, pink[1])
        slots = _triangle(5)
        placed = {s: f"red-{i + 1}" for i, s in enumerate(slots)}
        out = {c: table.spots[c] for c in COLOURS}
    else:
        apex = table.foot_spot
        slots, placed = _pool_layout(name, rng)
        out = {}
    rows = _row_lengths(slots)
    for slot, ball in placed.items():
        out[ball] = _slot_xy(slot, rows[slot[0]], apex, spacing)
    return out


def default_cue(name: str, table: Table) -> tuple[float, float]:
    """Where the cue ball starts if a shot gives none: the head spot for pool, in the D
    (on the baulk line between brown and green) for snooker, the UMB start for carom."""
    name = _check_name(name)
    if name == "snooker":
        xb = table.head_string_x
        return xb, table.d_radius / 2
    if name == "carom":
        return -table.length / 4, -CAROM_OFFSET
    return -table.length / 4, 0.0


def cue_id(name: str) -> str:
    """The cue ball's id in this rack: "white" for carom, "cue" otherwise."""
    return "white" if ALIASES.get(name, name) == "carom" else "cue"


def _check_name(name: str) -> str:
    name = ALIASES.get(name, name)
    if name not in RACKS:
        raise BilliardError(f"unknown rack '{name}' (known: {', '.join(RACKS + tuple(ALIASES))})")
    return name


def _natural(ball: str) -> tuple[int, int, str]:
    """Sort key: cue ball first, then numbers, reds by number, colours in value order."""
    if ball in ("cue", "white"):
        return (0, 0, ball)
    if ball.isdigit():
        return (1, int(ball), ball)
    if ball.startswith("red-"):
        return (2, int(ball[4:]), ball)
    return (3, COLOURS.index(ball) if ball in COLOURS else 0, ball)


def rack(
    name: str,
    table: Table,
    seed: int | None = None,
    cue: Sequence[float] | np.ndarray | None = None,
    radius: float | None = None,
) -> tuple[tuple[str, ...], np.ndarray]:
    """Ball ids and positions (N, 3), z = radius, of the rack ``name`` on ``table`` with the
    cue ball at ``cue`` (x, y) or :func:`default_cue`. ``radius`` defaults to the table's
    ball set. Raises BilliardError for an unknown rack, a rack that does not fit or a cue
    position off the bed, over a pocket or overlapping a ball."""
    name = _check_name(name)
    r = PRESETS[table.ball_set].ball_radius if radius is None else float(radius)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise BilliardError(f"rack 'seed' must be a whole number >= 0, got {seed!r}")
    rng = None if seed is None else np.random.default_rng(seed)
    balls = _object_balls(name, table, r, rng)
    ids = sorted(balls, key=_natural)
    xy = np.array([balls[b] for b in ids], dtype=float)
    if rng is not None and name != "carom":
        racked = np.array([b not in COLOURS for b in ids])
        angle = rng.uniform(0, 2 * math.pi, len(ids))
        dist = JITTER * np.sqrt(rng.uniform(0, 1, len(ids)))
        xy[racked] += (np.stack([np.cos(angle), np.sin(angle)], axis=1) * dist[:, None])[racked]
    _check_inside(name, table, xy, r)
    cue_xy = _check_cue(cue if cue is not None else default_cue(name, table), table, xy, r)
    ids = [cue_id(name)] + ids
    xy = np.vstack([cue_xy, xy])
    return tuple(ids), np.column_stack([xy, np.full(len(ids), r)])


def _check_inside(name: str, table: Table, xy: np.ndarray, r: float) -> None:
    if np.any(np.abs(xy[:, 0]) > table.half_length - r) or np.any(np.abs(xy[:, 1]) > table.half_width - r):
        raise BilliardError(f"rack '{name}' does not fit on a {table.length} x {table.width} m table")


def _check_cue(cue: Sequence[float] | np.ndarray, table: Table, xy: np.ndarray, r: float) -> np.ndarray:
    try:
        c = np.array([float(v) for v in cue], dtype=float)
    except (TypeError, ValueError):
        raise BilliardError(f"'cue' must be [x, y] in metres, got {cue!r}") from None
    if c.shape != (2,) or not np.all(np.isfinite(c)):
        raise BilliardError(f"'cue' must be [x, y] in metres, got {cue!r}")
    if abs(c[0]) > table.half_length - r or abs(c[1]) > table.half_width - r:
        raise BilliardError(
            f"cue ball at ({c[0]:g}, {c[1]:g}) is off the bed (|x| <= {table.half_length - r:.4f}, "
            f"|y| <= {table.half_width - r:.4f} m)"
        )
    if len(xy) and np.min(np.linalg.norm(xy - c, axis=1)) < 2 * r:
        raise BilliardError(f"cue ball at {list(c)} overlaps a racked ball")
    return c


def rack_balls(
    name: str, table: Table, params: Params, seed: int | None = None, cue: Sequence[float] | None = None
) -> Balls:
    """:func:`rack` as a :class:`Balls` state at rest, with ``params``' ball mass and radius."""
    ids, pos = rack(name, table, seed=seed, cue=cue, radius=params.ball_radius)
    return Balls.create(ids, pos, params.ball_mass, params.ball_radius)

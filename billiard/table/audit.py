"""Where the balls are with respect to the table: the checks of the pocket fuzz test and
benchmark (a ball never ends outside the table, inside a cushion, or below the bed
without being recorded as pocketed)."""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.flight import OFF_TABLE
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table
from billiard.table.mouth import on_bed_area

TOL = 1e-6  # m


def deepest_obstacle(table: Table, p, r: float) -> tuple[str, float]:
    """The obstacle a ball of radius ``r`` centred at ``p`` (3,) enters deepest, and how deep
    (m; -inf when no obstacle is within reach, <= 0 when it touches nothing)."""
    from billiard.physics.group.engine import _obstacle_bounds  # boxes cached per live table

    p = np.asarray(p, dtype=float)
    best = ("", -math.inf)
    if not table.obstacles:
        return best
    lo, hi = _obstacle_bounds(table)
    for k in np.nonzero(np.all((p + r >= lo) & (p - r <= hi), axis=1))[0]:
        ob = table.obstacles[k]
        depth = r - float(np.linalg.norm(p - closest_point(ob, p)))
        if depth > best[1]:
            best = (ob.name, depth)
    return best


def violations(balls: Balls, table: Table) -> list[str]:
    """One line per ball that is somewhere it cannot be, for a table at rest (empty if all is well).

    Pocketed balls must carry their pocket name and lie R below the bed under that pocket's
    hole (or, recorded as flown off the table, lie beyond the cushion noses); every other ball
    must be on the bed (z = R), inside the cushion noses or in a pocket's mouth (the area the
    shot-file parser accepts, :func:`billiard.table.mouth.on_bed_area`), not over a hole and
    not overlapping any obstacle.
    """
    out = []
    for i, ball in enumerate(balls.ids):
        p, r = balls.pos[i], balls.radius[i]
        where = f"ball {ball} at ({p[0]:.4f}, {p[1]:.4f}, {p[2]:.4f})"
        if balls.motion[i] == Motion.POCKETED:
            name = balls.pocket[i]
            pocket = next((q for q in table.pockets if q.name == name), None)
            if name == OFF_TABLE:  # flew over a cushion (billiard.physics.flight)
                if abs(p[0]) <= table.half_length and abs(p[1]) <= table.half_width:
                    out.append(f"{where} is recorded off the table but lies on the bed")
            elif pocket is None:
                out.append(f"{where} is pocketed without a pocket of this table ({name!r})")
            elif p[2] > -r + TOL or math.dist(p[:2], pocket.center) > pocket.radius + TOL:
                out.append(f"{where} is recorded in {name} but is not under its hole")
            continue
        if balls.pocket[i] is not None:
            out.append(f"{where} has pocket {balls.pocket[i]!r} but is {Motion(balls.motion[i]).label}")
        if abs(p[2] - r) > TOL:
            out.append(f"{where} is not on the bed ({Motion(balls.motion[i]).label})")
        if not on_bed_area(table, p[0], p[1], r, TOL):
            out.append(f"{where} is outside the table")
        for q in table.pockets:
            if math.dist(p[:2], q.center) < q.radius - TOL:
                out.append(f"{where} is over the {q.name} hole but not pocketed")
        for ob in table.obstacles:
            depth = r - float(np.linalg.norm(p - closest_point(ob, p)))
            if depth > TOL:
                out.append(f"{where} is {depth * 1000:.3f} mm inside {ob.name}")
    return out

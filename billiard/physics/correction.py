"""Residual-penetration correction (seed 004 annex C.4, with C.5's first remark).

Contact times are exact up to round-off, so overlaps left after a tick are tiny; they are
removed by moving each ball of an overlapping pair back by half the overlap along the line
of centres, horizontally only (a ball on the bed is never pushed into the bed, C.5), and then
moving any ball that overlaps an obstacle straight out of it, horizontally, so the pair
correction never leaves a ball inside a cushion.
"""
from __future__ import annotations

import numpy as np

from billiard.physics.obstacle_distance import closest_point
from billiard.physics.state import Balls, Motion

TOL = 1e-10   # m: overlaps below this are left alone


def separate(balls: Balls, pairs_i: np.ndarray, pairs_j: np.ndarray, obstacles) -> bool:
    """Fix overlaps among pairs (pairs_i, pairs_j), then of the balls so moved with obstacles
    (contact times with obstacles are exact, so only the pair correction can push a ball in).

    Returns True if anything moved.
    """
    live = (balls.motion != Motion.POCKETED) & (balls.motion != Motion.AIRBORNE)
    candidates: set[int] = set()
    d = balls.pos[pairs_i] - balls.pos[pairs_j]
    d[:, 2] = 0.0
    dist = np.sqrt(np.einsum("ij,ij->i", d, d))
    overlap = balls.radius[pairs_i] + balls.radius[pairs_j] - dist
    for k in np.nonzero((overlap > TOL) & live[pairs_i] & live[pairs_j] & (dist > 0))[0]:
        i, j = pairs_i[k], pairs_j[k]
        shift = 0.5 * overlap[k] * d[k] / dist[k]
        balls.pos[i] += shift
        balls.pos[j] -= shift
        candidates.update((int(i), int(j)))
    for i in sorted(candidates):
        if not live[i]:
            continue
        for ob in obstacles:
            for _ in range(3):       # exact in one pass for a face; edges and corners converge
                x = balls.pos[i]
                gap = x - closest_point(ob, x)
                dist = np.linalg.norm(gap)
                depth = balls.radius[i] - dist
                horiz = np.hypot(gap[0], gap[1])
                if depth <= TOL or horiz == 0:
                    break
                # moving by s along the horizontal part of the normal opens the gap by s*horiz/dist
                balls.pos[i, :2] += (depth * dist / horiz) * gap[:2] / horiz
    return bool(candidates)

"""Residual-penetration correction (seed 004 annex C.4, with C.5's first remark).

Contact times are exact up to round-off, so overlaps left after a tick are tiny; they are
removed by moving each ball of an overlapping pair back by half the overlap along the line
of centres (the whole overlap for one ball when the other is held by a cushion),
horizontally only (a ball on the bed is never pushed into the bed, C.5), and then moving
any ball that overlaps an obstacle straight out of it, horizontally, so the pair
correction never leaves a ball inside a cushion.
"""
from __future__ import annotations

import numpy as np

from billiard.physics.obstacle_distance import closest_point
from billiard.physics.state import Balls, Motion

TOL = 1e-10   # m: overlaps below this are left alone


def _held(balls: Balls, i: int, obstacles) -> bool:
    """True if ball i touches an obstacle other than the bed (it cannot give way)."""
    for ob in obstacles:
        if ob.kind != "bed" and np.linalg.norm(balls.pos[i] - closest_point(ob, balls.pos[i])) < balls.radius[i] + TOL:
            return True
    return False


def separate(balls: Balls, pairs_i: np.ndarray, pairs_j: np.ndarray, obstacles) -> set[int]:
    """Fix overlaps among pairs (pairs_i, pairs_j), then of the balls so moved with obstacles
    (contact times with obstacles are exact, so only the pair correction can push a ball in).

    Returns the balls moved (empty, so false, if none).
    """
    live = (balls.motion != Motion.POCKETED) & (balls.motion != Motion.AIRBORNE)
    candidates: set[int] = set()
    d = balls.pos[pairs_i] - balls.pos[pairs_j]
    d[:, 2] = 0.0
    dist = np.sqrt(np.einsum("ij,ij->i", d, d))
    overlap = balls.radius[pairs_i] + balls.radius[pairs_j] - dist
    for k in np.nonzero((overlap > TOL) & live[pairs_i] & live[pairs_j] & (dist > 0))[0]:
        i, j = pairs_i[k], pairs_j[k]
        # a ball held by an obstacle stays; the other one takes the whole correction (annex C.4)
        held_i, held_j = _held(balls, i, obstacles), _held(balls, j, obstacles)
        share_i = 0.5 if held_i == held_j else float(held_j)
        push = overlap[k] * d[k] / dist[k]
        balls.pos[i] += share_i * push
        balls.pos[j] -= (1.0 - share_i) * push
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
    return candidates

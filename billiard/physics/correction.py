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
from billiard.physics.state import AIRBORNE, POCKETED, Balls

TOL = 1e-10  # m: overlaps below this are left alone


def _held(balls: Balls, i: int, obstacles) -> bool:
    """True if ball i touches an obstacle other than the bed (it cannot give way)."""
    for ob in obstacles:
        if ob.kind != "bed" and np.linalg.norm(balls.pos[i] - closest_point(ob, balls.pos[i])) < balls.radius[i] + TOL:
            return True
    return False


def _lift(balls: Balls, i: int, move: np.ndarray, g: float) -> None:
    """Move ball i by ``move``; a rise costs its kinetic energy m g dz (no energy from nothing)."""
    balls.pos[i] += move
    if move[2] > 0:
        v2 = float(balls.vel[i] @ balls.vel[i])
        if v2 > 0:
            balls.vel[i] *= np.sqrt(max(0.0, 1.0 - 2 * g * move[2] / v2))


def _separate_flying(balls: Balls, pairs_i: np.ndarray, pairs_j: np.ndarray, g: float) -> set[int]:
    """Overlaps of pairs with a flying ball: the flying ball(s) move back along the line of
    centres, in 3D (a ball on the bed is not pushed into it)."""
    air = balls.motion == AIRBORNE
    live = balls.motion != POCKETED
    sel = (air[pairs_i] | air[pairs_j]) & live[pairs_i] & live[pairs_j]
    if not sel.any():
        return set()
    pi, pj = pairs_i[sel], pairs_j[sel]
    d = balls.pos[pi] - balls.pos[pj]
    dist = np.sqrt(np.einsum("ij,ij->i", d, d))
    overlap = balls.radius[pi] + balls.radius[pj] - dist
    moved: set[int] = set()
    for k in np.nonzero((overlap > TOL) & (dist > 0))[0]:
        i, j = pi[k], pj[k]
        share_i = 0.5 if air[i] and air[j] else float(air[i])
        push = overlap[k] * d[k] / dist[k]
        _lift(balls, i, share_i * push, g)
        _lift(balls, j, -(1.0 - share_i) * push, g)
        moved.update((int(i), int(j)))
    return moved


def separate(balls: Balls, pairs_i: np.ndarray, pairs_j: np.ndarray, obstacles, also=(), g: float = 9.81) -> set[int]:
    """Fix overlaps among pairs (pairs_i, pairs_j), then of the balls so moved, and of the
    balls ``also`` (pushed into an obstacle through a sustained contact), with obstacles.

    Returns the balls moved (empty, so false, if none).
    """
    live = (balls.motion != POCKETED) & (balls.motion != AIRBORNE)
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
    moved = candidates | _separate_flying(balls, pairs_i, pairs_j, g)
    candidates.update(int(i) for i in also)
    for i in sorted(candidates):
        if not live[i]:
            continue
        for ob in obstacles:
            for _ in range(3):  # exact in one pass for a face; edges and corners converge
                x = balls.pos[i]
                gap = x - closest_point(ob, x)
                dist = np.linalg.norm(gap)
                depth = balls.radius[i] - dist
                horiz = np.hypot(gap[0], gap[1])
                if depth <= TOL or horiz == 0:
                    break
                # moving by s along the horizontal part of the normal opens the gap by s*horiz/dist
                balls.pos[i, :2] += (depth * dist / horiz) * gap[:2] / horiz
                moved.add(int(i))
    return moved

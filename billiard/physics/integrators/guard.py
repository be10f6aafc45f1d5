"""Keep a numerical integrator's state physical (issue 20).

The World plans its events on the exact closed-form paths; a first-order scheme (Euler,
Euler-Cromer) drifts from them by O(a h dt) between events: a ball can then reach a cushion,
another ball or the bed a little before the planned contact (it sinks in by up to a
millimetre), and explicit Euler gains energy in flight. After each numerical advance, for
the balls that moved:

1. a flying ball below bed level away from the holes is put back at z = R (it lands at its
   planned time); one falling into a hole stays over it (the liner holds it);
2. a ball that entered an obstacle or another ball is moved straight out of it (horizontally
   on the bed, along the contact normal in the air; the ball at rest stays where it is);
3. no ball ends with more energy (kinetic plus potential) than it had before the advance:
   only gravity and friction act between events, so a gain is the scheme's truncation error,
   removed by scaling the ball's velocity and spin.

Schemes exact for constant accelerations (RK2-RK4, Newmark, leapfrog) are left unchanged to
round-off; the measured orders of convergence (``billiard validate --integrators``) use the
schemes alone.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.correction import TOL
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.state import Balls, Motion

# Passes of pair and obstacle separation after an advance: each pass removes most of the
# overlap of a cluster of touching balls (a rack pushed as a whole: 4 passes left 1.4 um of
# a 40 um drift, fuzz seed 11 shot 4385); the loop stops at the first pass that moves nothing.
SEPARATION_PASSES = 50


def ball_energy(balls: Balls, g: float) -> np.ndarray:
    """Per ball: kinetic (translation and rotation, I = 2/5 m R^2) plus m g (z - R)."""
    m, r = balls.mass, balls.radius
    v2 = np.einsum("ij,ij->i", balls.vel, balls.vel)
    w2 = np.einsum("ij,ij->i", balls.omega, balls.omega)
    return 0.5 * m * v2 + 0.2 * m * r * r * w2 + m * g * (balls.pos[:, 2] - r)


def _push_out(balls: Balls, i: int, obstacles, lo: np.ndarray, hi: np.ndarray) -> bool:
    p, r = balls.pos[i], balls.radius[i]
    near = np.nonzero(np.all((p + r >= lo) & (p - r <= hi), axis=1))[0]
    air = balls.motion[i] == Motion.AIRBORNE
    moved = False
    for k in near:
        for _ in range(3):
            x = balls.pos[i]
            gap = x - closest_point(obstacles[k], x)
            dist = float(np.linalg.norm(gap))
            depth = r - dist
            if depth <= TOL or dist == 0.0:
                break
            if air:
                balls.pos[i] += depth * gap / dist
            else:
                horiz = float(np.hypot(gap[0], gap[1]))
                if horiz == 0.0:
                    break
                balls.pos[i, :2] += (depth * dist / horiz) * gap[:2] / horiz
            moved = True
    return moved


def _separate_moving(balls: Balls, moving: np.ndarray, pairs_i: np.ndarray, pairs_j: np.ndarray) -> bool:
    """Overlaps of a moved ball with another: the moved ball(s) go back along the line of
    centres (the ball at rest stays: it is the moved one that went too far); horizontally on
    the bed, in 3D for a flying ball. Pairs are fixed one after the other from the current
    positions (Gauss-Seidel), so a ball in several contacts (a rack) is not pushed by stale
    overlaps; :func:`keep_physical` repeats this until nothing overlaps."""
    live = balls.motion != Motion.POCKETED
    sel = (moving[pairs_i] | moving[pairs_j]) & live[pairs_i] & live[pairs_j]
    pi, pj = pairs_i[sel], pairs_j[sel]
    d = balls.pos[pi] - balls.pos[pj]
    overlap = balls.radius[pi] + balls.radius[pj] - np.sqrt(np.einsum("ij,ij->i", d, d))
    moved = False
    for k in np.nonzero(overlap > TOL)[0]:
        i, j = pi[k], pj[k]
        gap = balls.pos[i] - balls.pos[j]
        dist = float(np.linalg.norm(gap))
        depth = balls.radius[i] + balls.radius[j] - dist
        if depth <= TOL or dist == 0.0:
            continue
        share_i = 0.5 if moving[i] and moving[j] else float(moving[i])
        for ball, share, sign in ((i, share_i, 1.0), (j, 1.0 - share_i, -1.0)):
            if share == 0.0:
                continue
            n = sign * gap / dist
            if balls.motion[ball] == Motion.AIRBORNE:
                balls.pos[ball] += share * depth * n
            else:
                horiz = float(np.hypot(n[0], n[1]))
                if horiz > 0:
                    balls.pos[ball, :2] += share * depth / horiz * n[:2] / horiz
        moved = True
    return moved


def keep_physical(
    balls: Balls,
    before: np.ndarray,
    idx: np.ndarray,
    hole: np.ndarray,
    holes,
    obstacles,
    box_lo: np.ndarray,
    box_hi: np.ndarray,
    pairs_i: np.ndarray,
    pairs_j: np.ndarray,
    g: float,
) -> None:
    """Apply rules 1-3 of the module docstring to balls ``idx`` (``before``: every ball's
    energy before the advance; ``hole``: index of the hole each ball was over before it, -1
    for none; ``holes``: :class:`billiard.physics.pockets.Holes`)."""
    air = idx[balls.motion[idx] == Motion.AIRBORNE]
    low = air[(balls.pos[air, 2] < balls.radius[air]) & (hole[air] < 0)]
    balls.pos[low, 2] = balls.radius[low]
    for i in air[(balls.pos[air, 2] < balls.radius[air]) & (hole[air] >= 0)]:
        k = hole[i]
        w = balls.pos[i, :2] - holes.center[k]
        d = float(np.hypot(w[0], w[1]))
        if d > holes.radius[k]:
            balls.pos[i, :2] = holes.center[k] + w * (holes.radius[k] / d)
    moving = np.zeros(len(balls), bool)
    moving[idx] = True
    for _ in range(SEPARATION_PASSES):  # a ball pushed out of one body may have entered another
        moved = _separate_moving(balls, moving, pairs_i, pairs_j)
        for i in idx:
            moved |= _push_out(balls, int(i), obstacles, box_lo, box_hi)
        if not moved:
            break
    after = ball_energy(balls, g)
    m, r = balls.mass, balls.radius
    for i in idx[after[idx] > before[idx]]:
        potential = m[i] * g * (balls.pos[i, 2] - r[i])
        kinetic = after[i] - potential
        room = before[i] - potential
        scale = np.sqrt(room / kinetic) if kinetic > 0 and room > 0 else 0.0
        balls.vel[i] *= scale
        balls.omega[i] *= scale

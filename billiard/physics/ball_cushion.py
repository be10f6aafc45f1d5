"""Ball-obstacle impulse (seed 004 §4.2 with an immovable body 2), e.g. a cushion.

The normal is ``unit(x1 - x2)`` with ``x2`` the obstacle's closest point (annex B). A cushion
nose above the ball's centre gives a normal tilted down: the impulse then also spins the
ball and pushes it into the bed, and the effective horizontal restitution is below
``e_cushion`` (docs/physics.md "Cushions").

The bed's reaction to that push (:func:`absorb_press`) takes the downward velocity of a ball
on the bed away without friction. Applying the cloth's friction to it at the instant of
impact would lower the rebound measured right after the impact below the measured band
(0.64 for a stun ball against 0.73-0.84, Mathavan et al. 2010); without it a rolling ball
comes off at 0.80 and a stun ball at 0.72-0.73 of its approach speed. The cloth then acts
in the sliding phase that follows: a bed impulse at the contact point leaves the angular
momentum about that point unchanged, so the rolling outcome (speed and direction once the
ball rolls again, Han 2005) is the same either way.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.impulse import sphere_impulse
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacles import Obstacle
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion

ZERO = np.zeros(3)


def collide_obstacle(balls: Balls, i: int, obstacle: Obstacle, params: Params) -> float | None:
    """Apply the impulse of ``obstacle`` on ball i; approach speed, or None if not closing."""
    d = balls.pos[i] - closest_point(obstacle, balls.pos[i])
    n = d / np.linalg.norm(d)
    if np.dot(balls.vel[i], n) >= 0.0:
        return None
    dv, dw, v_star = sphere_impulse(
        balls.vel[i],
        balls.omega[i],
        balls.radius[i],
        balls.mass[i],
        ZERO,
        ZERO,
        0.0,
        math.inf,
        n,
        params.e_cushion,
        params.mu_cushion,
    )
    balls.vel[i] += dv
    balls.omega[i] += dw
    absorb_press(balls, [i])
    return v_star


BED_TOL = 1e-9  # m: a centre this close to z = R is on the bed


def absorb_press(balls: Balls, idx) -> None:
    """A cushion pressed balls ``idx`` into the bed: the bed takes their downward velocity
    (restitution 0, no friction; see the module doc). Flying balls are left alone."""
    for i in idx:
        if (
            balls.vel[i, 2] < 0.0
            and balls.motion[i] != Motion.AIRBORNE
            and balls.pos[i, 2] <= balls.radius[i] + BED_TOL
        ):
            balls.vel[i, 2] = 0.0

"""Ball-obstacle impulse (seed 004 §4.2 with an immovable body 2), e.g. a cushion.

The normal is ``unit(x1 - x2)`` with ``x2`` the obstacle's closest point (annex B). A cushion
nose above the ball's centre gives a normal tilted down: the impulse then also spins the
ball and pushes it into the bed, and the effective horizontal restitution is below
``e_cushion`` (PHYSICS.md item 9). The bed's reaction to that push is not modelled as an
impulse with friction: the caller projects the vertical velocity of a ball on the bed to 0.
"""
from __future__ import annotations

import math

import numpy as np

from billiard.physics.impulse import sphere_impulse
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacles import Obstacle
from billiard.physics.params import Params
from billiard.physics.state import Balls

ZERO = np.zeros(3)


def collide_obstacle(balls: Balls, i: int, obstacle: Obstacle, params: Params) -> float | None:
    """Apply the impulse of ``obstacle`` on ball i; approach speed, or None if not closing."""
    d = balls.pos[i] - closest_point(obstacle, balls.pos[i])
    n = d / np.linalg.norm(d)
    if np.dot(balls.vel[i], n) >= 0.0:
        return None
    dv, dw, v_star = sphere_impulse(balls.vel[i], balls.omega[i], balls.radius[i], balls.mass[i],
                                    ZERO, ZERO, 0.0, math.inf, n, params.e_cushion, params.mu_cushion)
    balls.vel[i] += dv
    balls.omega[i] += dw
    return v_star

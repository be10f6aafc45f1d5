"""Ball-ball impulse (seed 004 §4.2) applied to the ball arrays."""

from __future__ import annotations

import numpy as np

from billiard.physics.impulse import sphere_impulse
from billiard.physics.params import Params
from billiard.physics.state import Balls


def collide_balls(balls: Balls, i: int, j: int, params: Params) -> float | None:
    """Apply the impulse between touching balls i (body 1) and j (body 2).

    Returns the normal approach speed, or None (nothing done) if they are not closing.
    Linear momentum is conserved exactly: j gets ``-m_i/m_j`` times i's change.
    """
    d = balls.pos[i] - balls.pos[j]
    n = d / np.linalg.norm(d)
    v1, v2 = balls.vel[i], balls.vel[j]
    if np.dot(v2 - v1, n) <= 0.0:
        return None
    m1, m2, r1, r2 = balls.mass[i], balls.mass[j], balls.radius[i], balls.radius[j]
    dv, dw, v_star = sphere_impulse(
        v1, balls.omega[i], r1, m1, v2, balls.omega[j], r2, m2, n, params.e_ball, params.mu_ball, params.mu_ball_fit > 0
    )
    balls.vel[i] += dv
    balls.omega[i] += dw
    balls.vel[j] -= (m1 / m2) * dv
    balls.omega[j] += (m1 * r1 / (m2 * r2)) * dw
    return v_star

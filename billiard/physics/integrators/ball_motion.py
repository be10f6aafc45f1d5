"""Ball motion between events by a numerical integrator instead of the closed forms (param ``integrator``).

Seed 004 §2.1 writes each ball as x'' = f(t, x, x') with the 6 degrees of freedom
(x, y, z and three rotation angles about the table axes, §2.3): f = (F/m, M/J). Here
f is the force law of billiard.physics.motion for each ball's current state (the state
is fixed between the events the World plans): sliding friction along the slip,
rolling resistance, spin friction about z, gravity in flight. Each advance of h seconds
is cut into sub-steps of at most SUBSTEP_FRACTION * dt. The rotation angles are the
integrated rotation vector; the orientation quaternion turns by it.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.integrators import get_integrator
from billiard.physics.motion import (
    roll_accel,
    roll_decay,
    slide_accel,
    spin_decel,
    z_cross,
)
from billiard.physics.params import Params
from billiard.physics.quaternion import turn
from billiard.physics.state import Balls, Motion

SUBSTEP_FRACTION = 0.25


def ball_accel(balls: Balls, idx: np.ndarray, params: Params):
    """f(t, x, v) for the (n, 6) states [position, angles] / [velocity, angular velocity] of balls idx.

    Within one state the directions of the forces do not change (the slip keeps its
    direction while sliding, the velocity while rolling, the z-spin its sign: motion.py),
    so they are taken from the state at the start of the advance; the World ends each
    advance at the exact time a state changes.
    """
    motion, radius = balls.motion[idx], balls.radius[idx]
    vel, omega = balls.vel[idx], balls.omega[idx]
    a_slide, alpha_slide = slide_accel(vel, omega, radius, params)
    a_roll, alpha_roll = roll_accel(vel, radius, params)
    sliding = (motion == Motion.SLIDING)[:, None]
    rolling = (motion == Motion.ROLLING)[:, None]
    on_bed = (motion == Motion.SLIDING) | (motion == Motion.ROLLING) | (motion == Motion.SPINNING)
    acc = np.where(sliding, a_slide, np.where(rolling, a_roll, 0.0))
    alpha = np.where(sliding, alpha_slide, np.where(rolling, alpha_roll, 0.0))
    alpha[:, 2] = np.where(on_bed, -np.sign(omega[:, 2]) * spin_decel(balls, params)[idx], 0.0)
    acc[motion == Motion.AIRBORNE, 2] = -params.g
    accel = np.concatenate([acc, alpha], axis=1)

    k = roll_decay(params)
    if k > 0.0 and rolling.any():  # seed 002's torque: dv/dt = -k v on the rolling rows
        rows = np.flatnonzero(rolling[:, 0])

        def f_torque(t: float, x: np.ndarray, v: np.ndarray) -> np.ndarray:
            out = accel.copy()
            a, turn_rate = roll_accel(v[rows, :3], radius[rows], params)
            out[rows, :3] = a
            out[rows, 3:5] = turn_rate[:, :2]
            return out

        return f_torque

    def f(t: float, x: np.ndarray, v: np.ndarray) -> np.ndarray:
        return accel

    return f


def advance_numeric(balls: Balls, h: float, params: Params) -> None:
    """Move the moving balls ``h`` seconds with ``params.integrator`` (state kept within h)."""
    if h <= 0.0:
        return
    moving = (balls.motion >= Motion.SPINNING) & (balls.motion <= Motion.AIRBORNE)
    if not moving.any():
        return
    idx = np.flatnonzero(moving)
    step = get_integrator(params.integrator)
    f = ball_accel(balls, idx, params)
    n = max(1, math.ceil(h / (SUBSTEP_FRACTION * params.dt)))
    dt = h / n
    x = np.zeros((len(idx), 6))
    x[:, :3] = balls.pos[idx]
    v = np.concatenate([balls.vel[idx], balls.omega[idx]], axis=1)
    for k in range(n):
        x, v = step(f, k * dt, x, v, dt)
    wz0 = balls.omega[idx, 2]
    balls.pos[idx] = x[:, :3]
    balls.vel[idx] = v[:, :3]
    balls.omega[idx] = v[:, 3:]
    # the spin friction about z stops at zero (it never reverses the spin), as in motion.advance
    balls.omega[idx, 2] = np.where(v[:, 5] * wz0 <= 0.0, 0.0, v[:, 5])
    rolling = idx[balls.motion[idx] == Motion.ROLLING]
    balls.omega[rolling, :2] = (z_cross(balls.vel[rolling]) / balls.radius[rolling, None])[:, :2]
    balls.quat[idx] = turn(balls.quat[idx], x[:, 3:])

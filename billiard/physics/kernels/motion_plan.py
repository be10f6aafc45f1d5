"""Accelerations and transition times of every ball in one compiled call (issue 14).

The compiled counterpart of :func:`billiard.physics.motion.accelerations` and
:func:`~billiard.physics.motion.transition_times` (seed 004 §2.2; docs/physics.md "Motion on
the bed" has the derivations), with the plan's rule that a ball flying over a hole never
lands (:meth:`billiard.physics.pockets.Holes.falling`): the same formulas, ball by ball.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.pocket_times import hole_under

REST, SPINNING, SLIDING, ROLLING, AIRBORNE = 0, 1, 2, 3, 4  # state.Motion
ROLL_STOP_SPEED = 0.01  # as motion.ROLL_STOP_SPEED
DETECT_TOL = 1e-9  # as motion.DETECT_TOL


@njit
def plan_motion(
    pos,
    vel,
    omega,
    radius,
    motion,
    mu_slide,
    mu_roll,
    mu_spin,
    g,
    decay_rate,
    centers,
    radii,
    rows,
    acc,
    alpha,
    spin_rate,
    rel,
):
    """Per ball: linear and angular acceleration (x, y; z handled by the spin decay), the rate
    at which |omega_z| falls and the time until its next state change (inf if none; inf for
    a flying ball over a hole), written to ``acc`` (N,3), ``alpha`` (N,3), ``spin_rate`` (N,),
    ``rel`` (N,); the rows of the moving balls to ``rows``. Returns (how many move, whether
    any of them spins about z). The outputs are the caller's (a returned array costs more
    than an argument)."""
    n = len(motion)
    for i in range(n):
        for x in range(3):
            acc[i, x] = 0.0
            alpha[i, x] = 0.0
        spin_rate[i] = 0.0
        rel[i] = np.inf
    k = 0
    z_spin = False
    slide = mu_slide * g
    for i in range(n):
        m = motion[i]
        if not (SPINNING <= m <= AIRBORNE):
            continue
        rows[k] = i
        k += 1
        r = radius[i]
        vx, vy, vz = vel[i, 0], vel[i, 1], vel[i, 2]
        if omega[i, 2] != 0.0:
            z_spin = True
        if m != AIRBORNE:
            spin_rate[i] = 2.5 * mu_spin * g / r
        if m == SLIDING:  # friction -mu_slide m g û at the contact
            ux = vx + r * -omega[i, 1]
            uy = vy + r * omega[i, 0]
            norm = np.sqrt(ux * ux + uy * uy)  # û (motion._unit: unchanged where zero)
            hx, hy = (ux / norm, uy / norm) if norm > 0 else (ux, uy)
            acc[i, 0] = -slide * hx
            acc[i, 1] = -slide * hy
            turn = 2.5 * mu_slide * g / r
            alpha[i, 0] = turn * -hy
            alpha[i, 1] = turn * hx
            rel[i] = 2.0 * np.sqrt(ux * ux + uy * uy) / (7.0 * mu_slide * g)
        elif m == ROLLING:
            speed = np.sqrt(vx * vx + vy * vy + vz * vz)
            if decay_rate > 0.0:  # seed 002's torque: -k v
                ax, ay = -decay_rate * vx, -decay_rate * vy
                stop = np.log(max(speed, ROLL_STOP_SPEED) / ROLL_STOP_SPEED) / decay_rate
                replan = np.cbrt(6.0 * DETECT_TOL / (max(speed, 1e-300) * decay_rate * decay_rate))
                rel[i] = min(stop, replan)
            else:  # the force model: -mu_roll g v̂
                norm = np.sqrt(vx * vx + vy * vy)
                hx, hy = (vx / norm, vy / norm) if norm > 0 else (vx, vy)
                ax, ay = -mu_roll * g * hx, -mu_roll * g * hy
                rel[i] = speed / (mu_roll * g)
            acc[i, 0], acc[i, 1] = ax, ay
            alpha[i, 0], alpha[i, 1] = -ay / r, ax / r
        elif m == SPINNING:
            rel[i] = abs(omega[i, 2]) / (2.5 * mu_spin * g / r)
        else:  # flight: gravity only; it lands unless over a hole
            acc[i, 2] = -g
            if hole_under(pos[i, 0], pos[i, 1], vx, vy, centers, radii) < 0:
                height = pos[i, 2] - r
                rel[i] = (vz + np.sqrt(max(vz * vz + 2.0 * g * height, 0.0))) / g
        if np.isnan(rel[i]):
            rel[i] = np.inf
    return k, z_spin

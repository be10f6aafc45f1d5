"""Compiled closed-form advance of the moving balls over ``h`` seconds, orientation included.

The same arithmetic as :func:`billiard.physics.motion.advance` followed by
:func:`billiard.physics.quaternion.turn` (the numpy reference; docs/physics.md "Motion on the
bed" has the derivations), done ball by ball in one call instead of ~45 small numpy calls per
tick. Every operation keeps the reference's order, so positions, velocities and spins come
out bit for bit the same; the orientation matches within a few ulp (``sin``/``cos`` and the
quaternion product's sum order may round differently).
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit


@njit
def advance_rows(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    quat: np.ndarray,
    rows: np.ndarray,
    acc: np.ndarray,
    alpha: np.ndarray,
    spin_rate: np.ndarray,
    spin_on: np.ndarray,
    z_spin: bool,
    decay: np.ndarray,
    h: float,
) -> None:
    """Move balls ``rows`` (row k of ``acc``, ``alpha``, ``spin_rate``, ``spin_on``, ``decay``
    belongs to ball ``rows[k]``) ``h`` seconds along their closed forms, in place.

    ``z_spin``: the |omega_z| decay law applies (seed 004 §2.2, linear decay at ``spin_rate``
    until zero); else omega_z follows ``alpha`` like x and y. ``decay``: the exponential rate
    of seed 002's torque rolling per row (0: the constant-acceleration forms), or empty.
    """
    h2 = 0.5 * h * h
    exp_rows = decay.shape[0] > 0
    for k in range(rows.shape[0]):
        i = rows[k]
        v0, v1, v2 = vel[i, 0], vel[i, 1], vel[i, 2]
        w0, w1, w2 = omega[i, 0], omega[i, 1], omega[i, 2]
        # rotation vector of the tick: int omega dt (motion.advance)
        r0 = w0 * h + alpha[k, 0] * h2
        r1 = w1 * h + alpha[k, 1] * h2
        r2 = w2 * h + alpha[k, 2] * h2
        wz_new = w2
        if z_spin:
            rate = spin_rate[k]
            stop = math.fabs(w2) / rate if spin_on[k] else math.inf
            if stop >= h:
                sign = 1.0 if w2 > 0.0 else (-1.0 if w2 < 0.0 else 0.0)
                wz_new = w2 - sign * rate * h
                r2 = 0.5 * (w2 + wz_new) * h
            else:
                wz_new = 0.0
                r2 = 0.5 * w2 * stop
        d0 = v0 * h + acc[k, 0] * h2
        d1 = v1 * h + acc[k, 1] * h2
        d2 = v2 * h + acc[k, 2] * h2
        n0 = v0 + acc[k, 0] * h
        n1 = v1 + acc[k, 1] * h
        n2 = v2 + acc[k, 2] * h
        m0 = w0 + alpha[k, 0] * h
        m1 = w1 + alpha[k, 1] * h
        m2 = w2 + alpha[k, 2] * h
        if exp_rows and decay[k] > 0.0:  # seed 002 torque rolling: exact exponential
            kk = decay[k]
            shrink = math.exp(-kk * h)
            travel = -math.expm1(-kk * h) / kk
            d0, d1, d2 = v0 * travel, v1 * travel, v2 * travel
            n0, n1, n2 = v0 * shrink, v1 * shrink, v2 * shrink
            m0, m1 = w0 * shrink, w1 * shrink
            r0, r1 = w0 * travel, w1 * travel
        if z_spin:
            m2 = wz_new
        pos[i, 0] += d0
        pos[i, 1] += d1
        pos[i, 2] += d2
        vel[i, 0], vel[i, 1], vel[i, 2] = n0, n1, n2
        omega[i, 0], omega[i, 1], omega[i, 2] = m0, m1, m2
        # orientation: q' = exp(r/2) * q, renormalised (quaternion.turn)
        angle = math.sqrt(r0 * r0 + r1 * r1 + r2 * r2)
        half = 0.5 * angle
        scale = math.sin(half) / angle if angle > 1e-300 else 0.5
        aw, ax, ay, az = math.cos(half), r0 * scale, r1 * scale, r2 * scale
        bw, bx, by, bz = quat[i, 0], quat[i, 1], quat[i, 2], quat[i, 3]
        qw = aw * bw - ax * bx - ay * by - az * bz
        qx = aw * bx + ax * bw + ay * bz - az * by
        qy = aw * by - ax * bz + ay * bw + az * bx
        qz = aw * bz + ax * by - ay * bx + az * bw
        norm = math.sqrt(qw * qw + qx * qx + qy * qy + qz * qz)
        quat[i, 0], quat[i, 1], quat[i, 2], quat[i, 3] = qw / norm, qx / norm, qy / norm, qz / norm


@njit
def advance_ticks(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    quat: np.ndarray,
    rows: np.ndarray,
    acc: np.ndarray,
    alpha: np.ndarray,
    spin_rate: np.ndarray,
    spin_on: np.ndarray,
    z_spin: bool,
    decay: np.ndarray,
    t: float,
    tick: int,
    dt: float,
    count: int,
    out_pos: np.ndarray,
    out_quat: np.ndarray,
) -> float:
    """``count`` quiet ticks in one call (issue 28): tick ``tick + j + 1`` ends at
    ``(tick + j + 1) * dt`` and moves the balls by :func:`advance_rows` over the time since the
    last one, exactly as ``World.step`` does tick by tick (the same ``h`` each tick, so the same
    bits); each tick's positions and orientations go to ``out_pos[j]``, ``out_quat[j]`` (for the
    sampler). Returns the time reached."""
    for j in range(count):
        t_end = (tick + j + 1) * dt
        h = t_end - t
        if h > 0.0:
            advance_rows(pos, vel, omega, quat, rows, acc, alpha, spin_rate, spin_on, z_spin, decay, h)
        t = t_end
        out_pos[j, :, :] = pos
        out_quat[j, :, :] = quat
    return t

"""Compiled parts of the contact resolver (the numpy references: the touching search of
:func:`billiard.physics.group.engine._touching`, and :func:`billiard.physics.ball_ball.collide_balls`
/ :func:`billiard.physics.ball_cushion.collide_obstacle` with seed 004 §4.2's impulse,
:func:`billiard.physics.impulse.sphere_impulse`, and the bed's reaction after a contact,
:func:`billiard.physics.flight.settle`).

Scalar code on 3-vectors in the references' order of operations; the references' small numpy
dot products may sum in another order, so results agree to round-off, not bit for bit.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.states import classify_one
from billiard.physics.pockets import INSIDE_TOL
from billiard.physics.state import AIRBORNE, POCKETED, SLIDING


@njit
def touching_group(
    pos: np.ndarray,
    radius: np.ndarray,
    live: np.ndarray,
    members: np.ndarray,
    touch_gap: float,
    lo: np.ndarray,
    hi: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Every live ball touching ``members`` (closer than ``touch_gap``), transitively: the
    touching (i, j) ball pairs (each may come twice, as (i, j) and (j, i)), and the (ball,
    obstacle) pairs whose obstacle box (``lo``, ``hi``) the ball reaches: the candidates of
    the exact distance test."""
    n = pos.shape[0]
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    top = 0
    for m in members:
        if not seen[m]:
            seen[m] = True
            stack[top] = m
            top += 1
    pairs = np.empty((n * n, 2), np.int64)
    count = 0
    while top > 0:
        top -= 1
        i = stack[top]
        for j in range(n):
            if j == i or not live[j]:
                continue
            d0, d1, d2 = pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1], pos[j, 2] - pos[i, 2]
            if math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) - radius[j] - radius[i] < touch_gap:
                pairs[count, 0], pairs[count, 1] = i, j
                count += 1
                if not seen[j]:
                    seen[j] = True
                    stack[top] = j
                    top += 1
    cand = np.empty((n * lo.shape[0], 2), np.int64)
    found = 0
    for i in range(n):
        if not seen[i]:
            continue
        reach = radius[i] + touch_gap
        for o in range(lo.shape[0]):
            inside = True
            for a in range(3):
                if not (pos[i, a] > lo[o, a] - reach and pos[i, a] < hi[o, a] + reach):
                    inside = False
                    break
            if inside:
                cand[found, 0], cand[found, 1] = i, o
                found += 1
    return pairs[:count], cand[:found]


@njit
def _impulse(v1x, v1y, v1z, w1x, w1y, w1z, r1, v2x, v2y, v2z, w2x, w2y, w2z, r2, ratio, nx, ny, nz, e, mu, mu_fit):
    """seed 004 §4.2 (impulse.sphere_impulse): (dv1, dw1, v*) of body 1, ``ratio`` = m2 / (m1 + m2)."""
    v_star = (v2x - v1x) * nx + (v2y - v1y) * ny + (v2z - v1z) * nz
    sx, sy, sz = r1 * w1x + r2 * w2x, r1 * w1y + r2 * w2y, r1 * w1z + r2 * w2z
    cx = v1x - v2x + v_star * nx + (ny * sz - nz * sy)
    cy = v1y - v2y + v_star * ny + (nz * sx - nx * sz)
    cz = v1z - v2z + v_star * nz + (nx * sy - ny * sx)
    slip = math.sqrt(cx * cx + cy * cy + cz * cz)
    if mu_fit:
        mu = 0.00995 + 0.108 * math.exp(-1.088 * slip)
    lam = (1.0 + e) * ratio
    if 7.0 * mu * (1.0 + e) * v_star > 2.0 * slip:  # the slip stops: sticking
        a = lam * v_star
        b = 2.0 * ratio / 7.0
        c = 5.0 * ratio / (7.0 * r1)
        dvx, dvy, dvz = a * nx - b * cx, a * ny - b * cy, a * nz - b * cz
        dwx, dwy, dwz = c * (ny * cz - nz * cy), c * (nz * cx - nx * cz), c * (nx * cy - ny * cx)
    else:
        tx = cx / slip if slip > 0 else 0.0
        ty = cy / slip if slip > 0 else 0.0
        tz = cz / slip if slip > 0 else 0.0
        a = lam * v_star
        c = (2.5 / r1) * mu * lam * v_star
        dvx, dvy, dvz = a * (nx - mu * tx), a * (ny - mu * ty), a * (nz - mu * tz)
        dwx, dwy, dwz = c * (ny * tz - nz * ty), c * (nz * tx - nx * tz), c * (nx * ty - ny * tx)
    return dvx, dvy, dvz, dwx, dwy, dwz, v_star


@njit
def _hit_fixed(
    vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, i: int, nx: float, ny: float, nz: float, e: float, mu: float
) -> float:
    """Seed 004 §4.2's impulse of ball i against an immovable body (a cushion, the bed: m2 = inf,
    at rest) along the normal n, in place; the approach speed v*."""
    dvx, dvy, dvz, dwx, dwy, dwz, v_star = _impulse(
        vel[i, 0],
        vel[i, 1],
        vel[i, 2],
        omega[i, 0],
        omega[i, 1],
        omega[i, 2],
        radius[i],
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        1.0,
        nx,
        ny,
        nz,
        e,
        mu,
        False,
    )
    _kick(vel, omega, i, dvx, dvy, dvz, dwx, dwy, dwz, 1.0, 1.0)
    return v_star


@njit
def _kick(vel, omega, i: int, dvx, dvy, dvz, dwx, dwy, dwz, fv: float, fw: float) -> None:
    """vel[i] += fv * dv, omega[i] += fw * dw, in place (fv = fw = 1: the body the impulse was
    worked out for; -m1/m2 and m1 r1 / (m2 r2): the other ball of the pair)."""
    vel[i, 0] += fv * dvx
    vel[i, 1] += fv * dvy
    vel[i, 2] += fv * dvz
    omega[i, 0] += fw * dwx
    omega[i, 1] += fw * dwy
    omega[i, 2] += fw * dwz


@njit
def ball_ball_hit(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    mass: np.ndarray,
    radius: np.ndarray,
    i: int,
    j: int,
    e: float,
    mu: float,
    mu_fit: bool,
) -> float:
    """:func:`collide_balls`: the impulse between touching balls i and j, in place; the normal
    approach speed, or -1.0 (nothing done) when they do not close."""
    d0, d1, d2 = pos[i, 0] - pos[j, 0], pos[i, 1] - pos[j, 1], pos[i, 2] - pos[j, 2]
    norm = math.sqrt(d0 * d0 + d1 * d1 + d2 * d2)
    nx, ny, nz = d0 / norm, d1 / norm, d2 / norm
    if (vel[j, 0] - vel[i, 0]) * nx + (vel[j, 1] - vel[i, 1]) * ny + (vel[j, 2] - vel[i, 2]) * nz <= 0.0:
        return -1.0
    m1, m2, r1, r2 = mass[i], mass[j], radius[i], radius[j]
    dvx, dvy, dvz, dwx, dwy, dwz, v_star = _impulse(
        vel[i, 0],
        vel[i, 1],
        vel[i, 2],
        omega[i, 0],
        omega[i, 1],
        omega[i, 2],
        r1,
        vel[j, 0],
        vel[j, 1],
        vel[j, 2],
        omega[j, 0],
        omega[j, 1],
        omega[j, 2],
        r2,
        m2 / (m1 + m2),
        nx,
        ny,
        nz,
        e,
        mu,
        mu_fit,
    )
    _kick(vel, omega, i, dvx, dvy, dvz, dwx, dwy, dwz, 1.0, 1.0)
    # momentum exact: j gets -m1/m2 of i's change
    _kick(vel, omega, j, dvx, dvy, dvz, dwx, dwy, dwz, -(m1 / m2), m1 * r1 / (m2 * r2))
    return v_star


@njit
def obstacle_hit(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    radius: np.ndarray,
    motion: np.ndarray,
    i: int,
    cp: np.ndarray,
    e: float,
    mu: float,
    bed_tol: float,
) -> float:
    """:func:`collide_obstacle` given the obstacle's closest point ``cp`` to ball i: the impulse
    of an immovable body (m2 = inf), then the bed takes a downward push (absorb_press); the
    approach speed, or -1.0 when the ball does not close."""
    d0, d1, d2 = pos[i, 0] - cp[0], pos[i, 1] - cp[1], pos[i, 2] - cp[2]
    norm = math.sqrt(d0 * d0 + d1 * d1 + d2 * d2)
    nx, ny, nz = d0 / norm, d1 / norm, d2 / norm
    if vel[i, 0] * nx + vel[i, 1] * ny + vel[i, 2] * nz >= 0.0:
        return -1.0
    v_star = _hit_fixed(vel, omega, radius, i, nx, ny, nz, e, mu)
    if vel[i, 2] < 0.0 and motion[i] != AIRBORNE and pos[i, 2] <= radius[i] + bed_tol:
        vel[i, 2] = 0.0
    return v_star


_IN = (1 + INSIDE_TOL) ** 2
_RIM = (1 - INSIDE_TOL) ** 2


@njit
def over_hole(pos: np.ndarray, vel: np.ndarray, i: int, center: np.ndarray, hole_radius: np.ndarray) -> bool:
    """:meth:`Holes.containing` with the velocity, for ball i: its centre is over a hole (on a
    hole's edge only when moving inwards)."""
    for h in range(center.shape[0]):
        d0, d1 = pos[i, 0] - center[h, 0], pos[i, 1] - center[h, 1]
        d2 = d0 * d0 + d1 * d1
        r2 = hole_radius[h] ** 2
        if d2 <= r2 * _IN and (not d2 >= r2 * _RIM or d0 * vel[i, 0] + d1 * vel[i, 1] < 0.0):
            return True
    return False


@njit
def settle_rows(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    radius: np.ndarray,
    motion: np.ndarray,
    rows: np.ndarray,
    e_table: float,
    mu: float,
    impact: bool,
    lift: float,
    tol: float,
    center: np.ndarray,
    hole_radius: np.ndarray,
    bed_speed: np.ndarray,
    states: np.ndarray,
) -> None:
    """:func:`flight.settle` of balls ``rows`` not over a hole (:func:`over_hole`; the World's
    ``settle(balls, holes.off_holes(rows))``), in place: a ball at bed level pushed down gets
    the bed's impulse (seed 004 §4.2, n = +z, restitution ``e_table`` on an ``impact`` or a
    landing, else 0; friction ``mu``), then flies if it goes up faster than ``lift``, else is
    put back on the bed and classified. Per row: ``bed_speed`` the approach speed of a
    ``ball-bed`` hit (nan: none), ``states`` the (old, new) motion state."""
    for k in range(rows.shape[0]):
        i = rows[k]
        old = motion[i]
        bed_speed[k] = np.nan
        states[k, 0] = states[k, 1] = old
        if over_hole(pos, vel, i, center, hole_radius) or old == POCKETED or pos[i, 2] > radius[i] + tol:
            continue
        if vel[i, 2] < 0.0:
            hit = impact or old == AIRBORNE
            v_star = _hit_fixed(vel, omega, radius, i, 0.0, 0.0, 1.0, e_table if hit else 0.0, mu)
            if hit:
                bed_speed[k] = v_star
        if vel[i, 2] > lift:
            motion[i] = AIRBORNE
        else:
            vel[i, 2] = 0.0
            pos[i, 2] = radius[i]
            if old == AIRBORNE:
                motion[i] = SLIDING
            classify_one(vel, omega, radius, motion, i)
        states[k, 1] = motion[i]

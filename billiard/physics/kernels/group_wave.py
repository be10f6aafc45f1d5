"""Compiled group solver "wave" (issue 28): :func:`billiard.physics.group.wave.solve_wave`, the
numpy reference, in one call; its NNLS (:mod:`group_nnls`), friction (:mod:`group_friction`)
and Jacobian (:mod:`group_jacobian`) are compiled kernels of their own.

Same rounds, same tolerances, same sweeps and impulse parts as the references, written as
loops over small dense arrays (:mod:`dense_ops`). Results agree with the references to
round-off (tests/physics/kernels/test_kernels_group.py), not bit for bit.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.dense_ops import add_rows_t, copy_of, energy, matvec
from billiard.physics.kernels.group_friction import friction_during
from billiard.physics.kernels.group_jacobian import jac_rows, tangents
from billiard.physics.kernels.group_nnls import nnls


@njit
def _compress(jac: np.ndarray, act: np.ndarray, q: np.ndarray, inv_mass: np.ndarray) -> np.ndarray:
    """wave._compress on the rows ``act`` of ``jac``: C = (J_s M^-1/2)^T, d = -M^1/2 q, NNLS."""
    ndof = q.shape[0]
    s = act.shape[0]
    c = np.empty((ndof, s))
    d = np.empty(ndof)
    for col in range(ndof):
        root = math.sqrt(inv_mass[col])
        d[col] = -q[col] / root
        for k in range(s):
            c[col, k] = jac[act[k], col] * root
    return nnls(c, d)


@njit
def _approaching(jac: np.ndarray, q: np.ndarray, tol: float, un: np.ndarray) -> np.ndarray:
    """The contacts whose normal velocity ``jac @ q`` (into ``un``) approaches faster than ``tol``."""
    matvec(jac, q, un)
    count = 0
    for k in range(un.shape[0]):
        if un[k] < -tol:
            count += 1
    act = np.empty(count, np.int64)
    count = 0
    for k in range(un.shape[0]):
        if un[k] < -tol:
            act[count] = k
            count += 1
    return act


@njit
def solve_wave(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    mass: np.ndarray,
    radius: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    normal: np.ndarray,
    point: np.ndarray,
    e: np.ndarray,
    mu: np.ndarray,
    out_vel: np.ndarray,
    out_omega: np.ndarray,
    out_normal: np.ndarray,
    out_friction: np.ndarray,
) -> None:
    """:func:`billiard.physics.group.wave.solve_wave` of the group given as its arrays
    (:class:`billiard.physics.group.contacts.ContactGroup`): the velocities after the collision
    into ``out_vel``, ``out_omega`` (nb, 3), the total normal impulses into ``out_normal`` (nc,)
    and the friction impulses given to body a into ``out_friction`` (nc, 3)."""
    nb = pos.shape[0]
    nc = a.shape[0]
    ndof = 6 * nb
    inv_mass = np.empty(ndof)
    q = np.empty(ndof)
    vmax = 0.0
    wmax = 0.0
    for i in range(nb):
        inertia = 0.4 * mass[i] * radius[i] ** 2
        for x in range(3):
            inv_mass[3 * i + x] = 1.0 / mass[i]
            inv_mass[3 * nb + 3 * i + x] = 1.0 / inertia
            q[3 * i + x] = vel[i, x]
            q[3 * nb + 3 * i + x] = omega[i, x]
            vmax = max(vmax, math.fabs(vel[i, x]))
            wmax = max(wmax, math.fabs(omega[i, x] * radius[i]))
    every = np.empty(nc, np.int64)
    for k in range(nc):
        every[k] = k
    jac = np.empty((nc, ndof))
    jac_rows(pos, a, b, point, normal, every, jac, 0)
    t1 = np.empty((nc, 3))
    t2 = np.empty((nc, 3))
    tangents(normal, t1, t2)
    tol = 1e-10 * max(vmax, wmax, 1e-12)
    for k in range(nc):
        out_normal[k] = 0.0
        for x in range(3):
            out_friction[k, x] = 0.0
    un = np.empty(nc)
    impulse = np.empty(nc)
    finished = False
    for _ in range(64 + 8 * nc):
        act = _approaching(jac, q, tol, un)
        count = act.shape[0]
        if count == 0:
            finished = True
            break
        p_c = _compress(jac, act, q, inv_mass)
        e_lo, e_hi = np.inf, -np.inf
        for k in range(count):
            e_lo = min(e_lo, e[act[k]])
            e_hi = max(e_hi, e[act[k]])
        use_lo = False
        if e_hi > e_lo:  # mixed restitution: check that the energy does not rise
            q_r = copy_of(q)
            for k in range(nc):
                impulse[k] = 0.0
            for k in range(count):
                impulse[act[k]] = (1.0 + e[act[k]]) * p_c[k]
            add_rows_t(q_r, inv_mass, jac, impulse, 1.0)
            use_lo = energy(q_r, inv_mass) > energy(q, inv_mass)
        for k in range(nc):
            impulse[k] = 0.0
        for k in range(count):
            impulse[act[k]] = (1.0 + (e_lo if use_lo else e[act[k]])) * p_c[k]
        friction_during(pos, a, b, point, mu, t1, t2, q, inv_mass, jac, impulse, out_friction)
        for k in range(nc):
            out_normal[k] += impulse[k]
    if not finished:
        act = _approaching(jac, q, tol, un)
        count = act.shape[0]
        if count > 0:  # safety net: end every remaining approach inelastically
            p_c = _compress(jac, act, q, inv_mass)
            for k in range(nc):
                impulse[k] = 0.0
            for k in range(count):
                impulse[act[k]] = p_c[k]
                out_normal[act[k]] += p_c[k]
            add_rows_t(q, inv_mass, jac, impulse, 1.0)
    for i in range(nb):
        for x in range(3):
            out_vel[i, x] = q[3 * i + x]
            out_omega[i, x] = q[3 * nb + 3 * i + x]

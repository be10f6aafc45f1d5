"""Compiled Coulomb friction of the group solver, along the normal impulse
(:mod:`billiard.physics.group.friction`, the numpy reference): the same sweeps, impulse parts
and slip coupling (a change there must be made here too)."""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.dense_ops import add_rows_t, copy_of, energy, matvec, zeros
from billiard.physics.kernels.group_jacobian import jac_rows

MAX_SWEEPS = 400  # billiard.physics.group.friction.MAX_SWEEPS
IMPULSE_PARTS = 64  # friction.IMPULSE_PARTS
SLIP_COUPLING = 1e-9  # friction.SLIP_COUPLING


@njit
def friction_operator(jac: np.ndarray, inv_mass: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """friction._operator: K = J M^-1 J^T and the Jacobi steps 1/(rho D)."""
    rows, ndof = jac.shape
    k_mat = np.empty((rows, rows))
    for r in range(rows):
        for c in range(rows):
            s = 0.0
            for x in range(ndof):
                s += jac[r, x] * inv_mass[x] * jac[c, x]
            k_mat[r, c] = s
    rho = -np.inf
    for r in range(rows):
        s = 0.0
        for c in range(rows):
            s += math.fabs(k_mat[r, c])
        rho = max(rho, s / k_mat[r, r])
    step = np.empty(rows)
    for r in range(rows):
        step[r] = 1.0 / (rho * k_mat[r, r])
    return k_mat, step


@njit
def coulomb(u0: np.ndarray, k_mat: np.ndarray, step: np.ndarray, limit: np.ndarray, lam: np.ndarray) -> None:
    """friction._coulomb from the first guess ``lam`` (2s,), in place."""
    s = limit.shape[0]
    lmax = 0.0
    for k in range(s):
        lmax = max(lmax, limit[k])
    trial = np.empty(2 * s)
    for _ in range(MAX_SWEEPS):
        for r in range(2 * s):
            acc = u0[r]
            for c in range(2 * s):
                acc += k_mat[r, c] * lam[c]
            trial[r] = lam[r] - step[r] * acc
        change = 0.0
        for k in range(s):
            norm = math.hypot(trial[k], trial[s + k])
            shrink = min(1.0, limit[k] / max(norm, 1e-300))
            new = trial[k] * shrink
            change = max(change, math.fabs(new - lam[k]))
            lam[k] = new
            new = trial[s + k] * shrink
            change = max(change, math.fabs(new - lam[s + k]))
            lam[s + k] = new
        if change <= 1e-15 * lmax:
            break


@njit
def friction_vectors(t1: np.ndarray, t2: np.ndarray, sel: np.ndarray, lam: np.ndarray, out: np.ndarray) -> None:
    """friction._as_vectors added to ``out`` (nc, 3)."""
    s = sel.shape[0]
    for r in range(s):
        k = sel[r]
        for x in range(3):
            out[k, x] += lam[r] * t1[k, x] + lam[s + r] * t2[k, x]


@njit
def tangent_jac(
    pos: np.ndarray, a: np.ndarray, b: np.ndarray, point: np.ndarray, t1: np.ndarray, t2: np.ndarray, sel: np.ndarray
) -> np.ndarray:
    """friction._tangent_rows: the t1 rows of ``sel`` then their t2 rows (2s, 6nb)."""
    s = sel.shape[0]
    jac = np.empty((2 * s, 6 * pos.shape[0]))
    jac_rows(pos, a, b, point, t1, sel, jac, 0)
    jac_rows(pos, a, b, point, t2, sel, jac, s)
    return jac


@njit
def friction_once(
    pos, a, b, point, t1, t2, sel, q: np.ndarray, inv_mass: np.ndarray, limit: np.ndarray, friction: np.ndarray
) -> None:
    """friction.apply_friction on ``q`` (in place) for the contacts ``sel`` with their limits."""
    jac = tangent_jac(pos, a, b, point, t1, t2, sel)
    k_mat, step = friction_operator(jac, inv_mass)
    u0 = np.empty(jac.shape[0])
    matvec(jac, q, u0)
    lam = zeros(jac.shape[0])
    coulomb(u0, k_mat, step, limit, lam)
    add_rows_t(q, inv_mass, jac, lam, 1.0)
    friction_vectors(t1, t2, sel, lam, friction)


@njit
def friction_during(
    pos, a, b, point, mu, t1, t2, q: np.ndarray, inv_mass: np.ndarray, jac_n: np.ndarray, normal: np.ndarray, friction
) -> None:
    """friction.apply_friction_during: the normal impulses ``normal`` (nc,) on the rows ``jac_n``
    applied to ``q`` in place, with Coulomb friction along the impulse; the friction impulse
    vectors of this round added to ``friction`` (nc, 3)."""
    ndof = q.shape[0]
    nc = normal.shape[0]
    normal_dq = zeros(ndof)
    add_rows_t(normal_dq, inv_mass, jac_n, normal, 1.0)
    count = 0
    for k in range(nc):
        if mu[k] * normal[k] > 0.0:
            count += 1
    if count == 0:
        for x in range(ndof):
            q[x] += normal_dq[x]
        return
    sel = np.empty(count, np.int64)
    limit = np.empty(count)
    count = 0
    for k in range(nc):
        if mu[k] * normal[k] > 0.0:
            sel[count] = k
            limit[count] = mu[k] * normal[k]
            count += 1
    jac = tangent_jac(pos, a, b, point, t1, t2, sel)
    rows = jac.shape[0]
    tmp = np.empty(rows)
    matvec(jac, normal_dq, tmp)
    slip_change = 0.0
    for r in range(rows):
        slip_change = max(slip_change, math.fabs(tmp[r]))
    matvec(jac, q, tmp)
    scale_q = 0.0
    for r in range(rows):
        scale_q = max(scale_q, math.fabs(tmp[r]))
    tmp_n = np.empty(nc)
    matvec(jac_n, normal_dq, tmp_n)
    scale_n = 0.0
    for r in range(nc):
        scale_n = max(scale_n, math.fabs(tmp_n[r]))
    scale = max(scale_q, scale_n, 1e-300)
    k_mat, step = friction_operator(jac, inv_mass)
    if slip_change <= SLIP_COUPLING * scale:
        for x in range(ndof):
            q[x] += normal_dq[x]
        matvec(jac, q, tmp)
        once = zeros(rows)
        coulomb(tmp, k_mat, step, limit, once)
        add_rows_t(q, inv_mass, jac, once, 1.0)
        friction_vectors(t1, t2, sel, once, friction)
        return
    start = copy_of(q)
    total = zeros(rows)
    part_limit = np.empty(count)
    for k in range(count):
        part_limit[k] = limit[k] / IMPULSE_PARTS
    lam = zeros(rows)
    for _ in range(IMPULSE_PARTS):
        for x in range(ndof):
            q[x] += normal_dq[x] / IMPULSE_PARTS
        matvec(jac, q, tmp)
        coulomb(tmp, k_mat, step, part_limit, lam)  # the previous part's impulses as the first guess
        add_rows_t(q, inv_mass, jac, lam, 1.0)
        for r in range(rows):
            total[r] += lam[r]
    if energy(q, inv_mass) > energy(start, inv_mass):
        # the energy rose: friction after the whole impulse instead (dissipative by construction)
        for x in range(ndof):
            q[x] = start[x] + normal_dq[x]
        friction_once(pos, a, b, point, t1, t2, sel, q, inv_mass, limit, friction)
        return
    friction_vectors(t1, t2, sel, total, friction)

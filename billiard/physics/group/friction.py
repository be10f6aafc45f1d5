"""Coulomb friction at the contacts of a group for given normal impulses (seeds 002, 004 §4.2).

Seed 002 writes Coulomb's law in impulse-velocity form: at each contact the tangential
impulse lies in the disc |lambda_t| <= mu P_n; it stops the sliding if it can (sticking),
otherwise it sits on the edge of the disc opposite to the sliding. With the normal impulses
fixed, this is the minimum of the kinetic energy over the product of discs. We solve it by
projected Jacobi (all contacts updated from the same state, so the memory order of the
contacts plays no part, seed 004 annex C.1) with the step 1/rho, rho a Gershgorin bound of
D^-1 K: each sweep lowers the energy, so friction never adds energy. For a single contact
one sweep is exact and equals seed 004 §4.2 (the 2/7 sticking factor of two spheres).
"""
from __future__ import annotations

import numpy as np

from billiard.physics.group.contacts import ContactGroup
from billiard.physics.group.jacobian import rows, tangents

MAX_SWEEPS = 400


def apply_friction(group: ContactGroup, q: np.ndarray, inv_mass: np.ndarray,
                   active: np.ndarray, normal_impulse: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """New generalised velocity and the friction impulse vector (nc, 3) given to body a of each contact."""
    limit_all = group.mu * normal_impulse
    sel = np.flatnonzero(active & (limit_all > 0.0))
    impulse = np.zeros((group.n_contacts, 3))
    if len(sel) == 0:
        return q, impulse
    t1, t2 = tangents(group.normal)
    jac = np.concatenate([rows(group, t1)[sel], rows(group, t2)[sel]])     # (2s, 6nb)
    s = len(sel)
    k_mat = (jac * inv_mass) @ jac.T
    diag = np.diag(k_mat).copy()
    rho = float(np.max(np.sum(np.abs(k_mat), axis=1) / diag))
    step = 1.0 / (rho * diag)
    limit = limit_all[sel]
    lam = np.zeros(2 * s)
    u0 = jac @ q
    for _ in range(MAX_SWEEPS):
        trial = lam - step * (u0 + k_mat @ lam)
        pair = trial.reshape(2, s)
        norm = np.hypot(pair[0], pair[1])
        shrink = np.minimum(1.0, limit / np.maximum(norm, 1e-300))
        new = (pair * shrink).reshape(-1)
        change = float(np.max(np.abs(new - lam)))
        lam = new
        if change <= 1e-15 * float(limit.max()):
            break
    impulse[sel] = lam[:s, None] * t1[sel] + lam[s:, None] * t2[sel]
    return q + inv_mass * (jac.T @ lam), impulse

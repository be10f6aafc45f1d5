"""Coulomb friction at the contacts of a group for given normal impulses (seeds 002, 004 §4.2).

Seed 002 writes Coulomb's law in impulse-velocity form: at each contact the tangential
impulse lies in the disc |lambda_t| <= mu P_n; it stops the sliding if it can (sticking),
otherwise it sits on the edge of the disc opposite to the sliding. With the normal impulses
fixed, this is the minimum of the kinetic energy over the product of discs. We solve it by
projected Jacobi (all contacts updated from the same state, so the memory order of the
contacts plays no part, seed 004 annex C.1) with the step 1/rho, rho a Gershgorin bound of
D^-1 K: each sweep lowers the energy, so friction never adds energy. For a single contact
one sweep is exact and equals seed 004 §4.2 (the 2/7 sticking factor of two spheres).

Friction during the impulse (:func:`apply_friction_during`). In a lone pair the normal
impulse does not change the tangential slip (it acts through both centres), so friction may
be applied after it. In a group it can: a cue ball striking two touching balls at once gets
two normal impulses, and the one from ball 2 has a part along the tangent of contact 1. Applied
after the whole normal impulse, friction then sees the slip at the end of the impact (reversed
in that shot) instead of the slip it acts on during the impact, and the object balls leave at
31.8 degrees whatever the speed, not thrown like a pair (docs/physics.md "Simultaneous
contacts"). So when the normal impulses change a slip, the impulse is applied in equal
parts, each followed by the friction its part allows (|dlambda_t| <= mu dP_n on the slip at
that moment): Coulomb's law along the impulse (Stronge's impulse parameter), to first order.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.group.contacts import ContactGroup
from billiard.physics.group.jacobian import rows, tangents

MAX_SWEEPS = 400
IMPULSE_PARTS = 64  # parts of the normal impulse when it changes a slip (throw within ~0.05 deg of the limit)
SLIP_COUPLING = 1e-9  # a slip change below this fraction of the speeds: the normal impulse leaves slips alone


def _tangent_rows(group: ContactGroup, sel: np.ndarray) -> np.ndarray:
    t1, t2 = tangents(group.normal)
    return np.concatenate([rows(group, t1)[sel], rows(group, t2)[sel]])  # (2s, 6nb)


def _operator(jac: np.ndarray, inv_mass: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Delassus matrix K = J M^-1 J^T of the tangent rows and the Jacobi steps 1/(rho D)."""
    k_mat = (jac * inv_mass) @ jac.T
    diag = np.diag(k_mat).copy()
    rho = float(np.max(np.sum(np.abs(k_mat), axis=1) / diag))
    return k_mat, 1.0 / (rho * diag)


def _coulomb(
    u0: np.ndarray, k_mat: np.ndarray, step: np.ndarray, limit: np.ndarray, start: np.ndarray | None = None
) -> np.ndarray:
    """Tangential impulses (2s,) in the discs |lambda_k| <= limit_k with the least kinetic energy,
    for the tangential velocities u0 (2s,); ``start``: a first guess (projected into the discs)."""
    s = len(limit)
    lam = np.zeros(2 * s) if start is None else start
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
    return lam


def _as_vectors(group: ContactGroup, sel: np.ndarray, lam: np.ndarray) -> np.ndarray:
    t1, t2 = tangents(group.normal)
    s = len(sel)
    impulse = np.zeros((group.n_contacts, 3))
    impulse[sel] = lam[:s, None] * t1[sel] + lam[s:, None] * t2[sel]
    return impulse


def apply_friction(
    group: ContactGroup, q: np.ndarray, inv_mass: np.ndarray, active: np.ndarray, normal_impulse: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """New generalised velocity and the friction impulse vector (nc, 3) given to body a of each contact."""
    limit_all = group.mu * normal_impulse
    sel = np.flatnonzero(active & (limit_all > 0.0))
    if len(sel) == 0:
        return q, np.zeros((group.n_contacts, 3))
    jac = _tangent_rows(group, sel)
    lam = _coulomb(jac @ q, *_operator(jac, inv_mass), limit_all[sel])
    return q + inv_mass * (jac.T @ lam), _as_vectors(group, sel, lam)


def apply_friction_during(
    group: ContactGroup,
    q: np.ndarray,
    inv_mass: np.ndarray,
    jac_normal: np.ndarray,
    active: np.ndarray,
    normal_impulse: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Apply the normal impulses (nc,) on the rows jac_normal (nc, 6nb) to q, with Coulomb friction
    acting along the impulse; the new q and the friction impulse vectors (nc, 3).

    Where the normal impulses leave every slip unchanged (a lone pair, a ball on a cushion) this
    is the normal impulse then :func:`apply_friction`, exactly; else IMPULSE_PARTS parts."""
    normal_dq = inv_mass * (jac_normal.T @ normal_impulse)
    limit_all = group.mu * normal_impulse
    sel = np.flatnonzero(active & (limit_all > 0.0))
    if len(sel) == 0:
        return q + normal_dq, np.zeros((group.n_contacts, 3))
    jac = _tangent_rows(group, sel)
    slip_change = float(np.max(np.abs(jac @ normal_dq)))
    scale = max(float(np.max(np.abs(jac @ q))), float(np.max(np.abs(jac_normal @ normal_dq))), 1e-300)
    if slip_change <= SLIP_COUPLING * scale:
        once = _coulomb(jac @ (q + normal_dq), *_operator(jac, inv_mass), limit_all[sel])
        return q + normal_dq + inv_mass * (jac.T @ once), _as_vectors(group, sel, once)
    k_mat, step = _operator(jac, inv_mass)
    start = q
    total = np.zeros(2 * len(sel))
    part_dq = normal_dq / IMPULSE_PARTS
    part_limit = limit_all[sel] / IMPULSE_PARTS
    lam = np.zeros(2 * len(sel))
    for _ in range(IMPULSE_PARTS):
        q = q + part_dq
        # the previous part's impulses are a good first guess (a sticking contact stays stuck)
        lam = _coulomb(jac @ q, k_mat, step, part_limit, lam)
        q = q + inv_mass * (jac.T @ lam)
        total += lam
    if _energy(q, inv_mass) > _energy(start, inv_mass):
        # the parts let the normal impulse work on a changed velocity and the energy rose: never
        # allowed, so friction after the whole impulse (dissipative by construction) instead
        return apply_friction(group, start + normal_dq, inv_mass, active, normal_impulse)
    return q, _as_vectors(group, sel, total)


def _energy(q: np.ndarray, inv_mass: np.ndarray) -> float:
    return float(0.5 * np.sum(q * q / inv_mass))

"""Contact Jacobians of a group: how each contact's relative velocity depends on the balls'.

Generalised velocity q = [v (nb x 3), omega (nb x 3)] flattened. The relative velocity
at contact k is u = (v_a + w_a x r_a) - (v_b + w_b x r_b), r = contact point - centre
(seed 001: the lever arms r_AC, r_BC). A row g gives u . g_dir, so (w x r) . g = w . (r x g).
"""

from __future__ import annotations

import numpy as np

from billiard.physics.group.contacts import OBSTACLE, ContactGroup


def inverse_mass(group: ContactGroup) -> np.ndarray:
    """Diagonal of M^-1 for q: 1/m for the three velocity components, 1/I for the spin ones."""
    return np.concatenate([np.repeat(1.0 / group.mass, 3), np.repeat(1.0 / group.inertia, 3)])


def pack(vel: np.ndarray, omega: np.ndarray) -> np.ndarray:
    return np.concatenate([vel.reshape(-1), omega.reshape(-1)])


def unpack(q: np.ndarray, nb: int) -> tuple[np.ndarray, np.ndarray]:
    return q[: 3 * nb].reshape(nb, 3).copy(), q[3 * nb :].reshape(nb, 3).copy()


def rows(group: ContactGroup, directions: np.ndarray) -> np.ndarray:
    """Jacobian rows (nc, 6 nb) of u . directions[k] for each contact k."""
    nb, nc = group.n_balls, group.n_contacts
    jac = np.zeros((nc, 6 * nb))
    k = np.arange(nc)
    arm_a = group.point - group.pos[group.a]
    for axis in range(3):
        jac[k, 3 * group.a + axis] = directions[:, axis]
    torque_a = np.cross(arm_a, directions)
    for axis in range(3):
        jac[k, 3 * nb + 3 * group.a + axis] = torque_a[:, axis]
    ball_b = group.b != OBSTACLE
    kb, bb = k[ball_b], group.b[ball_b]
    arm_b = group.point[ball_b] - group.pos[bb]
    torque_b = np.cross(arm_b, directions[ball_b])
    for axis in range(3):
        jac[kb, 3 * bb + axis] = -directions[ball_b, axis]
        jac[kb, 3 * nb + 3 * bb + axis] = -torque_b[:, axis]
    return jac


def tangents(normal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit tangents per normal, t1 x t2 = n, built from the axis least aligned with n."""
    helper = np.zeros_like(normal)
    helper[np.arange(len(normal)), np.argmin(np.abs(normal), axis=1)] = 1.0
    t1 = np.cross(normal, helper)
    t1 /= np.linalg.norm(t1, axis=1)[:, None]
    return t1, np.cross(normal, t1)

"""Seed 000's grouped collision: one linear system A U = B, restitution on every contact.

Unknowns U: the velocity after the collision of every ball (3 each) and the impulse of
every contact (3 each). Equations (seed 000 §2, written in 3D):
  (1) m_i v'_i - sum_k s_ik p_k = m_i v_i            per ball (s = +1 for body a, -1 for b)
  (3) p_k . t1_k = 0,  p_k . t2_k = 0               per contact (no friction)
  (4) (v'_a - v'_b) . n_k = -e_k (v_a - v_b) . n_k   per contact (an obstacle has v = 0)
solved by Gauss-Jordan with full pivoting. Frictionless, so spins are unchanged (seed
000 §1). Restitution is imposed on every contact, also those with zero approach speed,
which glues touching balls: a frozen line A -> B - C at e = 1 gives -v0/3, 2v0/3, 2v0/3
(docs/physics.md). Kept as group_model "linear" for comparison; the default is "wave".
When contacts are redundant (a frozen rack) the impulses are not unique but the
velocities are: two solutions differ by impulses dP with J^T dP = 0.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.group.contacts import OBSTACLE, ContactGroup
from billiard.physics.group.gauss_jordan import gauss_jordan
from billiard.physics.group.jacobian import tangents
from billiard.physics.group.wave import GroupResult


def solve_linear(group: ContactGroup) -> GroupResult:
    """Velocities after the collision (spins unchanged) and impulses: seed 000's linear system."""
    nb, nc = group.n_balls, group.n_contacts
    nv = 3 * nb
    size = nv + 3 * nc
    a = np.zeros((size, size))
    rhs = np.zeros(size)
    for i in range(nb):
        for axis in range(3):
            a[3 * i + axis, 3 * i + axis] = group.mass[i]
            rhs[3 * i + axis] = group.mass[i] * group.vel[i, axis]
    t1, t2 = tangents(group.normal)
    for k in range(nc):
        ia, ib = int(group.a[k]), int(group.b[k])
        pk = nv + 3 * k
        for axis in range(3):
            a[3 * ia + axis, pk + axis] = -1.0
            if ib != OBSTACLE:
                a[3 * ib + axis, pk + axis] = 1.0
        n = group.normal[k]
        a[pk, pk : pk + 3] = t1[k]
        a[pk + 1, pk : pk + 3] = t2[k]
        a[pk + 2, 3 * ia : 3 * ia + 3] = n
        approach = group.vel[ia] @ n
        if ib != OBSTACLE:
            a[pk + 2, 3 * ib : 3 * ib + 3] = -n
            approach -= group.vel[ib] @ n
        rhs[pk + 2] = -group.e[k] * approach
    u = gauss_jordan(a, rhs)
    impulse = u[nv:].reshape(nc, 3)
    return GroupResult(
        u[:nv].reshape(nb, 3), group.omega.copy(), np.einsum("ij,ij->i", impulse, group.normal), np.zeros((nc, 3))
    )

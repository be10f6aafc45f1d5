"""The compiled group solver's contact Jacobian rows and tangent bases
(:mod:`billiard.physics.group.jacobian`, the numpy reference)."""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit


@njit
def jac_rows(
    pos: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    point: np.ndarray,
    dirs: np.ndarray,
    sel: np.ndarray,
    out: np.ndarray,
    first: int,
) -> None:
    """Rows ``first`` ... of ``out``: u . dirs[k] for the contacts ``sel`` (:func:`group.jacobian.rows`)."""
    nb = pos.shape[0]
    for k in range(sel.shape[0]):
        for c in range(out.shape[1]):
            out[first + k, c] = 0.0
    for row in range(sel.shape[0]):
        k = sel[row]
        r = first + row
        ia = a[k]
        dx, dy, dz = dirs[k, 0], dirs[k, 1], dirs[k, 2]
        ax, ay, az = point[k, 0] - pos[ia, 0], point[k, 1] - pos[ia, 1], point[k, 2] - pos[ia, 2]
        out[r, 3 * ia] = dx
        out[r, 3 * ia + 1] = dy
        out[r, 3 * ia + 2] = dz
        out[r, 3 * nb + 3 * ia] = ay * dz - az * dy
        out[r, 3 * nb + 3 * ia + 1] = az * dx - ax * dz
        out[r, 3 * nb + 3 * ia + 2] = ax * dy - ay * dx
        ib = b[k]
        if ib >= 0:
            bx, by, bz = point[k, 0] - pos[ib, 0], point[k, 1] - pos[ib, 1], point[k, 2] - pos[ib, 2]
            out[r, 3 * ib] = -dx
            out[r, 3 * ib + 1] = -dy
            out[r, 3 * ib + 2] = -dz
            out[r, 3 * nb + 3 * ib] = -(by * dz - bz * dy)
            out[r, 3 * nb + 3 * ib + 1] = -(bz * dx - bx * dz)
            out[r, 3 * nb + 3 * ib + 2] = -(bx * dy - by * dx)


@njit
def tangents(normal: np.ndarray, t1: np.ndarray, t2: np.ndarray) -> None:
    """:func:`group.jacobian.tangents`: t1 = n x (the axis least aligned with n), normalised; t2 = n x t1."""
    for k in range(normal.shape[0]):
        nx, ny, nz = normal[k, 0], normal[k, 1], normal[k, 2]
        axis = 0
        if math.fabs(ny) < math.fabs(nx):
            axis = 1
        if math.fabs(nz) < math.fabs(normal[k, axis]):
            axis = 2
        hx, hy, hz = (1.0 if axis == 0 else 0.0), (1.0 if axis == 1 else 0.0), (1.0 if axis == 2 else 0.0)
        cx, cy, cz = ny * hz - nz * hy, nz * hx - nx * hz, nx * hy - ny * hx
        norm = math.sqrt(cx * cx + cy * cy + cz * cz)
        cx, cy, cz = cx / norm, cy / norm, cz / norm
        t1[k, 0], t1[k, 1], t1[k, 2] = cx, cy, cz
        t2[k, 0], t2[k, 1], t2[k, 2] = ny * cz - nz * cy, nz * cx - nx * cz, nx * cy - ny * cx

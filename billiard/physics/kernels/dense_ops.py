"""Small dense-vector helpers of the compiled group solver (:mod:`group_wave`), written as loops:
numba's matrix products and ``np.linalg`` would need SciPy's BLAS and LAPACK at run time,
which the game does not install."""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit


@njit
def zeros(n: int) -> np.ndarray:
    """A new float vector of ``n`` zeros."""
    out = np.empty(n)
    for k in range(n):
        out[k] = 0.0
    return out


@njit
def flags(n: int) -> np.ndarray:
    """A new bool vector of ``n`` False."""
    out = np.empty(n, np.bool_)
    for k in range(n):
        out[k] = False
    return out


@njit
def copy_of(v: np.ndarray) -> np.ndarray:
    """A new float vector equal to ``v``."""
    out = np.empty(v.shape[0])
    for k in range(v.shape[0]):
        out[k] = v[k]
    return out


@njit
def matvec(mat: np.ndarray, vec: np.ndarray, out: np.ndarray) -> None:
    """out = mat @ vec."""
    for r in range(mat.shape[0]):
        s = 0.0
        for c in range(mat.shape[1]):
            s += mat[r, c] * vec[c]
        out[r] = s


@njit
def add_rows_t(q: np.ndarray, inv_mass: np.ndarray, rows: np.ndarray, lam: np.ndarray, factor: float) -> None:
    """q += factor * inv_mass * (rows.T @ lam), in place."""
    for c in range(q.shape[0]):
        s = 0.0
        for r in range(rows.shape[0]):
            s += rows[r, c] * lam[r]
        q[c] += factor * inv_mass[c] * s


@njit
def energy(q: np.ndarray, inv_mass: np.ndarray) -> float:
    """Kinetic energy of the generalised velocities ``q``: sum q^2 / (2 inv_mass)."""
    s = 0.0
    for c in range(q.shape[0]):
        s += q[c] * q[c] / inv_mass[c]
    return 0.5 * s

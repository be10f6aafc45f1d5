"""Gauss-Jordan elimination with full pivoting (rows and columns), as seed 000 §2 asks.

Rank-revealing: when the largest remaining pivot is negligible the remaining unknowns
are free and set to zero. For a consistent system (every contact system of seed 000 is)
this still gives a solution, and the velocities it gives are unique (see linear_seed000).
"""

from __future__ import annotations

import numpy as np

from billiard.errors import BilliardError


def gauss_jordan(a: np.ndarray, b: np.ndarray, rtol: float = 1e-12) -> np.ndarray:
    """Solve a x = b (a square); raise BilliardError if the system is inconsistent."""
    m = np.array(a, dtype=np.float64)
    rhs = np.array(b, dtype=np.float64).reshape(-1)
    n = len(rhs)
    col_of = np.arange(n)  # column permutation: position -> unknown
    limit = rtol * max(float(np.abs(m).max(initial=0.0)), 1e-300)
    rank = n
    for k in range(n):
        block = np.abs(m[k:, k:])
        flat = int(np.argmax(block))
        i, j = divmod(flat, n - k)
        i += k
        j += k
        if block.flat[flat] <= limit:
            rank = k
            break
        if i != k:
            m[[k, i]] = m[[i, k]]
            rhs[[k, i]] = rhs[[i, k]]
        if j != k:
            m[:, [k, j]] = m[:, [j, k]]
            col_of[[k, j]] = col_of[[j, k]]
        pivot = m[k, k]
        m[k] /= pivot
        rhs[k] /= pivot
        factor = m[:, k].copy()
        factor[k] = 0.0
        m -= np.outer(factor, m[k])
        rhs -= factor * rhs[k]
    scale = max(float(np.abs(rhs[:rank]).max(initial=0.0)), float(np.abs(b).max(initial=0.0)), 1e-300)
    if np.any(np.abs(rhs[rank:]) > 1e-9 * scale):
        raise BilliardError("linear group model: the contact system has no solution")
    x = np.zeros(n)
    x[col_of[:rank]] = rhs[:rank]
    return x

"""Non-negative least squares (Lawson & Hanson 1974, active-set method), small dense problems.

Used for the compression phase of the grouped solver: minimising kinetic energy under
"no contact approaches" with impulses >= 0 is exactly min ||C p - d|| over p >= 0.
"""

from __future__ import annotations

import numpy as np


def nnls(c: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Return p >= 0 minimising ||c @ p - d||. The minimiser c @ p is unique; p is unique if c has full column rank."""
    m, n = c.shape
    p = np.zeros(n)
    passive = np.zeros(n, dtype=bool)
    scale = float(np.abs(c).max(initial=0.0)) * float(np.abs(d).max(initial=0.0))
    if scale == 0.0:
        return p
    tol = 1e-13 * scale * max(m, n)
    for _ in range(3 * n + 10):
        w = c.T @ (d - c @ p)
        free = np.where(passive, -np.inf, w)
        j = int(np.argmax(free))
        if free[j] <= tol:
            break
        passive[j] = True
        for _ in range(n + 1):
            z = np.zeros(n)
            z[passive] = np.linalg.lstsq(c[:, passive], d, rcond=None)[0]
            bad = passive & (z <= 0.0)
            if not bad.any():
                p = z
                break
            if not p[bad].any():  # a variable that cannot grow: drop it and stop the inner loop
                passive &= ~(bad & (p == 0.0))
                continue
            ratio = np.where(bad, p / np.where(bad, p - z, 1.0), np.inf)
            alpha = float(ratio.min())
            p = p + alpha * (z - p)
            passive &= p > 0.0
            passive[bad & (ratio <= alpha)] = False
            p[~passive] = 0.0
        else:
            break
        if not passive[j]:
            break
    return p

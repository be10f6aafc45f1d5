"""Compiled non-negative least squares of the group solver (:mod:`billiard.physics.group.nnls`,
the numpy reference): Lawson and Hanson's active set.

Its least-squares steps are solved by Householder QR with column pivoting instead of numpy's
SVD: the same solution where the passive columns are independent (the active set keeps them
so), dropping a column whose pivot is below numpy's ``rcond`` cut otherwise.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.dense_ops import flags, zeros

_EPS = 2.220446049250313e-16


@njit
def lstsq(c: np.ndarray, d: np.ndarray, cols: np.ndarray, ncols: int, z: np.ndarray) -> None:
    """z[cols[:ncols]] = argmin ||c[:, cols] x - d|| (Householder QR, column pivoting, numpy's
    rcond cut: a column whose pivot falls below it gets 0); other entries of z untouched."""
    m = c.shape[0]
    w = np.empty((m, ncols))
    for k in range(ncols):
        for r in range(m):
            w[r, k] = c[r, cols[k]]
    rhs = np.empty(m)
    for r in range(m):
        rhs[r] = d[r]
    perm = np.empty(ncols, np.int64)
    for k in range(ncols):
        perm[k] = k
    norms = np.empty(ncols)
    for k in range(ncols):
        s = 0.0
        for r in range(m):
            s += w[r, k] * w[r, k]
        norms[k] = s
    steps = min(m, ncols)
    rank = 0
    cut = 0.0
    for k in range(steps):
        best = k
        for j in range(k + 1, ncols):
            if norms[j] > norms[best]:
                best = j
        if best != k:
            for r in range(m):
                w[r, k], w[r, best] = w[r, best], w[r, k]
            perm[k], perm[best] = perm[best], perm[k]
            norms[k], norms[best] = norms[best], norms[k]
        alpha = 0.0
        for r in range(k, m):
            alpha += w[r, k] * w[r, k]
        alpha = math.sqrt(alpha)
        if k == 0:
            cut = _EPS * max(m, ncols) * alpha
        if alpha <= cut or alpha == 0.0:
            break
        if w[k, k] > 0.0:
            alpha = -alpha
        # Householder vector v = x - alpha e1 in w[k:, k]; R[k, k] = alpha
        w[k, k] -= alpha
        vnorm2 = 0.0
        for r in range(k, m):
            vnorm2 += w[r, k] * w[r, k]
        if vnorm2 > 0.0:
            for j in range(k + 1, ncols):
                s = 0.0
                for r in range(k, m):
                    s += w[r, k] * w[r, j]
                s = 2.0 * s / vnorm2
                for r in range(k, m):
                    w[r, j] -= s * w[r, k]
            s = 0.0
            for r in range(k, m):
                s += w[r, k] * rhs[r]
            s = 2.0 * s / vnorm2
            for r in range(k, m):
                rhs[r] -= s * w[r, k]
        w[k, k] = alpha
        for j in range(k + 1, ncols):
            norms[j] -= w[k, j] * w[k, j]
            if norms[j] < 0.0:
                norms[j] = 0.0
        rank = k + 1
    x = zeros(ncols)
    for k in range(rank - 1, -1, -1):
        s = rhs[k]
        for j in range(k + 1, rank):
            s -= w[k, j] * x[j]
        x[k] = s / w[k, k]
    for k in range(ncols):
        z[cols[perm[k]]] = x[k]


@njit
def nnls(c: np.ndarray, d: np.ndarray) -> np.ndarray:
    """:func:`billiard.physics.group.nnls.nnls`: p >= 0 minimising ||c @ p - d|| (Lawson & Hanson)."""
    m, n = c.shape
    p = zeros(n)
    passive = flags(n)
    cmax = 0.0
    for r in range(m):
        for k in range(n):
            cmax = max(cmax, math.fabs(c[r, k]))
    dmax = 0.0
    for r in range(m):
        dmax = max(dmax, math.fabs(d[r]))
    scale = cmax * dmax
    if scale == 0.0:
        return p
    tol = 1e-13 * scale * max(m, n)
    resid = np.empty(m)
    z = zeros(n)
    cols = np.empty(n, np.int64)
    for _ in range(3 * n + 10):
        for r in range(m):
            s = d[r]
            for k in range(n):
                s -= c[r, k] * p[k]
            resid[r] = s
        j = -1
        wbest = -np.inf
        for k in range(n):
            if passive[k]:
                continue
            s = 0.0
            for r in range(m):
                s += c[r, k] * resid[r]
            if s > wbest:
                wbest, j = s, k
        if j < 0 or wbest <= tol:
            break
        passive[j] = True
        done = False
        for _inner in range(n + 1):
            ncols = 0
            for k in range(n):
                z[k] = 0.0
                if passive[k]:
                    cols[ncols] = k
                    ncols += 1
            lstsq(c, d, cols, ncols, z)
            any_bad = False
            p_bad = False
            for k in range(n):
                if passive[k] and z[k] <= 0.0:
                    any_bad = True
                    if p[k] != 0.0:
                        p_bad = True
            if not any_bad:
                for k in range(n):
                    p[k] = z[k]
                done = True
                break
            if not p_bad:  # a variable that cannot grow: drop it and stop the inner loop
                for k in range(n):
                    if passive[k] and z[k] <= 0.0 and p[k] == 0.0:
                        passive[k] = False
                continue
            alpha = np.inf
            for k in range(n):
                if passive[k] and z[k] <= 0.0:
                    alpha = min(alpha, p[k] / (p[k] - z[k]))
            bad_cut = flags(n)
            for k in range(n):
                bad_cut[k] = passive[k] and z[k] <= 0.0 and p[k] / (p[k] - z[k]) <= alpha
            for k in range(n):
                p[k] = p[k] + alpha * (z[k] - p[k])
            for k in range(n):
                passive[k] = passive[k] and p[k] > 0.0 and not bad_cut[k]
                if not passive[k]:
                    p[k] = 0.0
        if not done:
            break
        if not passive[j]:
            break
    return p

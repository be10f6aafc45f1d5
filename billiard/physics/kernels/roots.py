"""Real roots of one polynomial of degree <= 4 in [0, horizon], compiled (issue 14).

The compiled counterpart of :func:`billiard.physics.polynomial.roots_in` for one row, with
the same scaling (time ``s = t / horizon``, the row divided by its largest coefficient, the
leading coefficients below ``DROP_TOL`` dropped) but a deterministic real method in place of
the companion matrix's eigenvalues: the roots of each derivative split [0, 1] into pieces on
which the polynomial is monotonic (from the linear derivative up to the polynomial itself),
and a piece whose ends differ in sign holds exactly one root, found by Newton steps kept
inside the shrinking bracket (a bisection where a step would leave it). No complex
arithmetic, no iteration that can wander off: the same bits on every run.
"""
from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit

DROP_TOL = 1e-13        # as polynomial.DROP_TOL: leading coefficients below this (scaled row) are dropped
LO, HI = -1e-12, 1.0 + 1e-12    # the scaled interval searched (as polynomial.roots_in's slack), clipped to [0, 1]
MAX_STEPS = 200         # bracket steps per root: Newton converges in a handful, bisection in ~60


@njit
def _value(p, deg, s):
    """p[0] s^deg + ... + p[deg] and its derivative (Horner)."""
    f = p[0]
    df = 0.0
    for k in range(1, deg + 1):
        df = df * s + f
        f = f * s + p[k]
    return f, df


@njit
def _bracketed(p, deg, a, b, fa):
    """The one root of ``p`` in [a, b], where p(a) = fa and p(b) differ in sign."""
    x = 0.5 * (a + b)
    for _ in range(MAX_STEPS):
        f, df = _value(p, deg, x)
        if f == 0.0:
            return x
        if (f < 0.0) == (fa < 0.0):
            a, fa = x, f
        else:
            b = x
        step = f / df if df != 0.0 else np.inf
        nx = x - step
        if not (a < nx < b):
            nx = 0.5 * (a + b)
            if nx == a or nx == b:          # the bracket is two neighbouring floats
                return nx
        if abs(nx - x) <= 1e-16 * max(1.0, abs(x)):
            return nx
        x = nx
    return x


@njit
def _roots_between(p, deg, cuts, ncut, out):
    """Roots of ``p`` in [LO, HI] given the sorted roots ``cuts[:ncut]`` of its derivative
    inside it: one per monotonic piece whose ends differ in sign; returns how many."""
    n = 0
    a = LO
    fa, _ = _value(p, deg, a)
    for k in range(ncut + 1):
        b = cuts[k] if k < ncut else HI
        if b <= a:
            continue
        fb, _ = _value(p, deg, b)
        if fa == 0.0:
            if n == 0 or out[n - 1] != a:
                out[n] = a
                n += 1
        elif fb != 0.0 and (fa < 0.0) != (fb < 0.0):
            out[n] = _bracketed(p, deg, a, b, fa)
            n += 1
        a, fa = b, fb
    if fa == 0.0 and (n == 0 or out[n - 1] != a):
        out[n] = a
        n += 1
    return n


@njit
def unit_roots(p, deg, out):
    """Sorted real roots in [LO, HI] of ``p[:deg + 1]`` (highest power first, p[0] != 0),
    written to ``out``; returns how many."""
    if deg < 1:
        return 0
    if deg == 1:
        r = -p[1] / p[0]
        if LO <= r <= HI:
            out[0] = r
            return 1
        return 0
    # the derivative chain: chain[k] = k-th derivative, degree deg - k
    chain = np.zeros((deg, deg + 1))
    for k in range(deg + 1):
        chain[0, k] = p[k]
    for d in range(1, deg):
        m = deg - d + 1                      # degree of chain[d - 1]
        for k in range(m):
            chain[d, k] = chain[d - 1, k] * (m - k)
    cuts = np.empty(4)
    roots = np.empty(4)
    ncut = 0
    r = -chain[deg - 1, 1] / chain[deg - 1, 0]       # the linear derivative's root
    if LO < r < HI:
        cuts[0] = r
        ncut = 1
    for d in range(deg - 2, -1, -1):
        n = _roots_between(chain[d], deg - d, cuts, ncut, roots)
        for k in range(n):
            cuts[k] = roots[k]
        ncut = n
    for k in range(ncut):
        out[k] = cuts[k]
    return ncut


@njit
def roots_in(c0, c1, c2, c3, c4, horizon, out):
    """Sorted real roots in [0, horizon] of ``c0 t^4 + c1 t^3 + c2 t^2 + c3 t + c4`` (the
    scaling and the dropping of :func:`billiard.physics.polynomial.roots_in`), written to
    ``out``; returns how many."""
    h = horizon
    p = np.empty(5)
    p[0] = c0 * (h * h * h * h)
    p[1] = c1 * (h * h * h)
    p[2] = c2 * (h * h)
    p[3] = c3 * h
    p[4] = c4
    scale = 0.0
    for k in range(5):
        scale = max(scale, abs(p[k]))
    if scale == 0.0:
        return 0
    first = 5
    for k in range(5):
        p[k] = p[k] / scale
        if first == 5 and abs(p[k]) > DROP_TOL:
            first = k
    deg = 4 - first
    if deg < 1:
        return 0
    n = unit_roots(p[first:], deg, out)
    for k in range(n):
        out[k] = min(max(out[k], 0.0), 1.0) * h
    return n

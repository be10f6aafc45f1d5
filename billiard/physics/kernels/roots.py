"""Real roots of one polynomial of degree <= 4 in [0, horizon], compiled (issue 14).

The compiled counterpart of :func:`billiard.physics.polynomial.roots_in` for one row, with
the same scaling (time ``s = t / horizon``, the row divided by its largest coefficient, the
leading coefficients below ``DROP_TOL`` dropped) but a deterministic real method in place of
the companion matrix's eigenvalues: the roots of each derivative split [0, 1] into pieces on
which the polynomial is monotonic (from the linear derivative up to the polynomial itself),
and a piece whose ends differ in sign holds exactly one root, found by Newton steps kept
inside the shrinking bracket (a bisection where a step would leave it). No complex
arithmetic, no iteration that can wander off: the same bits on every run.

One function on purpose: every compiled function costs a fixed part of the first run's
compile time (docs/performance.md).
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit

DROP_TOL = 1e-13  # as polynomial.DROP_TOL: leading coefficients below this (scaled row) are dropped
LO, HI = -1e-12, 1.0 + 1e-12  # the scaled interval searched (as polynomial.roots_in's slack), clipped to [0, 1]
MAX_STEPS = 200  # bracket steps per root: Newton converges in a handful, bisection in ~60


@njit
def roots_in(c0, c1, c2, c3, c4, horizon, out, work):
    """Sorted real roots in [0, horizon] of ``c0 t^4 + c1 t^3 + c2 t^2 + c3 t + c4`` (the
    scaling and the dropping of :func:`billiard.physics.polynomial.roots_in`), written to
    ``out``; returns how many (a double root counts once). ``work``: scratch (6, 5), so that
    the many calls of a plan allocate nothing."""
    h = horizon
    # chain[0]: the scaled row; chain[d]: its d-th derivative (highest power first)
    chain = work[0:4]
    p = chain[0]
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
    for k in range(deg + 1):  # the row without its dropped leading terms
        p[k] = p[first + k]
    if deg == 1:
        r = -p[1] / p[0]
        if LO <= r <= HI:
            out[0] = min(max(r, 0.0), 1.0) * h
            return 1
        return 0
    for d in range(1, deg):
        m = deg - d + 1  # degree of chain[d - 1]
        for k in range(m):
            chain[d, k] = chain[d - 1, k] * (m - k)
    cuts = work[4]  # sorted roots of the derivative inside [LO, HI]
    found = work[5]
    ncut = 0
    r = -chain[deg - 1, 1] / chain[deg - 1, 0]  # the linear derivative's root
    if LO < r < HI:
        cuts[0] = r
        ncut = 1
    for d in range(deg - 2, -1, -1):
        q = chain[d]
        qd = deg - d  # its degree; one root per monotonic piece with a sign change
        n = 0
        a = LO
        fa = q[0]
        for k in range(1, qd + 1):
            fa = fa * a + q[k]
        for piece in range(ncut + 1):
            b = cuts[piece] if piece < ncut else HI
            if b <= a:
                continue
            fb = q[0]
            for k in range(1, qd + 1):
                fb = fb * b + q[k]
            if fa == 0.0:
                if n == 0 or found[n - 1] != a:
                    found[n] = a
                    n += 1
            elif fb != 0.0 and (fa < 0.0) != (fb < 0.0):
                lo, hi, flo = a, b, fa  # Newton inside the bracket, bisection as the fallback
                x = 0.5 * (lo + hi)
                for _ in range(MAX_STEPS):
                    f = q[0]
                    df = 0.0
                    for k in range(1, qd + 1):
                        df = df * x + f
                        f = f * x + q[k]
                    if f == 0.0:
                        break
                    if (f < 0.0) == (flo < 0.0):
                        lo, flo = x, f
                    else:
                        hi = x
                    nx = x - f / df if df != 0.0 else np.inf
                    if not (lo < nx < hi):
                        nx = 0.5 * (lo + hi)
                        if nx == lo or nx == hi:  # the bracket is two neighbouring floats
                            x = nx
                            break
                    if abs(nx - x) <= 1e-16 * max(1.0, abs(x)):
                        x = nx
                        break
                    x = nx
                found[n] = x
                n += 1
            a, fa = b, fb
        if fa == 0.0 and (n == 0 or found[n - 1] != a):
            found[n] = a
            n += 1
        for k in range(n):
            cuts[k] = found[k]
        ncut = n
    for k in range(ncut):
        out[k] = min(max(cuts[k], 0.0), 1.0) * h
    return ncut

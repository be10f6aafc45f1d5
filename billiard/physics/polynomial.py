"""Real roots of many small polynomials at once (degree <= 4), for times of impact.

Between events every ball centre moves on a parabola, so a squared distance minus the
squared contact distance is a quartic in time (a signed distance to a plane: a quadratic).
Roots come from the eigenvalues of the companion matrices (batched LAPACK), then two
Newton steps on the original polynomial polish them.
"""

from __future__ import annotations

import numpy as np

IMAG_TOL = 1e-7  # |imaginary part| (in units of the horizon) still taken as a real root
DROP_TOL = 1e-13  # leading coefficients below this (relative, scaled time) are dropped


def polyval(c: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Evaluate rows of coefficients ``c`` (K, d+1), highest power first, at ``t`` (K,) or (K, r)."""
    t = np.asarray(t, dtype=float)
    expand = t.ndim == 2
    out = np.zeros_like(t)
    for k in range(c.shape[1]):
        out = out * t + (c[:, k : k + 1] if expand else c[:, k])
    return out


def derivative(c: np.ndarray) -> np.ndarray:
    """Coefficients of the derivative of each row of ``c`` (highest power first)."""
    d = c.shape[1] - 1
    return c[:, :-1] * np.arange(d, 0, -1, dtype=float)


def roots_in(c: np.ndarray, horizon: float | np.ndarray) -> np.ndarray:
    """Real roots in [0, horizon] of each row of ``c`` (K, 5): (K, 4) sorted, NaN-padded."""
    k = len(c)
    out = np.full((k, 4), np.nan)
    if k == 0:
        return out
    h = np.broadcast_to(np.asarray(horizon, dtype=float), (k,))
    # scaled time s = t / h in [0, 1]; then normalise each row
    powers = h[:, None] ** np.arange(4, -1, -1, dtype=float)
    cs = c * powers
    scale = np.abs(cs).max(axis=1)
    scale[scale == 0] = 1.0
    cs = cs / scale[:, None]
    lead = np.abs(cs) > DROP_TOL
    # degree = 4 - index of the first significant coefficient
    first = np.where(lead.any(axis=1), lead.argmax(axis=1), 5)
    # eigenvalues per degree (companion matrices of one size at a time); the polishing,
    # filtering and sorting then run once on all rows, each padded to degree 4 with exact
    # zeros (Horner's steps on them give the very same numbers as on the short row)
    cand = np.full((k, 4), np.nan, dtype=complex)
    padded = np.where(np.arange(5)[None, :] >= first[:, None], cs, 0.0)
    for deg in (4, 3, 2, 1):
        rows = np.nonzero(first == 4 - deg)[0]
        if len(rows) == 0:
            continue
        p = cs[rows, 4 - deg :]
        if deg == 1:
            r = (-p[:, 1] / p[:, 0])[:, None].astype(complex)
        else:
            comp = np.zeros((len(rows), deg, deg))
            comp[:, 0, :] = -p[:, 1:] / p[:, :1]
            idx = np.arange(deg - 1)
            comp[:, idx + 1, idx] = 1.0
            r = np.linalg.eigvals(comp)
        cand[rows, :deg] = r
    real = np.where(np.abs(cand.imag) <= IMAG_TOL, cand.real, np.nan)
    real = _polish(padded, real)
    real = np.where((real >= -1e-12) & (real <= 1 + 1e-12), np.clip(real, 0.0, 1.0), np.nan)
    return np.sort(real, axis=1) * h[:, None]


def _polish(p: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Two Newton steps on roots ``s`` (K, r) of rows ``p``; a step is skipped where f' ~ 0."""
    dp = derivative(p)
    for _ in range(2):
        f = polyval(p, s)
        df = polyval(dp, s)
        ok = np.abs(df) > 1e-9
        s = np.where(ok, s - f / np.where(ok, df, 1.0), s)
    return s

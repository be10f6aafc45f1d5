"""The first time a polynomial gap closes through zero within the horizon, compiled (issue 14).

One row of :func:`billiard.physics.obstacle_toi.first_entry`, with the same rules: the first
root where the gap falls (and the contact lies on the feature's valid part); 0 if the
bodies already touch and close; and for touching bodies that are opening, the moment they
start closing again while still touching (issue 20). The valid part is given by ``geo``:
``origin (3), axis u (3), axis w (3), lo, hi_u, hi_w, axes`` — a face's rectangle (two axes),
an edge's segment (one axis) or nothing (0 axes: balls, corners, pockets).
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.roots import roots_in

RANGE_TOL = 1e-12  # m: as obstacle_toi.RANGE_TOL


@njit
def first_entry(c, horizon, p, v, ha, geo, roots, cand, work):
    """Earliest t in [0, horizon] where the gap ``c`` (5 coefficients, highest power first)
    crosses zero downwards on the feature; inf if none. Scratch: ``roots`` (4), ``cand`` (9),
    ``work`` (6, 5) for :func:`roots_in`.

    The candidates (now, when touching and closing; each root where the gap falls; each
    moment touching bodies turn back towards each other) are checked against the feature's
    valid part in one place, and the earliest valid one wins: the same as taking the first
    valid one of each kind in time order, as the reference does."""
    c0, c1, c2, c3, c4 = c[0], c[1], c[2], c[3], c[4]
    n = 0
    if c4 <= 0.0 and c3 < 0.0:  # touching and closing: hit now
        cand[0] = 0.0
        n = 1
    k = roots_in(c0, c1, c2, c3, c4, horizon, roots, work)
    for r in range(k):
        t = roots[r]
        if ((4 * c0 * t + 3 * c1) * t + 2 * c2) * t + c3 < 0:
            cand[n] = t
            n += 1
    if c4 <= 0.0 and c3 >= 0.0:
        # touching and opening: they may turn back before they are apart (never crossing
        # zero downwards); the contact is then the moment they start closing again
        k = roots_in(0.0, 4.0 * c0, 3.0 * c1, 2.0 * c2, c3, horizon, roots, work)
        for r in range(k):
            t = roots[r]
            if (
                t > 0.0
                and (12 * c0 * t + 6 * c1) * t + 2 * c2 < 0
                and (((c0 * t + c1) * t + c2) * t + c3) * t + c4 <= 0.0
            ):
                cand[n] = t
                n += 1
    best = np.inf
    axes = geo[12]
    for r in range(n):
        t = cand[r]
        if not t < best:
            continue
        if axes != 0.0:  # the centre at t must lie over the face or the edge
            tt = t * t
            q0 = p[0] + v[0] * t + ha[0] * tt - geo[0]
            q1 = p[1] + v[1] * t + ha[1] * tt - geo[1]
            q2 = p[2] + v[2] * t + ha[2] * tt - geo[2]
            u = q0 * geo[3] + q1 * geo[4] + q2 * geo[5]
            if axes == 1.0:  # an edge: from its start (0) to its length
                if not (-RANGE_TOL <= u <= geo[10] + RANGE_TOL):
                    continue
            else:
                lo = geo[9] - RANGE_TOL
                if not (lo <= u <= geo[10] + RANGE_TOL):
                    continue
                w = q0 * geo[6] + q1 * geo[7] + q2 * geo[8]
                if not (lo <= w <= geo[11] + RANGE_TOL):
                    continue
        best = t
    return best

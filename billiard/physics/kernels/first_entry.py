"""The first time a polynomial gap closes through zero within the horizon, compiled (issue 14).

One row of :func:`billiard.physics.obstacle_toi.first_entry`, with the same rules: the first
root where the gap falls (and the contact lies on the feature's valid part); 0 if the
bodies already touch and close; and for touching bodies that are opening, the moment they
start closing again while still touching (issue 20). The valid part is given as up to two
axes through ``geo``: ``origin (3), axis u (3), axis w (3), lo, hi_u, hi_w`` — a face's
rectangle (two axes), an edge's segment (one axis) or nothing (balls, corners, pockets).
"""
from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.roots import roots_in

RANGE_TOL = 1e-12    # m: as obstacle_toi.RANGE_TOL


@njit
def on_feature(t, p, v, ha, axes, geo):
    """Does the ball centre at time ``t`` (p + v t + ha t^2) lie on the feature's valid part?"""
    if axes == 0:
        return True
    tt = t * t
    q0 = p[0] + v[0] * t + ha[0] * tt - geo[0]
    q1 = p[1] + v[1] * t + ha[1] * tt - geo[1]
    q2 = p[2] + v[2] * t + ha[2] * tt - geo[2]
    u = q0 * geo[3] + q1 * geo[4] + q2 * geo[5]
    if axes == 1:                       # an edge: from its start (0) to its length
        return -RANGE_TOL <= u <= geo[10] + RANGE_TOL
    lo = geo[9] - RANGE_TOL
    if not (lo <= u <= geo[10] + RANGE_TOL):
        return False
    w = q0 * geo[6] + q1 * geo[7] + q2 * geo[8]
    return lo <= w <= geo[11] + RANGE_TOL


@njit
def first_entry(c, horizon, p, v, ha, axes, geo, roots):
    """Earliest t in [0, horizon] where the gap ``c`` (5 coefficients, highest power first)
    crosses zero downwards on the feature; inf if none. ``roots``: scratch of 4."""
    c0, c1, c2, c3, c4 = c[0], c[1], c[2], c[3], c[4]
    if c4 <= 0.0 and c3 < 0.0:                       # touching and closing: hit now
        if on_feature(0.0, p, v, ha, axes, geo):
            return 0.0
    best = np.inf
    n = roots_in(c0, c1, c2, c3, c4, horizon, roots)
    for k in range(n):
        t = roots[k]
        slope = ((4 * c0 * t + 3 * c1) * t + 2 * c2) * t + c3
        if slope < 0 and on_feature(t, p, v, ha, axes, geo):
            best = t
            break
    if c4 <= 0.0 and c3 >= 0.0:
        # touching and opening: they may turn back before they are apart (never crossing
        # zero downwards); the contact is then the moment they start closing again
        n = roots_in(0.0, 4.0 * c0, 3.0 * c1, 2.0 * c2, c3, horizon, roots)
        for k in range(n):
            t = roots[k]
            if not t > 0.0:
                continue
            curve = (12 * c0 * t + 6 * c1) * t + 2 * c2
            inside = (((c0 * t + c1) * t + c2) * t + c3) * t + c4 <= 0.0
            if curve < 0 and inside and on_feature(t, p, v, ha, axes, geo):
                best = min(best, t)
                break
    return best

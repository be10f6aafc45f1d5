"""First contact times of one ball with the table's features, compiled (issue 14).

The compiled counterpart of :func:`billiard.physics.obstacle_toi.obstacle_rows` followed by
:func:`~billiard.physics.obstacle_toi.first_entry` for one ball: the same broad phase (the
box the ball can sweep against each obstacle's box, then the exact distance to each face,
edge and corner of the obstacles kept), the same polynomial rows (a face's signed distance,
an edge's or a corner's squared distance) and the same rules for a hit. The table's
features come packed by :mod:`billiard.physics.kernels.table_pack`.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.first_entry import first_entry

START_DEPTH = 0.5  # as obstacle_toi.START_DEPTH


@njit
def quartic(w0, w1, w2, contact, c):
    """``c`` = coefficients of |w0 + w1 t + w2 t^2|^2 - contact^2 (obstacle_toi.quartic_coeffs)."""
    c[0] = w2[0] * w2[0] + w2[1] * w2[1] + w2[2] * w2[2]
    c[1] = 2 * (w1[0] * w2[0] + w1[1] * w2[1] + w1[2] * w2[2])
    c[2] = (w1[0] * w1[0] + w1[1] * w1[1] + w1[2] * w1[2]) + 2 * (w0[0] * w2[0] + w0[1] * w2[1] + w0[2] * w2[2])
    c[3] = 2 * (w0[0] * w1[0] + w0[1] * w1[1] + w0[2] * w1[2])
    c[4] = (w0[0] * w0[0] + w0[1] * w0[1] + w0[2] * w0[2]) - contact * contact


@njit
def _record(t, o, out_t, out_j, n):
    """Keep a hit at ``t`` on obstacle ``o`` (when it is a hit and there is room); the new count."""
    if t < np.inf:
        if n < len(out_t):
            out_t[n] = t
            out_j[n] = o
        n += 1
    return n


@njit
def ball_features(
    p, v, ha, radius, reach, horizon, boxes, spans, faces, edges, points, out_t, out_j, n, scratch, roots, cand, work
):
    """Append to ``out_t``/``out_j`` (time, obstacle) every first contact within ``horizon``
    of the ball at ``p`` (velocity ``v``, half acceleration ``ha``, contact radius ``radius``,
    able to move ``reach``) with a feature of the table, from row ``n`` on; returns the new
    count (rows past the buffers' end are counted, not written). Scratch: ``scratch``
    (5, 13) and those of :func:`first_entry`."""
    c = scratch[0]
    w0 = scratch[1]
    w1 = scratch[2]
    w2 = scratch[3]
    no_axes = scratch[4]
    no_axes[12] = 0.0
    grow = reach + radius
    for o in range(len(boxes)):
        box = boxes[o]
        if not (
            p[0] + grow >= box[0]
            and p[1] + grow >= box[1]
            and p[2] + grow >= box[2]
            and p[0] - grow <= box[3]
            and p[1] - grow <= box[4]
            and p[2] - grow <= box[5]
        ):
            continue
        for f in range(spans[o, 0], spans[o, 1]):  # faces: a signed distance, quadratic
            g = faces[f]
            q0, q1, q2 = p[0] - g[0], p[1] - g[1], p[2] - g[2]
            s0 = (q0 * g[13] + q1 * g[14] + q2 * g[15]) - radius
            cu = q0 * g[3] + q1 * g[4] + q2 * g[5]
            cw = q0 * g[6] + q1 * g[7] + q2 * g[8]
            du = max(max(g[9] - cu, cu - g[10]), 0.0)
            dw = max(max(g[9] - cw, cw - g[11]), 0.0)
            gap = np.sqrt(max(s0, 0.0) ** 2 + du * du + dw * dw)
            over = du == 0.0 and dw == 0.0
            if not (gap <= reach and (s0 > -START_DEPTH * radius or not over)):
                continue
            c[0] = 0.0
            c[1] = 0.0
            c[2] = g[13] * ha[0] + g[14] * ha[1] + g[15] * ha[2]
            c[3] = g[13] * v[0] + g[14] * v[1] + g[15] * v[2]
            c[4] = s0
            t = first_entry(c, horizon, p, v, ha, g, roots, cand, work)
            n = _record(t, o, out_t, out_j, n)
        for e in range(spans[o, 2], spans[o, 3]):  # edges: a cylinder, quartic
            g = edges[e]
            q0, q1, q2 = p[0] - g[0], p[1] - g[1], p[2] - g[2]
            along = q0 * g[3] + q1 * g[4] + q2 * g[5]
            s = min(max(along, 0.0), g[10])
            d0, d1, d2 = q0 - s * g[3], q1 - s * g[4], q2 - s * g[5]
            gap = np.sqrt(d0 * d0 + d1 * d1 + d2 * d2) - radius
            if not (gap <= reach and gap > -START_DEPTH * radius):
                continue
            # the parts across the edge of the offset, the velocity and the acceleration
            xv = v[0] * g[3] + v[1] * g[4] + v[2] * g[5]
            xa = ha[0] * g[3] + ha[1] * g[4] + ha[2] * g[5]
            for k in range(3):
                w0[k] = (p[k] - g[k]) - along * g[3 + k]
                w1[k] = v[k] - xv * g[3 + k]
                w2[k] = ha[k] - xa * g[3 + k]
            quartic(w0, w1, w2, radius, c)
            t = first_entry(c, horizon, p, v, ha, g, roots, cand, work)
            n = _record(t, o, out_t, out_j, n)
        for k in range(spans[o, 4], spans[o, 5]):  # corners and spheres: quartic
            g = points[k]
            w0[0], w0[1], w0[2] = p[0] - g[0], p[1] - g[1], p[2] - g[2]
            contact = radius + g[3]
            gap = np.sqrt(w0[0] * w0[0] + w0[1] * w0[1] + w0[2] * w0[2]) - contact
            if not (gap <= reach and gap > -START_DEPTH * radius):
                continue
            quartic(w0, v, ha, contact, c)
            t = first_entry(c, horizon, p, v, ha, no_axes, roots, cand, work)
            n = _record(t, o, out_t, out_j, n)
    return n

"""Pocket entry times of every ball on the bed, compiled (issue 14).

The compiled counterpart of :func:`billiard.physics.pockets.entry_rows` and the ENTER part
of :func:`~billiard.physics.pockets.next_events`: a ball on the bed (at rest too) whose
centre is already over a hole's edge and moving in enters it now; otherwise the first
crossing of a hole's edge, ``|xy(t) - H|^2 - r^2`` falling through zero, for the holes the
ball can reach within the horizon. Each ball keeps its earliest entry, the lowest hole
number on a tie.
"""
from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.feature_times import quartic
from billiard.physics.kernels.first_entry import first_entry

REST, ROLLING = 0, 3        # motion codes (state.Motion): REST, SPINNING, SLIDING, ROLLING are on the bed
INSIDE_TOL = 1e-9           # as pockets.INSIDE_TOL


@njit
def hole_under(x, y, vx, vy, centers, radii):
    """Index of the hole under the centre (x, y), -1 where none; on a hole's edge only when
    moving in (pockets.Holes.containing)."""
    for k in range(len(radii)):
        dx, dy = x - centers[k, 0], y - centers[k, 1]
        d2 = dx * dx + dy * dy
        r2 = radii[k] * radii[k]
        if d2 <= r2 * (1 + INSIDE_TOL) ** 2:
            if d2 >= r2 * (1 - INSIDE_TOL) ** 2 and not dx * vx + dy * vy < 0.0:
                continue
            return k
    return -1


@njit
def entry_times(pos, vel, acc, motion, horizon, centers, radii, out_t, out_hole):
    """``out_t[i]``: time from now of ball i's next hole entry within ``horizon`` (inf if none),
    ``out_hole[i]`` the hole (-1 if none)."""
    c = np.empty(5)
    roots = np.empty(4)
    w0 = np.zeros(3)
    w1 = np.zeros(3)
    w2 = np.zeros(3)
    geo = np.zeros(12)
    zero = np.zeros(3)
    h = horizon
    for i in range(len(motion)):
        out_t[i] = np.inf
        out_hole[i] = -1
        if not (REST <= motion[i] <= ROLLING):
            continue
        vx, vy = vel[i, 0], vel[i, 1]
        speed = np.sqrt(vx * vx + vy * vy)
        reach = speed * h + 0.5 * np.sqrt(acc[i, 0] * acc[i, 0] + acc[i, 1] * acc[i, 1]) * h ** 2
        over = hole_under(pos[i, 0], pos[i, 1], vx, vy, centers, radii)
        best = np.inf
        hole = -1
        for k in range(len(radii)):
            if k == over:
                t = 0.0
            else:
                w0[0], w0[1] = pos[i, 0] - centers[k, 0], pos[i, 1] - centers[k, 1]
                if np.sqrt(w0[0] * w0[0] + w0[1] * w0[1]) - radii[k] > reach:
                    continue
                w1[0], w1[1] = vx, vy
                w2[0], w2[1] = 0.5 * acc[i, 0], 0.5 * acc[i, 1]
                quartic(w0, w1, w2, radii[k], c)
                t = first_entry(c, h, zero, zero, zero, 0, geo, roots)
            if t < best:
                best, hole = t, k
        out_t[i] = best
        out_hole[i] = hole

"""Every ball's next pocket event, compiled (issue 14).

The compiled counterpart of :func:`billiard.physics.pockets.next_events` (with
:func:`~billiard.physics.pockets.entry_rows`): ENTER, a ball on the bed (at rest too) whose
centre is already over a hole's edge and moving in enters it now; otherwise the first
crossing of a hole's edge, ``|xy(t) - H|^2 - r^2`` falling through zero, for the holes the
ball can reach within the horizon; each ball keeps its earliest entry, the lowest hole
number on a tie. A ball flying over a hole: DROP (its centre R below the bed), or first the
hole's wall (WALL below the bed level, EXIT above it), as pockets._flights.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.feature_times import quartic
from billiard.physics.kernels.first_entry import first_entry

REST, ROLLING, AIRBORNE = 0, 3, 4  # motion codes (state.Motion): REST, SPINNING, SLIDING, ROLLING are on the bed
NONE, ENTER, WALL, EXIT, DROP = range(5)  # as pockets' event codes
INSIDE_TOL = 1e-9  # as pockets.INSIDE_TOL


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
def pocket_events(
    pos, vel, acc, radius, motion, g, horizon, centers, radii, out_t, out_code, out_hole, scratch, roots, cand, work
):
    """``out_t[i]``: time from now of ball i's next pocket event within ``horizon`` (inf if
    none), ``out_code[i]`` the event (NONE, ENTER, WALL, EXIT, DROP), ``out_hole[i]`` the hole
    (-1 if none). Scratch: ``scratch`` (5, 13) and those of :func:`first_entry`."""
    c = scratch[0]
    w0 = scratch[1]
    w1 = scratch[2]
    w2 = scratch[3]
    geo = scratch[4]
    for k in range(13):
        geo[k] = 0.0
    for k in range(3):
        w0[k] = w1[k] = w2[k] = 0.0
    h = horizon
    for i in range(len(motion)):
        out_t[i] = np.inf
        out_code[i] = NONE
        out_hole[i] = -1
        if motion[i] == AIRBORNE:
            k = hole_under(pos[i, 0], pos[i, 1], vel[i, 0], vel[i, 1], centers, radii)
            if k >= 0:  # falling into hole k: the wall or the drop first
                vx, vy, vz = vel[i, 0], vel[i, 1], vel[i, 2]
                best = (vz + np.sqrt(max(vz**2 + 2 * g * (pos[i, 2] + radius[i]), 0.0))) / g
                what = DROP
                wx, wy = pos[i, 0] - centers[k, 0], pos[i, 1] - centers[k, 1]
                a = vx * vx + vy * vy
                if a > 0.0:  # the horizontal path leaves the circle at tw
                    b = 2 * wx * vx + 2 * wy * vy
                    cc = (wx * wx + wy * wy) - radii[k] ** 2
                    tw = (-b + np.sqrt(max(b * b - 4 * a * cc, 0.0))) / (2 * a)
                    if tw < best:
                        z = pos[i, 2] + vz * tw - 0.5 * g * tw * tw
                        best, what = tw, (WALL if z < radius[i] else EXIT)
                if best <= horizon:
                    out_t[i], out_code[i], out_hole[i] = best, what, k
            continue
        if not (REST <= motion[i] <= ROLLING):
            continue
        vx, vy = vel[i, 0], vel[i, 1]
        speed = np.sqrt(vx * vx + vy * vy)
        reach = speed * h + 0.5 * np.sqrt(acc[i, 0] * acc[i, 0] + acc[i, 1] * acc[i, 1]) * h**2
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
                t = first_entry(c, h, w0, w1, w2, geo, roots, cand, work)  # (no axes: p, v, ha unused)
            if t < best:
                best, hole = t, k
        if best < np.inf:
            out_t[i], out_code[i], out_hole[i] = best, ENTER, hole

"""Every first contact of a plan in one compiled call (issue 14).

The compiled counterpart of :func:`billiard.physics.detect.contact_hits` (ball-ball pairs,
then each ball with the table's features) and of the pocket entries of
:mod:`billiard.physics.pockets`: the same broad phase, the same polynomial rows, the same
rules for a hit, so the same contacts; one call per plan instead of ~400 numpy calls.
"""

from __future__ import annotations

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.kernels.feature_times import ball_features, quartic
from billiard.physics.kernels.first_entry import first_entry
from billiard.physics.kernels.pocket_times import pocket_events

BALL, OBSTACLE = 0, 1  # as detect.BALL, detect.OBSTACLE
POCKETED = 5  # state.Motion.POCKETED


@njit
def plan_hits(
    pos,
    vel,
    acc,
    radius,
    motion,
    g,
    horizon,
    pi,
    pj,
    rows,
    muted_pairs,
    pushed,
    depth,
    boxes,
    spans,
    faces,
    edges,
    points,
    centers,
    radii,
    t_out,
    k_out,
    i_out,
    j_out,
    pocket_t,
    pocket_code,
    pocket_hole,
):
    """Every first contact within ``horizon``: the pairs (pi, pj) and the balls ``rows`` with
    the table's features (a ball may hit one obstacle on several features), as
    detect.contact_hits, written to ``t_out, k_out, i_out, j_out`` (time, kind, i, j); and
    each ball's next pocket event (time, code, hole) at the holes ``centers``, ``radii``, as
    pockets.next_events (``g``: gravity, for the falls), written to ``pocket_*`` (N,).
    Returns how many contacts: more than the outputs hold means only the first ones were
    written (the caller runs it again with room for them all). The outputs are the
    caller's (a returned array costs more than an argument).

    ``muted_pairs`` (M, 2): ball pairs found ``depth`` deeper; ``pushed`` (N,): balls that
    meet every obstacle ``depth`` deeper (detect.find_contacts)."""
    n = len(motion)
    d = np.empty(n)  # how far each ball can go within the horizon (detect.reach)
    for i in range(n):
        speed = np.sqrt(vel[i, 0] * vel[i, 0] + vel[i, 1] * vel[i, 1] + vel[i, 2] * vel[i, 2])
        amag = np.sqrt(acc[i, 0] * acc[i, 0] + acc[i, 1] * acc[i, 1] + acc[i, 2] * acc[i, 2])
        d[i] = speed * horizon + 0.5 * amag * horizon * horizon
    cap = len(t_out)
    scratch = np.empty((5, 13))  # every row's work space, allocated once per plan
    roots = np.empty(4)
    cand = np.empty(9)
    work = np.empty((6, 5))
    c = scratch[0]
    w0 = scratch[1]
    w1 = scratch[2]
    w2 = scratch[3]
    geo = scratch[4]
    geo[12] = 0.0  # no axes: a pair's contact is valid everywhere
    m = np.int64(0)  # (not the literal 0: numba would compile ball_features for both)
    for k in range(len(pi)):  # ball-ball: quartics
        a, b = pi[k], pj[k]
        if motion[a] == POCKETED or motion[b] == POCKETED or not (d[a] > 0 or d[b] > 0):
            continue
        for x in range(3):
            w0[x] = pos[a, x] - pos[b, x]
        contact = radius[a] + radius[b]
        for x in range(len(muted_pairs)):
            if muted_pairs[x, 0] == a and muted_pairs[x, 1] == b:
                contact = contact - depth
                break
        if np.sqrt(w0[0] * w0[0] + w0[1] * w0[1] + w0[2] * w0[2]) - contact > d[a] + d[b]:
            continue
        for x in range(3):
            w1[x] = vel[a, x] - vel[b, x]
            w2[x] = 0.5 * (acc[a, x] - acc[b, x])
        quartic(w0, w1, w2, contact, c)
        t = first_entry(c, horizon, w0, w1, w2, geo, roots, cand, work)
        if t < np.inf:
            if m < cap:
                t_out[m], k_out[m], i_out[m], j_out[m] = t, BALL, a, b
            m += 1
    ha = np.empty(3)
    for r in range(len(rows)):  # each ball with the table
        b = rows[r]
        if motion[b] == POCKETED or not d[b] > 0:
            continue
        rad = radius[b] - depth if pushed[b] else radius[b]
        for x in range(3):
            ha[x] = 0.5 * acc[b, x]
        end = ball_features(
            pos[b],
            vel[b],
            ha,
            rad,
            d[b],
            horizon,
            boxes,
            spans,
            faces,
            edges,
            points,
            t_out,
            j_out,
            m,
            scratch,
            roots,
            cand,
            work,
        )
        for x in range(m, min(end, cap)):
            k_out[x], i_out[x] = OBSTACLE, b
        m = end
    pocket_events(
        pos,
        vel,
        acc,
        radius,
        motion,
        g,
        horizon,
        centers,
        radii,
        pocket_t,
        pocket_code,
        pocket_hole,
        scratch,
        roots,
        cand,
        work,
    )
    return m

"""Earliest contacts in a time horizon (seed 004 §4.1, conservative advancement made exact).

Between events each ball centre follows ``p(t) = p0 + v t + a t^2/2`` exactly, so the first
contact time of a pair is the first root of a quartic (ball-ball) or of the feature
polynomials of :mod:`billiard.physics.obstacle_toi` (ball-obstacle): the step advances exactly
to it, never past it, whatever the speed. Broad phase: a pair is examined only if the gap
between the balls is at most the sum of the distances both can travel in the horizon
(two resting balls never are); obstacles are first culled by their boxes. All surviving
polynomials go through one batched root solve (:mod:`billiard.physics.polynomial`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.obstacle_toi import Features, first_entry, obstacle_rows, quartic_coeffs
from billiard.physics.state import Balls, Motion

BALL, OBSTACLE = 0, 1


@dataclass(frozen=True)
class Contact:
    """A contact at ``t`` seconds from now: ball ``i`` with ball ``j`` (kind BALL) or with
    obstacle number ``j`` of the table (kind OBSTACLE)."""

    t: float
    kind: int
    i: int
    j: int


def reach(balls: Balls, acc: np.ndarray, horizon: float) -> np.ndarray:
    """Upper bound of the distance each ball travels within ``horizon``."""
    speed = np.sqrt(np.einsum("ij,ij->i", balls.vel, balls.vel))
    amag = np.sqrt(np.einsum("ij,ij->i", acc, acc))
    return speed * horizon + 0.5 * amag * horizon * horizon


class PairIndex:
    """All pairs i < j of N balls, in a fixed order (the resolution order of ties)."""

    def __init__(self, n: int):
        self.i, self.j = np.triu_indices(n, 1)


def find_contacts(balls: Balls, acc: np.ndarray, horizon: float, pairs: PairIndex,
                  features: Features, eps_group: float, muted: frozenset = frozenset(),
                  depth: float = 0.0) -> list[Contact]:
    """Contacts within ``eps_group`` of the earliest one in [0, horizon]; empty if none.

    The group is ordered by (kind: ball-ball first, i, j), not by the round-off differences
    of its times, so the pairwise resolution order is fixed. ``muted`` holds (kind, i, j)
    keys of contacts found only ``depth`` deeper (their bodies may sink that far into each
    other); a ball with a muted obstacle contact meets every obstacle ``depth`` deeper."""
    live = balls.motion != Motion.POCKETED          # flying balls hit balls and cushions too (6 DOF)
    d = reach(balls, acc, horizon)
    # ball-ball rows (quartics in t), then ball-obstacle rows: one batched root solve for all
    pi, pj = pairs.i, pairs.j
    sel = live[pi] & live[pj] & ((d[pi] > 0) | (d[pj] > 0))
    pi, pj = pi[sel], pj[sel]
    w0 = balls.pos[pi] - balls.pos[pj]
    contact = balls.radius[pi] + balls.radius[pj]
    if muted:
        contact = contact - depth * np.array([(BALL, int(a), int(b)) in muted for a, b in zip(pi, pj)], dtype=bool)
    near = np.sqrt(np.einsum("ij,ij->i", w0, w0)) - contact <= d[pi] + d[pj]
    pi, pj, w0, contact = pi[near], pj[near], w0[near], contact[near]
    c_pairs = quartic_coeffs(w0, balls.vel[pi] - balls.vel[pj], 0.5 * (acc[pi] - acc[pj]), contact)
    mob = np.nonzero(live & (d > 0))[0]
    radius = balls.radius[mob]
    pushed = {m[1] for m in muted if m[0] == OBSTACLE}
    if pushed:
        radius = radius - depth * np.isin(mob, list(pushed))
    obs = obstacle_rows(balls.pos[mob], balls.vel[mob], acc[mob], radius, d[mob], features)
    n_pairs = len(pi)

    def valid(rows, t):
        ok = np.ones(len(rows), bool)
        o = rows >= n_pairs
        if o.any():
            ok[o] = obs.valid(rows[o] - n_pairs, t[o])
        return ok

    t = first_entry(np.concatenate([c_pairs, obs.coeffs]), horizon, valid)
    found: list[tuple[float, int, int, int]] = []
    for k in np.nonzero(np.isfinite(t))[0]:
        if k < n_pairs:
            found.append((float(t[k]), BALL, int(pi[k]), int(pj[k])))
        else:
            found.append((float(t[k]), OBSTACLE, int(mob[obs.ball[k - n_pairs]]), int(obs.owner[k - n_pairs])))
    if not found:
        return []
    found.sort()
    first = found[0][0]
    out: list[Contact] = []
    seen = set()
    for t, kind, i, j in found:
        if t > first + eps_group:
            break
        if (kind, i, j) not in seen:      # one obstacle can be hit on several of its features
            seen.add((kind, i, j))
            out.append(Contact(t, kind, i, j))
    out.sort(key=lambda c: (c.kind, c.i, c.j))
    return out

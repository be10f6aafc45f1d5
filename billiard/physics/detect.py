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
from typing import TYPE_CHECKING

import numpy as np

from billiard.physics.obstacle_toi import Features, first_entry, obstacle_rows, quartic_coeffs
from billiard.physics.state import POCKETED, Balls

if TYPE_CHECKING:
    from billiard.physics.pockets import Holes

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


def find_contacts(
    balls: Balls,
    acc: np.ndarray,
    horizon: float,
    pairs: PairIndex,
    features: Features,
    eps_group: float,
    muted: frozenset = frozenset(),
    depth: float = 0.0,
    ignored: frozenset = frozenset(),
) -> list[Contact]:
    """Contacts within ``eps_group`` of the earliest one in [0, horizon]; empty if none.

    The group is ordered by (kind: ball-ball first, i, j), not by the round-off differences
    of its times, so the pairwise resolution order is fixed. ``muted`` holds (kind, i, j)
    keys of contacts found only ``depth`` deeper (their bodies may sink that far into each
    other; a ball with a muted obstacle contact meets every obstacle ``depth`` deeper);
    ``ignored`` holds keys left out altogether."""
    live = balls.motion != POCKETED
    hits = contact_hits(balls, acc, horizon, pairs.i, pairs.j, np.nonzero(live)[0], features, muted, depth)
    return select_group(*hits[:4], eps_group, ignored)


def contact_hits(
    balls: Balls,
    acc: np.ndarray,
    horizon: float,
    pi: np.ndarray,
    pj: np.ndarray,
    rows: np.ndarray,
    features: Features,
    muted: frozenset = frozenset(),
    depth: float = 0.0,
    extra: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every first contact within [0, horizon] of the ball pairs (pi, pj) and of the balls
    ``rows`` with the obstacles: (t, kind, i, j) arrays, one row per hit found (a ball can hit
    one obstacle on several of its features). Pocketed and resting pairs are skipped; muted
    contacts (see :func:`find_contacts`) are found ``depth`` deeper.

    ``extra``: more polynomial rows (K, 5) solved in the same batch, every root valid (the
    pocket entries of :func:`billiard.physics.pockets.entry_rows`); their first-entry times
    come back as the fifth array (empty without ``extra``)."""
    live = balls.motion != POCKETED  # flying balls hit balls and cushions too (6 DOF)
    d = reach(balls, acc, horizon)
    # ball-ball rows (quartics in t), then ball-obstacle rows: one batched root solve for all
    sel = live[pi] & live[pj] & ((d[pi] > 0) | (d[pj] > 0))
    pi, pj = pi[sel], pj[sel]
    w0 = balls.pos[pi] - balls.pos[pj]
    contact = balls.radius[pi] + balls.radius[pj]
    if muted:
        contact = contact - depth * np.array([(BALL, int(a), int(b)) in muted for a, b in zip(pi, pj)], dtype=bool)
    near = np.sqrt(np.einsum("ij,ij->i", w0, w0)) - contact <= d[pi] + d[pj]
    pi, pj, w0, contact = pi[near], pj[near], w0[near], contact[near]
    c_pairs = quartic_coeffs(w0, balls.vel[pi] - balls.vel[pj], 0.5 * (acc[pi] - acc[pj]), contact)
    mob = rows[live[rows] & (d[rows] > 0)]
    radius = balls.radius[mob]
    pushed = {m[1] for m in muted if m[0] == OBSTACLE}
    if pushed:
        radius = radius - depth * np.isin(mob, list(pushed))
    obs = obstacle_rows(balls.pos[mob], balls.vel[mob], acc[mob], radius, d[mob], features)
    n_pairs = len(pi)
    n_obs = n_pairs + len(obs.coeffs)
    extra = np.zeros((0, 5)) if extra is None else extra

    def valid(rows, t):
        ok = np.ones(len(rows), bool)
        o = (rows >= n_pairs) & (rows < n_obs)
        if o.any():
            ok[o] = obs.valid(rows[o] - n_pairs, t[o])
        return ok

    t_all = first_entry(np.concatenate([c_pairs, obs.coeffs, extra]), horizon, valid)
    t, extra_t = t_all[:n_obs], t_all[n_obs:]
    k = np.nonzero(np.isfinite(t))[0]
    pair = k < n_pairs
    kp, ko = k[pair], k[~pair] - n_pairs
    return (
        np.concatenate([t[kp], t[ko + n_pairs]]),
        np.concatenate([np.full(len(kp), BALL), np.full(len(ko), OBSTACLE)]),
        np.concatenate([pi[kp], mob[obs.ball[ko]]]).astype(int),
        np.concatenate([pj[kp], obs.owner[ko]]).astype(int),
        extra_t,
    )


def compiled_hits(
    balls: Balls,
    acc: np.ndarray,
    horizon: float,
    pi: np.ndarray,
    pj: np.ndarray,
    rows: np.ndarray,
    features: Features,
    muted: frozenset = frozenset(),
    depth: float = 0.0,
    holes: "Holes | None" = None,
    g: float = 9.81,
) -> tuple[np.ndarray, ...]:
    """:func:`contact_hits` by the compiled kernel (:mod:`billiard.physics.kernels.contact_times`):
    the same (t, kind, i, j) hits, in one call; and what
    :func:`billiard.physics.pockets.next_events` gives (per ball: time of its next pocket
    event within ``horizon``, inf if none; event code; hole, -1 if none) for the ``holes``
    under gravity ``g``."""
    plan_hits, packed = _PLAN_KERNELS or _plan_kernels()
    f = packed(features)
    n = len(balls)
    if muted:
        pairs = [(a, b) for kind, a, b in muted if kind == BALL]
        muted_pairs = np.array(pairs, dtype=np.int64).reshape(len(pairs), 2)
        pushed = np.zeros(n, dtype=np.bool_)
        for kind, a, _ in muted:
            if kind == OBSTACLE:
                pushed[a] = True
    else:
        muted_pairs, pushed = _NO_PAIRS, _none_pushed(n)
    if holes is not None and len(holes.names):
        centers, radii = holes.center, holes.radius
    else:
        centers, radii = _NO_HOLES, _NO_RADII
    pi, pj, rows, acc = _ints(pi), _ints(pj), _ints(rows), _floats(acc)
    size = len(pi) + 16 * len(rows) + 64
    pocket = np.empty(n), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    while True:
        t, kij = np.empty(size), np.empty((3, size), dtype=np.int64)
        m = plan_hits(
            balls.pos,
            balls.vel,
            acc,
            balls.radius,
            balls.motion,
            float(g),
            float(horizon),
            pi,
            pj,
            rows,
            muted_pairs,
            pushed,
            float(depth),
            f.boxes,
            f.spans,
            f.faces,
            f.edges,
            f.points,
            centers,
            radii,
            t,
            kij[0],
            kij[1],
            kij[2],
            *pocket,
        )
        if m <= size:
            return t[:m], kij[0, :m], kij[1, :m], kij[2, :m], *pocket
        size = m  # more hits than room (a ball in a corner of many features): again


_PLAN_KERNELS: tuple = ()


def _plan_kernels() -> tuple:
    """The plan's kernel and the features' packer, imported on the first compiled plan (an
    import statement in :func:`compiled_hits` cost ~1-4 us a plan, issue 28)."""
    global _PLAN_KERNELS
    from billiard.physics.kernels.contact_times import plan_hits
    from billiard.physics.kernels.table_pack import packed

    _PLAN_KERNELS = (plan_hits, packed)
    return _PLAN_KERNELS


_NO_HOLES, _NO_RADII, _NO_PAIRS = np.zeros((0, 2)), np.zeros(0), np.zeros((0, 2), dtype=np.int64)
_NONE_PUSHED: dict[int, np.ndarray] = {}


def _none_pushed(n: int) -> np.ndarray:
    """``n`` times False (shared: the kernel only reads it)."""
    got = _NONE_PUSHED.get(n)
    if got is None:
        got = _NONE_PUSHED[n] = np.zeros(n, dtype=np.bool_)
    return got


def _ints(a: np.ndarray) -> np.ndarray:
    """``a`` as contiguous, writeable int64: one compiled signature for the kernel (numba
    types a read-only array apart, and compiles the kernel again for it)."""
    if a.dtype != np.int64 or not a.flags.c_contiguous or not a.flags.writeable:
        a = np.array(a, dtype=np.int64)
    return a


def _floats(a: np.ndarray) -> np.ndarray:
    """``a`` as contiguous, writeable float64 (see :func:`_ints`)."""
    if a.dtype != np.float64 or not a.flags.c_contiguous or not a.flags.writeable:
        a = np.array(a, dtype=np.float64)
    return a


def select_group(
    t: np.ndarray,
    kind: np.ndarray,
    i: np.ndarray,
    j: np.ndarray,
    eps_group: float,
    ignored: frozenset = frozenset(),
    offset: float = 0.0,
) -> list[Contact]:
    """The hits within ``eps_group`` of the earliest one that is not ignored, as Contacts at
    ``t - offset``, each (kind, i, j) once, ordered by (kind, i, j)."""
    if not len(t):
        return []
    if not ignored:  # the common case: one earliest hit, nothing ignored
        first = float(t.min())
        near = np.flatnonzero(t <= first + eps_group)
        if len(near) == 1:
            k = int(near[0])
            return [Contact(first - offset, int(kind[k]), int(i[k]), int(j[k]))]
    ok = np.ones(len(t), bool)
    for key in ignored:  # usually none: a few keys at most
        ok &= ~((kind == key[0]) & (i == key[1]) & (j == key[2]))
    if not ok.any():
        return []
    first = float(t[ok].min())
    near = np.nonzero(ok & (t <= first + eps_group))[0]
    found = sorted(zip(t[near].tolist(), kind[near].tolist(), i[near].tolist(), j[near].tolist()))
    out: list[Contact] = []
    seen = set()
    for tk, kd, a, b in found:
        if (kd, a, b) not in seen:  # one obstacle can be hit on several of its features
            seen.add((kd, a, b))
            out.append(Contact(tk - offset, kd, a, b))
    out.sort(key=lambda c: (c.kind, c.i, c.j))
    return out

"""Time of impact of balls on parabolic paths with the fixed obstacles (seed 004 §4.1, annex B).

A ball of radius R touches an obstacle when its centre enters the obstacle grown by R. For a
brick that grown solid is bounded by its six faces pushed out by R, twelve cylinders of radius
R round its edges and eight spheres round its corners; a plane portion is one face, four
edges, four corners; a sphere obstacle is one grown sphere. The first time the centre enters
any of those pieces (within its valid part) is the exact first contact. With
``p(t) = p0 + v t + a t^2 / 2``: a face gives a quadratic, an edge or a corner a quartic
(:mod:`billiard.physics.polynomial`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache

import numpy as np

from billiard.physics.obstacle_distance import brick_faces
from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere
from billiard.physics.polynomial import roots_in

FEATURE_CACHE_SIZE = 8  # tables whose compiled features are kept (a small LRU: nothing piles up)
RANGE_TOL = 1e-12  # m: slack on a face's or edge's extent when accepting a hit
START_DEPTH = 0.5  # a ball overlapping a feature by at most this * R at t = 0 and moving in is hit at once


@dataclass(frozen=True)
class Features:
    """Every face, edge and point of a table's obstacles as arrays; ``*_owner`` = obstacle index."""

    face_origin: np.ndarray  # (F,3)
    face_normal: np.ndarray  # (F,3)
    face_u: np.ndarray  # (F,3) e_L
    face_w: np.ndarray  # (F,3) e_l
    face_len: np.ndarray  # (F,) inf for an infinite plane
    face_wid: np.ndarray  # (F,)
    face_lo: np.ndarray  # (F,) 0, or -inf for an infinite plane
    face_owner: np.ndarray
    edge_a: np.ndarray  # (E,3) start
    edge_dir: np.ndarray  # (E,3) unit
    edge_len: np.ndarray  # (E,)
    edge_owner: np.ndarray
    point_c: np.ndarray  # (P,3)
    point_r: np.ndarray  # (P,) 0 for a corner, the radius for a sphere obstacle
    point_owner: np.ndarray
    box_lo: np.ndarray  # (O,3) axis-aligned box of each obstacle (-inf/inf for a plane)
    box_hi: np.ndarray

    def spans(self, owner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(first, end) row of each obstacle's features in an ``owner`` array (rows grouped by
        owner, in obstacle order, as :meth:`from_obstacles` builds them)."""
        k = np.arange(len(self.box_lo))
        return np.searchsorted(owner, k, "left"), np.searchsorted(owner, k, "right")

    @classmethod
    def from_obstacles(cls, obstacles: tuple[Obstacle, ...]) -> "Features":
        faces: list[tuple] = []  # (origin, normal, u, w, length, width, lo, obstacle)
        edges: list[tuple] = []  # (a, direction, length, obstacle)
        points: list[tuple] = []  # (centre, radius, obstacle)
        for k, ob in enumerate(obstacles):
            if isinstance(ob, Sphere):
                points.append((np.asarray(ob.center, float), float(ob.radius), k))
            elif isinstance(ob, Plane):
                n = np.asarray(ob.normal, float)
                u = np.cross(n, [1.0, 0.0, 0.0] if abs(n[0]) < 0.9 else [0.0, 1.0, 0.0])
                u /= np.linalg.norm(u)
                faces.append((np.asarray(ob.origin, float), n, u, np.cross(n, u), np.inf, np.inf, -np.inf, k))
            elif isinstance(ob, PlanePortion):
                _portion(
                    faces,
                    edges,
                    points,
                    np.asarray(ob.origin, float),
                    np.asarray(ob.normal, float),
                    np.asarray(ob.e_long, float),
                    ob.length,
                    ob.width,
                    k,
                )
            elif isinstance(ob, Brick):
                for origin, normal, el, length, width in brick_faces(ob):
                    faces.append((origin, normal, el, np.cross(normal, el), length, width, 0.0, k))
                _brick_edges_corners(edges, points, ob, k)
            else:
                raise TypeError(f"not an obstacle: {ob!r}")

        def col(rows, j, shape):
            return np.array([r[j] for r in rows], dtype=float).reshape(shape)

        nf, ne, npt = len(faces), len(edges), len(points)
        lo, hi = _boxes(obstacles, faces, points)
        return cls(
            col(faces, 0, (nf, 3)),
            col(faces, 1, (nf, 3)),
            col(faces, 2, (nf, 3)),
            col(faces, 3, (nf, 3)),
            col(faces, 4, (nf,)),
            col(faces, 5, (nf,)),
            col(faces, 6, (nf,)),
            np.array([f[7] for f in faces], dtype=int),
            col(edges, 0, (ne, 3)),
            col(edges, 1, (ne, 3)),
            col(edges, 2, (ne,)),
            np.array([e[3] for e in edges], dtype=int),
            col(points, 0, (npt, 3)),
            col(points, 1, (npt,)),
            np.array([p[2] for p in points], dtype=int),
            lo,
            hi,
        )


@lru_cache(maxsize=FEATURE_CACHE_SIZE)
def table_features(obstacles: tuple[Obstacle, ...]) -> Features:
    """The :class:`Features` of a table's obstacles, compiled once per table and shared.

    Keyed by the obstacles' *value* (frozen dataclasses), not by the table object, in a small
    LRU of ``FEATURE_CACHE_SIZE`` tables: a new World on a table already seen skips the
    1,000-odd feature rows' set-up, and the cache never holds more than a few tables whatever
    the program does (a table dropped by its owner leaves the cache once 8 others were used).
    The arrays are read-only, since every World of that table shares them.
    """
    features = Features.from_obstacles(tuple(obstacles))
    for f in fields(features):
        getattr(features, f.name).flags.writeable = False
    return features


def _expand(bi: np.ndarray, oi: np.ndarray, first: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ball, feature) rows of the (ball ``bi``, obstacle ``oi``) pairs: every feature row of
    each obstacle, in the order a scan of the whole (ball x feature) matrix would give them."""
    count = end[oi] - first[oi]
    total = int(count.sum())
    if total == 0:
        return np.zeros(0, dtype=int), np.zeros(0, dtype=int)
    starts = np.cumsum(count) - count
    fi = np.arange(total) - np.repeat(starts - first[oi], count)
    return np.repeat(bi, count), fi


def _boxes(obstacles, faces, points) -> tuple[np.ndarray, np.ndarray]:
    """Axis-aligned boxes of the obstacles: their corners (or sphere extents); planes unbounded."""
    lo = np.full((len(obstacles), 3), np.inf)
    hi = np.full((len(obstacles), 3), -np.inf)
    for c, r, k in points:
        lo[k] = np.minimum(lo[k], c - r)
        hi[k] = np.maximum(hi[k], c + r)
    for face in faces:
        if not np.isfinite(face[4]):
            lo[face[7]], hi[face[7]] = -np.inf, np.inf
    return lo, hi


def _portion(faces, edges, points, o, n, el, length, width, k):
    ew = np.cross(n, el)
    faces.append((o, n, el, ew, float(length), float(width), 0.0, k))
    corners = [o, o + length * el, o + length * el + width * ew, o + width * ew]
    for a, b in zip(corners, corners[1:] + corners[:1]):
        _edge(edges, a, b, k)
    points.extend((c, 0.0, k) for c in corners)


def _edge(edges, a, b, k):
    d = b - a
    length = float(np.linalg.norm(d))
    edges.append((a, d / length, length, k))


def _brick_edges_corners(edges, points, b: Brick, k):
    o, n, el = np.asarray(b.origin, float), np.asarray(b.normal, float), np.asarray(b.e_long, float)
    ew = np.cross(n, el)
    steps = (b.length * el, b.width * ew, -b.height * n)
    for axis in range(3):
        others = [s for j, s in enumerate(steps) if j != axis]
        for i in (0, 1):
            for j in (0, 1):
                a = o + i * others[0] + j * others[1]
                _edge(edges, a, a + steps[axis], k)
    for i in (0, 1):
        for j in (0, 1):
            for m in (0, 1):
                points.append((o + i * steps[0] + j * steps[1] + m * steps[2], 0.0, k))


def quartic_coeffs(w0: np.ndarray, w1: np.ndarray, w2: np.ndarray, reach: np.ndarray) -> np.ndarray:
    """Coefficients (K,5) of |w0 + w1 t + w2 t^2|^2 - reach^2, highest power first."""

    def dot(a, b):
        return np.einsum("ij,ij->i", a, b)

    return np.stack(
        [dot(w2, w2), 2 * dot(w1, w2), dot(w1, w1) + 2 * dot(w0, w2), 2 * dot(w0, w1), dot(w0, w0) - reach * reach],
        axis=1,
    )


def first_entry(c: np.ndarray, horizon: float, valid=None) -> np.ndarray:
    """Earliest t in [0, horizon] where the polynomial rows ``c`` cross zero downwards and
    ``valid(rows, t)`` holds (the hit lies on the feature); t = 0 if already in and closing."""
    k = len(c)
    best = np.full(k, np.inf)
    if k == 0:
        return best
    roots = roots_in(c, horizon)
    # every real root at once: the first one (roots are sorted) that closes and is valid wins
    rr, cc = np.nonzero(np.isfinite(roots))
    if len(rr):
        tt = roots[rr, cc]
        slope = ((4 * c[rr, 0] * tt + 3 * c[rr, 1]) * tt + 2 * c[rr, 2]) * tt + c[rr, 3]
        good = slope < 0
        if valid is not None:
            good &= valid(rr, tt)
        hit = np.zeros((k, 4), bool)
        hit[rr[good], cc[good]] = True
        col = hit.argmax(axis=1)
        best = np.where(hit.any(axis=1), roots[np.arange(k), col], np.inf)
    # already touching (c0 <= 0) and closing (slope < 0): hit now
    now = (c[:, 4] <= 0.0) & (c[:, 3] < 0.0)
    if valid is not None and now.any():
        rows = np.nonzero(now)[0]
        now[rows] = valid(rows, np.zeros(len(rows)))
    best = np.where(now, 0.0, best)
    # touching and opening: the bodies may turn back before they are apart, never crossing
    # zero downwards; the contact is then the moment they start closing again (issue 20:
    # a ball pushed back into another after a slow bounce sank into it unseen)
    back = np.nonzero((c[:, 4] <= 0.0) & (c[:, 3] >= 0.0))[0]
    if len(back):
        dc = np.zeros((len(back), 5))
        dc[:, 1:] = c[back, :4] * np.array([4.0, 3.0, 2.0, 1.0])
        turns = roots_in(dc, horizon)
        found = np.full(len(back), np.inf)
        for r in range(4):
            t = turns[:, r]
            ok = np.isfinite(t) & ~np.isfinite(found) & (t > 0.0)
            if not ok.any():
                continue
            rows = np.nonzero(ok)[0]
            tt = t[rows]
            cb = c[back[rows]]
            curve = (12 * cb[:, 0] * tt + 6 * cb[:, 1]) * tt + 2 * cb[:, 2]
            inside = (((cb[:, 0] * tt + cb[:, 1]) * tt + cb[:, 2]) * tt + cb[:, 3]) * tt + cb[:, 4] <= 0.0
            good = (curve < 0) & inside
            if valid is not None and good.any():
                good[good] = valid(back[rows[good]], tt[good])
            found[rows[good]] = tt[good]
        best[back] = np.minimum(best[back], found)
    return best


FACE, EDGE, POINT = 0, 1, 2


@dataclass(frozen=True)
class ObstacleRows:
    """Candidate (ball, feature) pairs as polynomial rows, and how to check a hit lies on the
    feature's valid part (a face's rectangle, an edge's segment)."""

    coeffs: np.ndarray  # (K,5)
    ball: np.ndarray  # (K,) row in the p, v, a arrays
    owner: np.ndarray  # (K,) obstacle index
    kind: np.ndarray  # (K,) FACE, EDGE or POINT
    feature: np.ndarray  # (K,) index in the Features arrays of that kind
    p: np.ndarray
    v: np.ndarray
    half_a: np.ndarray
    f: Features

    def valid(self, rows: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Does the contact of each row at time t lie on the valid part of its feature?"""
        ok = np.ones(len(rows), bool)
        b, kind, k = self.ball[rows], self.kind[rows], self.feature[rows]
        x = self.p[b] + self.v[b] * t[:, None] + self.half_a[b] * (t * t)[:, None]
        f = self.f
        face = kind == FACE
        if face.any():
            kf = k[face]
            q = x[face] - f.face_origin[kf]
            u = np.einsum("ij,ij->i", q, f.face_u[kf])
            w = np.einsum("ij,ij->i", q, f.face_w[kf])
            lo = f.face_lo[kf] - RANGE_TOL
            ok[face] = (u >= lo) & (u <= f.face_len[kf] + RANGE_TOL) & (w >= lo) & (w <= f.face_wid[kf] + RANGE_TOL)
        edge = kind == EDGE
        if edge.any():
            ke = k[edge]
            s = np.einsum("ij,ij->i", x[edge] - f.edge_a[ke], f.edge_dir[ke])
            ok[edge] = (s >= -RANGE_TOL) & (s <= f.edge_len[ke] + RANGE_TOL)
        return ok


def obstacle_rows(p, v, a, radius, reach, f: Features) -> ObstacleRows:
    """Polynomial rows of every (ball, feature) pair that the broad phase keeps.

    ``reach`` bounds how far each ball (rows of p, v, a) can move in the horizon. Faces give
    ``n.(p(t) - O) - R`` (quadratic), edges and points ``|distance|^2 - contact^2`` (quartic).
    """
    half_a = 0.5 * a
    coeffs: list[np.ndarray] = []
    balls: list[np.ndarray] = []
    owners: list[np.ndarray] = []
    kinds: list[np.ndarray] = []
    feats: list[np.ndarray] = []

    def _add(c: np.ndarray, bi: np.ndarray, owner: np.ndarray, kind: int, feat: np.ndarray) -> None:
        """One block of rows: polynomial coefficients, ball, obstacle, feature kind and index."""
        coeffs.append(c)
        balls.append(bi)
        owners.append(owner)
        kinds.append(np.full(len(bi), kind))
        feats.append(feat)

    # broad phase 1: the box a ball can sweep (grown by its radius) against each obstacle's box
    grow = (reach + radius)[:, None]
    near_ob = np.all(
        (p[:, None, :] + grow[:, :, None] >= f.box_lo[None]) & (p[:, None, :] - grow[:, :, None] <= f.box_hi[None]),
        axis=2,
    )
    if not near_ob.any():
        return _empty_rows(p, v, half_a, f)
    # broad phase 2: exact distance of the centre to each feature of those obstacles
    nb, no = np.nonzero(near_ob)
    spans = _spans(f)
    bi, fi = _expand(nb, no, *spans[0])
    if len(bi):
        q = p[bi] - f.face_origin[fi]
        s0 = np.einsum("ij,ij->i", q, f.face_normal[fi]) - radius[bi]
        cu = np.einsum("ij,ij->i", q, f.face_u[fi])
        cw = np.einsum("ij,ij->i", q, f.face_w[fi])
        du = np.maximum(np.maximum(f.face_lo[fi] - cu, cu - f.face_len[fi]), 0.0)
        dw = np.maximum(np.maximum(f.face_lo[fi] - cw, cw - f.face_wid[fi]), 0.0)
        gap = np.sqrt(np.maximum(s0, 0.0) ** 2 + du * du + dw * dw)
        # a centre deep behind the face's plane is inside the obstacle only if it is over the
        # face; beside it (a ball below a cushion's top face, flying up over it) the face is
        # kept: the ball may come down on it (issue 20: a jump onto a cushion top sank 0.4 mm)
        over = (du == 0.0) & (dw == 0.0)
        keep = (gap <= reach[bi]) & ((s0 > -START_DEPTH * radius[bi]) | ~over)
        bi, fi, s0 = bi[keep], fi[keep], s0[keep]
        if len(bi):
            n = f.face_normal[fi]
            c = np.zeros((len(bi), 5))
            c[:, 2] = np.einsum("ij,ij->i", n, half_a[bi])
            c[:, 3] = np.einsum("ij,ij->i", n, v[bi])
            c[:, 4] = s0
            _add(c, bi, f.face_owner[fi], FACE, fi)
    bi, ei = _expand(nb, no, *spans[1])
    if len(bi):
        q = p[bi] - f.edge_a[ei]
        e = f.edge_dir[ei]
        along = np.einsum("ij,ij->i", q, e)
        d = q - np.clip(along, 0.0, f.edge_len[ei])[:, None] * e
        gap = np.sqrt(np.einsum("ij,ij->i", d, d)) - radius[bi]
        keep = (gap <= reach[bi]) & (gap > -START_DEPTH * radius[bi])
        bi, ei, q, e = bi[keep], ei[keep], q[keep], e[keep]
        if len(bi):

            def perp(x):
                return x - np.einsum("ij,ij->i", x, e)[:, None] * e

            _add(quartic_coeffs(perp(q), perp(v[bi]), perp(half_a[bi]), radius[bi]), bi, f.edge_owner[ei], EDGE, ei)
    bi, pi = _expand(nb, no, *spans[2])
    if len(bi):
        q = p[bi] - f.point_c[pi]
        contact = radius[bi] + f.point_r[pi]
        gap = np.sqrt(np.einsum("ij,ij->i", q, q)) - contact
        keep = (gap <= reach[bi]) & (gap > -START_DEPTH * radius[bi])
        bi, pi, q, contact = bi[keep], pi[keep], q[keep], contact[keep]
        if len(bi):
            _add(quartic_coeffs(q, v[bi], half_a[bi], contact), bi, f.point_owner[pi], POINT, pi)
    if not coeffs:
        return _empty_rows(p, v, half_a, f)
    return ObstacleRows(
        np.concatenate(coeffs),
        np.concatenate(balls),
        np.concatenate(owners),
        np.concatenate(kinds),
        np.concatenate(feats),
        p,
        v,
        half_a,
        f,
    )


_SPANS: dict[int, tuple] = {}


def _spans(f: Features) -> tuple:
    """Per obstacle, the span of its face, edge and point rows (worked out once per Features)."""
    key = id(f)
    got = _SPANS.get(key)
    if got is None or got[0] is not f:
        if len(_SPANS) >= 4 * FEATURE_CACHE_SIZE:
            _SPANS.clear()
        got = (f, f.spans(f.face_owner), f.spans(f.edge_owner), f.spans(f.point_owner))
        _SPANS[key] = got
    return got[1:]


def _empty_rows(p, v, half_a, f: Features) -> ObstacleRows:
    none = np.zeros(0, dtype=int)
    return ObstacleRows(np.zeros((0, 5)), none, none, none, none, p, v, half_a, f)


def obstacle_hits(p, v, a, radius, reach, horizon: float, f: Features):
    """First contact time of each candidate (ball, feature) pair within ``horizon``.

    Returns (t, ball row, obstacle index) arrays of every hit found.
    """
    rows = obstacle_rows(p, v, a, radius, reach, f)
    t = first_entry(rows.coeffs, horizon, rows.valid)
    hit = np.isfinite(t)
    return t[hit], rows.ball[hit], rows.owner[hit]

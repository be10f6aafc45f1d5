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

from dataclasses import dataclass

import numpy as np

from billiard.physics.obstacle_distance import brick_faces
from billiard.physics.obstacles import Brick, Obstacle, Plane, PlanePortion, Sphere
from billiard.physics.polynomial import roots_in

RANGE_TOL = 1e-12    # m: slack on a face's or edge's extent when accepting a hit
APPROACH_EPS = 1e-9  # m/s: touching surfaces closing slower than this (round-off of a solved group) do not hit
START_DEPTH = 0.5    # a ball overlapping a feature by at most this * R at t = 0 and moving in is hit at once


@dataclass(frozen=True)
class Features:
    """Every face, edge and point of a table's obstacles as arrays; ``*_owner`` = obstacle index."""

    face_origin: np.ndarray   # (F,3)
    face_normal: np.ndarray   # (F,3)
    face_u: np.ndarray        # (F,3) e_L
    face_w: np.ndarray        # (F,3) e_l
    face_len: np.ndarray      # (F,) inf for an infinite plane
    face_wid: np.ndarray      # (F,)
    face_lo: np.ndarray       # (F,) 0, or -inf for an infinite plane
    face_owner: np.ndarray
    edge_a: np.ndarray        # (E,3) start
    edge_dir: np.ndarray      # (E,3) unit
    edge_len: np.ndarray      # (E,)
    edge_owner: np.ndarray
    point_c: np.ndarray       # (P,3)
    point_r: np.ndarray       # (P,) 0 for a corner, the radius for a sphere obstacle
    point_owner: np.ndarray

    @classmethod
    def from_obstacles(cls, obstacles: tuple[Obstacle, ...]) -> "Features":
        faces, edges, points = [], [], []
        for k, ob in enumerate(obstacles):
            if isinstance(ob, Sphere):
                points.append((np.asarray(ob.center, float), float(ob.radius), k))
            elif isinstance(ob, Plane):
                n = np.asarray(ob.normal, float)
                u = np.cross(n, [1.0, 0.0, 0.0] if abs(n[0]) < 0.9 else [0.0, 1.0, 0.0])
                u /= np.linalg.norm(u)
                faces.append((np.asarray(ob.origin, float), n, u, np.cross(n, u), np.inf, np.inf, -np.inf, k))
            elif isinstance(ob, PlanePortion):
                _portion(faces, edges, points, np.asarray(ob.origin, float), np.asarray(ob.normal, float),
                         np.asarray(ob.e_long, float), ob.length, ob.width, k)
            elif isinstance(ob, Brick):
                for origin, normal, el, length, width in brick_faces(ob):
                    faces.append((origin, normal, el, np.cross(normal, el), length, width, 0.0, k))
                _brick_edges_corners(edges, points, ob, k)
            else:
                raise TypeError(f"not an obstacle: {ob!r}")

        def col(rows, j, shape):
            return np.array([r[j] for r in rows], dtype=float).reshape(shape)

        nf, ne, npt = len(faces), len(edges), len(points)
        return cls(col(faces, 0, (nf, 3)), col(faces, 1, (nf, 3)), col(faces, 2, (nf, 3)), col(faces, 3, (nf, 3)),
                   col(faces, 4, (nf,)), col(faces, 5, (nf,)), col(faces, 6, (nf,)),
                   np.array([f[7] for f in faces], dtype=int),
                   col(edges, 0, (ne, 3)), col(edges, 1, (ne, 3)), col(edges, 2, (ne,)),
                   np.array([e[3] for e in edges], dtype=int),
                   col(points, 0, (npt, 3)), col(points, 1, (npt,)), np.array([p[2] for p in points], dtype=int))


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
    return np.stack([dot(w2, w2), 2 * dot(w1, w2), dot(w1, w1) + 2 * dot(w0, w2), 2 * dot(w0, w1),
                     dot(w0, w0) - reach * reach], axis=1)


def first_entry(c: np.ndarray, horizon: float, valid) -> np.ndarray:
    """Earliest t in [0, horizon] where the polynomial rows ``c`` cross zero downwards and
    ``valid(rows, t)`` holds (the hit lies on the feature); t = 0 if already in and closing."""
    k = len(c)
    best = np.full(k, np.inf)
    if k == 0:
        return best
    roots = roots_in(c, horizon)
    for r in range(4):
        t = roots[:, r]
        ok = np.isfinite(t) & ~np.isfinite(best)
        if not ok.any():
            continue
        rows = np.nonzero(ok)[0]
        tt = t[rows]
        slope = ((4 * c[rows, 0] * tt + 3 * c[rows, 1]) * tt + 2 * c[rows, 2]) * tt + c[rows, 3]
        good = (slope < 0) & valid(rows, tt)
        best[rows[good]] = tt[good]
    return best


def obstacle_hits(p, v, a, radius, reach, horizon: float, f: Features):
    """First contact of each ball (rows of p, v, a) with each obstacle feature within ``horizon``.

    ``reach`` bounds how far each ball can move in the horizon (broad phase).
    Returns (t, ball row, obstacle index) arrays of every hit found.
    """
    out_t, out_b, out_o = [], [], []
    half_a = 0.5 * a
    # faces: signed distance of the centre to the face plane minus R is quadratic in t
    if len(f.face_owner):
        q = p[:, None, :] - f.face_origin[None]
        s0 = np.einsum("bfk,fk->bf", q, f.face_normal) - radius[:, None]
        cu = np.einsum("bfk,fk->bf", q, f.face_u)
        cw = np.einsum("bfk,fk->bf", q, f.face_w)
        du = np.maximum(np.maximum(f.face_lo - cu, cu - f.face_len), 0.0)
        dw = np.maximum(np.maximum(f.face_lo - cw, cw - f.face_wid), 0.0)
        gap = np.sqrt(np.maximum(s0, 0.0) ** 2 + du * du + dw * dw)
        near = (gap <= reach[:, None]) & (s0 > -START_DEPTH * radius[:, None])
        bi, fi = np.nonzero(near)
        if len(bi):
            n = f.face_normal[fi]
            c = np.zeros((len(bi), 5))
            c[:, 2] = np.einsum("ij,ij->i", n, half_a[bi])
            c[:, 3] = np.einsum("ij,ij->i", n, v[bi])
            c[:, 4] = s0[bi, fi]

            def on_face(rows, t):
                b, fk = bi[rows], fi[rows]
                x = p[b] + v[b] * t[:, None] + half_a[b] * (t * t)[:, None] - f.face_origin[fk]
                u = np.einsum("ij,ij->i", x, f.face_u[fk])
                w = np.einsum("ij,ij->i", x, f.face_w[fk])
                lo = f.face_lo[fk] - RANGE_TOL
                return (u >= lo) & (u <= f.face_len[fk] + RANGE_TOL) & (w >= lo) & (w <= f.face_wid[fk] + RANGE_TOL)

            _collect(out_t, out_b, out_o, c, horizon, on_face, bi, f.face_owner[fi])
    # edges: squared distance to the edge line minus R^2 is quartic in t
    if len(f.edge_owner):
        q = p[:, None, :] - f.edge_a[None]
        along = np.einsum("bek,ek->be", q, f.edge_dir)
        clamped = np.clip(along, 0.0, f.edge_len)
        d = q - clamped[..., None] * f.edge_dir[None]
        gap = np.sqrt(np.einsum("bek,bek->be", d, d)) - radius[:, None]
        bi, ei = np.nonzero((gap <= reach[:, None]) & (gap > -START_DEPTH * radius[:, None]))
        if len(bi):
            e = f.edge_dir[ei]

            def perp(x):
                return x - np.einsum("ij,ij->i", x, e)[:, None] * e

            c = quartic_coeffs(perp(q[bi, ei]), perp(v[bi]), perp(half_a[bi]), radius[bi])

            def on_edge(rows, t):
                b, ek = bi[rows], ei[rows]
                x = p[b] + v[b] * t[:, None] + half_a[b] * (t * t)[:, None] - f.edge_a[ek]
                s = np.einsum("ij,ij->i", x, f.edge_dir[ek])
                return (s >= -RANGE_TOL) & (s <= f.edge_len[ek] + RANGE_TOL)

            _collect(out_t, out_b, out_o, c, horizon, on_edge, bi, f.edge_owner[ei])
    # corners and sphere obstacles: squared distance minus (R + r)^2 is quartic in t
    if len(f.point_owner):
        q = p[:, None, :] - f.point_c[None]
        contact = radius[:, None] + f.point_r[None]
        gap = np.sqrt(np.einsum("bpk,bpk->bp", q, q)) - contact
        bi, pi = np.nonzero((gap <= reach[:, None]) & (gap > -START_DEPTH * radius[:, None]))
        if len(bi):
            c = quartic_coeffs(q[bi, pi], v[bi], half_a[bi], contact[bi, pi])
            _collect(out_t, out_b, out_o, c, horizon, lambda rows, t: np.ones(len(rows), bool),
                     bi, f.point_owner[pi])
    if not out_t:
        empty = np.zeros(0, dtype=int)
        return np.zeros(0), empty, empty
    return np.concatenate(out_t), np.concatenate(out_b), np.concatenate(out_o)


def _collect(out_t, out_b, out_o, c, horizon, valid, balls, owners):
    t = first_entry(c, horizon, valid)
    # already touching (c0 <= 0) and closing (slope < 0): hit now
    now = (c[:, 4] <= 0.0) & (c[:, 3] < -APPROACH_EPS) & valid(np.arange(len(c)), np.zeros(len(c)))
    t = np.where(now, 0.0, t)
    hit = np.isfinite(t)
    out_t.append(t[hit])
    out_b.append(balls[hit])
    out_o.append(owners[hit])

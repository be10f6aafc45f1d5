"""Mesh builders shared by the scene: spheres, lathed solids, prisms and flat pieces.

Lit solid meshes use one vertex layout, ``SOLID_LAYOUT``: position (3), normal (3),
sRGB colour (3) and a material code (1: 0 plain, 1 wood grain, 2 varnished wood, 3 unlit,
4 gloss: a varnish highlight without grain, for the cue).
Builders return float32 arrays of shape (n_vertices, 10), already as plain triangles.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict

import numpy as np

SOLID_LAYOUT = ("3f 3f 3f 1f", "a_pos", "a_normal", "a_color", "a_material")
PLAIN, WOOD, VARNISH, UNLIT, GLOSS = 0.0, 1.0, 2.0, 3.0, 4.0


INDEXED_KEPT = 24  # meshes whose indexing is kept (the table's, the room's, the cue's: a dozen)
_indexed: OrderedDict[bytes, tuple[np.ndarray, np.ndarray]] = OrderedDict()


def indexed(vertices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shared vertices and triangle indices of a plain triangle list: ``(unique (m, k), indices (n,)
    uint32)``. Software OpenGL runs the vertex shader once per index-cache entry, not once per
    corner, so indexed meshes cost a third to a sixth of the vertex work. The result of a mesh
    seen before (by content) is reused: every game window, replay and snapshot of the same table
    indexes the same meshes (a hash costs ~1 ms where the sort costs 10-20 ms). The returned
    arrays are read-only; they are only ever uploaded."""
    flat = np.ascontiguousarray(vertices, dtype="f4")
    key = hashlib.blake2b(flat.tobytes(), digest_size=16, person=str(flat.shape).encode()[:16]).digest()
    kept = _indexed.get(key)
    if kept is not None:
        _indexed.move_to_end(key)
        return kept
    unique, first, inverse = np.unique(flat, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)  # keep first-use order: neighbours stay near in the cache
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    out = np.ascontiguousarray(unique[order]), rank[inverse.ravel()].astype("u4")
    for array in out:
        array.setflags(write=False)
    _indexed[key] = out
    while len(_indexed) > INDEXED_KEPT:
        _indexed.popitem(last=False)
    return out


def unit_sphere(stacks: int = 24, slices: int = 32) -> np.ndarray:
    """Triangles of a unit sphere around the origin: (n, 3) float32 positions (= normals)."""
    theta = np.linspace(0.0, math.pi, stacks + 1)
    phi = np.linspace(0.0, 2 * math.pi, slices + 1)
    t, p = np.meshgrid(theta, phi, indexing="ij")
    grid = np.stack([np.sin(t) * np.cos(p), np.sin(t) * np.sin(p), np.cos(t)], axis=-1)
    a, b = grid[:-1, :-1], grid[1:, :-1]
    c, d = grid[1:, 1:], grid[:-1, 1:]
    tris = np.concatenate([np.stack([a, b, c], -2), np.stack([a, c, d], -2)], axis=0)
    return tris.reshape(-1, 3).astype("f4")


def solid_vertices(positions, normals, color, material: float = PLAIN) -> np.ndarray:
    """Pack triangle positions and normals (n, 3) with one colour and material."""
    pos = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
    nrm = np.asarray(normals, dtype=np.float64).reshape(-1, 3)
    out = np.empty((len(pos), 10), dtype="f4")
    out[:, 0:3], out[:, 3:6] = pos, nrm
    out[:, 6:9] = color
    out[:, 9] = material
    return out


def polygon_prism(
    points_2d, z0: float, z1: float, color, material: float = PLAIN, bottom: bool = False, top: bool = True
) -> np.ndarray:
    """A vertical prism over a convex polygon (counter-clockwise x, y): sides, optional top and bottom."""
    pts = np.asarray(points_2d, dtype=np.float64)
    n = len(pts)
    tris, normals = [], []
    for i in range(1, n - 1):
        if top:
            tris += [(*pts[0], z1), (*pts[i], z1), (*pts[i + 1], z1)]
            normals += [(0, 0, 1)] * 3
        if bottom:
            tris += [(*pts[0], z0), (*pts[i + 1], z0), (*pts[i], z0)]
            normals += [(0, 0, -1)] * 3
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        edge = b - a
        nrm = np.array([edge[1], -edge[0], 0.0]) / (np.linalg.norm(edge) or 1.0)
        quad = [(*a, z0), (*b, z0), (*b, z1), (*a, z0), (*b, z1), (*a, z1)]
        tris += quad
        normals += [tuple(nrm)] * 6
    return solid_vertices(tris, normals, color, material)


def extrude_profile(
    profile_uz,
    origin,
    along,
    outward,
    s0: float,
    s1: float,
    extend0=None,
    extend1=None,
    color=(1, 1, 1),
    material: float = PLAIN,
    pieces: int = 1,
) -> np.ndarray:
    """Sweep a closed counter-clockwise profile ``(u, z)`` (u measured along ``outward``) along
    the straight line ``origin + s * along`` from ``s0`` to ``s1``, with flat end caps.

    ``extend0/1(u)`` shift the end of each profile point along the line (angled pocket jaws);
    ``pieces`` cuts the long faces into that many lengths (for per-vertex lighting).
    """
    prof = np.asarray(profile_uz, dtype=np.float64)
    along = np.append(np.asarray(along, dtype=np.float64)[:2], 0.0)
    outward = np.append(np.asarray(outward, dtype=np.float64)[:2], 0.0)
    origin = np.append(np.asarray(origin, dtype=np.float64)[:2], 0.0)
    e0 = [extend0(u) if extend0 else 0.0 for u in prof[:, 0]]
    e1 = [extend1(u) if extend1 else 0.0 for u in prof[:, 0]]

    def point(i: int, f: float) -> np.ndarray:
        u, z = prof[i]
        s = (1 - f) * (s0 - e0[i]) + f * (s1 + e1[i])
        return origin + s * along + u * outward + np.array([0.0, 0.0, z])

    tris = []
    n = len(prof)
    cuts = np.linspace(0.0, 1.0, pieces + 1)
    for i in range(n):
        j = (i + 1) % n
        for a, b in zip(cuts[:-1], cuts[1:]):
            tris += [point(i, a), point(j, a), point(j, b), point(i, a), point(j, b), point(i, b)]
    for i in range(1, n - 1):  # end caps (profiles are convex)
        tris += [point(0, 0), point(i + 1, 0), point(i, 0), point(0, 1), point(i, 1), point(i + 1, 1)]
    corners = np.array(tris)
    return solid_vertices(corners, _face_normals(corners), color, material)


def lathe(profile_zr, segments: int = 24) -> np.ndarray:
    """A solid of revolution about the local z axis from ``(z, radius, color, material)`` rings."""
    ang = np.linspace(0.0, 2 * math.pi, segments + 1)
    ring = np.stack([np.cos(ang), np.sin(ang)], axis=-1)
    parts = []
    for (z0, r0, c0, m0), (z1, r1, _c1, _m1) in zip(profile_zr[:-1], profile_zr[1:]):
        slope = (r0 - r1) / max(z1 - z0, 1e-9)  # outward normal tilts towards +z when narrowing
        a = np.column_stack([ring * r0, np.full(len(ring), z0)])
        b = np.column_stack([ring * r1, np.full(len(ring), z1)])
        n = np.column_stack([ring, np.full(len(ring), slope)])
        n /= np.linalg.norm(n, axis=1, keepdims=True)
        tris = np.stack([a[:-1], a[1:], b[1:], a[:-1], b[1:], b[:-1]], axis=1).reshape(-1, 3)
        nrm = np.stack([n[:-1], n[1:], n[1:], n[:-1], n[1:], n[:-1]], axis=1).reshape(-1, 3)
        parts.append(solid_vertices(tris, nrm, c0, m0))
    return np.concatenate(parts)


def disc(center, radius: float, z: float, color, segments: int = 32, material: float = PLAIN) -> np.ndarray:
    """A flat horizontal disc facing up (a fan turned into triangles)."""
    ang = np.linspace(0.0, 2 * math.pi, segments + 1)
    rim = np.column_stack([center[0] + radius * np.cos(ang), center[1] + radius * np.sin(ang), np.full(len(ang), z)])
    mid = np.array([center[0], center[1], z])
    tris = np.stack([np.broadcast_to(mid, rim[:-1].shape), rim[:-1], rim[1:]], axis=1).reshape(-1, 3)
    return solid_vertices(tris, [(0, 0, 1)] * len(tris), color, material)


def _face_normals(tris: np.ndarray) -> np.ndarray:
    """Flat normals of consecutive triangles, repeated for each of their three vertices."""
    t = tris.reshape(-1, 3, 3)
    n = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    return np.repeat(n, 3, axis=0)


def flat_strip(points_2d, width: float, z: float, color, material: float = PLAIN) -> np.ndarray:
    """A flat band ``width`` wide along a 2D polyline at height ``z``, facing up (a painted line)."""
    pts = np.asarray(points_2d, dtype=np.float64)
    a, b = pts[:-1], pts[1:]
    seg = b - a
    side = np.column_stack([-seg[:, 1], seg[:, 0]]) * (width / 2 / np.linalg.norm(seg, axis=1))[:, None]
    quads = np.stack([a - side, b - side, b + side, a - side, b + side, a + side], axis=1).reshape(-1, 2)
    tris = np.column_stack([quads, np.full(len(quads), z)])
    return solid_vertices(tris, np.tile((0.0, 0.0, 1.0), (len(tris), 1)), color, material)

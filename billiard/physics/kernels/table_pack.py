"""A table's collision features packed for the compiled kernels, once per feature set.

:class:`billiard.physics.obstacle_toi.Features` holds one array per quantity; the kernels
take a few contiguous row arrays instead (fewer arguments to pass on every plan):

* ``boxes`` (O, 6): each obstacle's box, lo then hi;
* ``spans`` (O, 6): each obstacle's first and end row of faces, edges, points;
* ``faces`` (F, 16): origin, e_L, e_l, lo, length, width, 2 (the valid rectangle, as the
  kernels' ``geo``: two axes), normal;
* ``edges`` (E, 13): start, direction, 0, 0, 0, 0, length, 0, 1 (the valid segment as
  ``geo``: one axis);
* ``points`` (P, 4): centre, radius.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from billiard.physics.obstacle_toi import FEATURE_CACHE_SIZE, Features


class PackedFeatures(NamedTuple):
    boxes: np.ndarray
    spans: np.ndarray
    faces: np.ndarray
    edges: np.ndarray
    points: np.ndarray


_PACKED: dict[int, tuple[Features, PackedFeatures]] = {}


def packed(f: Features) -> PackedFeatures:
    """The packed arrays of ``f`` (worked out once per Features object, kept in a small map)."""
    got = _PACKED.get(id(f))
    if got is not None and got[0] is f:
        return got[1]
    if len(_PACKED) >= 4 * FEATURE_CACHE_SIZE:
        _PACKED.clear()
    spans = np.stack([*f.spans(f.face_owner), *f.spans(f.edge_owner), *f.spans(f.point_owner)], axis=1)
    nf, ne = len(f.face_len), len(f.edge_len)
    faces = np.column_stack(
        [f.face_origin, f.face_u, f.face_w, f.face_lo, f.face_len, f.face_wid, np.full(nf, 2.0), f.face_normal]
    ).reshape(nf, 16)
    edges = np.zeros((ne, 13))
    edges[:, 0:3], edges[:, 3:6], edges[:, 10], edges[:, 12] = f.edge_a, f.edge_dir, f.edge_len, 1.0
    points = np.column_stack([f.point_c, f.point_r]).reshape(len(f.point_r), 4)
    out = PackedFeatures(
        np.ascontiguousarray(np.concatenate([f.box_lo, f.box_hi], axis=1)),
        np.ascontiguousarray(spans, dtype=np.int64),
        np.ascontiguousarray(faces, dtype=float),
        edges,
        np.ascontiguousarray(points, dtype=float),
    )
    _PACKED[id(f)] = (f, out)
    return out

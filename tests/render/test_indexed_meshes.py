"""geometry.indexed: the shared vertices and indices give back every corner of the triangle
list, and a mesh seen before (by content) reuses its indexing instead of sorting again."""

import numpy as np

from billiard.render import geometry
from billiard.render.geometry import indexed, solid_vertices, unit_sphere


def _sphere(color=(1.0, 0.0, 0.0)) -> np.ndarray:
    pos = unit_sphere(6, 8)
    return solid_vertices(pos, pos, color)


def test_indices_give_back_every_corner_in_order():
    mesh = _sphere()
    unique, index = indexed(mesh)
    assert index.dtype == np.uint32 and len(index) == len(mesh)
    assert len(unique) < len(mesh) / 3  # a sphere's corners are shared by several triangles
    np.testing.assert_array_equal(unique[index], mesh)


def test_a_mesh_seen_before_reuses_its_indexing_and_another_does_not(monkeypatch):
    calls = []
    sort = np.unique
    monkeypatch.setattr(geometry.np, "unique", lambda *a, **k: calls.append(1) or sort(*a, **k))
    monkeypatch.setattr(geometry, "_indexed", type(geometry._indexed)())
    first = indexed(_sphere())
    again = indexed(_sphere().copy())  # another array, the same content
    assert len(calls) == 1 and again[0] is first[0] and again[1] is first[1]
    assert not first[0].flags.writeable and not first[1].flags.writeable
    other = indexed(_sphere((0.0, 1.0, 0.0)))  # same shape, another colour
    assert len(calls) == 2 and not np.array_equal(other[0], first[0])
    np.testing.assert_array_equal(other[0][other[1]], _sphere((0.0, 1.0, 0.0)))

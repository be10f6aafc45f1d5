"""The compiled closest point (billiard.physics.kernels.closest) against its numpy reference
(billiard.physics.obstacle_distance.closest_point, seed 004 annex B): every obstacle of the pool,
snooker and carom tables and of a sample scene (spheres, planes, plane portions, bricks), at
points around them and inside the bricks."""

import numpy as np
import pytest

from billiard.physics import kernels
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacles import Brick, Plane, PlanePortion, Sphere
from billiard.table import get_table

pytestmark = pytest.mark.skipif(kernels.numba is None, reason="the compiled engine needs numba")

SCENE = (
    Sphere((0.1, 0.2, 0.03), 0.01),
    Plane((0.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
    PlanePortion((0.0, 0.0, 0.0), (0.0, 0.6, 0.8), (1.0, 0.0, 0.0), 0.5, 0.2),
    Brick((0.0, 0.0, 0.05), (0.0, -0.6, 0.8), (1.0, 0.0, 0.0), 0.4, 0.1, 0.05),
)


@pytest.mark.parametrize("name", ["pool-9ft", "snooker", "carom", "scene"])
def test_compiled_closest_point_equals_the_reference(name):
    from billiard.physics.kernels.closest import closest_point as compiled, pack_obstacles

    obstacles = SCENE if name == "scene" else get_table(name).obstacles
    packed = pack_obstacles(obstacles)
    rng = np.random.default_rng(3)
    out = np.empty(3)
    inside = 0
    for k, ob in enumerate(obstacles):
        near = np.asarray(closest_point(ob, np.zeros(3)))
        for _ in range(12):
            x = near + rng.normal(scale=0.05, size=3)
            ref = np.asarray(closest_point(ob, x))
            compiled(packed, k, float(x[0]), float(x[1]), float(x[2]), out)
            np.testing.assert_allclose(out, ref, rtol=0, atol=1e-12)
        if isinstance(ob, Brick):  # a point inside: the closest of the six faces
            o, n, el = (np.asarray(v, dtype=float) for v in (ob.origin, ob.normal, ob.e_long))
            x = o + 0.3 * ob.length * el + 0.6 * ob.width * np.cross(n, el) - 0.2 * ob.height * n
            compiled(packed, k, float(x[0]), float(x[1]), float(x[2]), out)
            np.testing.assert_allclose(out, closest_point(ob, x), rtol=0, atol=1e-12)
            inside += 1
    assert inside > 0 or name in ("carom",)

"""The drawn pocket jaws are cut along the physics facings (the pocket style's angles)."""

import math

import numpy as np
import pytest

from billiard.render.table_mesh import _jaw
from billiard.table import get_table


@pytest.mark.parametrize("name", ["pool-9ft", "pool-7ft", "snooker"])
def test_drawn_jaw_runs_along_the_physics_facing(name):
    table = get_table(name)
    hw = table.half_width
    checked = 0
    for pocket in table.pockets:
        jaws = [ob for ob in table.obstacles if ob.name.startswith(f"jaw-{pocket.name}-")]
        assert len(jaws) == 2
        for point in pocket.points:
            on_long_rail = abs(abs(point[1]) - hw) < 1e-6
            along, out = (
                (np.array([1.0, 0.0]), np.array([0.0, 1.0]))
                if on_long_rail
                else (np.array([0.0, 1.0]), np.array([1.0, 0.0]))
            )
            jaw = min(jaws, key=lambda ob: math.dist(ob.origin[:2], point))
            e = np.array(jaw.e_long[:2])
            physics_slope = abs(e @ along) / abs(e @ out)  # along the nose per unit away from the table
            assert _jaw(pocket)(1.0) == pytest.approx(physics_slope, rel=1e-9)
            checked += 1
    assert checked == 12


def test_pool_jaws_are_not_the_old_fixed_cuts():
    table = get_table("pool-9ft")  # WPA 142 / 104 deg, not 45 / 20 deg cuts
    corner = next(p for p in table.pockets if p.kind == "corner")
    side = next(p for p in table.pockets if p.kind == "side")
    assert _jaw(corner)(1.0) == pytest.approx(1.0 / math.tan(math.radians(38.0)))
    assert _jaw(side)(1.0) == pytest.approx(1.0 / math.tan(math.radians(76.0)))

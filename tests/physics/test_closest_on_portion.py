"""Annex B.3: the closest point of a rectangle portion, away from the origin (the clamp is
done in the portion's own coordinates, so an offset origin must not change the answer)."""

import numpy as np
import pytest

from billiard.physics.obstacle_distance import closest_on_portion

ORIGIN = (1.0, 2.0, 0.5)  # a 2 x 1 rectangle in the plane z = 0.5, long side along x


@pytest.mark.parametrize(
    "x, expected",
    [
        ((2.0, 2.5, 3.0), (2.0, 2.5, 0.5)),  # above the inside: straight down
        ((5.0, 2.5, 0.5), (3.0, 2.5, 0.5)),  # beyond the far end: onto that edge
        ((0.0, 0.0, -1.0), (1.0, 2.0, 0.5)),  # below and before the origin corner
        ((4.0, 9.0, 0.5), (3.0, 3.0, 0.5)),  # past the opposite corner
    ],
)
def test_closest_point_on_an_offset_rectangle(x, expected):
    got = closest_on_portion(ORIGIN, (0.0, 0.0, 1.0), (1.0, 0.0, 0.0), 2.0, 1.0, np.array(x, dtype=float))
    np.testing.assert_allclose(got, expected, atol=1e-12)

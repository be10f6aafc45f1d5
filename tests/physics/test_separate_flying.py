"""Overlap correction of a flying ball (physics/correction.py): the flying ball moves back
along the line of centres, in 3D, by exactly the overlap, and the ball on the bed stays."""

import numpy as np

from billiard.physics.correction import separate
from billiard.physics.params import POOL
from billiard.physics.state import AIRBORNE, Balls

R = POOL.ball_radius


def test_a_flying_ball_sunk_into_a_ball_on_the_bed_moves_back_along_the_line_of_centres():
    direction = np.array([0.6, 0.0, 0.8])  # from the bed ball up to the flier
    gap = 2 * R - 50e-6  # 50 um overlap
    balls = Balls.create(
        ["bed", "fly"], [[0.1, -0.2, R], list(np.array([0.1, -0.2, R]) + gap * direction)], POOL.ball_mass, R
    )
    balls.motion[1] = AIRBORNE
    before = balls.pos.copy()
    moved = separate(balls, np.array([0]), np.array([1]), (), g=POOL.g)
    assert moved == {0, 1}
    np.testing.assert_array_equal(balls.pos[0], before[0])  # the ball on the bed stays
    shift = balls.pos[1] - before[1]
    np.testing.assert_allclose(shift, 50e-6 * direction, rtol=1e-6, atol=1e-12)  # away, by the overlap
    assert np.linalg.norm(balls.pos[1] - balls.pos[0]) >= 2 * R - 1e-12


def test_two_flying_balls_share_the_correction():
    balls = Balls.create(["a", "b"], [[0.0, 0.0, 0.1], [2 * R - 40e-6, 0.0, 0.1]], POOL.ball_mass, R)
    balls.motion[:] = AIRBORNE
    separate(balls, np.array([0]), np.array([1]), (), g=POOL.g)
    np.testing.assert_allclose(balls.pos[:, 0], [-20e-6, 2 * R - 20e-6], atol=1e-12)
    np.testing.assert_allclose(balls.pos[:, 1:], [[0.0, 0.1], [0.0, 0.1]], atol=0)

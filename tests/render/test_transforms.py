import math

import numpy as np
import pytest

from billiard.display.pose import interpolate_balls, slerp
from billiard.render.transforms import quat_from_axis_angle, quat_to_matrix


def hamilton(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return np.array([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                     w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def test_quarter_turn_about_z_takes_x_to_y():
    q = quat_from_axis_angle((0, 0, 1), math.pi / 2)
    np.testing.assert_allclose(quat_to_matrix(q) @ [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(quat_to_matrix(q) @ [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], atol=1e-12)


def test_matrix_matches_quaternion_sandwich_product():
    rng = np.random.default_rng(3)
    for _ in range(20):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        v = rng.normal(size=3)
        conj = q * [1, -1, -1, -1]
        expected = hamilton(hamilton(q, np.concatenate([[0.0], v])), conj)[1:]
        np.testing.assert_allclose(quat_to_matrix(q) @ v, expected, atol=1e-12)


def test_matrices_are_rotations_even_for_unnormalised_input():
    m = quat_to_matrix(np.array([[2.0, 0.4, -1.0, 0.3], [1.0, 0.0, 0.0, 0.0]]))
    for r in m:
        np.testing.assert_allclose(r @ r.T, np.eye(3), atol=1e-12)
        assert np.linalg.det(r) == pytest.approx(1.0)


def test_slerp_halfway_is_half_the_angle_and_takes_the_short_way():
    q0 = quat_from_axis_angle((0, 0, 1), 0.0)
    q1 = -quat_from_axis_angle((0, 0, 1), 1.0)          # same rotation as +q1: must not go the long way
    mid = slerp(q0, q1, 0.5)
    np.testing.assert_allclose(quat_to_matrix(mid), quat_to_matrix(quat_from_axis_angle((0, 0, 1), 0.5)), atol=1e-12)


def test_interpolate_balls_lerps_positions_and_slerps_orientations():
    p0, p1 = np.zeros((2, 3)), np.array([[1.0, 0, 0], [0, 2.0, 0]])
    q0 = np.tile([1.0, 0, 0, 0], (2, 1))
    q1 = np.array([quat_from_axis_angle((0, 1, 0), 1.2), quat_from_axis_angle((1, 0, 0), 0.4)])
    pos, quat = interpolate_balls(p0, q0, p1, q1, 0.25)
    np.testing.assert_allclose(pos, [[0.25, 0, 0], [0, 0.5, 0]])
    np.testing.assert_allclose(quat[0], quat_from_axis_angle((0, 1, 0), 0.3), atol=1e-12)

import math

import numpy as np
import pytest

from billiard.physics.pose import interpolate_balls, slerp
from billiard.render.transforms import quat_from_axis_angle, quat_to_matrix


def hamilton(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return np.array(
        [
            w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
            w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
        ]
    )


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
    q1 = -quat_from_axis_angle((0, 0, 1), 1.0)  # same rotation as +q1: must not go the long way
    mid = slerp(q0, q1, 0.5)
    np.testing.assert_allclose(quat_to_matrix(mid), quat_to_matrix(quat_from_axis_angle((0, 0, 1), 0.5)), atol=1e-12)


def test_interpolate_balls_lerps_positions_and_slerps_orientations():
    p0, p1 = np.zeros((2, 3)), np.array([[1.0, 0, 0], [0, 2.0, 0]])
    q0 = np.tile([1.0, 0, 0, 0], (2, 1))
    q1 = np.array([quat_from_axis_angle((0, 1, 0), 1.2), quat_from_axis_angle((1, 0, 0), 0.4)])
    pos, quat = interpolate_balls(p0, q0, p1, q1, 0.25)
    np.testing.assert_allclose(pos, [[0.25, 0, 0], [0, 0.5, 0]])
    np.testing.assert_allclose(quat[0], quat_from_axis_angle((0, 1, 0), 0.3), atol=1e-12)


def test_pyrr_from_quaternion_is_the_conjugate_rotation_so_ours_stays():
    """Why quat_to_matrix is written out: pyrr takes one x, y, z, w quaternion at a time, and
    its matrix, applied as pyrr applies matrices (row vectors, ``v @ M``), rotates by the
    conjugate of q; ours rotates a column vector by q itself, for N quaternions at once."""
    import pyrr

    q = quat_from_axis_angle((0.3, -0.5, 0.8), 1.1)  # w, x, y, z
    v = np.array([0.2, 0.7, -0.4])
    xyzw = np.array([q[1], q[2], q[3], q[0]])
    pyrr_way = v @ np.asarray(pyrr.matrix33.create_from_quaternion(xyzw))
    ours = quat_to_matrix(q) @ v
    conj = quat_to_matrix(q * [1, -1, -1, -1]) @ v
    np.testing.assert_allclose(pyrr_way, conj, atol=1e-12)
    assert not np.allclose(pyrr_way, ours)
    batch = quat_to_matrix(np.stack([q, q * [1, -1, -1, -1]]))
    np.testing.assert_allclose(batch[1] @ v, conj, atol=1e-12)


def test_projection_and_view_match_the_textbook_forms():
    from billiard.render.transforms import perspective, view_matrix

    p = perspective(60.0, 2.0, 0.1, 10.0)
    f = 1 / np.tan(np.radians(30.0))
    np.testing.assert_allclose(p[0, 0], f / 2) and np.testing.assert_allclose(p[1, 1], f)
    np.testing.assert_allclose(p[3, 2], -1.0)
    np.testing.assert_allclose(p @ [0, 0, -0.1, 1] / (p @ [0, 0, -0.1, 1])[3], [0, 0, -1, 1], atol=1e-12)
    v = view_matrix([0.0, 0.0, 2.0], up=[0.0, 1.0, 0.0], forward=[0.0, 0.0, -1.0])  # looking straight down z
    np.testing.assert_allclose(v @ [0, 0, 0, 1], [0, 0, -2, 1], atol=1e-12)
    np.testing.assert_allclose(v @ [1, 0, 2, 1], [1, 0, 0, 1], atol=1e-12)

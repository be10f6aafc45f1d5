import math

import numpy as np
import pytest

from billiard.render.cue import contact_point, cue_frame, cue_matrix
from billiard.render.scene import CueState

C = np.array([0.1, -0.2, 0.028])
R = 0.028


def test_centre_hit_meets_the_ball_straight_behind_its_centre():
    p = contact_point(CueState(90.0), C, R)
    np.testing.assert_allclose(p, C + [0.0, -R, 0.0], atol=1e-12)


def test_tip_offsets_go_right_and_up_as_the_player_sees_them():
    cue = CueState(0.0, tip=(0.5, 0.3))  # aiming along +x: right is -y
    p = contact_point(cue, C, R)
    assert np.linalg.norm(p - C) == pytest.approx(R)
    assert p[1] - C[1] == pytest.approx(-0.5 * R) and p[2] - C[2] == pytest.approx(0.3 * R)


def test_elevated_cue_points_down_and_its_tip_is_pulled_back_along_the_stroke():
    cue = CueState(30.0, elevation_deg=20.0, pull=0.1)
    d = cue_frame(cue)[0]
    assert d[2] == pytest.approx(-math.sin(math.radians(20)))
    m = cue_matrix(cue, C, R)
    tip = m[:3, 3]
    np.testing.assert_allclose(tip, contact_point(cue, C, R) - (0.1 + 0.002) * d, atol=1e-12)
    np.testing.assert_allclose(m[:3, 2], -d, atol=1e-12)  # the stick runs back from the tip
    np.testing.assert_allclose(m[:3, :3].T @ m[:3, :3], np.eye(3), atol=1e-12)


def test_the_cue_frame_is_right_handed_and_orthonormal_at_any_aim():
    for heading, elevation in ((0.0, 0.0), (37.0, 12.0), (215.0, 70.0)):
        d, right, up = cue_frame(CueState(heading, elevation))
        np.testing.assert_allclose(np.array([d, right, up]) @ np.array([d, right, up]).T, np.eye(3), atol=1e-12)
        np.testing.assert_allclose(up, np.cross(right, d), atol=1e-12)
        assert right[2] == 0.0 and up[2] >= 0.0  # right stays level, up points up

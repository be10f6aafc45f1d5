"""Left/right from where the contact is on screen."""

import math

import pytest

from billiard.audio.pan import WIDTH, pan_gains, screen_pan
from billiard.render.camera import Camera, table_top_camera
from billiard.table import get_table


def test_top_view_pans_with_the_screen_x_of_the_contact():
    table = get_table("pool-9ft")
    cam = table_top_camera(table, 16 / 9)
    size = (1600, 900)
    left, mid, right = ((x, 0.0, 0.03) for x in (-1.2, 0.0, 1.2))
    assert screen_pan(cam, mid, 16 / 9) == pytest.approx(0.0, abs=1e-9)
    assert screen_pan(cam, left, 16 / 9) < -0.5 and screen_pan(cam, right, 16 / 9) > 0.5
    # the pan is the projected pixel's place across the screen, narrowed by WIDTH
    px, _ = cam.project(right, size)
    assert screen_pan(cam, right, 16 / 9) == pytest.approx(WIDTH * (2 * px / size[0] - 1), rel=1e-6)


def test_a_point_behind_the_camera_pans_to_its_side_and_stays_in_range():
    cam = Camera(target=(0.0, 0.0, 0.0), yaw_deg=0.0, pitch_deg=10.0, distance=1.0)  # looking along +x
    behind_right = (-3.0, -1.0, 0.0)  # camera right is -y when looking along +x
    assert screen_pan(cam, behind_right, 1.5) == pytest.approx(WIDTH)


def test_equal_power_law():
    for pan in (-1.0, -0.3, 0.0, 0.5, 1.0):
        left, right = pan_gains(pan)
        assert left**2 + right**2 == pytest.approx(1.0)
    assert pan_gains(0.0) == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))
    assert pan_gains(-1.0) == pytest.approx((1.0, 0.0), abs=1e-12)

import numpy as np
import pytest

from billiard.display.camera_rig import CameraRig
from billiard.render.camera import Camera, aim_camera, blend, top_camera


def test_target_projects_to_the_image_centre():
    cam = Camera((0.3, -0.2, 0.0), 35.0, 30.0, 2.0, 45.0)
    assert cam.project((0.3, -0.2, 0.0), (320, 180)) == pytest.approx((160.0, 90.0))


def test_top_camera_puts_x_right_and_y_up_and_frames_the_table():
    cam = top_camera((1.5, 0.8), 16 / 9)
    size = (320, 180)
    x_px, y_px = cam.project((1.0, 0.0, 0.0), size), cam.project((0.0, 0.5, 0.0), size)
    assert x_px[0] > 160 and x_px[1] == pytest.approx(90)
    assert y_px[1] < 90 and y_px[0] == pytest.approx(160)
    for corner in [(1.5, 0.8, 0), (-1.5, -0.8, 0)]:
        px, py = cam.project(corner, size)
        assert 0 <= px <= 320 and 0 <= py <= 180


def test_ray_through_a_projected_point_passes_through_it():
    cam = Camera((0.0, 0.0, 0.0), 10.0, 25.0, 1.5, 50.0)
    point = np.array([0.2, 0.1, 0.03])
    origin, direction = cam.ray(cam.project(point, (640, 360)), (640, 360))
    to_point = point - origin
    assert np.linalg.norm(np.cross(to_point, direction)) < 1e-9


def test_aim_camera_looks_along_the_heading_from_behind_the_cue_ball():
    cam = aim_camera((0.0, 0.0, 0.028), 90.0, 0.028)
    eye = cam.eye()
    assert eye[1] < 0 and abs(eye[0]) < 1e-9 and eye[2] > 0.1


def test_rig_moves_smoothly_to_a_new_mode_over_half_a_second():
    a = Camera((0, 0, 0), 0.0, 20.0, 1.0, 45.0)
    b = Camera((1, 0, 0), 90.0, 90.0, 3.0, 45.0)
    rig = CameraRig(a, transition_s=0.5)
    rig.set_mode("top")
    mid = rig.update(0.25, b)
    assert mid == blend(a, b, 0.5)
    assert 0 < mid.target[0] < 1 and 20 < mid.pitch_deg < 90
    assert rig.update(0.3, b) == b


def test_orbit_keeps_pitch_in_range_and_zoom_scales_distance():
    rig = CameraRig(Camera((0, 0, 0), 0.0, 30.0, 2.0, 45.0))
    rig.rotate(15.0, 200.0)
    assert rig.mode == "orbit" and rig.orbit.pitch_deg < 90 and rig.orbit.yaw_deg == 15.0
    rig.zoom(0.5)
    assert rig.orbit.distance == pytest.approx(1.0)

"""The game's views: aim behind the cue ball, follow during a shot, top on request, and the
smooth moves between them (no jumps from one frame to the next)."""

import math

import numpy as np
import pytest

from billiard.app.controls import Orbit
from billiard.display.camera_rig import GameCamera
from billiard.display.cameras import ViewInput, goal_camera, view_mode
from billiard.physics.state import Motion
from billiard.render.camera import AIM_BACK
from billiard.table import get_table

R = 0.028575
TABLE = get_table("pool-9ft")
FRAME = 1 / 60
SIZE = (1280, 720)


def view(pos, motion=None, heading=0.0, orbit=None):
    pos = np.array([(x, y, R) for x, y in pos], dtype=float)
    motion = np.full(len(pos), Motion.REST) if motion is None else np.array(motion)
    return ViewInput(pos, motion, 0, heading, orbit or Orbit(), SIZE[0] / SIZE[1])


def largest_step(cameras):
    """The largest move of the eye (m) and of the yaw (deg) between consecutive frames."""
    eyes = np.array([c.eye() for c in cameras])
    yaws = np.array([c.yaw_deg for c in cameras])
    return np.linalg.norm(np.diff(eyes, axis=0), axis=1).max(), np.abs(np.diff(yaws)).max()


def run(cam, mode, v, seconds):
    return [cam.update(FRAME, mode, v) for _ in range(round(seconds / FRAME))]


def test_the_mode_is_top_when_asked_else_follow_in_a_shot_else_aim():
    assert view_mode(True, True) == view_mode(True, False) == "top"
    assert view_mode(False, True) == "follow" and view_mode(False, False) == "aim"


def test_the_aim_view_looks_along_the_cue_from_behind_the_cue_ball():
    v = view([(-0.6, 0.1), (0.5, 0.0)], heading=30.0, orbit=Orbit(yaw_deg=0.0, pitch_deg=18.0, distance=1.2))
    cam = goal_camera("aim", TABLE, v)
    assert cam.project(v.pos[0], SIZE) == pytest.approx((SIZE[0] / 2, SIZE[1] / 2))
    eye = cam.eye()
    back = (v.pos[0, :2] - eye[:2]) / np.linalg.norm(v.pos[0, :2] - eye[:2])
    assert back == pytest.approx([math.cos(math.radians(30)), math.sin(math.radians(30))])
    assert eye[2] == pytest.approx(R + 1.2 * AIM_BACK * math.sin(math.radians(18)))
    # the player's orbit turns the view round the cue ball
    turned = goal_camera("aim", TABLE, view(v.pos[:, :2], heading=30.0, orbit=Orbit(yaw_deg=90.0)))
    assert turned.yaw_deg == pytest.approx(120.0)


def test_v_moves_to_the_top_view_smoothly_in_half_a_second_and_back():
    v = view([(-0.6, 0.0), (0.5, 0.0)])
    cam = GameCamera(TABLE, "aim", v)
    start = cam.current
    frames = run(cam, "top", v, 0.25)
    assert start.pitch_deg < frames[-1].pitch_deg < 90.0  # on its way, not there yet
    frames += run(cam, "top", v, 0.3)
    assert cam.mode == "top" and cam.current == goal_camera("top", TABLE, v)
    for corner in ((TABLE.half_length, TABLE.half_width, 0.0), (-TABLE.half_length, -TABLE.half_width, 0.0)):
        x, y = cam.current.project(corner, SIZE)
        assert 0 <= x <= SIZE[0] and 0 <= y <= SIZE[1]  # the whole table is in the picture
    frames += run(cam, "aim", v, 0.6)
    assert cam.current == start
    travel = np.linalg.norm(goal_camera("top", TABLE, v).eye() - start.eye())
    eye_step, _ = largest_step([start] + frames)
    assert travel > 2.0 and eye_step < 0.1 * travel  # many small steps, no jump


def test_the_follow_view_frames_the_moving_balls_and_glides_when_one_stops():
    rolling, rest = Motion.ROLLING, Motion.REST
    v0 = view([(-0.6, 0.0), (0.0, 0.3), (0.9, -0.4)], [rolling, rolling, rest])
    cam = GameCamera(TABLE, "aim", v0)
    run(cam, "follow", v0, 2.0)
    centre = v0.pos[:2, :2].mean(axis=0)  # the resting ball is left out
    assert cam.current.target[:2] == pytest.approx(centre, abs=1e-3)
    assert cam.current.project((*centre, 0.0), SIZE) == pytest.approx((SIZE[0] / 2, SIZE[1] / 2), abs=1.0)
    # the cue ball stops: the view glides over to the one ball still rolling, no jump
    v1 = view(v0.pos[:, :2], [rest, rolling, rest])
    frames = [cam.current] + run(cam, "follow", v1, 2.5)
    assert frames[-1].target[:2] == pytest.approx(v1.pos[1, :2], abs=1e-3)
    eye_step, yaw_step = largest_step(frames)
    assert eye_step < 0.06 and yaw_step < 1e-9  # the view keeps the shot's heading


def test_the_view_holds_still_while_the_ball_in_hand_is_dragged():
    v = view([(-0.6, 0.0), (0.5, 0.0)])
    cam = GameCamera(TABLE, "aim", v)
    before = cam.current
    moved = view([(-0.3, 0.2), (0.5, 0.0)])
    assert cam.update(FRAME, "aim", moved, hold=True) == before
    frames = [before] + run(cam, "aim", moved, 0.6)  # released: it glides, no jump
    assert frames[1] != goal_camera("aim", TABLE, moved) and frames[-1] == goal_camera("aim", TABLE, moved)
    assert largest_step(frames)[0] < 0.1 * np.linalg.norm(frames[-1].eye() - before.eye())


def test_the_aim_view_rises_and_steps_back_with_a_cue_raised_above_5_degrees():
    pos = [(-0.3, 0.0), (0.0, 0.0)]

    def aim(elevation):
        v = view(pos)
        return goal_camera("aim", TABLE, ViewInput(v.pos, v.motion, 0, 0.0, Orbit(), v.aspect, elevation))

    flat = aim(0.0)
    assert aim(3.0) == flat and aim(5.0) == flat  # the usual few degrees change nothing
    steep = aim(30.0)
    assert steep.pitch_deg == pytest.approx(30.0 + 12.0)  # above the cue's line
    assert steep.distance == pytest.approx(flat.distance * (1 + 15.0 / 50.0))  # a little further back
    assert aim(10.0).pitch_deg < steep.pitch_deg < aim(60.0).pitch_deg
    assert aim(50.0).distance == steep.distance  # issue 25, point 9: the table never shrinks to an inset


def test_a_jump_shot_keeps_the_follow_view_over_the_table():
    """Issue 25, point 9: a ball in the air (or flying off the table) is followed as if it
    were on the table near the bed, so the view stays on the table."""
    from billiard.physics.state import Motion

    v = view([(0.2, 0.0), (0.5, 0.0)])
    on_bed = goal_camera(
        "follow", TABLE, ViewInput(v.pos, np.array([Motion.ROLLING, Motion.REST]), 0, 0.0, Orbit(), v.aspect)
    )
    flying = v.pos.copy()
    flying[0] = (0.2, TABLE.half_width + 0.8, 0.9)  # high and far off the side of the table
    jumped = goal_camera(
        "follow", TABLE, ViewInput(flying, np.array([Motion.AIRBORNE, Motion.REST]), 0, 0.0, Orbit(), v.aspect)
    )
    target = np.array(jumped.target)
    assert abs(target[1]) == pytest.approx(TABLE.half_width + TABLE.cushion_width + TABLE.rail_width)
    assert jumped.distance == on_bed.distance and target[0] == pytest.approx(on_bed.target[0])

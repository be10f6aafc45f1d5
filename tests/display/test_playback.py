import math

import numpy as np
import pytest


from billiard.display.playback import Playback
from billiard.shot.shotfile import Strike
from billiard.table import get_table

from replay_shots import R, make_shot, replay_of


def _spinning_track(omega_z: float = 12.0, fps: int = 60, n: int = 61) -> Playback:
    """Ball 'a' moving along +x at 1 m/s while spinning about z; ball 'b' still."""
    t = np.arange(n) / fps
    pos = np.zeros((n, 2, 3))
    pos[:, 0, 0] = t
    pos[:, 1] = [0.5, 0.5, R]
    quat = np.zeros((n, 2, 4))
    quat[:, 0, 0] = np.cos(omega_z * t / 2)
    quat[:, 0, 3] = np.sin(omega_z * t / 2)
    quat[:, 1, 0] = 1.0
    return Playback(
        get_table("pool-9ft"), Strike(1.0, 0.0, ball="a"), ("a", "b"), t, pos, quat, R, np.full(2, math.inf), ()
    )


def test_pose_interpolates_between_samples():
    tr = _spinning_track()
    pos, quat = tr.pose(0.5 + 0.25 / 60)
    assert pos[0] == pytest.approx([0.5 + 0.25 / 60, 0.0, 0.0])
    angle = 2 * math.atan2(quat[0, 3], quat[0, 0])
    assert angle == pytest.approx(12.0 * (0.5 + 0.25 / 60), rel=1e-9)
    assert np.linalg.norm(quat, axis=1) == pytest.approx([1.0, 1.0])
    assert tr.pose(-1.0)[0][0] == pytest.approx([0.0, 0.0, 0.0])
    assert tr.pose(99.0)[0][0] == pytest.approx([1.0, 0.0, 0.0])


def test_omega_from_quaternions_of_a_known_rotation():
    w = _spinning_track(omega_z=-40.0).omega(0.3)
    assert w[0] == pytest.approx([0.0, 0.0, -40.0], rel=1e-12, abs=1e-9)
    assert w[1] == pytest.approx([0.0, 0.0, 0.0], abs=1e-12)


def test_omega_of_a_rolling_ball_in_a_real_replay_is_v_over_r():
    """Rolling without slipping: omega = z x v / R, read off the recorded orientations."""
    replay = replay_of(make_shot(speed=0.8))
    tr = Playback.from_replay(replay)
    rolling = [
        e.t for e in replay.events if e.type == "state" and e.balls == ("white",) and e.info.get("to") == "rolling"
    ]
    assert rolling, "the white ball starts rolling after the strike"
    t = rolling[0] + 0.05
    i, _ = tr.locate(t)
    v = (tr.pos[i + 1, 0] - tr.pos[i, 0]) / (tr.t[i + 1] - tr.t[i])
    expected = np.cross([0.0, 0.0, 1.0], v) / R
    assert tr.omega(t)[0] == pytest.approx(expected, rel=1e-4, abs=1e-3)


def test_spin_arrow_only_on_spinning_balls_and_along_the_axis():
    tr = _spinning_track(omega_z=30.0)
    arrows = tr.spin_arrows(0.3)
    assert len(arrows) == 1
    start, tip = arrows[0]
    assert start == pytest.approx(tr.pose(0.3)[0][0])
    d = tip - start
    assert d[2] > R and abs(d[0]) < 1e-9 and abs(d[1]) < 1e-9


def test_trails_grow_with_time_and_end_at_the_ball():
    tr = _spinning_track()
    early, late = tr.trails(0.2), tr.trails(0.9)
    assert len(early[0]) < len(late[0])
    assert late[0][-1] == pytest.approx(tr.pose(0.9)[0][0])
    assert late[0][0] == pytest.approx([0.0, 0.0, 0.0])
    assert len(late[1]) == 1  # the resting ball has no path


def test_from_replay_matches_the_replay_samples():
    replay = replay_of(make_shot())
    tr = Playback.from_replay(replay)
    assert tr.ids == replay.ball_ids
    assert tr.duration == pytest.approx(replay.duration)
    assert np.array_equal(tr.pos[:, 1], replay.pos["red"])

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.replay.track import Track

from replay_fakes import FPS, R, fake_simulate, make_shot


def _track(speed=1.0):
    return Track.from_replay(fake_simulate(make_shot(speed=speed)))


def test_pose_interpolates_between_samples():
    tr = _track(speed=1.2)
    assert tr.ids == ("cue", "1") and tr.pos.shape == (FPS + 1, 2, 3)
    pos, quat = tr.pose(0.5 + 0.25 / FPS)
    assert pos[0] == pytest.approx([-0.5 + 1.2 * (0.5 + 0.25 / FPS), 0.0, R])
    assert np.linalg.norm(quat, axis=1) == pytest.approx([1.0, 1.0])
    # clamped outside the recording
    assert tr.pose(-1.0)[0][0] == pytest.approx([-0.5, 0.0, R])
    assert tr.pose(99.0)[0][0] == pytest.approx([0.7, 0.0, R])


def test_omega_from_quaternions_recovers_rolling_spin():
    """A ball rolling along +x at v spins about +y at v / R (no slip)."""
    v = 1.5
    tr = _track(speed=v)
    w = tr.omega(0.4)
    assert w[0] == pytest.approx([0.0, v / R, 0.0], rel=1e-9, abs=1e-9)
    assert w[1] == pytest.approx([0.0, 0.0, 0.0], abs=1e-12)


def test_spin_arrow_only_on_spinning_balls_and_along_the_axis():
    tr = _track(speed=1.0)
    arrows = tr.spin_arrows(0.3, radius=R)
    assert len(arrows) == 1
    start, tip = arrows[0]
    assert start == pytest.approx(tr.pose(0.3)[0][0])
    d = tip - start
    assert d[1] > R and abs(d[0]) < 1e-9 and abs(d[2]) < 1e-9


def test_trails_grow_with_time_and_end_at_the_ball():
    tr = _track()
    early, late = tr.trails(0.2), tr.trails(0.9)
    assert len(early[0]) < len(late[0])
    assert late[0][-1] == pytest.approx(tr.pose(0.9)[0][0])
    assert late[0][0] == pytest.approx([-0.5, 0.0, R])
    assert len(late[1]) == 1  # the resting ball has no path


def test_a_pocketed_ball_with_short_samples_keeps_its_last_position():
    rep = fake_simulate(make_shot())
    rep["samples"]["balls"]["1"]["pos"] = rep["samples"]["balls"]["1"]["pos"][:10]
    rep["samples"]["balls"]["1"]["quat"] = rep["samples"]["balls"]["1"]["quat"][:10]
    tr = Track.from_replay(rep)
    assert tr.pose(0.9)[0][1] == pytest.approx(rep["samples"]["balls"]["1"]["pos"][-1])


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.pop("samples"), "no 'samples'"),
    (lambda r: r["samples"].update(t=[]), "1 to 2,000,000"),
    (lambda r: r["samples"].update(t=[0.0, 1.0, 0.5] + r["samples"]["t"][3:]), "backwards"),
    (lambda r: r["samples"]["balls"]["cue"].update(pos=[[1, 2]] * 61), r"\[3 numbers\]"),
    (lambda r: r["samples"]["balls"]["cue"].update(pos="abc"), "pos"),
    (lambda r: r["samples"]["balls"]["cue"]["pos"].__setitem__(3, [1e400, 0, 0]), "non-finite"),
    (lambda r: r["samples"]["balls"]["cue"].update(quat=[[0, 0, 0, 0]] * 61), "zero quaternion"),
    (lambda r: r["samples"]["balls"]["cue"].update(pos=[[0, 0, 0]] * 99), "99 values"),
    (lambda r: r["samples"].update(balls=[]), "map ball ids"),
])
def test_malformed_samples_give_one_clear_error(mutate, words):
    rep = fake_simulate(make_shot())
    mutate(rep)
    with pytest.raises(BilliardError, match=words):
        Track.from_replay(rep)

import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.render.replay_frames import DROP_S, replay_frames
from billiard.render.transforms import quat_to_matrix
from tests.render.helpers import R, rolling_replay


def test_positions_and_orientations_are_interpolated_between_samples():
    frames = replay_frames(rolling_replay(fps=30))
    balls = frames.at(0.05)                             # between samples at 1/30 and 2/30 s
    cue = balls.index("cue")
    assert balls.pos[cue, 0] == pytest.approx(-0.45)
    angle = 0.05 / R                                    # rolling: turned by distance / R about +y
    expected = quat_to_matrix([math.cos(angle / 2), 0.0, math.sin(angle / 2), 0.0])
    np.testing.assert_allclose(quat_to_matrix(balls.quat[cue]), expected, atol=1e-9)


def test_a_pocketed_ball_disappears_after_its_drop():
    frames = replay_frames(rolling_replay())
    nine = frames.ids.index("9")
    assert not frames.at(0.5 + DROP_S - 0.05).pocketed[nine]
    assert frames.at(0.5 + DROP_S + 0.05).pocketed[nine]
    assert not frames.at(1.0).pocketed[frames.ids.index("1")]


def test_times_outside_the_replay_are_clamped():
    frames = replay_frames(rolling_replay())
    np.testing.assert_allclose(frames.at(-3).pos, frames.pos[0])
    np.testing.assert_allclose(frames.at(99).pos, frames.pos[-1])


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="billiard-shot/1"), "not a billiard replay"),
    (lambda d: d["samples"].update(balls={}), "no samples"),
    (lambda d: d["samples"]["balls"]["cue"].update(pos=[[0, 0]]), "malformed"),
    (lambda d: d["samples"].update(t=list(reversed(d["samples"]["t"]))), "increasing"),
    (lambda d: d.update(table="no-such-table"), "unknown table"),
])
def test_bad_replays_give_one_clear_error(mutate, message):
    data = rolling_replay()
    mutate(data)
    with pytest.raises(BilliardError, match=message):
        replay_frames(data)

import json
import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.display.playback import DROP_S, Playback
from billiard.replay.source import load_any
from billiard.shot.shotfile import Strike
from billiard.render.transforms import quat_from_axis_angle, quat_to_matrix
from billiard.shot.replayfile import Replay
from tests.render.helpers import R, pocket_table, rolling_replay


@pytest.fixture(scope="module")
def replay():
    return Replay.from_dict(rolling_replay())


def test_positions_and_orientations_are_interpolated_between_samples():
    t = np.arange(0.0, 0.5, 1 / 30)
    pos = np.stack([-0.5 + t, 0 * t, R + 0 * t], axis=1)[:, None, :]
    quat = np.array([quat_from_axis_angle((0.0, 1.0, 0.0), ti / R) for ti in t])[:, None, :]
    frames = Playback(pocket_table(), Strike(1.0, 0.0, ball="cue"), ("cue",), t, pos, quat, R, np.array([math.inf]), ())
    balls = frames.frame(0.05)  # between the samples at 1/30 and 2/30 s
    assert balls.pos[0, 0] == pytest.approx(-0.45)
    expected = quat_to_matrix(quat_from_axis_angle((0.0, 1.0, 0.0), 0.05 / R))
    np.testing.assert_allclose(quat_to_matrix(balls.quat[0]), expected, atol=1e-9)


def test_a_pocketed_ball_disappears_after_its_drop(replay):
    frames = Playback.from_replay(replay)
    nine = frames.ids.index("9")
    assert not frames.frame(0.5 + DROP_S - 0.05).pocketed[nine]
    assert frames.frame(0.5 + DROP_S + 0.05).pocketed[nine]
    assert not frames.frame(frames.duration).pocketed[frames.ids.index("1")]


def test_samples_follow_the_replay_and_times_outside_are_clamped(replay):
    frames = Playback.from_replay(replay)
    cue = frames.ids.index("cue")
    np.testing.assert_allclose(frames.frame(replay.t[7]).pos[cue], replay.pos["cue"][7])
    np.testing.assert_allclose(frames.frame(-3).pos, frames.pos[0])
    np.testing.assert_allclose(frames.frame(99).pos, frames.pos[-1])
    assert frames.table.name == "pool-9ft" and frames.radius == replay.params.ball_radius


def test_a_shot_file_is_simulated_into_frames(tmp_path):
    shot = {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "balls": [{"id": "cue", "pos": [-0.5, 0.0]}],
        "strike": {"ball": "cue", "speed": 0.5, "heading_deg": 90.0},
    }
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(shot))
    frames = Playback.from_replay(load_any(path))
    assert frames.ids == ("cue",) and frames.strike.heading_deg == 90.0
    assert frames.frame(frames.duration).pos[0, 1] > 0.05  # it rolled along +y


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"format": "billiard-replay/9"}), "not supported"),
        (json.dumps({"format": "billiard-shot/1", "table": "pool-9ft"}), "bad.json"),
        (json.dumps({"format": "billiard-replay/1", "engine": "x"}), "bad.json"),
    ],
)
def test_bad_replay_files_give_one_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BilliardError, match=message):
        Playback.from_replay(load_any(path))


def test_a_follow_sequence_glides_where_its_goal_jumps_as_a_ball_drops(replay):
    """The 9 drops out of the follow view's framing at 0.5 s: the goal camera jumps, the
    sequence's camera (as ``billiard render`` draws it) moves there over several frames."""
    from billiard.display.cameras import goal_camera, replay_view
    from billiard.replay.pictures import frame_views

    frames = Playback.from_replay(replay)
    size, times = (320, 180), np.arange(0.0, frames.duration, 1 / 30)
    views = [cam for _, cam in frame_views(frames, times, size, "follow")]
    goals = [goal_camera("follow", frames.table, replay_view(frames.frame(t), frames.strike, size)) for t in times]

    def steps(cams):
        return np.linalg.norm(np.diff([c.eye() for c in cams], axis=0), axis=1)

    assert views[0] == goals[0]
    assert steps(goals).max() > 0.2  # the 9 leaves: the goal jumps
    assert steps(views).max() < 0.25 * steps(goals).max()
    assert np.linalg.norm(views[-1].eye() - goals[-1].eye()) < 0.01  # and catches up by the end

"""Replay's duration and equality, 2D ball specs (the progress display: tests/test_progress.py)."""

import json

import billiard
from billiard.resources import resource_path


def test_replay_duration_is_the_last_sample_and_replays_compare_only_to_replays():
    shot = json.loads(resource_path("assets", "samples", "follow.json").read_text())
    replay = billiard.simulate(shot, fps=30)
    assert len(replay.t) > 2 and replay.duration == (len(replay.t) - 1) / 30
    assert replay.__eq__("a replay") is NotImplemented and replay != 3


def test_a_ball_given_in_two_dimensions_rests_on_the_bed_and_stays_on_it():
    from billiard.shot.shotfile import BallSpec

    ball = BallSpec("1", (0.1, 0.2), vel=(1.0, -2.0))
    assert ball.position(0.03) == (0.1, 0.2, 0.03)
    assert ball.velocity() == (1.0, -2.0, 0.0) and ball.spin() == (0.0, 0.0, 0.0)
    assert BallSpec("1", (0.1, 0.2, 0.5), vel=(1.0, 0.0, 3.0)).velocity() == (1.0, 0.0, 3.0)
    assert BallSpec("1", (0.1, 0.2)).velocity() == (0.0, 0.0, 0.0)

"""The batch progress bar's exact output, Replay's duration and equality, 2D ball specs."""
import io
import json

import billiard
from billiard.resources import resource_path
from billiard.shot.progress import WIDTH, ProgressBar


class Tty(io.StringIO):
    """A terminal stand-in that records each flush (what the user sees is what is flushed)."""

    def __init__(self):
        super().__init__()
        self.flushed: list[str] = []

    def isatty(self):
        return True

    def flush(self):
        self.flushed.append(self.getvalue())


def test_a_note_clears_the_bar_only_once_one_is_drawn_and_every_write_is_flushed():
    tty = Tty()
    bar = ProgressBar(2, tty)
    bar.note("first")
    assert tty.getvalue() == "first\n" and tty.flushed == ["first\n"]
    bar.update(1)
    assert tty.flushed[-1] == "first\n\r[" + "#" * 15 + "." * 15 + "] 1/2 shots"
    bar.note("second")
    assert tty.getvalue().endswith("1/2 shots\r" + " " * (WIDTH + 24) + "\rsecond\n")
    assert tty.flushed[-1] == tty.getvalue()
    bar.close()
    assert tty.flushed[-1] == tty.getvalue() and tty.getvalue().endswith("second\n\n")


def test_on_a_log_each_step_is_one_flushed_line():
    log = Tty()
    log.isatty = lambda: False
    bar = ProgressBar(2, log)
    bar.update(1)
    bar.update(2)
    assert log.getvalue().splitlines()[-1] == "[" + "#" * WIDTH + "] 2/2 shots"
    assert log.flushed[-1] == log.getvalue() and "\r" not in log.getvalue()


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

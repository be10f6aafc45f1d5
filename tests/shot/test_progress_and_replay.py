"""The batch progress bar's exact output, and Replay's duration and equality."""
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

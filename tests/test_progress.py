"""The one progress display (billiard/progress.py): a few plain flushed lines on a log,
a bar redrawn in place on a terminal, notes that never break it."""

import io

from billiard.progress import WIDTH, Progress


class Tty(io.StringIO):
    """A terminal stand-in that records each flush (what the user sees is what is flushed)."""

    def __init__(self, tty=True):
        super().__init__()
        self.tty, self.flushed = tty, []

    def isatty(self):
        return self.tty

    def flush(self):
        self.flushed.append(self.getvalue())


def test_on_a_log_a_job_is_a_few_flushed_lines_without_carriage_returns():
    log = Tty(tty=False)
    bar = Progress(100, "shots", log)
    for k in range(1, 101):
        bar.update(k, status=f"{k // 50} failures")
    bar.close()
    lines = log.getvalue().splitlines()
    assert 5 <= len(lines) <= 12 and "\r" not in log.getvalue()
    assert lines[-1] == "[" + "#" * WIDTH + "] 100/100 shots, 2 failures"
    assert log.flushed[-1] == log.getvalue()


def test_a_label_a_note_and_advance_on_a_log():
    log = Tty(tty=False)
    with Progress(4, "frames", log, label="gif") as bar:
        bar.advance(2)
        bar.note("a message")
        bar.advance(2)
    assert log.getvalue().splitlines() == [
        "gif: [" + "#" * 15 + "." * 15 + "] 2/4 frames",
        "a message",
        "gif: [" + "#" * WIDTH + "] 4/4 frames",
    ]


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_notes_get_their_own_line():
    tty = Tty()
    with Progress(4, "shots", tty) as bar:
        for k in range(1, 5):
            bar.update(k)
            if k == 2:
                bar.note("shot 2 failed")
    text = tty.getvalue()
    assert "\r" in text and "4/4" in text and text.endswith("\n")
    assert "shot 2 failed\n" in text.replace("\r", "\n")
    assert not any(line.startswith("[") and line.count("shots") > 1 for line in text.splitlines())

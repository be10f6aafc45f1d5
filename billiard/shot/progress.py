"""A one-line text progress bar on a stream (stderr): redrawn in place on a terminal, a few
plain lines otherwise (a log file gets no carriage-return noise)."""
from __future__ import annotations

from typing import TextIO

WIDTH = 30
LOG_STEPS = 10       # lines written for a whole batch when the stream is not a terminal


class ProgressBar:
    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = max(total, 1), stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self._shown = -1
        self._drawn = False

    def text(self, done: int) -> str:
        filled = WIDTH * done // self.total
        return f"[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{self.total} shots"

    def update(self, done: int) -> None:
        if self.tty:
            self.stream.write("\r" + self.text(done))
            self._drawn = True
        else:
            step = LOG_STEPS * done // self.total
            if step == self._shown and done != self.total:
                return
            self._shown = step
            self.stream.write(self.text(done) + "\n")
        self.stream.flush()

    def note(self, line: str) -> None:
        """A message line that does not break the bar."""
        if self.tty and self._drawn:
            self.stream.write("\r" + " " * (WIDTH + 24) + "\r")
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self._drawn:
            self.stream.write("\n")
            self.stream.flush()

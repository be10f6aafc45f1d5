"""One progress display for every long job (batch simulate, the fuzz, the fit, benchmarks,
GIF and frame export): a tqdm bar redrawn in place on a terminal; on anything else (a log
file, a pipe, CI) a few plain lines, one per tenth of the job, never a carriage return.

    with Progress(len(files), "shots", label="simulate") as bar:
        for ...:
            bar.advance(status=f"{failures} failures")

Messages that must not break the bar go through :meth:`Progress.note`."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from tqdm import tqdm

WIDTH = 30  # characters of the bar in a log line
LOG_STEPS = 10  # lines a whole job writes when the stream is not a terminal


class Progress:
    """Progress of ``total`` items (``unit``: "shots", "frames", ...) on ``stream``
    (stderr by default): a live bar on a terminal, ``LOG_STEPS`` lines otherwise."""

    def __init__(
        self, total: int, unit: str = "items", stream: TextIO | None = None, label: str = "", log_steps: int = LOG_STEPS
    ) -> None:
        self.total, self.unit, self.label = max(int(total), 1), unit, label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.done, self.status, self.log_steps = 0, "", max(1, log_steps)
        self._shown = -1
        self._start = time.perf_counter()
        self._bar = (
            tqdm(
                total=self.total,
                unit=f" {unit}",
                desc=label or None,
                file=self.stream,
                dynamic_ncols=True,
                leave=True,
                mininterval=0.1,
            )
            if self.tty
            else None
        )

    def text(self, done: int) -> str:
        """The log line for ``done`` items: ``[#####.....] 5/10 shots, 2 failures``."""
        filled = WIDTH * min(done, self.total) // self.total
        head = f"{self.label}: " if self.label else ""
        tail = f", {self.status}" if self.status else ""
        return f"{head}[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{self.total} {self.unit}{tail}"

    def update(self, done: int, status: str | None = None) -> None:
        """``done`` items finished so far (``status``: a short note shown beside the count)."""
        if status is not None:
            self.status = status
        step, self.done = done - self.done, done
        if self._bar is not None:
            if self.status:
                self._bar.set_postfix_str(self.status, refresh=False)
            self._bar.update(step)
            return
        shown = self.log_steps * done // self.total
        if shown == self._shown and done != self.total:
            return
        self._shown = shown
        self.stream.write(self.text(done) + "\n")
        self.stream.flush()

    def advance(self, n: int = 1, status: str | None = None) -> None:
        self.update(self.done + n, status)

    def note(self, line: str) -> None:
        """A message line that does not break the bar."""
        if self._bar is not None:
            self._bar.write(line, file=self.stream)
        else:
            self.stream.write(line + "\n")
            self.stream.flush()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self._start

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

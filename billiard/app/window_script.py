"""A script played in the real game window, at its real times (issue 28): the proof that no
frame stalls once the window shows.

Headless play (:mod:`billiard.app.headless`) runs on a simulated clock, so it times each
frame's own work but cannot see a frame that waits: for the interpreter lock held by another
thread, for a worker's message, for the operating system. Here the window's own loop runs
(the computer thinks in its worker process, the cue path in its own, the kernels load as in
play) and the driver, called at the start of every frame, hands the window the events that are
due (as their handlers would receive them) and notes the time since the previous frame began:
the interval a player sees. ``frame_ms_*`` and ``slow_frames`` are those intervals (the first
one, from the window's start, aside); ``frame_work_ms_*`` the frames' own update, draw and
swap; ``slow_frame_log`` says, for each interval over 33 ms, when it came and how much of it
was the frame's own work (update, draw, swap), and how much the loop waited outside it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from billiard.app import pyglet_input
from billiard.app.headless import SLOW_FRAME_MS, frame_figures, slow_entry, slowest
from billiard.app.script import Script
from billiard.shot.atomic import atomic_open


class WindowScriptDriver:
    """Feeds ``script`` to ``window`` and ``app`` at real times; ``tick()`` at each frame's
    start, ``done_frame(work_s)`` at its end; ``finished`` once the script's duration is over
    (then :meth:`summary` has the figures, and ``on_finish`` has been called)."""

    def __init__(
        self,
        script: Script,
        window: Any,
        app: Any,
        summary_path: str | None = None,
        on_finish: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.script, self.window, self.app = script, window, app
        self.summary_path, self.on_finish, self.clock = summary_path, on_finish, clock
        self.pending = list(script.events)
        self.start: float | None = None
        self.last: float | None = None
        self.intervals: list[float] = []  # s between the starts of consecutive frames
        self.work: list[float] = []  # s of each frame's own update, draw and swap
        self.slow: list[dict] = []
        self.parts = (0.0, 0.0, 0.0)  # the last frame's update, draw and swap (s)
        self.finished = False
        self.out: dict | None = None

    def tick(self) -> None:
        """A frame begins: note its interval, dispatch the events due, finish at the end."""
        if self.finished:
            return
        now = self.clock()
        if self.start is None:
            self.start = now
        elif self.last is not None:
            interval = now - self.last
            self.intervals.append(interval)
            if interval * 1000.0 > SLOW_FRAME_MS and len(self.intervals) > 1:
                own = self.work[-1] if self.work else 0.0
                self.slow.append(slow_entry(self.last - self.start, self.parts, max(0.0, interval - own)))
        self.last = now
        t = now - self.start
        while self.pending and self.pending[0].t <= t:
            ev = self.pending.pop(0)
            if ev.type == "decide":
                self.app.decide(ev.args["option"])
                continue
            self.window.dispatch_event(f"on_{ev.type}", *pyglet_input.pyglet_args(ev))
        if t >= self.script.duration:
            self.finish()

    def done_frame(self, work_s: float, parts: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> None:
        """A frame ends: its own work (s), and that work's update, draw and swap."""
        self.work.append(work_s)
        self.parts = parts

    def summary(self) -> dict:
        """The session's summary, with the frame figures of the real window."""
        out = self.app.session.summary()
        out.update(self.app.view_summary())
        out.update(frames=len(self.intervals), **frame_figures(self.intervals))
        work = 1000.0 * np.asarray(self.work or [0.0], dtype=float)
        out.update(
            frame_work_ms_p99=round(float(np.percentile(work, 99)), 3),
            frame_work_max_ms=round(float(np.max(work)), 3),
            slow_frame_log=slowest(self.slow),
            window="real",
        )
        out["size"] = list(self.window.get_size())
        return out

    def finish(self) -> None:
        self.finished = True
        self.out = self.summary()
        if self.summary_path is not None:
            path = Path(self.summary_path)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(self.out, indent=2).encode()
            with atomic_open(path) as fh:
                fh.write(text)
        if self.on_finish is not None:
            self.on_finish()

"""Playback clock of the replay viewer: pause, scrub, step, speed 0.1x-2x, loop.

Pure state fed by wall-clock time and key presses, so tests drive it without a window.
"""

from __future__ import annotations

SPEEDS = (0.1, 0.25, 0.5, 1.0, 1.5, 2.0)
NORMAL = SPEEDS.index(1.0)


class Timeline:
    """Current replay time in ``[start, start + duration]``."""

    def __init__(self, duration: float, frame_dt: float, start: float = 0.0) -> None:
        self.start = float(start)
        self.duration = max(0.0, float(duration))
        self.frame_dt = float(frame_dt)
        self.t = self.start
        self.paused = False
        self.loop = False
        self._speed = NORMAL

    @property
    def end(self) -> float:
        return self.start + self.duration

    @property
    def speed(self) -> float:
        return SPEEDS[self._speed]

    @property
    def finished(self) -> bool:
        return not self.loop and self.t >= self.end

    @property
    def fraction(self) -> float:
        return (self.t - self.start) / self.duration if self.duration > 0 else 1.0

    def advance(self, wall_dt: float) -> None:
        """Move on by ``wall_dt`` seconds of real time times the speed (not when paused)."""
        if self.paused or wall_dt <= 0:
            return
        t = self.t + wall_dt * self.speed
        if t >= self.end:
            if self.loop and self.duration > 0:
                t = self.start + (t - self.start) % self.duration
            else:
                t = self.end
        self.t = t

    def toggle_pause(self) -> None:
        """Space: pause or resume; resuming at the end without loop starts over."""
        if self.paused and self.finished:
            self.t = self.start
        self.paused = not self.paused

    def step(self, frames: int) -> None:
        """Left/right: pause and move by whole frames on the sample grid."""
        self.paused = True
        index = round((self.t - self.start) / self.frame_dt) + frames
        self.seek(self.start + index * self.frame_dt)

    def seek(self, t: float) -> None:
        """Jump to time ``t`` (clamped)."""
        self.t = min(self.end, max(self.start, float(t)))

    def scrub(self, fraction: float) -> None:
        """Jump to a fraction of the replay (mouse on the time bar)."""
        self.seek(self.start + float(fraction) * self.duration)

    def faster(self) -> None:
        self._speed = min(len(SPEEDS) - 1, self._speed + 1)

    def slower(self) -> None:
        self._speed = max(0, self._speed - 1)

    def toggle_loop(self) -> None:
        self.loop = not self.loop

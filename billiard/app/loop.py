"""Fixed-timestep loop: frames of any length feed an accumulator that is spent in ticks of
exactly ``dt`` (the physics tick, ``Params.dt`` <= 1/120 s). The physics therefore takes
the same path whatever the frame rate; the renderer draws between the last two ticks with
``alpha``. Pause and slow motion scale what enters the accumulator, never ``dt``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

SPEEDS = (1.0, 0.5, 0.25, 2.0, 4.0)
MAX_FRAME = 0.25  # s: a stalled frame is capped here (the game slows down, the physics path is unchanged)


@dataclass
class FixedLoop:
    """``advance(frame_seconds)`` runs ``tick()`` as many times as the accumulator allows."""

    dt: float
    tick: Callable[[], None]
    speed: float = 1.0
    paused: bool = False
    accumulator: float = 0.0
    ticks: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.dt <= 1.0 / 120.0 + 1e-12:
            raise ValueError(f"the physics tick must be in (0, 1/120] s, got {self.dt}")

    def set_speed(self, speed: float) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {SPEEDS}")
        self.speed = speed

    def advance(self, frame_seconds: float) -> int:
        """Feed one frame's wall time; return how many ticks ran."""
        if self.paused:
            return 0
        self.accumulator += min(max(frame_seconds, 0.0), MAX_FRAME) * self.speed
        n = 0
        while self.accumulator >= self.dt:
            self.accumulator -= self.dt
            self.tick()
            n += 1
        self.ticks += n
        return n

    @property
    def alpha(self) -> float:
        """Fraction of a tick between the previous and the current state, for interpolation."""
        return min(1.0, self.accumulator / self.dt)

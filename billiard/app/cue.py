"""The player's cue as the controls hold it (heading, elevation, tip, power), and a stroke that
a non-human player shows over a few frames (:meth:`billiard.app.controls.Controls.play`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from billiard.app.commands import StrikeCommand
from billiard.formats.limits import CONTROL_MAX_ELEVATION_DEG, MISCUE

MAX_TIP = MISCUE  # miscue limit: tip offset in ball radii (one home: physics.cue)
MIN_KEY_POWER = 0.02  # the softest keyboard stroke: 0.24 m/s
AUTO_DRAW_M = 0.25  # how far a non-human player's cue is drawn back (shown)


@dataclass
class Cue:
    heading_deg: float = 0.0
    elevation_deg: float = 0.0  # what the player asked for (the cue may have to rise above it)
    tip: tuple[float, float] = (0.0, 0.0)
    power: float = 0.0  # 0..1 shown on the meter while a stroke builds
    key_power: float = 0.4

    def set_tip(self, a: float, b: float) -> None:
        """Clamp the tip to the miscue circle |tip| <= MAX_TIP."""
        r = math.hypot(a, b)
        if r > MAX_TIP:
            a, b = a * MAX_TIP / r, b * MAX_TIP / r
        self.tip = (a, b)

    def set_elevation(self, deg: float) -> None:
        self.elevation_deg = min(CONTROL_MAX_ELEVATION_DEG, max(0.0, deg))

    def turn(self, deg: float) -> None:
        self.heading_deg = (self.heading_deg + deg) % 360.0


@dataclass
class AutoStroke:
    """A stroke played by a non-human player: turn to the heading, draw back, push through."""

    command: StrikeCommand
    aim_s: float
    stroke_s: float
    start_heading: float
    t: float = 0.0

    def pull_m(self) -> float:
        """How far the cue stands back from the ball at time ``t`` (m): drawn back over the
        first 2/3 of the stroke, pushed through in the last 1/3."""
        x = (self.t - self.aim_s) / self.stroke_s
        return AUTO_DRAW_M * (0.0 if x <= 0 else 1.5 * x if x < 2 / 3 else max(0.0, 3.0 * (1.0 - x)))

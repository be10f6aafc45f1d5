"""Stroke by speed: the player presses, draws the mouse back and pushes it forward, and the
cue-ball speed comes from how fast the hand moves forward, capped by how far it was drawn back.

Mapping (documented in README "Controls" and docs/controls.md):

* the cue follows the hand: each pixel the mouse moves down draws the cue back, up pushes it
  forward; the strike fires when the cue comes back to the ball (the hand returns to where
  the press began), or on a release while the hand still moves forward;
* speed = ``SPEED_PER_PX_S`` x (forward hand speed in pixels per second, averaged over the
  last ``WINDOW_S``), so 100 px/s is a 0.5 m/s touch and 2400 px/s a 12 m/s break;
* cap = ``max_speed`` x draw-back / full draw-back (``FULL_DRAW`` of the window height):
  a short draw-back can only give a soft shot, a full one allows the break;
* a press and release without a draw-back of ``MIN_PULL_PX``, or without a forward push, fires
  nothing (the reason is kept in ``why_not`` for the HUD).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from billiard.formats.limits import power_of_speed, speed_of_power

SPEED_PER_PX_S = 0.005  # m/s of cue-ball speed per px/s of forward hand speed
WINDOW_S = 0.06  # s of hand motion the forward speed is averaged over
FULL_DRAW = 0.3  # a draw-back of this fraction of the window height allows max_speed
MIN_PULL_PX = 6.0  # a press drawn back less than this fires nothing
MIN_SPEED = 0.05  # m/s: anything slower is no stroke
PULL_M_PER_PX = 0.0012  # how far the drawn cue moves back per pixel (what the cue shows)


@dataclass
class Stroke:
    """One press of the stroke: ``move(dy, t)`` per mouse drag (dy < 0 draws back), returns the
    strike speed when the cue reaches the ball; ``release(t)`` likewise for the button going up."""

    full_px: float
    max_speed: float
    pull: float = 0.0  # px the cue is drawn back now
    deepest: float = 0.0  # px at the deepest draw-back
    why_not: str = ""
    samples: list[tuple[float, float]] = field(default_factory=list)  # (t, pull)

    def cap(self) -> float:
        return speed_of_power(self.deepest / self.full_px, self.max_speed)

    def hand_speed(self, t: float) -> float:
        """Forward hand speed (px/s) over the last WINDOW_S (0 when drawing back or still)."""
        recent = [(ts, p) for ts, p in self.samples if ts >= t - WINDOW_S - 1e-9]
        if len(recent) < 2:
            recent = self.samples[-2:]
        if len(recent) < 2:
            return 0.0
        (t0, p0), (t1, p1) = recent[0], recent[-1]
        if t1 - t0 <= 1e-6:
            return 0.0
        return max(0.0, (p0 - p1) / (t1 - t0))

    def speed(self, t: float) -> float:
        """The cue-ball speed this stroke would give now."""
        return min(self.cap(), SPEED_PER_PX_S * self.hand_speed(t))

    def meter(self, t: float) -> float:
        """What the power meter shows (0..1 of max_speed): the reachable power while drawing
        back, the stroke's speed once the hand moves forward."""
        live = self.speed(t)
        return power_of_speed(live if live > 0 else self.cap(), self.max_speed)

    def move(self, dy: float, t: float) -> float | None:
        if not self.samples:
            self.samples.append((t - 1e-3, self.pull))
        self.pull = max(0.0, self.pull - dy)
        self.deepest = max(self.deepest, self.pull)
        self.samples.append((t, self.pull))
        self.samples = self.samples[-64:]
        if self.deepest >= MIN_PULL_PX and self.pull <= 0.0:
            return self._fire(t)
        return None

    def release(self, t: float) -> float | None:
        if self.deepest < MIN_PULL_PX:
            self.why_not = "no stroke: press, draw the mouse back, then push it forward"
            return None
        if self.hand_speed(t) <= 0.0 or self.samples[-1][0] < t - WINDOW_S:
            self.why_not = "no stroke: the cue was not pushed forward (released while still)"
            return None
        return self._fire(t)

    def _fire(self, t: float) -> float | None:
        speed = self.speed(t)
        if speed < MIN_SPEED:
            self.why_not = "no stroke: the push was too slow to move the ball"
            return None
        return round(speed, 6)

    @property
    def cue_pull_m(self) -> float:
        return self.pull * PULL_M_PER_PX

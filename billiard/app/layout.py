"""Where the HUD widgets sit in a window of a given size (pixels, origin bottom-left).
The controls hit-test against it and the HUD draws from it, so both always agree."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@dataclass(frozen=True)
class HudLayout:
    """Spin widget (a cue-ball face of radius ``spin_r`` at ``spin_c``), elevation slider,
    power meter, scaled with the window height."""

    width: int
    height: int
    spin_c: tuple[float, float]
    spin_r: float
    elevation: Rect
    power: Rect

    @classmethod
    def for_size(cls, width: int, height: int) -> "HudLayout":
        u = max(height, 240) / 720.0
        spin_r = 55 * u
        margin = 20 * u
        spin_c = (width - margin - spin_r, margin + spin_r)
        elevation = Rect(spin_c[0] - spin_r - 30 * u, margin, 14 * u, 2 * spin_r)
        power = Rect(margin, margin, 24 * u, 200 * u)
        return cls(width, height, spin_c, spin_r, elevation, power)

    def menu_item(self, index: int) -> Rect:
        """Where menu line ``index`` sits (clickable)."""
        u = max(self.height, 240) / 720.0
        return Rect(0.3 * self.width, self.height - (146 + 40 * index) * u, 0.4 * self.width, 34 * u)

    def in_spin(self, x: float, y: float) -> bool:
        cx, cy = self.spin_c
        return (x - cx) ** 2 + (y - cy) ** 2 <= (self.spin_r * 1.05) ** 2

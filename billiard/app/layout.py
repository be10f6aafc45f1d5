"""Where the HUD widgets sit in a window of a given size (pixels, origin bottom-left).
The controls hit-test against it and the HUD draws from it, so both always agree."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.display.rect import Rect

MENU_TOP = 96  # units (1/720 of the height) from the top to the menu's first line
MENU_BOTTOM = 40  # units kept clear under its last line


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

    def menu_item(self, index: int, count: int = 16) -> Rect:
        """Where line ``index`` of a menu of ``count`` lines sits (clickable): the lines share
        the height between the title and the bottom margin, so every one fits in the window
        (issue 25, point 5), at most 40 units apart."""
        u = max(self.height, 240) / 720.0
        top, bottom = self.height - MENU_TOP * u, MENU_BOTTOM * u
        pitch = min(40 * u, (top - bottom) / max(count, 1))
        return Rect(0.3 * self.width, top - (index + 1) * pitch + 0.075 * pitch, 0.4 * self.width, 0.85 * pitch)

    def menu_title_y(self) -> float:
        """The baseline of the menu's title, above its first line."""
        u = max(self.height, 240) / 720.0
        return self.height - (MENU_TOP - 16) * u

    def rack_box(self) -> Rect:
        """The end-of-rack panel, in the middle of the window."""
        w, h = 0.62 * self.width, 0.5 * self.height
        return Rect((self.width - w) / 2, 0.27 * self.height, w, h)

    def rack_button(self, index: int, count: int) -> Rect:
        """Button ``index`` of ``count`` along the bottom of the end-of-rack panel."""
        box, u = self.rack_box(), max(self.height, 240) / 720.0
        gap = 12 * u
        w = (box.w - gap * (count + 1)) / max(count, 1)
        return Rect(box.x + gap + index * (w + gap), box.y + gap, w, 40 * u)

    def table_area(self) -> Rect:
        """Where the top view puts the table: between the power meter and the spin widget and
        elevation slider, below the player, message and hint lines and the trays of pocketed
        balls (``render.tray``: two rows under the player lines), above the balls-left line."""
        u = max(self.height, 240) / 720.0
        left = self.power.x + self.power.w + 10 * u
        right = self.elevation.x - 10 * u
        top = self.height - 136 * u
        bottom = 40 * u
        return Rect(left, bottom, max(1.0, right - left), max(1.0, top - bottom))

    def near_widget(self, x: float, y: float, pad: float = 60.0) -> bool:
        """True within ``pad`` pixels of the bottom-corner widgets (they turn solid)."""
        u = max(self.height, 240) / 720.0
        bottom = self.spin_c[1] + self.spin_r + pad * u
        return (
            y <= bottom
            and (x <= self.power.x + self.power.w + pad * u or x >= self.elevation.x - pad * u)
            or y <= self.power.y + self.power.h + pad * u
            and x <= self.power.x + self.power.w + pad * u
        )

    def over_widget(self, x: float, y: float) -> bool:
        """True over the spin widget, the elevation slider or the power meter (the aim holds)."""
        return self.in_spin(x, y) or self.elevation.contains(x, y) or self.power.contains(x, y)

    def in_spin(self, x: float, y: float) -> bool:
        cx, cy = self.spin_c
        return (x - cx) ** 2 + (y - cy) ** 2 <= (self.spin_r * 1.05) ** 2

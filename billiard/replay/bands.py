"""The replay viewer's HUD bands (pixels): the status strip along the top, the help line and
clock over the time bar along the bottom. The top view frames the table between them, so no
line of text lies on a rail or a pocket (the game's HUD does the same with its ``HudLayout``)."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.display.rect import Rect

BAR_HEIGHT = 28  # the time bar along the bottom of the window
BAR_MARGIN = 16  # from the left and right edges
TOP_STRIP = 54  # the status and event lines along the top
BOTTOM_TEXT = BAR_HEIGHT + 48  # the clock and help lines above the time bar, with their height


@dataclass(frozen=True)
class ViewerFraming:
    """Where the viewer's bands leave the table room (a ``cameras.Framing``)."""

    width: int
    height: int

    def table_area(self) -> Rect:
        return Rect(0.0, float(BOTTOM_TEXT), float(self.width), float(max(1, self.height - TOP_STRIP - BOTTOM_TEXT)))

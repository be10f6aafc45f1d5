"""A rectangle of the window in pixels (origin bottom-left): where a HUD widget sits or where
a view leaves the table room (the game's ``app.layout``, the replay viewer's ``replay.bands``)."""

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

"""Carrying a ball over a legal area under the pointer: ball in hand, and any screen that lets
the player set balls down (the practice table's set-up mode builds on it).

A :class:`Placement` is given two functions: ``legal(x, y)`` says whether the ball may lie at a
table point, ``put(x, y)`` puts it there. :meth:`Placement.hover` follows the pointer: on a legal
spot the ball moves there, on an illegal one the spot is
kept as ``refused`` so the screen can show it (a red ring) while the ball slides as far
towards it as the legal area allows (it stops at the head string, at the edge of the D). :meth:`Placement.confirm` ends the
carry when the ball lies legally. Nothing here knows about windows, rules or drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from billiard.render.scene import Polyline

Spot = tuple[float, float]
REFUSED_COLOR = (1.0, 0.25, 0.2, 0.9)
CARRIED_COLOR = (1.0, 1.0, 1.0, 0.6)
STEPS = 24  # an illegal spot: the ball slides along the line towards it, in this many steps


@dataclass
class Placement:
    """One ball being carried. ``at`` is where it lies now (always legal once put down)."""

    ball: str
    legal: Callable[[float, float], bool]
    put: Callable[[float, float], bool | None]
    at: Spot | None = None
    refused: Spot | None = None

    def hover(self, spot: Spot | None) -> bool:
        """Follow the pointer to ``spot`` (None: off the table, nothing changes). True when the
        ball moved there."""
        if spot is None:
            return False
        if self.legal(*spot) and self.put(*spot) is not False:
            self.at, self.refused = spot, None
            return True
        self.refused = spot
        if self.at is not None:  # slide as far towards the pointer as the area allows
            for k in range(1, STEPS):
                f = 1.0 - k / STEPS
                near = (self.at[0] + f * (spot[0] - self.at[0]), self.at[1] + f * (spot[1] - self.at[1]))
                if self.legal(*near) and self.put(*near) is not False:
                    self.at = near
                    break
        return False

    def nudge(self, dx: float, dy: float, here: Spot) -> bool:
        """Move by (dx, dy) from ``here`` (keyboard placement)."""
        return self.hover((here[0] + dx, here[1] + dy))

    def confirm(self, here: Spot) -> bool:
        """True when the ball may be left at ``here`` (the carry then ends)."""
        ok = self.legal(*here)
        if ok:
            self.refused = None
        return ok

    def marks(self, radius: float, here: Spot) -> tuple[Polyline, ...]:
        """A ring round the carried ball and, while the pointer is over an illegal spot, a red
        ring with a cross there (plain overlay lines for the renderer)."""
        out = [Polyline(ring(here, 1.35 * radius), CARRIED_COLOR, 0.003)]
        if self.refused is not None:
            x, y = self.refused
            k = 0.7 * radius
            out += [
                Polyline(ring(self.refused, radius), REFUSED_COLOR, 0.004),
                Polyline(np.array([(x - k, y - k), (x + k, y + k)]), REFUSED_COLOR, 0.004),
                Polyline(np.array([(x - k, y + k), (x + k, y - k)]), REFUSED_COLOR, 0.004),
            ]
        return tuple(out)


def ring(center: Spot, radius: float, segments: int = 32) -> np.ndarray:
    """Points of a closed circle on the bed."""
    a = np.linspace(0.0, 2 * math.pi, segments + 1)
    return np.stack([center[0] + radius * np.cos(a), center[1] + radius * np.sin(a)], axis=1)

"""The aim a turn starts with: straight at a ball the player may legally hit first, along a
line no other ball blocks (snooker's opening is not into the pink), else the nearest legal
ball whatever is in the way."""

from __future__ import annotations

import math

from billiard.app.session import Session
from billiard.display.aim import first_contact
from billiard.render.scene import BallView


def opening_heading(s: Session) -> float | None:
    """Heading (degrees) from the cue ball to the nearest legal, unblocked object ball."""
    targets = s.rules.targets(s.on_table())
    if not targets:
        return None
    b = s.balls
    cue = b.index(s.rules.cue)
    cx, cy = s.cue_xy()
    view = BallView.from_balls(b)

    def heading(t: str) -> float:
        p = b.pos[b.index(t)]
        return math.degrees(math.atan2(p[1] - cy, p[0] - cx)) % 360.0

    def distance(t: str) -> float:
        p = b.pos[b.index(t)]
        return math.hypot(p[0] - cx, p[1] - cy)

    legal = set(targets)
    for t in sorted(targets, key=distance):
        _, hit = first_contact(view, s.table, cue, heading(t))
        if hit is not None and b.ids[hit] in legal:
            return heading(t)
    return heading(min(targets, key=distance))

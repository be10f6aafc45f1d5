"""Where balls may go: ball-in-hand regions and respotting (WPA: a spotted ball that cannot
go on its spot goes behind it on the long string, as close as possible)."""
from __future__ import annotations

import math

import numpy as np

from billiard.game.outcome import IN_HAND_D, IN_HAND_KITCHEN
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table


def _clear(balls: Balls, skip: int, x: float, y: float, r: float) -> bool:
    live = balls.motion != Motion.POCKETED
    live[skip] = False
    d = np.hypot(balls.pos[live, 0] - x, balls.pos[live, 1] - y)
    return bool(np.all(d >= r + balls.radius[live]))


def on_bed(table: Table, x: float, y: float, r: float) -> bool:
    return abs(x) <= table.half_length - r and abs(y) <= table.half_width - r


def in_hand_ok(kind: str | None, table: Table, balls: Balls, ball: str, x: float, y: float) -> bool:
    """True when the ball in hand may be put down at (x, y): on the bed, in the region the
    rules allow (behind the head string, in the D, or anywhere), not touching another ball."""
    i = balls.index(ball)
    r = float(balls.radius[i])
    if kind is None or not on_bed(table, x, y, r):
        return False
    if kind == IN_HAND_KITCHEN and x > table.head_string_x:
        return False
    if kind == IN_HAND_D and (x > table.head_string_x or
                              math.hypot(x - table.head_string_x, y) > table.d_radius):
        return False
    if any(math.hypot(x - p.center[0], y - p.center[1]) < p.radius for p in table.pockets):
        return False
    return _clear(balls, i, x, y, r)


def spot_for(table: Table, ball: str) -> tuple[float, float]:
    """The spot of a ball: its own (snooker colours) or the foot spot."""
    x, y = table.spots.get(ball, table.foot_spot)
    return x, y


def free_spot(table: Table, balls: Balls, ball: str, xy: tuple[float, float],
              direction: float = 1.0) -> tuple[float, float]:
    """``xy`` if free, else the nearest free point on the line y = xy[1] going ``direction``
    along x (towards the foot rail), then the other way."""
    i = balls.index(ball)
    r = float(balls.radius[i])
    step = r / 8
    for sign in (direction, -direction):
        x = xy[0]
        while on_bed(table, x, xy[1], r):
            if _clear(balls, i, x, xy[1], r):
                return (x, xy[1])
            x += sign * step
    return xy


def put_on_table(balls: Balls, ball: str, xy: tuple[float, float]) -> None:
    """Place a ball at rest on the bed at ``xy`` (z = R), no spin, not pocketed."""
    i = balls.index(ball)
    balls.pos[i] = (xy[0], xy[1], balls.radius[i])
    balls.vel[i] = 0.0
    balls.omega[i] = 0.0
    balls.motion[i] = Motion.REST
    balls.pocket[i] = None

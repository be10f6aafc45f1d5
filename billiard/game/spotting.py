"""Where balls may go: ball-in-hand regions and respotting.

Pool (WPA general rule 1.4): a spotted ball goes on the foot spot, or as close as possible
behind it on the long string. Snooker (WPBSA Section 3 Rule 6): a colour goes on its own
spot; if that is occupied, on the highest-value spot available, the higher colour first
when several wait; with every spot occupied, as near its own spot as possible towards the
top cushion (the pink and the black, if there is no room there, below their spot)."""

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
    if kind == IN_HAND_D and (x > table.head_string_x or math.hypot(x - table.head_string_x, y) > table.d_radius):
        return False
    if any(math.hypot(x - p.center[0], y - p.center[1]) < p.radius for p in table.pockets):
        return False
    return _clear(balls, i, x, y, r)


def spot_for(table: Table, ball: str) -> tuple[float, float]:
    """The spot of a ball: its own (snooker colours) or the foot spot."""
    x, y = table.spots.get(ball, table.foot_spot)
    return x, y


def free_spot(
    table: Table, balls: Balls, ball: str, xy: tuple[float, float], direction: float = 1.0
) -> tuple[float, float]:
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


SNOOKER_ORDER = ("black", "pink", "blue", "brown", "green", "yellow")  # highest value first


def _spot_free(table: Table, balls: Balls, ball: str, xy: tuple[float, float]) -> bool:
    i = balls.index(ball)
    return _clear(balls, i, xy[0], xy[1], float(balls.radius[i]))


def respot(table: Table, balls: Balls, ids: tuple[str, ...] | list[str]) -> None:
    """Put the balls ``ids`` back on the table by the spotting rules (see the module doc).
    Colours whose own spot is free go there first; the others, highest value first, take
    the highest free spot."""
    colours = [b for b in ids if b in SNOOKER_ORDER and b in table.spots]
    waiting = []
    for ball in ids:
        if ball in colours and not _spot_free(table, balls, ball, table.spots[ball]):
            waiting.append(ball)
            continue
        put_on_table(balls, ball, free_spot(table, balls, ball, spot_for(table, ball)))
    for ball in sorted(waiting, key=SNOOKER_ORDER.index):
        spot = next((table.spots[c] for c in SNOOKER_ORDER if _spot_free(table, balls, ball, table.spots[c])), None)
        if spot is None:
            own = spot_for(table, ball)
            spot = free_spot(table, balls, ball, own, direction=1.0)
        put_on_table(balls, ball, spot)


def put_on_table(balls: Balls, ball: str, xy: tuple[float, float]) -> None:
    """Place a ball at rest on the bed at ``xy`` (z = R), no spin, not pocketed."""
    i = balls.index(ball)
    balls.pos[i] = (xy[0], xy[1], balls.radius[i])
    balls.vel[i] = 0.0
    balls.omega[i] = 0.0
    balls.motion[i] = Motion.REST
    balls.pocket[i] = None

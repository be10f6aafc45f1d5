"""Straight-line paths of the cue ball, for the snooker rules that depend on them
(WPBSA definitions, "snookered"; Section 3 Rule 12, snookered after a foul: free ball;
Rule 14, foul and a miss: a clear path to any part of a ball on).

Balls are discs of radius R on the bed; the cue ball travelling from its centre C to the
point P where it meets a ball is obstructed when another ball's centre comes within 2R of
the segment CP. Cushions and pocket jaws do not obstruct here (a simplification: the rules
count a cushion that blocks the path as "angled", which we do not judge)."""

from __future__ import annotations

import math
from typing import Iterable, Mapping

XY = tuple[float, float]
EDGE = 0.97  # the thinnest hit tried: the cue ball's centre passes 0.97 x 2R from the ball's
PARTS = 15  # contact points tried across a ball for "any part of it"


def _blocked(start: XY, end: XY, r: float, others: Iterable[XY]) -> bool:
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    length2 = dx * dx + dy * dy
    for ox, oy in others:
        t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((ox - sx) * dx + (oy - sy) * dy) / length2))
        if math.hypot(sx + t * dx - ox, sy + t * dy - oy) < 2 * r * (1 - 1e-9):
            return True
    return False


def _contact(cue: XY, ball: XY, r: float, offset: float) -> XY:
    """Where the cue ball's centre is when it meets ``ball`` with its centre line passing
    ``offset`` x 2R beside the ball's centre (0: full ball, +-1: the extreme edges)."""
    dx, dy = ball[0] - cue[0], ball[1] - cue[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    side = offset * 2 * r
    back = math.sqrt(max(0.0, (2 * r) ** 2 - side**2))
    return ball[0] - ux * back - uy * side, ball[1] - uy * back + ux * side


def _free(
    pos: Mapping[str, XY], cue: str, target: str, r: float, on: frozenset[str], offsets: Iterable[float]
) -> list[bool]:
    """For each offset, whether the stroke at ``target`` with that offset is unobstructed."""
    others = [p for b, p in pos.items() if b not in on and b not in (target, cue)]
    start = pos[cue]
    return [not _blocked(start, _contact(start, pos[target], r, k), r, others) for k in offsets]


def snookered(pos: Mapping[str, XY], r: float, cue: str, on: Iterable[str]) -> bool:
    """True when no ball on can be hit at both extreme edges by a straight stroke, free of
    balls not on (WPBSA definitions, "snookered")."""
    on = frozenset(b for b in on if b in pos)
    if cue not in pos or not on:
        return False
    return not any(all(_free(pos, cue, b, r, on, (-EDGE, EDGE))) for b in on)


def clear_to_any_part(pos: Mapping[str, XY], r: float, cue: str, on: Iterable[str]) -> bool:
    """True when a straight stroke reaches some part of some ball on, free of balls not on
    (WPBSA Section 3 Rule 14: then failing to hit a ball on is always a miss)."""
    on = frozenset(b for b in on if b in pos)
    if cue not in pos:
        return False
    offsets = [EDGE * (2 * k / (PARTS - 1) - 1) for k in range(PARTS)]
    return any(any(_free(pos, cue, b, r, on, offsets)) for b in on)

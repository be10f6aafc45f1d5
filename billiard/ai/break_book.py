"""The opening breaks of 9-ball and 8-ball, chosen once by simulation under noise.

A break scatters the whole rack, so its outcome is chaotic: two breaks a hair apart end
differently, and a handful of noisy copies on the table cannot tell a good break from a
lucky one. ``benchmarks/break_study.py`` therefore plays each candidate (cue-ball place on
the head string, speed, tip height) on hundreds of seeded racks with the level-5 strike
noise and counts how often it keeps the table (a ball down, no foul) and how often it
fouls (mostly the cue ball scratching); the winners are below, best first, with their
figures in docs/computer-player.md ("The break"). A touch of follow (tip 0.1 R above
centre) scratches far less than the stun-draw the player used before: the cue ball keeps
moving forward into the scattered rack instead of drawing back off the head ball's
rebound into a corner or side pocket."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.state import Balls, Motion

RACK_SPAN = 0.3  # m: an untouched rack lies within this (15 pool balls: 0.20 x 0.23 m)
MIN_RACKED = 9  # object balls an untouched rack has at least (9-ball's diamond)


@dataclass(frozen=True)
class BookBreak:
    """One break: the cue ball ``side`` metres off the centre line on the head string,
    struck full at the head ball at ``speed`` m/s with the tip ``tip_height`` radii above
    centre (negative: draw)."""

    side: float
    speed: float
    tip_height: float


BOOK: dict[str, tuple[BookBreak, ...]] = {
    # 9-ball: off the centre line the 1-ball is hit a touch thin and the wing ball drops more often;
    # +0.1 rather than +0.2 of follow: 4.9 % fouls against 7.1 % over 700 racks (fourth session);
    # full power rather than 11.25 m/s: 57.7 % of tables kept against 52.3 %, fouls 7.3 % against
    # 6.7 % (600 racks, seeds 9000-9199 and 20000-20399, sixth session)
    "9-ball": (BookBreak(-0.3, 12.0, 0.1), BookBreak(0.3, 11.25, 0.1), BookBreak(0.0, 12.0, 0.1)),
    # 8-ball: the centre break: off-centre ones fouled 10-18 % of the time, the centre one 4 %
    "8-ball": (BookBreak(0.0, 12.0, 0.1), BookBreak(0.0, 11.25, 0.1), BookBreak(0.0, 10.5, 0.1)),
}


def book_breaks(mode: str) -> tuple[BookBreak, ...]:
    """The study's breaks for ``mode``, best first (empty for games without one)."""
    return BOOK.get(mode, ())


def racked(balls: Balls, cue: str) -> bool:
    """The object balls are still an untouched rack (nine or more on the table, all within
    :data:`RACK_SPAN` of each other): on the practice table the shot from here is a break."""
    live = [i for i, (b, m) in enumerate(zip(balls.ids, balls.motion)) if b != cue and m != Motion.POCKETED]
    return len(live) >= MIN_RACKED and packed(balls, live, RACK_SPAN)


def packed(balls: Balls, rows: list[int], span: float) -> bool:
    """The balls at ``rows`` lie within ``span`` of each other along both axes: an untouched
    rack (pool) or pack (snooker's reds)."""
    xy = balls.pos[rows, :2]
    return float(np.ptp(xy[:, 0])) < span and float(np.ptp(xy[:, 1])) < span

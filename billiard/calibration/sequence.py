"""The event sequence of a shot, from a simulation's events or from tracked positions alone,
in one form so the two can be compared: the struck ball's first contact with each other ball
(its id) and each of its cushions ("C") in time order, then the balls pocketed.

From positions (a recording), a ball's first contact is when it starts to move with the
struck ball beside it; a cushion is a turn of the struck ball's track within a few
millimetres of a cushion line; a pot is a track that ends early beside a pocket.
"""

from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from billiard.physics.events import Event
from billiard.table import Table
from billiard.table.cushion import nose_setback

MOVE_MM = 8.0  # a ball has started to move once it is this far from its start (mm)
NEAR_MM = 25.0  # the struck ball "beside" a ball that starts to move (mm beyond touching)
RAIL_MM = 12.0  # a turn this close to a cushion line (plus a frame's travel) is a cushion contact (mm)
TURN_MM = 6.0  # ... if the track comes in and goes back out by more than this over two frames (mm)
EARLY_S = 0.2  # a track ending this much before the recording's end has left the table


def from_events(events: Iterable[Event], struck: str) -> tuple[list[str], list[str]]:
    """(contacts of the struck ball, pocketed balls) of a simulation."""
    seq: list[str] = []
    touched: set[str] = set()
    pots: list[str] = []
    for e in events:
        if e.type == "ball-ball" and struck in e.balls:
            other = e.balls[0] if e.balls[1] == struck else e.balls[1]
            if other not in touched:
                touched.add(other)
                seq.append(other)
        elif e.type == "ball-cushion" and e.balls == (struck,):
            seq.append("C")
        elif e.type == "ball-pocket":
            pots.append(e.balls[0])
    return seq, sorted(pots)


def from_tracks(tracks: dict, struck: str, table: Table, radius: float) -> tuple[list[str], list[str]]:
    """(contacts of the struck ball, pocketed balls) read from tracked positions
    (``tracks``: ball -> object with ``t`` (n,) and ``xy`` (n, 2))."""
    timed: list[tuple[float, str]] = []
    cue = tracks.get(struck)
    if cue is None:
        return [], []
    for ball, tr in tracks.items():
        if ball == struck:
            continue
        dist = np.hypot(*(tr.xy - tr.xy[0]).T)
        moving = np.flatnonzero(dist > MOVE_MM / 1000.0)
        if len(moving) == 0:
            continue
        k = max(int(moving[0]) - 1, 0)
        # the struck ball's closest pass to this ball's start between its last still frame and
        # its first moving one (a fast ball travels centimetres between frames)
        window = np.linspace(float(tr.t[k]), float(tr.t[int(moving[0])]), 25)
        cx, cy = np.interp(window, cue.t, cue.xy[:, 0]), np.interp(window, cue.t, cue.xy[:, 1])
        gap = np.hypot(cx - tr.xy[0, 0], cy - tr.xy[0, 1])
        if float(gap.min()) < 2 * radius + NEAR_MM / 1000.0:
            timed.append((float(window[int(np.argmin(gap))]), ball))
    timed += [(t, "C") for t in _cushion_times(cue.t, cue.xy, table, radius)]
    end = max(float(tr.t[-1]) for tr in tracks.values())
    pots = []
    for ball, tr in tracks.items():
        if float(tr.t[-1]) < end - EARLY_S and any(
            math.dist(tr.xy[-1], p.center) < p.radius + 2 * radius for p in table.pockets
        ):
            pots.append(ball)
    return [name for _, name in sorted(timed)], sorted(pots)


def _cushion_times(t: np.ndarray, xy: np.ndarray, table: Table, radius: float) -> list[float]:
    """Times of the struck ball's turns at a cushion line: a peak of its distance towards a
    cushion, coming in and going back out by more than TURN_MM, within RAIL_MM of the line plus
    the frame's travel (a fast ball turns between two frames)."""
    reach = nose_setback(table.cushion_height, radius)
    limits = (table.half_length - reach, table.half_width - reach)
    out = []
    turn = TURN_MM / 1000.0
    for axis in (0, 1):
        for sign in (-1.0, 1.0):
            depth = sign * xy[:, axis] - limits[axis]  # <= 0 on the table; ~0 at the cushion
            for i in range(2, len(depth) - 2):
                if not depth[i] >= max(depth[i - 1], depth[i + 1]):
                    continue
                # in over two frames and out over two (the turn can fall between two frames)
                came, went = depth[i] - depth[i - 2], depth[i] - depth[i + 2]
                if came < turn or went < turn:
                    continue
                travel = max(float(np.hypot(*(xy[i] - xy[i - 1]))), float(np.hypot(*(xy[i + 1] - xy[i]))))
                if depth[i] > -RAIL_MM / 1000.0 - travel:
                    out.append(float(t[i]))
    return sorted(out)


def describe(seq: list[str], pots: list[str]) -> str:
    """``1 C C 2 / pot 3`` (``-`` for no contact at all)."""
    text = " ".join(seq) if seq else "-"
    return text + (f" / pot {' '.join(pots)}" if pots else "")

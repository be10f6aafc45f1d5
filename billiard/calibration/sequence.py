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

MOVE_MM = 8.0          # a ball has started to move once it is this far from its start (mm)
NEAR_MM = 25.0         # the struck ball "beside" a ball that starts to move (mm beyond touching)
RAIL_MM = 12.0         # a turn this close to a cushion line is a cushion contact (mm)
TURN_MM = 10.0         # ... if the track comes in and goes back out by at least this (mm)
EARLY_S = 0.2          # a track ending this much before the recording's end has left the table


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
        t = float(tr.t[k])
        cx, cy = np.interp(t, cue.t, cue.xy[:, 0]), np.interp(t, cue.t, cue.xy[:, 1])
        if math.hypot(cx - tr.xy[0, 0], cy - tr.xy[0, 1]) < 2 * radius + NEAR_MM / 1000.0:
            timed.append((t, ball))
    timed += [(t, "C") for t in _cushion_times(cue.t, cue.xy, table, radius)]
    end = max(float(tr.t[-1]) for tr in tracks.values())
    pots = []
    for ball, tr in tracks.items():
        if float(tr.t[-1]) < end - EARLY_S and any(
                math.dist(tr.xy[-1], p.center) < p.radius + 2 * radius for p in table.pockets):
            pots.append(ball)
    return [name for _, name in sorted(timed)], sorted(pots)


def _cushion_times(t: np.ndarray, xy: np.ndarray, table: Table, radius: float) -> list[float]:
    reach = nose_setback(table.cushion_height, radius)
    limits = (table.half_length - reach, table.half_width - reach)
    out = []
    for axis in (0, 1):
        for sign in (-1.0, 1.0):
            depth = sign * xy[:, axis] - limits[axis]           # <= 0 on the table; ~0 at the cushion
            near = depth > -RAIL_MM / 1000.0
            k = 0
            while k < len(near):
                if not near[k]:
                    k += 1
                    continue
                run_end = k
                while run_end + 1 < len(near) and near[run_end + 1]:
                    run_end += 1
                peak = k + int(np.argmax(depth[k:run_end + 1]))
                before, after = depth[:peak], depth[peak + 1:]
                came = len(before) and np.min(before) < depth[peak] - TURN_MM / 1000.0
                went = len(after) and np.min(after) < depth[peak] - TURN_MM / 1000.0
                if came and went:
                    out.append(float(t[peak]))
                k = run_end + 1
    return sorted(out)


def describe(seq: list[str], pots: list[str]) -> str:
    """``1 C C 2 / pot 3`` (``-`` for no contact at all)."""
    text = " ".join(seq) if seq else "-"
    return text + (f" / pot {' '.join(pots)}" if pots else "")

"""Three-cushion carom paths by ray tracing an idealised table: the cue ball runs straight,
bounces off cushions at the mirror angle, and after its first ball leaves along the tangent
line bent forward by its roll (a rolling ball keeps 2/7 of its speed along the line of
centres, Alciatore TP A.4). Headings whose path meets the first ball, then three cushions or
more, then the second ball, are candidates the real engine then checks."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.table.model import Table

STEP_DEG = 0.5
MAX_LEGS = 9
MAX_LENGTH = 9.0  # m of path traced at most


@dataclass(frozen=True)
class CaromPath:
    heading_deg: float
    first: str
    width_deg: float  # how wide the window of good headings around it is
    length: float  # path length to the second ball, m
    cushions: int


def _hit_ball(p: np.ndarray, d: np.ndarray, q: np.ndarray, reach: float) -> float:
    """Distance along ``d`` to touching a ball at ``q`` (centres ``reach`` apart), inf if never."""
    w = q - p
    b = float(w @ d)
    c = float(w @ w) - reach * reach
    disc = b * b - c
    if b <= 0 or disc < 0:
        return math.inf
    s = b - math.sqrt(disc)
    return s if s > 1e-9 else math.inf


def trace(
    table: Table, cue: np.ndarray, balls: dict[str, np.ndarray], r: float, heading_deg: float, roll: float = 1.0
) -> tuple[list[str], list[int], float]:
    """Follow the cue ball: (balls hit in order, cushions before each hit, length at the last)."""
    hx, hy = table.half_length - r, table.half_width - r
    p = cue.astype(float).copy()
    a = math.radians(heading_deg)
    d = np.array([math.cos(a), math.sin(a)])
    hits: list[str] = []
    before: list[int] = []
    cushions = 0
    length = 0.0
    for _ in range(MAX_LEGS):
        s_ball, which = math.inf, None
        for name, q in balls.items():
            if name in hits:
                continue
            s = _hit_ball(p, d, q, 2 * r)
            if s < s_ball:
                s_ball, which = s, name
        sx = ((hx if d[0] > 0 else -hx) - p[0]) / d[0] if abs(d[0]) > 1e-12 else math.inf
        sy = ((hy if d[1] > 0 else -hy) - p[1]) / d[1] if abs(d[1]) > 1e-12 else math.inf
        s_wall = min(sx, sy)
        if which is not None and s_ball < s_wall:
            p = p + s_ball * d
            length += s_ball
            hits.append(which)
            before.append(cushions)
            if len(hits) == 2:
                break
            n = balls[which] - p
            n /= np.hypot(*n)
            vn = float(d @ n)
            t = d - vn * n
            d = t + roll * 2 / 7 * vn * n
            norm = np.hypot(*d)
            if norm < 1e-9:
                break
            d = d / norm
        else:
            p = p + s_wall * d
            length += s_wall
            if sx <= sy:
                d = np.array([-d[0], d[1]])
            if sy <= sx:
                d = np.array([d[0], -d[1]])
            cushions += 1
        if length > MAX_LENGTH:
            break
    return hits, before, length


def carom_paths(
    table: Table, cue: np.ndarray, balls: dict[str, np.ndarray], r: float, roll: float = 1.0
) -> list[CaromPath]:
    """Windows of headings that score in the idealised model, widest first."""
    n = int(round(360 / STEP_DEG))
    ok = []
    info = []
    for k in range(n):
        h = k * STEP_DEG
        hits, before, length = trace(table, cue, balls, r, h, roll)
        good = len(hits) == 2 and before[1] >= 3
        ok.append(good)
        info.append((hits[0] if hits else "", length, before[1] if good else 0))
    out = []
    k = 0
    # windows of consecutive good headings (wrapping at 360)
    start = next((i for i in range(n) if not ok[i]), None)
    if start is None:
        return []
    run: list[int] = []
    for step in range(n + 1):
        j = (start + step) % n
        if ok[j] and (not run or info[j][0] == info[run[-1]][0]):
            run.append(j)
            continue
        if run:
            mid = run[len(run) // 2]
            out.append(CaromPath(mid * STEP_DEG, info[mid][0], len(run) * STEP_DEG, info[mid][1], info[mid][2]))
            run = [j] if ok[j] else []
    out.sort(key=lambda c: (-c.width_deg, c.length))
    return out


def carom_speed(length: float) -> float:
    """A cue-ball speed that carries the path's length through three cushions or more."""
    return min(7.0, max(2.2, 1.6 + 0.55 * length))

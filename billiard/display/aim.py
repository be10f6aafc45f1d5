"""Aim aids computed from the table and the balls: where the cue ball would first touch
another ball (or a cushion) going straight along the aim heading, and where that ball goes."""

from __future__ import annotations

import math

import numpy as np

from billiard.render.scene import BallView, Overlay, Polyline
from billiard.table.model import Table

AIM_COLOR = (1.0, 1.0, 1.0, 0.55)
OBJECT_COLOR = (1.0, 0.85, 0.25, 0.75)


def first_contact(balls: BallView, table: Table, cue: int, heading_deg: float) -> tuple[float, int | None]:
    """Distance the cue ball travels along the heading before touching a ball (its index) or a
    cushion nose (index None). Straight-line geometry: ray against spheres of radius r_i + r_j."""
    h = math.radians(heading_deg)
    return ray_contact(balls, table, cue, np.array([math.cos(h), math.sin(h)]))


def ray_contact(
    balls: BallView, table: Table, mover: int, d: np.ndarray, skip: tuple[int, ...] = ()
) -> tuple[float, int | None]:
    """Distance ball ``mover`` rolls along unit ``d`` before touching another ball (its index)
    or a cushion nose (None); balls in ``skip`` are ignored."""
    c = balls.pos[mover, :2]
    r = balls.radius[mover]
    best, hit = _wall_distance(c, d, table.half_length - r, table.half_width - r), None
    for j in range(len(balls.ids)):
        if j == mover or j in skip or balls.pocketed[j]:
            continue
        rel = balls.pos[j, :2] - c
        reach = r + balls.radius[j]
        along = rel @ d
        closest2 = rel @ rel - along * along
        if along <= 0 or closest2 >= reach * reach:
            continue
        t = along - math.sqrt(reach * reach - closest2)
        if 0 <= t < best:
            best, hit = t, j
    return best, hit


def _wall_distance(c, d, hx: float, hy: float) -> float:
    """Distance along unit ``d`` from ``c`` to the rectangle |x| = hx, |y| = hy (from inside)."""
    ts = [(math.copysign(h, d[k]) - c[k]) / d[k] for k, h in enumerate((hx, hy)) if abs(d[k]) > 1e-12]
    return max(0.0, min(ts))


def aim_overlay(
    balls: BallView,
    table: Table,
    heading_deg: float,
    cue_id: str = "cue",
    object_length: float = 0.5,
    paths: tuple[Polyline, ...] = (),
) -> Overlay:
    """The aim line to the first contact, the ghost ball there and, on a ball hit, the object
    ball's direction along the line of centres at contact."""
    cue = balls.index(cue_id)
    t, hit = first_contact(balls, table, cue, heading_deg)
    h = math.radians(heading_deg)
    start = balls.pos[cue].copy()
    ghost = start + t * np.array([math.cos(h), math.sin(h), 0.0])
    aim = Polyline(np.array([start, ghost]), AIM_COLOR, 0.003)
    obj = None
    if hit is not None:
        p = balls.pos[hit]
        n = (p - ghost)[:2] / np.linalg.norm((p - ghost)[:2])
        reach, _ = ray_contact(balls, table, hit, n, skip=(cue,))  # stops at the first cushion or ball
        end = p + min(object_length, reach) * np.array([n[0], n[1], 0.0])
        obj = Polyline(np.array([p, end]), OBJECT_COLOR, 0.004)
    return Overlay(aim_line=aim, ghost=tuple(ghost), object_line=obj, paths=paths)

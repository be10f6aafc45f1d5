"""The tray of pocketed balls beside the HUD's player lines: each player's balls in a row,
drawn by the ball shader (numbers, stripes, highlights as on the table) in a small viewport,
seen from above at a slant over a dark translucent strip."""

from __future__ import annotations

import math

import numpy as np

from billiard.formats.limits import POOL_BALL_RADIUS
from billiard.render.camera import Camera
from billiard.render.scene import BallView, Polyline

TRAY_RADIUS = POOL_BALL_RADIUS  # m: every tray ball is drawn at pool size
PITCH = 2.3  # ball centres this many radii apart
BACKING = (0.0, 0.0, 0.0, 0.45)
FOV_DEG = 12.0
TILT_DEG = 70.0  # how steeply the tray camera looks down (90: straight down)

Rect = tuple[int, int, int, int]


def tray_rects(width: int, height: int, rows: tuple[tuple[str, ...], ...], scale: float = 1.0) -> list[Rect]:
    """Framebuffer viewports (x, y, w, h), origin bottom-left, of each player's row: under the
    player lines at the top left, one ball 24 px (at 720 p) high per pocketed ball.
    ``scale``: framebuffer pixels per window pixel (HiDPI)."""
    u = height / 720.0
    out = []
    for i, row in enumerate(rows):
        h = 26 * u  # the camera frames 2.5 radii of height
        w = h * (PITCH * max(len(row), 1) / 2 + 0.3) / 1.25
        x0, y0, wide, high = (int(round(v * scale)) for v in (20 * u, height - (100 + 30 * i) * u, w, h))
        out.append((x0, y0, wide, high))
    return out


def tray_balls(ids: tuple[str, ...]) -> BallView:
    """The row's balls along +x, numbers up, resting on the plane z = 0."""
    x = (np.arange(len(ids)) - (len(ids) - 1) / 2) * PITCH * TRAY_RADIUS
    pos = np.column_stack([x, np.zeros(len(ids)), np.full(len(ids), TRAY_RADIUS)])
    tilt = math.radians(90.0 - TILT_DEG)  # turn the numbers towards the slanted camera
    quat = np.tile([math.cos(tilt / 2), math.sin(tilt / 2), 0.0, 0.0], (len(ids), 1))
    return BallView.create(ids, pos, quat, radius=TRAY_RADIUS)


def tray_camera(ids: tuple[str, ...], rect: Rect) -> Camera:
    """A narrow camera from the -y side, high up, fitting the row's height into ``rect``."""
    half = 1.25 * TRAY_RADIUS
    distance = half / math.tan(math.radians(FOV_DEG / 2))
    return Camera((0.0, 0.0, TRAY_RADIUS), 90.0, TILT_DEG, distance, FOV_DEG)


def tray_backing(ids: tuple[str, ...]) -> Polyline:
    """A dark strip under the row."""
    half = (len(ids) * PITCH / 2 + 0.2) * TRAY_RADIUS
    return Polyline(np.array([(-half, 0.0, 0.0), (half, 0.0, 0.0)]), BACKING, 2.6 * TRAY_RADIUS)

"""From a playback :class:`Frame` to what the renderer draws: scene and spin arrows (the
cameras are :mod:`billiard.display.cameras`).

Shared by the replay window, its headless screenshots and ``billiard render``.
Spin arrows are 3D, so they are projected with the camera into marks on the picture
(``ScreenLine``) that the renderer draws on top, the same way into the window and into a
saved picture (the renderer's overlay lines lie flat on the bed).
"""

from __future__ import annotations

import math

import numpy as np

from billiard.render.ball_style import ball_style
from billiard.render.camera import Camera
from billiard.render.scene import BallView, Overlay, Polyline, SceneState, ScreenLine
from billiard.display.playback import Frame
from billiard.table.model import Table

TRAIL_WIDTH = 0.008
ARROW_COLOR = (1.0, 214 / 255, 40 / 255, 1.0)
ARROW_WIDTH = 3.0  # pixels


def scene_state(
    table: Table, frame: Frame, camera: Camera | None = None, size: tuple[int, int] | None = None
) -> SceneState:
    """The renderer's scene for one replay moment: trails as coloured paths on the bed and,
    seen by ``camera`` in a picture of ``size``, the frame's spin arrows on top."""
    balls = BallView.create(frame.ids, frame.pos, frame.quat, frame.radius, frame.pocketed)
    paths = []
    for ball_id, trail in frame.trails:
        rgb = ball_style(ball_id)[0]
        paths.append(Polyline(trail[:, :2], (*rgb, 0.85), TRAIL_WIDTH))
    arrows = spin_arrows(frame, camera, size) if camera is not None and size is not None else ()
    return SceneState(table, balls, None, Overlay(paths=tuple(paths), screen=arrows))


def spin_arrows(frame: Frame, camera: Camera, size: tuple[int, int]) -> tuple[ScreenLine, ...]:
    """The frame's spin arrows as marks on the picture: each a shaft and two head strokes."""
    return tuple(
        ScreenLine(np.array([(x0, y0), (x1, y1)]), ARROW_COLOR, ARROW_WIDTH)
        for x0, y0, x1, y1 in arrow_segments(frame, camera, size)
    )


def arrow_segments(frame: Frame, camera: Camera, size: tuple[int, int]) -> list[tuple[float, float, float, float]]:
    """Spin arrows as 2D pixel segments (x0, y0, x1, y1), rows from the top, with
    two head strokes each: the shaft and the arrow head (3D arrows projected with the camera)."""
    out = []
    for start, tip in frame.arrows:
        x0, y0 = camera.project(start, size)
        x1, y1 = camera.project(tip, size)
        length = math.hypot(x1 - x0, y1 - y0)
        if not all(map(math.isfinite, (x0, y0, x1, y1))) or length < 2:
            continue
        out.append((x0, y0, x1, y1))
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        head = min(12.0, 0.35 * length)
        for side in (1, -1):
            hx = x1 - head * (ux * 0.87 - side * uy * 0.5)
            hy = y1 - head * (uy * 0.87 + side * ux * 0.5)
            out.append((x1, y1, hx, hy))
    return out

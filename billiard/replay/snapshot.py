"""``billiard replay FILE --headless --at T --screenshot OUT.png``: one frame offscreen (EGL)."""

from __future__ import annotations

import io
import os

import numpy as np
from PIL import Image

from billiard.replay.source import Opened
from billiard.display.cameras import goal_camera, replay_view
from billiard.display.frame_view import scene_state
from billiard.shot.atomic import atomic_write


def render_moment(
    opened: Opened, at: float, size: tuple[int, int], camera: str = "top", trails: bool = False, spin: bool = False
) -> np.ndarray:
    """The picture of ``opened`` at time ``at`` as (height, width, 3) uint8."""
    from billiard.render.offscreen import create_context
    from billiard.render.renderer import Renderer

    table = opened.replay.shot.table
    frame = opened.playback.frame(at, trails=trails, spin=spin)
    cam = goal_camera(camera, table, replay_view(frame, opened.replay.shot.strike, size))
    ctx = create_context()
    renderer = None
    try:
        renderer = Renderer(ctx, size)
        return renderer.snapshot(scene_state(table, frame, cam, size), cam)
    finally:
        if renderer is not None:
            renderer.release()  # (a context that outlives the call keeps nothing of it)
        ctx.release()


def save_screenshot(
    opened: Opened,
    path: str | os.PathLike,
    at: float,
    size: tuple[int, int],
    camera: str = "top",
    trails: bool = False,
    spin: bool = False,
) -> None:
    """Render the moment and write it as an RGB PNG (atomically)."""
    buf = io.BytesIO()
    Image.fromarray(render_moment(opened, at, size, camera, trails, spin), "RGB").save(buf, "PNG")
    atomic_write(path, buf.getvalue())

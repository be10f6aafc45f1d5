"""Pictures of a replay: one PNG, a numbered PNG sequence, or an animated GIF.

Files are written to a temporary name beside the target, then renamed (never half written).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from billiard.errors import BilliardError
from billiard.shot.atomic import atomic_open
from billiard.render.offscreen import create_context
from billiard.render.quality import resolve_quality
from billiard.render.renderer import Renderer
from billiard.display.camera_rig import CameraRig
from billiard.display.cameras import CAMERAS, goal_camera, replay_view
from billiard.display.frame_view import scene_state
from billiard.display.playback import Playback

MAX_FRAMES = 3000


def frame_times(playback: Playback, start: float, fps: float) -> np.ndarray:
    if not (0 < fps <= 240):
        raise BilliardError(f"--fps must be in (0, 240], got {fps}")
    times = np.arange(start, playback.end + 1e-9, 1.0 / fps)
    if len(times) > MAX_FRAMES:
        raise BilliardError(f"{len(times)} frames is too many (at most {MAX_FRAMES}): lower --fps or raise --at")
    return times if len(times) else np.array([playback.end])


def frame_views(
    playback: Playback, times, size: tuple[int, int], camera: str, with_trails: bool = False, spin: bool = False
):
    """Yield (frame, camera) per time. The first is seen from the camera's goal; along a
    sequence the camera moves as in the viewer (``CameraRig``: the follow view glides instead
    of jumping when a ball drops or stops)."""
    if camera not in CAMERAS:
        raise BilliardError(f"unknown camera '{camera}' (known: {', '.join(CAMERAS)})")
    rig, last = None, None
    for time in times:
        frame = playback.frame(time, trails=with_trails, spin=spin)
        goal = goal_camera(camera, playback.table, replay_view(frame, playback.strike, size))
        rig = rig or CameraRig(goal, mode=camera)
        yield frame, rig.update(0.0 if last is None else abs(time - last), goal)
        last = time


def render_frames(
    playback: Playback,
    times,
    size: tuple[int, int],
    camera: str,
    with_trails: bool = False,
    quality: str = "high",
    spin: bool = False,
):
    """Yield one (H, W, 3) uint8 picture per time (cameras from :func:`frame_views`), drawn at
    ``quality`` (``auto``: low on software OpenGL, high on a GPU) with 4x MSAA; ``spin``: with
    the spin arrows, drawn as the viewer draws them."""
    views = frame_views(playback, times, size, camera, with_trails, spin)
    ctx = create_context()
    renderer = None
    try:
        renderer = Renderer(ctx, size, 4, resolve_quality(quality, ctx))
        for frame, view in views:
            yield renderer.snapshot(scene_state(playback.table, frame, view, size), view)
    finally:
        if renderer is not None:
            renderer.release()  # (a context that outlives the call keeps nothing of it)
        ctx.release()


def write_png(image: np.ndarray, path: Path) -> None:
    _atomic_save(path, lambda f: Image.fromarray(image, "RGB").save(f, format="PNG"))


def write_gif(images: list[np.ndarray], path: Path, fps: float) -> None:
    pics = [Image.fromarray(im, "RGB").quantize(colors=255, method=Image.Quantize.MEDIANCUT) for im in images]
    _atomic_save(
        path,
        lambda f: pics[0].save(
            f, format="GIF", save_all=True, append_images=pics[1:], duration=max(20, int(round(1000 / fps))), loop=0
        ),
    )


def _atomic_save(path: Path, write) -> None:
    path = Path(path)
    if not path.parent.is_dir():
        raise BilliardError(f"output folder does not exist: {path.parent}")
    with atomic_open(path) as f:
        write(f)

"""Pictures of a replay: one PNG, a numbered PNG sequence, or an animated GIF.

Files are written to a temporary name beside the target, then renamed (never half written).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from billiard.errors import BilliardError
from billiard.shot.atomic import atomic_open
from billiard.render.camera import Camera, CameraRig, aim_camera, follow_camera, table_top_camera
from billiard.render.offscreen import create_context
from billiard.render.quality import resolve_quality
from billiard.render.renderer import Renderer
from billiard.render.replay_frames import ReplayFrames
from billiard.render.scene import BallView, Overlay, Polyline, SceneState

CAMERAS = ("top", "aim", "follow")
MAX_FRAMES = 3000
TRAIL_COLOR = (1.0, 1.0, 1.0, 0.35)


def goal_camera(frames: ReplayFrames, balls: BallView, mode: str, size: tuple[int, int], yaw: float) -> Camera:
    """Where the named camera wants to be for these balls."""
    if mode == "top":
        return table_top_camera(frames.table, size[0] / size[1])
    live = balls.pos[~balls.pocketed]
    if mode == "aim":
        cue = balls.index("cue") if "cue" in balls.ids else (balls.index("white") if "white" in balls.ids else 0)
        return aim_camera(balls.pos[cue], frames.heading_deg, float(balls.radius[cue]))
    return follow_camera(live if len(live) else balls.pos, yaw)


def trails(frames: ReplayFrames, time: float) -> tuple[Polyline, ...]:
    """The path of every ball up to ``time``, from the samples."""
    k = int(np.searchsorted(frames.t, time, side="right"))
    out = []
    for i in range(len(frames.ids)):
        pts = frames.pos[:k, i]
        pts = pts[np.isfinite(pts).all(axis=1) & (pts[:, 2] > 0)]
        if len(pts) >= 2 and np.ptp(pts[:, :2], axis=0).max() > 1e-3:
            out.append(Polyline(pts, TRAIL_COLOR, 0.003))
    return tuple(out)


def frame_times(frames: ReplayFrames, start: float, fps: float) -> np.ndarray:
    if not (0 < fps <= 240):
        raise BilliardError(f"--fps must be in (0, 240], got {fps}")
    times = np.arange(start, frames.duration + 1e-9, 1.0 / fps)
    if len(times) > MAX_FRAMES:
        raise BilliardError(f"{len(times)} frames is too many (at most {MAX_FRAMES}): lower --fps or raise --at")
    return times if len(times) else np.array([frames.duration])


def frame_views(frames: ReplayFrames, times, size: tuple[int, int], camera: str):
    """Yield (balls, camera) per time. The first is seen from the camera's goal; along a
    sequence the camera moves as in the viewer (``CameraRig``: the follow view glides instead
    of jumping when a ball drops or stops)."""
    if camera not in CAMERAS:
        raise BilliardError(f"unknown camera '{camera}' (known: {', '.join(CAMERAS)})")
    rig, last = None, None
    for time in times:
        balls = frames.at(time)
        goal = goal_camera(frames, balls, camera, size, frames.heading_deg)
        rig = rig or CameraRig(goal, mode=camera)
        yield balls, rig.update(0.0 if last is None else abs(time - last), goal)
        last = time


def render_frames(frames: ReplayFrames, times, size: tuple[int, int], camera: str,
                  with_trails: bool = False, quality: str = "high"):
    """Yield one (H, W, 3) uint8 picture per time (cameras from :func:`frame_views`), drawn at
    ``quality`` (``auto``: low on software OpenGL, high on a GPU) with 4x MSAA."""
    views = frame_views(frames, times, size, camera)
    ctx = create_context()
    try:
        renderer = Renderer(ctx, size, 4, resolve_quality(quality, ctx))
        for time, (balls, view) in zip(times, views):
            overlay = Overlay(paths=trails(frames, time) if with_trails else ())
            yield renderer.snapshot(SceneState(frames.table, balls, overlay=overlay), view)
    finally:
        ctx.release()


def write_png(image: np.ndarray, path: Path) -> None:
    _atomic_save(path, lambda f: Image.fromarray(image, "RGB").save(f, format="PNG"))


def write_gif(images: list[np.ndarray], path: Path, fps: float) -> None:
    pics = [Image.fromarray(im, "RGB").quantize(colors=255, method=Image.Quantize.MEDIANCUT) for im in images]
    _atomic_save(path, lambda f: pics[0].save(f, format="GIF", save_all=True, append_images=pics[1:],
                                              duration=max(20, int(round(1000 / fps))), loop=0))


def _atomic_save(path: Path, write) -> None:
    path = Path(path)
    if not path.parent.is_dir():
        raise BilliardError(f"output folder does not exist: {path.parent}")
    with atomic_open(path) as f:
        write(f)

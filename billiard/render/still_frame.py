"""A picture that stops changing is drawn once more with 4x MSAA and then shown as it is.

Where the window draws single-sampled (software OpenGL, see ``render.msaa``), a frame that
shows the same scene as the frames before it (balls at rest, the player thinking, a paused
replay) is rendered once with 4x MSAA into an offscreen target; later frames copy that
picture to the screen, about a millisecond instead of a whole frame, until something moves.
So the still picture gets full anti-aliasing and an idle game hardly uses the CPU.
"""

from __future__ import annotations

import moderngl
import numpy as np

from billiard.render.camera import Camera
from billiard.render.offscreen import Offscreen
from billiard.render.scene import Polyline, SceneState, ScreenLine

STILL_SAMPLES = 4
STILL_AFTER = 3  # frames showing the same scene before it is refined


def frame_key(scene: SceneState, camera: Camera, size: tuple[int, int]) -> tuple:
    """Everything the 3D picture depends on, comparable with ``==``."""
    balls, overlay, table = scene.balls, scene.overlay, scene.table
    marks: list[Polyline | ScreenLine] = [*overlay.lines(), *overlay.screen]
    lines = tuple(
        (np.asarray(line.points, dtype=np.float64).tobytes(), tuple(line.color), line.width) for line in marks
    )
    ghost = None if overlay.ghost is None else np.asarray(overlay.ghost, dtype=np.float64).tobytes()
    return (
        tuple(size),
        camera,
        table.name,
        table.length,
        table.width,
        table.ball_set,
        table.pockets,
        balls.ids,
        np.asarray(balls.pos, dtype=np.float64).tobytes(),
        np.asarray(balls.quat, dtype=np.float64).tobytes(),
        np.asarray(balls.radius, dtype=np.float64).tobytes(),
        np.asarray(balls.pocketed, bool).tobytes(),
        scene.cue,
        ghost,
        lines,
    )


class StillFrame:
    """Counts how long the scene has stayed the same and holds its refined picture."""

    def __init__(self, ctx: moderngl.Context) -> None:
        self.ctx = ctx
        self.enabled = ctx.max_samples >= STILL_SAMPLES
        self._key: tuple | None = None
        self._same = 0
        self._target: Offscreen | None = None
        self.refined = False  # the target holds the refined picture of the current key

    def update(self, key: tuple) -> bool:
        """Note this frame's scene; True when it has been the same for ``STILL_AFTER`` frames."""
        if key != self._key:
            self._key, self._same, self.refined = key, 0, False
            return False
        self._same += 1
        return self.enabled and self._same >= STILL_AFTER

    def target(self, size: tuple[int, int]) -> Offscreen:
        """The multisampled target the refined picture is drawn into (rebuilt on a new size)."""
        if self._target is not None and self._target.size != tuple(size):
            self.release()
        if self._target is None:
            self._target = Offscreen(self.ctx, size, STILL_SAMPLES)
        return self._target

    def release(self) -> None:
        if self._target is not None:
            self._target.release()
        self._target, self.refined = None, False

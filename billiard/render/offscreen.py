"""OpenGL contexts (a standalone EGL one for offscreen work, or the current window's) and a
4x multisampled offscreen framebuffer read back as RGB."""

from __future__ import annotations

import moderngl
import numpy as np

from billiard.errors import BilliardError


def create_context() -> moderngl.Context:
    """A headless moderngl context (EGL, OpenGL >= 3.3); works without a display or GPU (Mesa)."""
    try:
        # moderngl's stubs type each **settings value as a dict; moderngl takes the name here
        return moderngl.create_standalone_context(require=330, backend="egl")  # type: ignore[arg-type]
    # Any kind: glcontext's EGL loader raises plain ``Exception`` (no subclass to name) when the
    # library, a display or the GL version is missing.
    except Exception as exc:  # noqa: BLE001
        raise BilliardError(f"no offscreen OpenGL context (EGL): {str(exc).splitlines()[0]}") from None


def window_context() -> moderngl.Context:
    """The moderngl context of the GL context current in this thread (a pyglet window's).

    ``moderngl.create_context()`` does this only while no other moderngl context exists in the
    process: after a standalone EGL context it falls back to glX detection, which fails on
    headless (EGL) pyglet windows. This always wraps the current context.
    """
    moderngl.init_context()
    return moderngl.get_context()


class Offscreen:
    """A multisampled colour + depth target and a single-sample copy to read pixels from."""

    def __init__(self, ctx: moderngl.Context, size: tuple[int, int], samples: int = 4):
        self.ctx, self.size = ctx, (int(size[0]), int(size[1]))
        self.samples = max(0, min(samples, ctx.max_samples))
        self.fbo = ctx.framebuffer(
            color_attachments=[ctx.renderbuffer(self.size, 4, samples=self.samples)],
            depth_attachment=ctx.depth_renderbuffer(self.size, samples=self.samples),
        )
        self.resolved = ctx.framebuffer(color_attachments=[ctx.renderbuffer(self.size, 4)])

    def resolve(self) -> moderngl.Framebuffer:
        """Copy the picture into ``resolved`` (multisamples averaged) and return that."""
        self.ctx.copy_framebuffer(self.resolved, self.fbo)
        return self.resolved

    def read_rgb(self) -> np.ndarray:
        """The picture as (height, width, 3) uint8, top row first."""
        data = self.resolve().read(components=3, alignment=1)
        return np.frombuffer(data, np.uint8).reshape(self.size[1], self.size[0], 3)[::-1].copy()

    def release(self) -> None:
        for fbo in (self.fbo, self.resolved):
            for att in fbo.color_attachments:
                att.release()
            if fbo.depth_attachment is not None:
                fbo.depth_attachment.release()
            fbo.release()

"""Small GL drawing helpers the passes share: per-frame buffer writes and see-through draws."""

from __future__ import annotations

import moderngl
import numpy as np


def write_dynamic(buf: moderngl.Buffer, data: np.ndarray) -> None:
    """Write float32 data into a dynamic buffer, growing it when the data no longer fits."""
    raw = np.ascontiguousarray(data, "f4").tobytes()
    if len(raw) > buf.size:
        buf.orphan(len(raw) * 2)
    buf.write(raw)


def translucent(ctx: moderngl.Context, fbo, vao: moderngl.VertexArray, **count) -> None:
    """Blended over what is drawn, depth-tested but leaving the depth buffer as it was."""
    ctx.enable(moderngl.BLEND)
    fbo.depth_mask = False
    vao.render(**count)
    fbo.depth_mask = True
    ctx.disable(moderngl.BLEND)

"""How many multisamples to draw with: 4x MSAA on a GPU, none on software OpenGL.

On Mesa's llvmpipe (these CPU-only machines) 4x MSAA more than doubles the frame time, at
1280x720 from about 10 ms to 22 ms, past a 60 Hz frame; a post-process filter (FXAA) costs
even more there, a full-screen pass with five texture reads (19 ms measured). So software
OpenGL draws moving pictures single-sampled (the balls draw their own anti-aliased outline)
and a picture that stops changing once more with 4x MSAA (``still_frame``). ``--msaa N``
overrides.
"""

from __future__ import annotations

import moderngl

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer")
GPU_SAMPLES = 4


def is_software(ctx: moderngl.Context) -> bool:
    """True when the context rasterises on the CPU (Mesa llvmpipe, softpipe, swrast)."""
    name = str(ctx.info.get("GL_RENDERER", "")).lower()
    return any(s in name for s in SOFTWARE_RENDERERS)


def choose_samples(ctx: moderngl.Context, requested: int | None = None) -> int:
    """``requested`` samples (clamped to what the context offers), or when None the default:
    ``GPU_SAMPLES`` on hardware, 0 on software OpenGL."""
    wanted = (0 if is_software(ctx) else GPU_SAMPLES) if requested is None else int(requested)
    if wanted <= 1:
        return 0
    return min(wanted, ctx.max_samples)

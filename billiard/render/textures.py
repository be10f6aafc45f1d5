"""Textures made in code: the number atlas, uploaded once per context."""

from __future__ import annotations

import moderngl
import numpy as np

from billiard.render.ball_style import number_atlas
from billiard.render.mipmaps import LevelWriter, box_chain


def numbers_texture(ctx: moderngl.Context, write_levels: LevelWriter | None = None) -> moderngl.Texture:
    """The number atlas, flipped so texture v grows upwards like the glyphs; its mipmaps made
    on the CPU and written by ``write_levels`` where the window gives one (``render.mipmaps``),
    else by the driver."""
    img = number_atlas()
    data = np.ascontiguousarray(np.asarray(img)[::-1])
    tex = ctx.texture(img.size, 1, data.tobytes())
    if write_levels is None or not write_levels("2d", tex.glo, 1, box_chain(data)):
        tex.build_mipmaps()
    tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
    tex.repeat_x = tex.repeat_y = False
    return tex

"""Textures made in code: the number atlas, uploaded once per context."""

from __future__ import annotations

import moderngl
import numpy as np

from billiard.render.ball_style import number_atlas


def numbers_texture(ctx: moderngl.Context) -> moderngl.Texture:
    """The number atlas, flipped so texture v grows upwards like the glyphs."""
    img = number_atlas()
    data = np.ascontiguousarray(np.asarray(img)[::-1])
    tex = ctx.texture(img.size, 1, data.tobytes())
    tex.build_mipmaps()
    tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
    tex.repeat_x = tex.repeat_y = False
    return tex

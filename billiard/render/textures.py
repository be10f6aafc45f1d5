"""Textures made in code: the cloth weave and the number atlas, uploaded once per context."""
from __future__ import annotations

import moderngl
import numpy as np

from billiard.render.ball_style import number_atlas


def cloth_weave(size: int = 128, seed: int = 7) -> np.ndarray:
    """Tileable (size, size) uint8 fine twill: diagonal ribs, a fainter cross rib and fibre
    noise, read by ``shaders/cloth.frag``."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:size, 0:size]
    ribs = 0.5 + 0.5 * np.sin(2 * np.pi * (x + y) * 16 / size)
    cross = 0.5 + 0.5 * np.sin(2 * np.pi * (x - y) * 16 / size)
    fine = 0.45 * ribs + 0.2 * cross + 0.35 * rng.random((size, size))
    return np.clip(fine * 255, 0, 255).astype(np.uint8)


def weave_texture(ctx: moderngl.Context) -> moderngl.Texture:
    tex = ctx.texture((128, 128), 1, cloth_weave().tobytes())
    tex.build_mipmaps()
    tex.filter = (moderngl.LINEAR_MIPMAP_NEAREST, moderngl.LINEAR)   # cheap on software GL
    tex.repeat_x = tex.repeat_y = True
    return tex


def numbers_texture(ctx: moderngl.Context) -> moderngl.Texture:
    """The number atlas, flipped so texture v grows upwards like the glyphs."""
    img = number_atlas()
    data = np.ascontiguousarray(np.asarray(img)[::-1])
    tex = ctx.texture(img.size, 1, data.tobytes())
    tex.build_mipmaps()
    tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
    tex.repeat_x = tex.repeat_y = False
    return tex

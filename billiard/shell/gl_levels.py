"""Uploading mipmap levels made on the CPU into a texture of the window's GL context
(``billiard.render.mipmaps``: llvmpipe's ``glGenerateMipmap`` costs a shader compile per
context). pyglet's GL bindings, which the HUD already draws with on the same context."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

_FORMATS = {1: ("GL_R8", "GL_RED"), 2: ("GL_RG8", "GL_RG"), 3: ("GL_RGB8", "GL_RGB"), 4: ("GL_RGBA8", "GL_RGBA")}


def write_levels(kind: str | int, glo: int, components: int, levels: Sequence[np.ndarray]) -> bool:
    """Define levels 1.. of texture ``glo`` (``kind`` "2d", or cube face 0-5) from ``levels``
    ((height, width, components) uint8 each); the texture binding and unpack state of the
    current texture unit are put back as they were. False when pyglet's GL refused (its error
    checks on, and an error left by an earlier call): the caller lets the driver make them."""
    from pyglet import gl

    try:
        _write(gl, kind, glo, components, levels)
    except gl.GLException:
        return False
    return True


def _write(gl, kind: str | int, glo: int, components: int, levels: Sequence[np.ndarray]) -> None:

    internal, fmt = (getattr(gl, name) for name in _FORMATS[components])
    target = gl.GL_TEXTURE_2D if kind == "2d" else gl.GL_TEXTURE_CUBE_MAP
    image_target = gl.GL_TEXTURE_2D if kind == "2d" else gl.GL_TEXTURE_CUBE_MAP_POSITIVE_X + int(kind)
    binding = gl.GL_TEXTURE_BINDING_2D if kind == "2d" else gl.GL_TEXTURE_BINDING_CUBE_MAP
    before, align, row = gl.GLint(), gl.GLint(), gl.GLint()
    gl.glGetIntegerv(binding, before)
    gl.glGetIntegerv(gl.GL_UNPACK_ALIGNMENT, align)
    gl.glGetIntegerv(gl.GL_UNPACK_ROW_LENGTH, row)
    gl.glBindTexture(target, glo)
    gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, 1)
    gl.glPixelStorei(gl.GL_UNPACK_ROW_LENGTH, 0)
    try:
        for k, level in enumerate(levels, start=1):
            data = np.ascontiguousarray(level, dtype=np.uint8)
            h, w = data.shape[:2]
            gl.glTexImage2D(image_target, k, internal, w, h, 0, fmt, gl.GL_UNSIGNED_BYTE, data.ctypes.data)
    finally:
        gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, align.value)
        gl.glPixelStorei(gl.GL_UNPACK_ROW_LENGTH, row.value)
        gl.glBindTexture(target, before.value)

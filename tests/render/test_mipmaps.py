"""Mipmaps made on the CPU (``render.mipmaps``) and uploaded through the window's GL
(``shell.gl_levels``): the 2x2 box filter by hand, and the levels a window's texture ends
up with against the driver's own ``glGenerateMipmap`` of the same image."""

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.render.mipmaps import box_chain


def test_each_level_is_the_rounded_mean_of_2x2_blocks_down_to_one_pixel():
    img = np.arange(32, dtype=np.uint8).reshape(4, 8)  # not square: 4x8 -> 2x4 -> 1x2 -> 1x1
    levels = box_chain(img)
    assert [lv.shape for lv in levels] == [(2, 4, 1), (1, 2, 1), (1, 1, 1)]
    # level 1: (0 + 1 + 8 + 9) / 4 = 4.5 -> 5, ..., (22 + 23 + 30 + 31) / 4 = 26.5 -> 27
    assert np.array_equal(levels[0][:, :, 0], [[5, 7, 9, 11], [21, 23, 25, 27]])
    assert np.array_equal(levels[1][:, :, 0], [[14, 18]])  # (5 + 7 + 21 + 23) / 4, (9 + 11 + 25 + 27) / 4
    assert levels[2][0, 0, 0] == 16  # a single row: the mean of its two pixels
    rgba = np.full((4, 4, 4), (10, 20, 30, 255), np.uint8)
    assert all(np.array_equal(lv[0, 0], (10, 20, 30, 255)) for lv in box_chain(rgba))  # a flat colour stays


def _read_level(gl, kind, glo, level, size, comps):
    target = gl.GL_TEXTURE_2D if kind == "2d" else gl.GL_TEXTURE_CUBE_MAP
    image = gl.GL_TEXTURE_2D if kind == "2d" else gl.GL_TEXTURE_CUBE_MAP_POSITIVE_X + kind
    gl.glBindTexture(target, glo)
    out = np.zeros((size, size, comps), np.uint8)
    gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
    fmt = gl.GL_RED if comps == 1 else gl.GL_RGBA
    gl.glGetTexImage(image, level, fmt, gl.GL_UNSIGNED_BYTE, out.ctypes.data)
    return out.astype(int)


def test_a_window_texture_gets_the_levels_the_driver_would_make():
    from billiard.shell.gl_levels import write_levels
    from billiard.shell.window import Shell

    try:
        shell = Shell.open((64, 64), "mipmaps", visible=False, what="a headless window")
    except BilliardError as exc:
        pytest.skip(str(exc))
    try:
        from pyglet import gl

        ctx = shell.ctx
        rng = np.random.default_rng(3)
        img = (rng.random((64, 64)) * 255).astype(np.uint8)
        driver = ctx.texture((64, 64), 1, img.tobytes())
        driver.build_mipmaps()
        ours = ctx.texture((64, 64), 1, img.tobytes())
        assert write_levels("2d", ours.glo, 1, box_chain(img)) is True
        face = (rng.random((16, 16, 4)) * 255).astype(np.uint8)
        cube_driver, cube_ours = ctx.texture_cube((16, 16), 4), ctx.texture_cube((16, 16), 4)
        for f in range(6):
            cube_driver.write(f, face.tobytes())
            cube_ours.write(f, face.tobytes())
            write_levels(f, cube_ours.glo, 4, box_chain(face))
        cube_driver.build_mipmaps()
        for level in range(1, 7):
            size = 64 >> level
            a = _read_level(gl, "2d", driver.glo, level, size, 1)
            b = _read_level(gl, "2d", ours.glo, level, size, 1)
            assert np.abs(a - b).max() <= 2, level  # rounding of halves, carried down the levels
        for level in range(1, 5):
            for f in (0, 5):
                a = _read_level(gl, f, cube_driver.glo, level, 16 >> level, 4)
                b = _read_level(gl, f, cube_ours.glo, level, 16 >> level, 4)
                assert np.abs(a - b).max() <= 3, (f, level)
        assert ctx.error == "GL_NO_ERROR"
    finally:
        shell.close()


def test_a_writer_that_cannot_write_leaves_the_mipmaps_to_the_driver(gl_ctx):
    from billiard.render.environment import EnvironmentMap
    from billiard.render.textures import numbers_texture

    asked = []

    def refusing(kind, glo, components, levels):
        asked.append((kind, len(levels)))
        return False

    tex = numbers_texture(gl_ctx, refusing)
    assert asked == [("2d", 9)]  # 512 px: levels 1..9
    assert len(tex.read(level=9)) == 1 and tex.read(level=9)[0] > 0  # the driver's 1x1 level: some ink
    env = EnvironmentMap(gl_ctx, 16, refusing)
    env.capture((0.0, 0.0, 0.5), lambda view_proj, fbo: fbo.clear(0.5, 0.25, 0.0, 1.0))
    assert asked[1:] == [(0, 4)]  # refused at the first face: no more asks, the driver's levels
    assert tuple(env.texture.read(0, alignment=1)[:3]) == (128, 64, 0)
    env.release()
    tex.release()


def test_a_capture_with_a_key_seen_before_is_uploaded_again_not_drawn(gl_ctx, monkeypatch):
    from billiard.render import environment
    from billiard.render.environment import EnvironmentMap

    monkeypatch.setattr(environment, "_faces", type(environment._faces)())
    drawn = []
    written = []

    def writer(face, glo, components, levels):
        written.append((face, [level.copy() for level in levels]))
        return True

    def draw(view_proj, fbo):
        drawn.append(1)
        fbo.clear(0.1 * len(drawn), 0.5, 0.25, 1.0)  # each face its own colour

    first = EnvironmentMap(gl_ctx, 8, writer)
    first.capture((0.0, 0.0, 0.5), draw, key="table")
    again = EnvironmentMap(gl_ctx, 8, writer)
    again.capture((0.0, 0.0, 0.5), draw, key="table")
    assert len(drawn) == 6  # the second map was not drawn
    assert [f for f, _ in written] == [*range(6), *range(6)]
    for (_, a), (_, b) in zip(written[:6], written[6:]):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))
    for face in range(6):
        assert first.texture.read(face, alignment=1) == again.texture.read(face, alignment=1)
    other = EnvironmentMap(gl_ctx, 8, writer)
    other.capture((0.0, 0.0, 0.5), draw, key="another table")
    other.capture((0.0, 0.0, 0.6), draw, key="table")  # another eye
    assert len(drawn) == 18
    for env in (first, again, other):
        env.release()

"""The window path: the Renderer draws into a pyglet window's ``ctx.screen`` (straight, or
through its own 4x multisampled target resolved onto the screen), with pyglet text drawn
between frames (it changes GL state behind moderngl), and the picture stays right."""
from __future__ import annotations

import numpy as np
import pytest

from billiard.render.camera import top_camera
from billiard.render.scene import BallView, CueState, SceneState
from billiard.render.table_mesh import build_table
from tests.render.helpers import R, pocket_table

SIZE = (320, 180)


@pytest.fixture(scope="module")
def window(gl_ctx):                                  # gl_ctx: skip where EGL is missing
    pyglet = pytest.importorskip("pyglet")
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    import pyglet.window

    config = pyglet.gl.Config(red_size=8, green_size=8, blue_size=8, alpha_size=8, depth_size=24,
                              double_buffer=True)           # single-sampled, as the game's window
    try:
        win = pyglet.window.Window(*SIZE, config=config, visible=False)
    except Exception as exc:  # no headless pyglet display here
        pytest.skip(f"no headless pyglet window: {exc}")
    yield win
    win.close()


def draw_picture(samples: int):
    """Draw a two-ball scene (cue stick at 30 degrees) twice into the window with pyglet text
    in between, with ``samples`` MSAA; return the screen pixels, the camera and the balls."""
    import moderngl
    import pyglet

    from billiard.render.offscreen import window_context
    from billiard.render.renderer import Renderer

    ctx = window_context()                            # after this module's EGL contexts
    try:
        table = pocket_table()
        balls = BallView.create(["cue", "3"], [(-0.4, 0.0, R), (0.4, 0.2, R)], radius=R)
        scene = SceneState(table, balls, CueState(210.0, pull=0.05))
        camera = top_camera(build_table(table).half_extent, SIZE[0] / SIZE[1])
        label = pyglet.text.Label("HUD", x=4, y=SIZE[1] - 20, font_size=12)
        renderer = Renderer(ctx, SIZE, samples)
        for _ in range(2):
            renderer.draw_to_screen(scene, camera)
            ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
            label.draw()
        img = np.frombuffer(ctx.screen.read(components=3, alignment=1), np.uint8)
        _ = ctx.error                                 # reading the screen leaves a GL error set
        return img.reshape(SIZE[1], SIZE[0], 3)[::-1].astype(int), camera, balls
    finally:
        ctx.release()


@pytest.mark.parametrize("samples", [0, 4])
def test_renderer_draws_into_the_window_between_pyglet_text(window, samples):
    window.switch_to()
    assert window.get_framebuffer_size() == SIZE
    img, camera, balls = draw_picture(samples)
    cx, cy = camera.project(balls.pos[0], SIZE)
    assert img[int(cy), int(cx)].min() > 180         # the white cue ball
    rx, ry = camera.project(balls.pos[1], SIZE)
    red = img[int(ry) - 1:int(ry) + 2, int(rx) - 1:int(rx) + 2].reshape(-1, 3).min(axis=0)
    assert red[0] > red[1] + 60                       # the red 3 (darkest of its centre pixels)
    bx, by = camera.project((0.2, -0.3, 0.0), SIZE)
    pixel = img[int(by), int(bx)]
    assert pixel[1] > pixel[0] + 30                   # cloth


def test_msaa_through_the_window_smooths_edges_and_changes_nothing_else(window):
    window.switch_to()
    plain, _, _ = draw_picture(0)
    smooth, _, _ = draw_picture(4)
    changed = np.abs(plain - smooth).max(axis=2) > 24
    assert 20 < changed.sum() < 0.08 * changed.size   # outlines (cue, rails, pockets), the rest alike
    assert np.abs(plain - smooth).mean() < 3

"""The window path: the Renderer draws into a pyglet window's ``ctx.screen`` (straight, or
through its own 4x multisampled target resolved onto the screen), with pyglet text drawn
between frames (it changes GL state behind moderngl), and the picture stays right."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.render.camera import table_top_camera
from billiard.render.scene import BallView, CueState, SceneState
from tests.render.helpers import R, pocket_table

SIZE = (320, 180)


@pytest.fixture(scope="module")
def window(gl_ctx):  # gl_ctx: skip where EGL is missing
    pyglet = pytest.importorskip("pyglet")
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    import pyglet.window

    config = pyglet.gl.Config(
        red_size=8, green_size=8, blue_size=8, alpha_size=8, depth_size=24, double_buffer=True
    )  # single-sampled, as the game's window
    try:
        win = pyglet.window.Window(*SIZE, config=config, visible=False)
    except Exception as exc:  # noqa: BLE001 - pyglet's back-ends raise unrelated kinds; any means no window here
        pytest.skip(f"no headless pyglet window: {exc}")
    yield win
    win.close()


def draw_picture(samples: int, shifts=(0.0, 0.0)):
    """Draw a two-ball scene (cue stick at 30 degrees) into the window, once per entry of
    ``shifts`` (how far the 3 ball is moved along x that frame), with pyglet text in between
    and ``samples`` MSAA; return the screen pixels after each frame, the camera and the balls."""
    import moderngl
    import pyglet

    from billiard.render.offscreen import window_context
    from billiard.render.renderer import Renderer

    ctx = window_context()  # after this module's EGL contexts
    try:
        table = pocket_table()
        camera = table_top_camera(table, SIZE[0] / SIZE[1])
        label = pyglet.text.Label("HUD", x=4, y=SIZE[1] - 20, font_size=12)
        renderer = Renderer(ctx, SIZE, samples)
        pictures = []
        for dx in shifts:
            balls = BallView.create(["cue", "3"], [(-0.4, 0.0, R), (0.4 + dx, 0.2, R)], radius=R)
            renderer.draw_to_screen(SceneState(table, balls, CueState(210.0, pull=0.05)), camera)
            ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
            label.draw()
            img = np.frombuffer(ctx.screen.read(components=3, alignment=1), np.uint8)
            _ = ctx.error  # reading the screen leaves a GL error set
            pictures.append(img.reshape(SIZE[1], SIZE[0], 3)[::-1].astype(int))
        return pictures, camera, balls
    finally:
        ctx.release()


@pytest.mark.parametrize("samples", [0, 4])
def test_renderer_draws_into_the_window_between_pyglet_text(window, samples):
    window.switch_to()
    assert window.get_framebuffer_size() == SIZE
    pictures, camera, balls = draw_picture(samples)
    img = pictures[-1]
    cx, cy = camera.project(balls.pos[0], SIZE)
    assert img[int(cy), int(cx)].min() > 180  # the white cue ball
    rx, ry = camera.project(balls.pos[1], SIZE)
    red = img[int(ry) - 1 : int(ry) + 2, int(rx) - 1 : int(rx) + 2].reshape(-1, 3).min(axis=0)
    assert red[0] > red[1] + 60  # the red 3 (darkest of its centre pixels)
    bx, by = camera.project((0.2, -0.3, 0.0), SIZE)
    pixel = img[int(by), int(bx)]
    assert pixel[1] > pixel[0] + 30  # cloth


def edges_changed(a: np.ndarray, b: np.ndarray) -> float:
    """Fraction of pixels that differ clearly between two pictures."""
    return float(np.mean(np.abs(a - b).max(axis=2) > 24))


def test_msaa_through_the_window_smooths_edges_and_changes_nothing_else(window):
    window.switch_to()
    (plain,), _, _ = draw_picture(0, shifts=(0.0,))
    (smooth,), _, _ = draw_picture(4, shifts=(0.0,))
    assert 0.0005 < edges_changed(plain, smooth) < 0.08  # outlines (cue, rails, pockets), the rest alike
    assert np.abs(plain - smooth).mean() < 3


def test_a_still_scene_is_refined_with_msaa_and_movement_drops_back(window):
    """Single-sampled window: the frames of an unchanged scene turn into the 4x MSAA picture
    after a few frames; the first frame after a ball moves is single-sampled again."""
    from billiard.render.still_frame import STILL_AFTER

    window.switch_to()
    (smooth,), _, _ = draw_picture(4, shifts=(0.0,))
    still = STILL_AFTER + 2
    frames, _, _ = draw_picture(0, shifts=(0.0,) * still + (0.1, 0.1))
    assert edges_changed(frames[0], smooth) > 0.0005  # moving: plain
    assert edges_changed(frames[still - 1], smooth) < 0.0005 and np.abs(frames[still - 1] - smooth).mean() < 0.5
    assert edges_changed(frames[still], frames[0]) > 0  # the ball moved: a new, plain picture
    (moved,), _, _ = draw_picture(0, shifts=(0.1,))
    assert np.array_equal(frames[still], moved)

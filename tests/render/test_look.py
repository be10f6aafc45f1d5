"""The look, read back as pixels: a room (never black) behind the table from every camera the
game offers, highlights and the cloth's colour on the balls, shadows thrown away from the
lamps, and the HUD's tray of pocketed balls."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.render.ball_style import ball_style
from billiard.render.camera import Camera, aim_camera, follow_camera, table_top_camera
from billiard.render.quality import NAMES
from billiard.render.renderer import Renderer
from billiard.render.room import lamp_positions
from billiard.render.scene import BallView, SceneState
from billiard.render.tray import tray_rects
from tests.render.helpers import R, pocket_table, rack

SIZE = (320, 180)
DARK = 25  # a pixel whose brightest channel is below this reads as black


@pytest.fixture(scope="module", params=NAMES)
def renderer(gl_ctx, request):
    return Renderer(gl_ctx, SIZE, 0, request.param)


@pytest.fixture(scope="module")
def table():
    return pocket_table()


def cameras(table, balls):
    return {
        "aim": aim_camera(balls.pos[0], 0.0, R),
        "follow": follow_camera(balls.pos, 0.0),
        "top": table_top_camera(table, SIZE[0] / SIZE[1]),
        "aim from the far end": aim_camera(balls.pos[0] + [2.0, 0.2, 0.0], 180.0, R),
    }


def test_nothing_black_behind_the_table_from_the_game_cameras(renderer, table):
    balls = rack(table)
    for name, cam in cameras(table, balls).items():
        img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
        bright = img.max(axis=2)
        if name == "top":  # around the table: the floor at the picture's corners
            around = np.concatenate(
                [bright[:4, :4].ravel(), bright[:4, -4:].ravel(), bright[-4:, :4].ravel(), bright[-4:, -4:].ravel()]
            )
        else:  # above the far rail: the room's walls
            around = bright[: SIZE[1] // 8].ravel()
        assert around.min() >= DARK, name
        assert (bright < DARK).mean() < 0.03, name  # only pocket holes and shadow cores


def ball_disc(img, cam, center, frac=0.8):
    cx, cy = cam.project(center, SIZE)
    _, ty = cam.project(np.asarray(center) + [0.0, 0.0, R], SIZE)
    rp = abs(ty - cy)
    yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
    inside = (xx - cx) ** 2 + (yy - cy) ** 2 <= (frac * rp) ** 2
    return inside, yy, cy, rp


def test_balls_shine_with_the_lamps_highlights(renderer, table):
    """The black 8 ball close up: mostly dark, with a near-white highlight of the lamps."""
    balls = BallView.create(["cue", "8"], [(-0.6, 0.0, R), (0.3, 0.2, R)], radius=R)
    cam = Camera((0.3, 0.2, R), 30.0, 25.0, 0.3, 36.0)
    img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
    inside, *_ = ball_disc(img, cam, balls.pos[1])
    px = img[inside]
    assert np.median(px.max(axis=1)) < 90
    assert (px.min(axis=1) > 170).sum() >= 3


def test_the_cloth_colours_the_lower_half_of_a_white_ball(renderer, table):
    balls = BallView.create(["cue"], [(-0.6, 0.0, R)], radius=R)
    cam = Camera((-0.6, 0.0, R), 0.0, 12.0, 0.25, 36.0)
    img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
    inside, yy, cy, rp = ball_disc(img, cam, balls.pos[0], 0.85)
    green = img[..., 1] - img[..., 0]
    upper, lower = green[inside & (yy < cy - 0.3 * rp)], green[inside & (yy > cy + 0.3 * rp)]
    assert lower.mean() > upper.mean() + 6


def test_shadows_fall_away_from_the_nearest_lamp(renderer, table):
    """Seen from above, the cloth beside a ball is darker on the side away from the lamp."""
    lamp = lamp_positions(table)[2]
    ball = np.array([lamp[0] - 0.35, 0.35, R])
    cam = Camera((ball[0], ball[1], 0.0), 90.0, 90.0, 0.4, 36.0)
    img = renderer.snapshot(SceneState(table, BallView.create(["cue"], [ball], radius=R)), cam).astype(int)
    away = (ball[:2] - lamp[:2]) / np.linalg.norm(ball[:2] - lamp[:2])

    def cloth_at(sign):
        x, y = cam.project((*(ball[:2] + sign * 1.25 * R * away), 0.0), SIZE)
        return img[int(y) - 1 : int(y) + 2, int(x) - 1 : int(x) + 2].sum(axis=2).mean()

    assert cloth_at(+1) < cloth_at(-1) - 10


def test_the_tray_shows_a_pocketed_ball(renderer, table):
    balls = rack(table)
    cam = table_top_camera(table, SIZE[0] / SIZE[1])
    renderer.draw(SceneState(table, balls), cam)
    rows = (("3",), ())
    (x, y, w, h), _ = tray_rects(*SIZE, rows, scale=1.0)
    before = renderer.offscreen.read_rgb()[SIZE[1] - y - h : SIZE[1] - y, x : x + w].astype(int)
    renderer.draw_tray(rows, tray_rects(*SIZE, rows), renderer.offscreen.fbo)
    after = renderer.offscreen.read_rgb()[SIZE[1] - y - h : SIZE[1] - y, x : x + w].astype(int)
    assert ball_style("3")[0][0] > 0.6 > ball_style("3")[0][1]  # the 3 is red

    def red(img):
        return (img[..., 0] > 100) & (img[..., 1] < 0.35 * img[..., 0]) & (img[..., 2] < 0.35 * img[..., 0])

    assert red(after).sum() >= 8 and red(before).sum() == 0


def test_a_renderer_released_for_a_quality_change_leaves_the_context_usable(gl_ctx, table):
    """The game swaps renderers when the player changes the quality: the old one frees its
    GL objects and the new one draws the same room."""
    balls = rack(table)
    cam = aim_camera(balls.pos[0], 0.0, R)
    old = Renderer(gl_ctx, SIZE, 0, "low")
    first = old.snapshot(SceneState(table, balls), cam)
    old.release()
    new = Renderer(gl_ctx, SIZE, 0, "low")
    again = new.snapshot(SceneState(table, balls), cam)
    assert np.array_equal(first, again)
    new.release()

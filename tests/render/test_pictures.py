"""Pictures read back as pixels: cloth, ball colours, numbers that turn, shadows, pockets."""

from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.render.ball_style import ball_style
from billiard.render.camera import Camera, table_top_camera
from billiard.render.renderer import Renderer
from billiard.render.scene import BallView, CueState, SceneState
from billiard.render.transforms import quat_from_axis_angle
from tests.render.helpers import R, pocket_table, rack

SIZE = (320, 180)
CLOSE = Camera((0.0, 0.0, 0.0), 90.0, 90.0, 0.35, 45.0)  # straight down over the centre spot


@pytest.fixture(scope="module")
def renderer(gl_ctx):
    return Renderer(gl_ctx, SIZE)


@pytest.fixture(scope="module")
def table():
    return pocket_table()


def turned_up(body_dir) -> np.ndarray:
    """A quaternion that turns the body direction ``body_dir`` to face straight up (+z)."""
    b = np.asarray(body_dir, float) / np.linalg.norm(body_dir)
    axis = np.cross(b, [0.0, 0.0, 1.0])
    return quat_from_axis_angle(axis, math.acos(np.clip(b[2], -1, 1)))


def disc_pixels(img, cam, center, radius, frac=0.5):
    """Pixels within ``frac`` of the projected ball radius around its projected centre."""
    cx, cy = cam.project(center, SIZE)
    ex, _ = cam.project(np.asarray(center) + [radius, 0, 0], SIZE)
    rp = abs(ex - cx) * frac
    yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
    return img[(xx - cx) ** 2 + (yy - cy) ** 2 <= rp * rp], (cx, cy, abs(ex - cx))


def test_snapshot_is_rgb_of_the_requested_size(renderer, table):
    img = renderer.snapshot(SceneState(table, rack(table)), table_top_camera(table, 16 / 9))
    assert img.shape == (180, 320, 3) and img.dtype == np.uint8


def test_cloth_colour_dominates_the_table_area(renderer, table):
    cam = table_top_camera(table, SIZE[0] / SIZE[1])
    img = renderer.snapshot(SceneState(table, rack(table), CueState(0.0, pull=0.1)), cam).astype(int)
    x0, y0 = cam.project((-table.half_length, table.half_width, 0), SIZE)
    x1, y1 = cam.project((table.half_length, -table.half_width, 0), SIZE)
    bed = img[int(y0) + 2 : int(y1) - 2, int(x0) + 2 : int(x1) - 2]
    green = (bed[..., 1] > bed[..., 0] + 30) & (bed[..., 1] > bed[..., 2] + 15)
    assert green.mean() > 0.85
    rails = img[2 : int(y0) - 8, int(x0) : int(x1)]  # the far rail: wood, not cloth
    assert ((rails[..., 0] > rails[..., 1]) & (rails[..., 1] > rails[..., 2])).mean() > 0.5


def test_each_ball_colour_is_found_at_its_projected_centre(renderer, table):
    ids = ["cue", "1", "2", "3", "4", "5", "6", "8", "11", "13"]
    pos = [(-0.15 + 0.07 * (k % 5), -0.05 + 0.1 * (k // 5), R) for k in range(len(ids))]
    up = turned_up((0.2, 1.0, 0.35))  # stripe band up, away from number discs and spots
    balls = BallView.create(ids, pos, np.tile(up, (len(ids), 1)), radius=R)
    img = renderer.snapshot(SceneState(table, balls), CLOSE).astype(float)
    palette = {bid: np.array(ball_style(bid)[0]) * 255 for bid in ids}
    for bid, p in zip(ids, pos):
        pixels, _ = disc_pixels(img, CLOSE, p, R, 0.6)
        lum = pixels.sum(axis=1)
        seen = np.median(pixels[lum <= np.median(lum)], axis=0)  # away from the lamp highlight
        seen_dir = seen / np.linalg.norm(seen)
        best = min(
            palette,
            key=lambda k: (
                np.linalg.norm(seen_dir - palette[k] / np.linalg.norm(palette[k]))
                + 0.002 * abs(np.linalg.norm(seen) - np.linalg.norm(palette[k]))
            ),
        )
        assert ball_style(best)[0] == ball_style(bid)[0], (bid, best, seen)


def test_a_ball_turned_90_degrees_shows_its_number_elsewhere(renderer, table):
    def bright_centroid(quat):
        balls = BallView.create(["3"], [(0.0, 0.0, R)], [quat], radius=R)
        img = renderer.snapshot(SceneState(table, balls), CLOSE).astype(float)
        pixels, (cx, cy, rp) = disc_pixels(img, CLOSE, (0, 0, R), R, 0.95)
        yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
        inside = (xx - cx) ** 2 + (yy - cy) ** 2 <= (0.95 * rp) ** 2
        ivory = inside & (img[..., 2] > 150)  # the number disc is the only ivory part of a red ball
        return np.array([xx[ivory].mean() - cx, yy[ivory].mean() - cy]) / rp, ivory.sum(), img[inside]

    facing_up = np.array([1.0, 0.0, 0.0, 0.0])  # identity: number disc (body +z) straight up
    a, area_a, img_a = bright_centroid(facing_up)
    turned = quat_from_axis_angle((0, 1, 0), math.pi / 2 * 0.6)  # roll the ball 54 deg about table y
    q = np.array(
        [
            turned[0] * facing_up[0] - turned[1:] @ facing_up[1:],
            *(turned[0] * facing_up[1:] + facing_up[0] * turned[1:] + np.cross(turned[1:], facing_up[1:])),
        ]
    )
    b, area_b, img_b = bright_centroid(q)
    assert area_a > 20 and area_b > 5
    assert np.linalg.norm(a) < 0.15  # disc seen in the middle of the ball
    assert b[0] > 0.4  # rolled towards +x, the disc moved right
    assert np.abs(img_a - img_b).mean() > 12  # the ball's pixels changed a lot


def test_the_shadow_next_to_a_ball_is_darker_than_the_cloth_around(renderer, table):
    p = (0.12, 0.05, R)
    img = renderer.snapshot(SceneState(table, BallView.create(["cue"], [p], radius=R)), CLOSE).astype(float)
    _, (cx, cy, rp) = disc_pixels(img, CLOSE, p, R)
    yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
    d = np.hypot(xx - cx, yy - cy)
    ring = img[(d > 1.12 * rp + 1.5) & (d < 1.5 * rp)]  # cloth just past the outline (an ellipse off-axis)
    assert (ring[:, 0] < 100).all()  # cloth, no ivory ball pixels in it
    away = np.array(p[:2]) / np.linalg.norm(p[:2])
    fx, fy = CLOSE.project((p[0] + 5 * R * away[0], p[1] + 5 * R * away[1], 0.0), SIZE)
    cloth = img[int(fy), int(fx)].sum()
    assert ring.sum(axis=1).min() < 0.7 * cloth
    assert np.median(ring.sum(axis=1)) < 0.9 * cloth  # the shade goes round the ball, not one spot


def test_a_pocketed_ball_is_not_drawn_on_the_bed(renderer, table):
    p = [(0.05, 0.0, R), (-0.08, 0.02, R)]
    on = renderer.snapshot(SceneState(table, BallView.create(["cue", "5"], p, radius=R)), CLOSE).astype(int)
    off = renderer.snapshot(
        SceneState(table, BallView.create(["cue", "5"], p, radius=R, pocketed=[False, True])), CLOSE
    ).astype(int)
    empty = renderer.snapshot(SceneState(table, BallView.create(["cue"], p[:1], radius=R)), CLOSE).astype(int)
    cx, cy = CLOSE.project(p[1], SIZE)
    assert np.abs(on[int(cy), int(cx)] - empty[int(cy), int(cx)]).sum() > 100
    assert np.abs(off - empty).max() <= 2


def test_pockets_are_dark_holes(renderer, table):
    cam = table_top_camera(table, SIZE[0] / SIZE[1])
    img = renderer.snapshot(SceneState(table, rack(table)), cam).astype(int)
    for pocket in table.pockets:
        x, y = cam.project((*pocket.center, 0.0), SIZE)
        assert img[int(y), int(x)].sum() < 90, pocket.name


def test_a_ball_falling_into_a_pocket_shows_inside_the_hole(renderer, table):
    pocket = table.pockets[0]
    cam = Camera((*pocket.center, 0.0), 90.0, 90.0, 0.4, 45.0)
    inside = BallView.create(["red-1"], [(*pocket.center, -0.03)], radius=R)
    img = renderer.snapshot(SceneState(table, inside), cam).astype(int)
    x, y = cam.project((*pocket.center, R - 0.03), SIZE)
    assert img[int(y), int(x), 0] > 2 * img[int(y), int(x), 1]  # red ball seen in the dark hole


def test_cue_and_aim_line_are_drawn_where_aimed(renderer, table):
    from billiard.display.aim import aim_overlay

    balls = BallView.create(["cue", "1"], [(-0.1, 0.0, R), (0.1, 0.0, R)], radius=R)
    plain = renderer.snapshot(SceneState(table, balls), CLOSE).astype(int)
    aimed = renderer.snapshot(
        SceneState(table, balls, CueState(0.0, pull=0.02), aim_overlay(balls, table, 0.0)), CLOSE
    ).astype(int)
    bx, by = CLOSE.project((-0.1 - 3 * R, 0.0, R), SIZE)  # behind the cue ball: the stick
    assert np.abs(aimed[int(by), int(bx)] - plain[int(by), int(bx)]).sum() > 60
    ax, ay = CLOSE.project((0.0, 0.0, 0.0), SIZE)  # between the balls: the aim line
    assert aimed[int(ay), int(ax)].sum() > plain[int(ay), int(ax)].sum() + 40
    sx, sy = CLOSE.project((-0.1, 3 * R, 0.0), SIZE)  # beside the stick: untouched cloth
    assert np.abs(aimed[int(sy), int(sx)] - plain[int(sy), int(sx)]).sum() < 10


def test_the_ghost_ball_is_a_see_through_sphere_where_the_cue_ball_will_touch(renderer, table):
    from billiard.display.aim import aim_overlay

    balls = BallView.create(["cue", "1"], [(-0.1, 0.0, R), (0.1, 0.0, R)], radius=R)
    over = aim_overlay(balls, table, 0.0)
    assert over.ghost[0] == pytest.approx(0.1 - 2 * R)
    plain = renderer.snapshot(SceneState(table, balls), CLOSE).astype(int)
    aimed = renderer.snapshot(SceneState(table, balls, overlay=over), CLOSE).astype(int)
    gx, gy, gz = over.ghost
    inside = CLOSE.project((gx, gy + 0.6 * R, gz + 0.6 * R), SIZE)  # on the sphere, off the aim line
    outside = CLOSE.project((gx - 0.2 * R, gy + 1.6 * R, gz), SIZE)  # beside it, off the ring: cloth
    assert aimed[int(inside[1]), int(inside[0])].sum() > plain[int(inside[1]), int(inside[0])].sum() + 40
    assert np.abs(aimed[int(outside[1]), int(outside[0])] - plain[int(outside[1]), int(outside[0])]).sum() < 10


def test_snooker_cloth_shows_the_baulk_line_the_d_and_the_spots_pool_cloth_its_spots_only(renderer):
    from billiard.table import get_table

    def brighter(img, cam, xy, beside):
        """How much brighter the mark at table point ``xy`` is than the cloth ``beside`` it."""
        (x, y), (bx, by) = cam.project((*xy, 0.0), SIZE), cam.project((*beside, 0.0), SIZE)
        return int(img[int(y), int(x)].sum()) - int(img[int(by), int(bx)].sum())

    snooker = get_table("snooker")
    xb, d = snooker.head_string_x, snooker.d_radius
    cam = Camera((xb - 0.1, 0.0, 0.0), 90.0, 90.0, 0.9, 45.0)  # down over the D
    img = renderer.snapshot(SceneState(snooker, BallView.create([], np.zeros((0, 3)))), cam).astype(int)
    assert brighter(img, cam, (xb, 0.2), (xb + 0.02, 0.2)) > 90  # the baulk line
    assert brighter(img, cam, (xb - d, 0.0), (xb - d + 0.02, 0.0)) > 90  # the D, at its back
    assert brighter(img, cam, (xb, d), (xb + 0.02, d + 0.02)) > 90  # the green's spot
    pool = get_table("pool-9ft")
    cam = Camera((pool.head_string_x, 0.0, 0.0), 90.0, 90.0, 0.5, 45.0)
    img = renderer.snapshot(SceneState(pool, BallView.create([], np.zeros((0, 3)))), cam).astype(int)
    assert brighter(img, cam, pool.spots["head"], (pool.head_string_x + 0.02, 0.0)) > 90
    assert abs(brighter(img, cam, (pool.head_string_x, 0.15), (pool.head_string_x + 0.02, 0.15))) < 20


def test_the_cloth_shows_its_weave_close_up_and_never_aliases_far_away(renderer, table):
    """The twill is drawn where a wale spans several pixels and faded where it would alias:
    close up the bed's pixels vary in a regular pattern, far away a patch is even."""
    empty = SceneState(table, BallView.create([], np.zeros((0, 3))))
    close = renderer.snapshot(empty, Camera((0.3, 0.2, 0.0), 30.0, 60.0, 0.05, 45.0)).astype(float)[..., 1]
    far = renderer.snapshot(empty, Camera((0.3, 0.2, 0.0), 30.0, 60.0, 0.8, 45.0)).astype(float)[..., 1]
    middle = (slice(SIZE[1] // 2 - 20, SIZE[1] // 2 + 20), slice(SIZE[0] // 2 - 20, SIZE[0] // 2 + 20))

    def ripple(img):  # mean size of pixel-to-pixel wiggles (second differences: light gradients cancel)
        patch = img[middle]
        return max(np.abs(np.diff(patch, 2, axis=0)).mean(), np.abs(np.diff(patch, 2, axis=1)).mean())

    assert ripple(close) > 1.0 and np.ptp(close[middle]) >= 8  # stripes of the weave
    assert ripple(far) < 0.5  # faded: no moire far away


def test_marks_on_the_picture_land_on_their_pixels_over_everything(renderer, table):
    """``ScreenLine`` (the spin arrows): drawn by the renderer on top of the scene, in the
    picture's pixels, rows from the top, at their width."""
    from billiard.render.scene import Overlay, ScreenLine

    balls = BallView.create(["cue"], [(0.0, 0.0, R)], radius=R)
    plain = renderer.snapshot(SceneState(table, balls), CLOSE).astype(int)
    mark = ScreenLine(np.array([(40.0, 80.0), (280.0, 80.0)]), (1.0, 0.0, 1.0, 1.0), 4.0)  # across the ball
    marked = renderer.snapshot(SceneState(table, balls, None, Overlay(screen=(mark,))), CLOSE).astype(int)
    changed = np.abs(marked - plain).sum(axis=2) > 60
    rows, cols = np.nonzero(changed)
    assert 78 <= rows.min() and rows.max() <= 81  # 4 px wide round row 80 from the top
    assert cols.min() == pytest.approx(40, abs=1) and cols.max() == pytest.approx(279, abs=1)
    assert (marked[80, 160] == (255, 0, 255)).all() and (plain[80, 160] != (255, 0, 255)).any()  # over the ball

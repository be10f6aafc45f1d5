"""Balls are ray-traced impostors: the outline is faded by pixel coverage (smooth without
MSAA), the covered area is the sphere's, and the nearer ball hides the farther one
whatever order the balls come in."""

from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.render.camera import Camera
from billiard.render.renderer import Renderer
from billiard.render.scene import BallView, SceneState
from tests.render.helpers import R, pocket_table

SIZE = (320, 180)
ABOVE = Camera((0.0, 0.0, 0.0), 90.0, 90.0, 0.6, 40.0)  # straight down over the centre spot
LOW = Camera((0.0, 0.0, R), 0.0, 8.0, 0.8, 40.0)  # low, looking along +x


@pytest.fixture(scope="module")
def renderer(gl_ctx):
    return Renderer(gl_ctx, SIZE, samples=0)  # no MSAA: the outline is the ball's own


def test_the_outline_is_antialiased_and_the_area_is_the_spheres(renderer):
    table = pocket_table()
    cloth = renderer.snapshot(SceneState(table, BallView.create([], np.zeros((0, 3)))), ABOVE).astype(float)
    img = renderer.snapshot(SceneState(table, BallView.create(["cue"], [(0.0, 0.0, R)], radius=R)), ABOVE)
    img = img.astype(float)
    cx, cy = ABOVE.project((0.0, 0.0, R), SIZE)
    yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
    near = np.hypot(xx - cx, yy - cy) < 40
    # red channel: cloth about 25, the lit ivory ball about 240; coverage is the blend between
    ball_red = np.median(img[np.hypot(xx - cx, yy - cy) < 5][:, 0])
    coverage = np.clip((img[..., 0] - cloth[..., 0]) / (ball_red - cloth[..., 0]), 0, 1)[near]
    partial = np.sum((coverage > 0.15) & (coverage < 0.6))  # the lit rim alone stays above 0.6
    # projected radius of the sphere seen from the camera height h: r h / sqrt(h^2 - r^2) at the
    # centre's depth, in pixels
    h = 0.6 - R
    r_px = R * h / math.sqrt(h * h - R * R) * SIZE[1] / (2 * h * math.tan(math.radians(20.0)))
    assert partial >= 0.2 * 2 * math.pi * r_px  # blended pixels round the outline (hard: 0)
    assert coverage.sum() == pytest.approx(math.pi * r_px**2, rel=0.08)  # the rim's shading reads a little low


def test_the_nearer_ball_hides_the_farther_in_any_order(renderer):
    table = pocket_table()
    near, far = ("3", (0.0, 0.0, R)), ("2", (0.25, 0.0, R))  # red in front of blue, looking along +x
    pics = [
        renderer.snapshot(SceneState(table, BallView.create([a[0], b[0]], [a[1], b[1]], radius=R)), LOW)
        for a, b in ((near, far), (far, near))
    ]
    assert np.array_equal(pics[0], pics[1])
    x, y = LOW.project(near[1], SIZE)
    px = pics[0][int(y), int(x)].astype(int)
    assert px[0] > px[2] + 60  # red, not the blue 2 behind it
    xf, yf = LOW.project((0.25, 0.0, 2 * R), SIZE)  # the top of the far ball shows above
    top = pics[0][int(yf) + 2, int(xf)].astype(int)
    assert top[2] > top[0] + 40

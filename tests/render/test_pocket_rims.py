"""Pocket rims seen at grazing angles: inside a side pocket's mouth only the dark shaft shows,
never specks of the wooden rail (no MSAA, as the game draws on software OpenGL)."""

import math

import numpy as np
import pytest

from billiard.render.camera import Camera
from billiard.render.renderer import Renderer
from billiard.render.scene import BallView, SceneState
from billiard.table import get_table

SIZE = (640, 360)


@pytest.mark.parametrize("pitch,dist", [(4.0, 1.2), (8.0, 1.2), (12.0, 0.8)])
def test_no_wood_inside_a_side_pocket_seen_from_low(gl_ctx, pitch, dist):
    table = get_table("pool-9ft")
    pocket = next(p for p in table.pockets if p.kind == "side" and p.center[1] > 0)
    renderer = Renderer(gl_ctx, SIZE, 0, "low")
    balls = BallView.create(["cue"], [(-0.6, 0.0, 0.028575)])
    cam = Camera((pocket.center[0], pocket.center[1], 0.0), 90.0, pitch, dist, 36.0)
    img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
    rail_top = table.cushion_height + 0.006
    ang = np.linspace(0, 2 * math.pi, 90, endpoint=False)
    r = 0.93 * pocket.radius
    ring = [(pocket.center[0] + r * math.cos(a), pocket.center[1] + r * math.sin(a), rail_top) for a in ang]
    pts = np.array([cam.project(p, SIZE) for p in ring])
    yy, xx = np.mgrid[0 : SIZE[1], 0 : SIZE[0]]
    inside = np.zeros(SIZE[::-1], bool)
    for row in range(int(pts[:, 1].min()), int(pts[:, 1].max()) + 1):  # the ring's outline, row by row
        xs = pts[np.abs(pts[:, 1] - row) < 1.0, 0]
        if len(xs) >= 2:
            inside[row, int(np.ceil(xs.min())) : int(xs.max())] = True
    assert inside.sum() > 80
    px = img[inside]
    wood = (px[:, 0] > 60) & (px[:, 0] > 1.6 * px[:, 1])
    assert wood.sum() == 0

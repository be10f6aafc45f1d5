"""Issue 13: the cue never passes through a rail. A cue ball frozen against the head rail,
seen from above: the stick the game draws (raised to its least clearing elevation) shows
over the rail, where a level stick would be hidden inside it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.table.cue_clearance import least_elevation
from billiard.render.camera import Camera
from billiard.render.cue import contact_point, cue_frame
from billiard.render.renderer import Renderer
from billiard.render.scene import BallView, CueState, SceneState
from billiard.table import get_table

SIZE = (320, 180)
R = 0.028575


@pytest.fixture(scope="module")
def renderer(gl_ctx):
    return Renderer(gl_ctx, SIZE)


def test_the_cue_of_a_ball_frozen_against_a_rail_rides_over_it(renderer):
    table = get_table("pool-9ft")
    cue_xy = (-table.half_length + R, 0.0)
    balls = BallView.create(["cue", "1"], [(*cue_xy, R), (0.5, 0.3, R)], radius=R)
    e = least_elevation(table, balls.pos, balls.radius, np.ones(2, bool), 0, 0.0)
    assert e > 10.0
    over_rail_x = -table.half_length - (table.cushion_width + table.rail_width) / 2
    cam = Camera((over_rail_x, 0.0, 0.0), 90.0, 90.0, 0.5, 45.0)
    plain = renderer.snapshot(SceneState(table, balls), cam).astype(int)

    def stick_pixel(elevation):
        """The picture with the cue at ``elevation`` and the pixel where its axis crosses the rail."""
        cue = CueState(0.0, elevation, pull=0.01)
        d = cue_frame(cue)[0]
        start = contact_point(cue, balls.pos[0], R)
        s = (start[0] - over_rail_x) / math.cos(math.radians(elevation))
        x, y = cam.project(start - s * d, SIZE)
        return renderer.snapshot(SceneState(table, balls, cue), cam).astype(int), (int(y), int(x))

    raised, (row, col) = stick_pixel(e)
    assert np.abs(raised[row, col] - plain[row, col]).sum() > 60  # the stick is seen over the rail
    level, (row, col) = stick_pixel(0.0)
    assert np.abs(level[row, col] - plain[row, col]).sum() < 15  # a level stick is inside the rail

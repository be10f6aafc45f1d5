import math

import pytest

from billiard.display.aim import aim_overlay, first_contact
from billiard.render.scene import BallView
from tests.render.helpers import R, pocket_table


def test_straight_shot_meets_the_object_ball_two_radii_before_its_centre():
    table = pocket_table()
    balls = BallView.create(["cue", "1"], [(-0.5, 0.0, R), (0.5, 0.0, R)], radius=R)
    dist, hit = first_contact(balls, table, 0, 0.0)
    assert hit == 1 and dist == pytest.approx(1.0 - 2 * R)


def test_cut_shot_ghost_touches_the_object_ball_and_object_line_follows_the_centres():
    table = pocket_table()
    balls = BallView.create(["cue", "1"], [(-0.5, 0.0, R), (0.5, 0.03, R)], radius=R)
    over = aim_overlay(balls, table, 0.0)
    gx, gy, _ = over.ghost
    assert math.hypot(0.5 - gx, 0.03 - gy) == pytest.approx(2 * R)
    (x0, y0, _), (x1, y1, _) = over.object_line.points
    assert (y1 - y0) / (x1 - x0) == pytest.approx((0.03 - gy) / (0.5 - gx))


def test_a_miss_ends_the_aim_line_at_the_cushion():
    table = pocket_table()
    balls = BallView.create(["cue", "1"], [(0.0, 0.0, R), (0.5, 0.3, R)], radius=R)
    over = aim_overlay(balls, table, 90.0)
    assert over.object_line is None
    assert over.ghost[1] == pytest.approx(table.half_width - R)

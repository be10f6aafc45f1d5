"""Ball in hand and respotting (``game/spotting.py``) on real table presets: WPA "as close
as possible behind the spot on the long string", the kitchen and the D."""

import numpy as np

from billiard.game import IN_HAND_ANYWHERE, IN_HAND_D, IN_HAND_KITCHEN
from billiard.game.spotting import free_spot, in_hand_ok, put_on_table, spot_for
from billiard.physics.state import Balls, Motion
from billiard.table import get_table

R = 0.028575


def balls_at(*xy):
    ids = ["cue"] + [str(n) for n in range(1, len(xy))]
    return Balls.create(ids, [(x, y, R) for x, y in xy], 0.17, R)


def test_a_free_spot_is_used_as_it_is():
    table = get_table("pool-9ft")
    b = balls_at((-0.8, 0.0), (0.0, 0.2))
    assert free_spot(table, b, "1", (0.635, 0.0)) == (0.635, 0.0)


def test_an_occupied_spot_moves_the_ball_just_behind_the_blocker_then_the_other_way():
    table = get_table("pool-9ft")
    spot = table.foot_spot
    b = balls_at((spot[0], 0.0), (-0.8, 0.0))  # the cue ball sits on the spot
    x, y = free_spot(table, b, "1", spot)
    assert y == 0.0 and spot[0] + 2 * R <= x < spot[0] + 2 * R + R / 8
    x, y = free_spot(table, b, "1", spot, direction=-1.0)
    assert y == 0.0 and spot[0] - 2 * R - R / 8 < x <= spot[0] - 2 * R
    # blocked all the way to the foot rail: it goes up the table instead
    row = [(spot[0] + k * 2 * R, 0.0) for k in range(12) if spot[0] + k * 2 * R < 1.27 - R]
    b = balls_at(*row, (-0.8, 0.3))
    x, _ = free_spot(table, b, str(len(row)), spot)
    assert spot[0] - 2 * R - R / 8 < x <= spot[0] - 2 * R


def test_put_on_table_stops_and_unpockets_the_ball():
    b = balls_at((0.0, 0.0), (0.3, 0.1))
    b.vel[1] = (1.0, 2.0, -0.5)
    b.omega[1] = (3.0, 0.0, 4.0)
    b.motion[1] = Motion.POCKETED
    b.pocket[1] = "foot-left"
    put_on_table(b, "1", (0.5, -0.2))
    np.testing.assert_array_equal(b.pos[1], (0.5, -0.2, R))
    assert not b.vel[1].any() and not b.omega[1].any()
    assert b.motion[1] == Motion.REST and b.pocket[1] is None


def test_spots_are_the_colours_own_or_the_foot_spot():
    snooker = get_table("snooker")
    assert spot_for(snooker, "pink") == snooker.spots["pink"]
    pool = get_table("pool-9ft")
    assert spot_for(pool, "9") == pool.foot_spot


def test_ball_in_hand_in_the_kitchen_stays_behind_the_head_string_and_off_other_balls():
    table = get_table("pool-9ft")
    b = balls_at((0.0, 0.0), (-0.9, 0.1))
    hx = table.head_string_x
    assert in_hand_ok(IN_HAND_KITCHEN, table, b, "cue", hx, 0.3)
    assert not in_hand_ok(IN_HAND_KITCHEN, table, b, "cue", hx + 0.01, 0.3)
    assert in_hand_ok(IN_HAND_ANYWHERE, table, b, "cue", hx + 0.01, 0.3)
    assert not in_hand_ok(None, table, b, "cue", hx, 0.3)
    assert in_hand_ok(IN_HAND_KITCHEN, table, b, "cue", -0.9, 0.1 + 2 * R)  # touching is fine
    assert not in_hand_ok(IN_HAND_KITCHEN, table, b, "cue", -0.9, 0.1 + 2 * R - 1e-4)
    assert not in_hand_ok(IN_HAND_ANYWHERE, table, b, "cue", 1.27 - R / 2, 0.0)  # off the bed


def test_ball_in_hand_in_the_d_is_inside_its_semicircle_edge_included():
    table = get_table("snooker")
    hx, rd = table.head_string_x, table.d_radius
    b = Balls.create(["cue", "red-1"], [(0.0, 0.0, R), (0.5, 0.5, R)], 0.14, R)
    assert in_hand_ok(IN_HAND_D, table, b, "cue", hx, rd)  # on the arc
    assert in_hand_ok(IN_HAND_D, table, b, "cue", hx - 0.1, 0.1)
    assert not in_hand_ok(IN_HAND_D, table, b, "cue", hx - 0.1, rd)  # outside the arc
    assert not in_hand_ok(IN_HAND_D, table, b, "cue", hx + 0.01, 0.0)  # in front of baulk

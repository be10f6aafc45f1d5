"""Cue strike (seed 001 impulse at the tip): speeds, spins as players know them, validation."""

import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.cue import cue_strike
from billiard.physics.state import Motion
from tests.physics.helpers import M, R, world

CUE = 0.54


def test_centre_hit_gives_the_speed_and_no_spin():
    dv, dw = cue_strike(M, R, 3.0, 90.0, 0.0, [0, 0], CUE)
    np.testing.assert_allclose(dv, [0.0, 3.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(dw, 0.0, atol=1e-12)


def test_follow_draw_and_side_spin_directions():
    _, follow = cue_strike(M, R, 2.0, 0.0, 0.0, [0, 0.4], CUE)
    _, draw = cue_strike(M, R, 2.0, 0.0, 0.0, [0, -0.4], CUE)
    _, right = cue_strike(M, R, 2.0, 0.0, 0.0, [0.4, 0], CUE)
    assert follow[1] > 0 and draw[1] < 0  # topspin / backspin about +y for a shot along +x
    assert right[2] > 0 and abs(right[1]) < 1e-12  # right english: counter-clockwise seen from above


def test_off_centre_hit_is_slower_than_centre_and_tip_at_2_5_rolls():
    dv, dw = cue_strike(M, R, 2.0, 0.0, 0.0, [0, 0.4], CUE)
    assert dv[0] < 2.0
    # a hit at 0.4 R above centre (with the impulse along the cue) gives a rolling ball
    assert dw[1] * R == pytest.approx(dv[0] * 5 * 0.4 * math.sqrt(1) / 2, rel=1e-12)
    assert dw[1] * R == pytest.approx(dv[0], rel=1e-12)


def test_elevated_cue_makes_the_ball_hop_and_spins_it():
    """6 DOF: the cue's downward push is returned by the bed with e_table (billiard.physics.flight)."""
    w = world([(0.0, 0.0)])
    w.strike("b0", 2.0, 0.0, 30.0, [0.3, 0.0])
    b = w.balls
    assert b.vel[0, 2] > 0.0 and b.pos[0, 2] == R and b.motion[0] == Motion.AIRBORNE
    assert abs(b.omega[0, 0]) > 1.0  # the tilted cue gives a horizontal spin axis component: massé curve


def test_follow_makes_ball_roll_faster_than_stun():
    speeds = {}
    for name, b in (("stun", 0.0), ("follow", 0.35)):
        w = world([(-3.0, 0.0)])
        w.strike("b0", 2.0, 0.0, 0.0, [0.0, b])
        for _ in range(60):
            w.step()
        speeds[name] = w.balls.vel[0, 0]
    assert speeds["follow"] > speeds["stun"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"speed": -1.0}, "between 0 and 15 m/s"),
        ({"speed": 16.0}, "between 0 and 15 m/s"),
        ({"speed": float("nan")}, "finite"),
        ({"heading_deg": float("inf")}, "finite"),
        ({"elevation_deg": 90.0}, "[0, 90)"),
        ({"elevation_deg": -5.0}, "[0, 90)"),
        ({"tip": [0.5, 0.4]}, "miscue"),
        ({"tip": [float("nan"), 0.0]}, "finite"),
        ({"tip": [0.1]}, "pair"),
        ({"tip": "centre"}, "pair"),
        ({"speed": "fast"}, "number"),
    ],
)
def test_bad_strikes_are_rejected_with_a_clear_message(kwargs, message):
    w = world([(0.0, 0.0)])
    args = {"speed": 2.0, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.0]} | kwargs
    with pytest.raises(BilliardError) as err:
        w.strike("b0", **args)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
    assert not w.moving()


def test_unknown_ball_is_rejected():
    w = world([(0.0, 0.0)])
    with pytest.raises(BilliardError, match="unknown ball 'cue'"):
        w.strike("cue", 1.0, 0.0, 0.0, [0, 0])


@pytest.mark.parametrize("a, side", [(0.4, -1.0), (-0.4, 1.0)])
def test_masse_curves_towards_the_english(a, side):
    # an elevated cue with right english curves the ball to the shooter's right (-y when aiming +x)
    w = world([(0.0, 0.0)])
    w.strike("b0", 2.0, 0.0, 60.0, [a, 0.0])
    assert -side * w.balls.vel[0, 1] > 0.0  # squirt (TP A-31) starts it away from the english
    for _ in range(120):
        w.step()
    assert side * w.balls.pos[0, 1] > 0.1


@pytest.mark.parametrize("offset, measured", [(0.3, 1.2), (0.5, 1.9)])
def test_squirt_matches_tp_a31(offset, measured):
    """TP A-31: a typical shaft (end mass m/30) squirts the ball ~1.2 deg at 0.3 R, 1.9 deg at 0.5 R,
    away from the english side (right english, aim along +x: the ball leaves towards +y)."""
    from billiard.physics.cue import squirt_angle_deg

    for heading in (0.0, 73.0):
        dv, _ = cue_strike(M, R, 2.0, heading, 0.0, [offset, 0.0], CUE, M / 30)
        angle = math.degrees(math.atan2(dv[1], dv[0])) - heading
        assert angle == pytest.approx(squirt_angle_deg(offset, M, M / 30), abs=1e-9)
        assert angle == pytest.approx(measured, abs=0.1)
    dv, _ = cue_strike(M, R, 2.0, 0.0, 0.0, [-offset, 0.0], CUE, M / 30)
    assert math.degrees(math.atan2(dv[1], dv[0])) == pytest.approx(-squirt_angle_deg(offset, M, M / 30))


def test_low_deflection_shaft_squirts_less_and_no_end_mass_none():
    light = cue_strike(M, R, 2.0, 0.0, 0.0, [0.5, 0.0], CUE, M / 60)[0]
    typical = cue_strike(M, R, 2.0, 0.0, 0.0, [0.5, 0.0], CUE, M / 30)[0]
    none = cue_strike(M, R, 2.0, 0.0, 0.0, [0.5, 0.0], CUE, 0.0)[0]
    assert 0.0 < light[1] / light[0] < typical[1] / typical[0]
    assert none[1] == 0.0


def test_squirt_is_the_world_default_and_swerve_then_curves_back():
    """The world's strike squirts (params.end_mass); with an elevated cue the english's massé
    swerve bends the path back towards the english side as the ball travels."""
    level = world([(-3.0, 0.0)])
    level.strike("b0", 2.0, 0.0, 0.0, [0.5, 0.0])
    assert math.degrees(math.atan2(level.balls.vel[0, 1], level.balls.vel[0, 0])) == pytest.approx(1.886, abs=0.01)
    raised = world([(-3.0, 0.0)])
    raised.strike("b0", 2.0, 0.0, 10.0, [0.5, 0.0])
    start = math.atan2(raised.balls.vel[0, 1], raised.balls.vel[0, 0])
    assert start > 0.0
    for _ in range(60):
        raised.step()
    assert math.atan2(raised.balls.vel[0, 1], raised.balls.vel[0, 0]) < start


def test_the_strikes_cross_product_is_numpys_to_the_last_bit():
    """cue._cross (the strike's 3-vector cross product without np.cross's overhead) gives
    np.cross's numbers exactly, so strikes are unchanged."""
    from billiard.physics.cue import _cross

    rng = np.random.default_rng(7)
    for _ in range(2000):
        a, b = rng.normal(size=3) * rng.uniform(0.0, 10.0), rng.normal(size=3) * rng.uniform(0.0, 10.0)
        assert np.array_equal(_cross(a, b), np.cross(a, b))
    assert _cross(np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])).tolist() == [0.0, 0.0, 1.0]

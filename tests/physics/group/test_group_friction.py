"""One ball-ball friction law for a lone pair and for a group (docs/physics.md "Ball-ball friction").

A 30 deg stun cut on ball 1 while ball 2 touches ball 1 on the side it leaves from: the
group solver handles the touching pair too, yet only the cut carries an impulse, so the
object ball must leave exactly as in the lone cut, with the friction law in force
(TP A-14 fit by default, the constant mu_ball when mu_ball_fit = 0).
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.physics.impulse import ball_friction_fit
from tests.physics.helpers import R, run_until, world

CUT = math.radians(30.0)


def _throw_deg(with_neighbour: bool, speed: float, overrides: dict) -> float:
    cue = (-2 * R * math.cos(CUT) - 1e-4, -2 * R * math.sin(CUT))
    balls = [cue, (0.0, 0.0)]
    if with_neighbour:
        a = math.radians(130.0)             # ball 1 moves off at 30 deg: away from this side
        balls.append((2 * R * math.cos(a), 2 * R * math.sin(a)))
    w = world(balls, vel=[[speed, 0, 0]] + [[0, 0, 0]] * (len(balls) - 1),
              overrides={"mu_slide": 0.0} | overrides)
    events = run_until(w, lambda e: e.type == "ball-ball")
    hits = [e for e in events if e.type == "ball-ball"]
    assert [h.balls for h in hits] == [("b0", "b1")]
    v = w.balls.vel[1]
    if with_neighbour:
        assert np.allclose(w.balls.vel[2], 0.0)
    return 30.0 - math.degrees(math.atan2(v[1], v[0]))


@pytest.mark.parametrize("speed", [0.67, 3.1])
@pytest.mark.parametrize("overrides", [{}, {"mu_ball_fit": 1.0}, {"mu_ball_fit": 0.0}, {"mu_ball_fit": 0.0, "mu_ball": 0.03}])
def test_group_throw_equals_pair_throw(speed, overrides):
    pair = _throw_deg(False, speed, overrides)
    group = _throw_deg(True, speed, overrides)
    assert group == pytest.approx(pair, abs=1e-6)


def test_default_friction_is_the_speed_fit_in_a_group():
    # TP A-14: ~4.7 deg at 0.67 m/s, ~1.7 deg at 3.1 m/s; the constant 0.06 gives ~3.4 at both
    slow, fast = _throw_deg(True, 0.67, {}), _throw_deg(True, 3.1, {})
    assert slow == pytest.approx(4.7, abs=0.5) and fast == pytest.approx(1.7, abs=0.5)
    const = _throw_deg(True, 0.67, {"mu_ball_fit": 0.0}), _throw_deg(True, 3.1, {"mu_ball_fit": 0.0})
    assert const[0] == pytest.approx(const[1], abs=0.05)
    assert ball_friction_fit(0.0) > 0.06 > ball_friction_fit(3.0)

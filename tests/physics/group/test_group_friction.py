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
        a = math.radians(130.0)  # ball 1 moves off at 30 deg: away from this side
        balls.append((2 * R * math.cos(a), 2 * R * math.sin(a)))
    w = world(balls, vel=[[speed, 0, 0]] + [[0, 0, 0]] * (len(balls) - 1), overrides={"mu_slide": 0.0} | overrides)
    events = run_until(w, lambda e: e.type == "ball-ball")
    hits = [e for e in events if e.type == "ball-ball"]
    assert [h.balls for h in hits] == [("b0", "b1")]
    v = w.balls.vel[1]
    if with_neighbour:
        assert np.allclose(w.balls.vel[2], 0.0)
    return 30.0 - math.degrees(math.atan2(v[1], v[0]))


@pytest.mark.parametrize("speed", [0.67, 3.1])
@pytest.mark.parametrize(
    "overrides", [{}, {"mu_ball_fit": 1.0}, {"mu_ball_fit": 0.0}, {"mu_ball_fit": 0.0, "mu_ball": 0.03}]
)
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


# The cue ball struck into the pocket between two touching object balls: two 30 deg cuts at
# once (issue 29). Before friction acted along the impulse, the object balls left at 31.80 and
# 31.72 deg: the second cut's normal impulse reverses the cue ball's slip at the first contact,
# and friction applied after the whole impulse saw only the reversed slip.
def _double_cut(speed: float, overrides: dict | None = None):
    ob1 = (2 * R * math.cos(CUT), 2 * R * math.sin(CUT))
    ob2 = (ob1[0], -ob1[1])
    w = world(
        [(-1e-4, 0.0), ob1, ob2],
        vel=[[speed, 0, 0], [0, 0, 0], [0, 0, 0]],
        overrides={"mu_slide": 0.0} | (overrides or {}),
    )
    events = run_until(w, lambda e: e.type == "ball-ball")
    hits = sorted(e.balls for e in events if e.type == "ball-ball")
    assert hits == [("b0", "b1"), ("b0", "b2")]
    v1, v2 = w.balls.vel[1], w.balls.vel[2]
    angle = math.degrees(math.atan2(v1[1], v1[0]))
    assert math.degrees(math.atan2(v2[1], v2[0])) == pytest.approx(-angle, abs=1e-9)  # mirror
    return 30.0 - angle


def test_double_cut_third_contact_carries_no_impulse():
    # the two object balls separate from the first instant: their contact takes no impulse,
    # so the group result is the two cuts alone (with and without the touching contact alike)
    from billiard.physics.group import make_group, resolve_group
    from billiard.physics.impulse import ball_ball_mu, contact_slip

    def solve(third: bool):
        pos = np.array(
            [
                [0, 0, R],
                [2 * R * math.cos(CUT), 2 * R * math.sin(CUT), R],
                [2 * R * math.cos(CUT), -2 * R * math.sin(CUT), R],
            ]
        )
        vel = np.array([[1.0, 0, 0], [0, 0, 0], [0, 0, 0]])
        pairs = [(1, 0), (2, 0)] + ([(1, 2)] if third else [])
        normals = [(pos[i] - pos[j]) / np.linalg.norm(pos[i] - pos[j]) for i, j in pairs]
        mu = [
            ball_ball_mu(0.06, True, contact_slip(vel[i], np.zeros(3), R, vel[j], np.zeros(3), R, n))
            for (i, j), n in zip(pairs, normals)
        ]
        group = make_group(
            pos,
            vel,
            np.zeros((3, 3)),
            0.17,
            R,
            [i for i, _ in pairs],
            [j for _, j in pairs],
            normals,
            [pos[j] + R * n for (_, j), n in zip(pairs, normals)],
            0.95,
            mu,
        )
        return resolve_group(group)

    with_third, without = solve(True), solve(False)
    assert with_third.normal_impulse[2] == 0.0
    np.testing.assert_allclose(with_third.vel, without.vel, atol=1e-15)


def test_double_cut_throws_by_speed():
    slow, fast = _double_cut(0.67), _double_cut(3.1)
    # friction along the impulse: thrown forward (towards the cue ball's path) as a pair is,
    # more at the slow speed, less than a lone cut (the slip dies part-way through the impulse)
    assert slow == pytest.approx(1.065, abs=0.05) and fast == pytest.approx(0.858, abs=0.05)
    assert slow > fast + 0.15
    assert 0.0 < slow < _throw_deg(False, 0.67, {}) and 0.0 < fast < _throw_deg(False, 3.1, {})
    # no friction, no throw: the 30 deg of the geometry exactly
    assert _double_cut(1.0, {"mu_ball_fit": 0.0, "mu_ball": 0.0}) == pytest.approx(0.0, abs=1e-9)

"""Closed-form motion on the bed: docs/physics.md items 1-3 and 10 (sliding angular momentum)."""

import math

import numpy as np
import pytest

from billiard.physics.state import Motion
from tests.physics.helpers import R, M, rolling_omega, run, run_until, world

G = 9.81


def state_event(to):
    return lambda e: e.type == "state" and e.info["to"] == to


def test_slide_to_roll_time_speed_distance():
    w = world([(-3.0, 0.0)])
    w.strike("b0", 2.0, 0.0, 0.0, [0.0, 0.0])
    events = run_until(w, state_event("rolling"))
    ev = [e for e in events if e.type == "state" and e.info["to"] == "rolling"][0]
    mu = w.params.mu_slide
    t_th, v_th, d_th = 2 * 2.0 / (7 * mu * G), 5 / 7 * 2.0, 12 * 4.0 / (49 * mu * G)
    assert ev.t == pytest.approx(t_th, rel=1e-9)
    assert t_th == pytest.approx(0.2912, abs=1e-4)
    # the world is now at the end of that tick: go back along the closed form of rolling
    b = w.balls
    dt_after = w.t - ev.t
    v_now = b.vel[0, 0]
    v_at = v_now + w.params.mu_roll * G * dt_after
    d_at = b.pos[0, 0] - (-3.0) - (v_at * dt_after - 0.5 * w.params.mu_roll * G * dt_after**2)
    assert v_at == pytest.approx(v_th, rel=5e-3)
    assert d_at == pytest.approx(d_th, rel=5e-3)
    assert b.motion[0] == Motion.ROLLING
    assert b.omega[0, 1] * R == pytest.approx(b.vel[0, 0], rel=1e-12)


@pytest.mark.parametrize("w0", [-60.0, -20.0, 0.0, 30.0, 90.0])
def test_final_rolling_speed_with_spin(w0):
    v0 = 1.5
    w = world([(-3.0, 0.0)], vel=[[v0, 0, 0]], omega=[[0.0, w0, 0.0]])
    events = run_until(w, state_event("rolling"))
    ev = [e for e in events if e.type == "state" and e.info["to"] == "rolling"][0]
    v_roll = w.balls.vel[0, 0] + w.params.mu_roll * G * (w.t - ev.t) * np.sign(w.balls.vel[0, 0])
    assert v_roll == pytest.approx((5 * v0 + 2 * R * w0) / 7, rel=5e-3)


def test_rolling_stop_distance_and_time():
    v = 1.0
    w = world([(-4.0, 0.0)], vel=[[v, 0, 0]], omega=[rolling_omega(v, 0)])
    assert w.balls.motion[0] == Motion.ROLLING
    events = run_until(w, state_event("rest"), limit=20)
    ev = [e for e in events if e.type == "state" and e.info["to"] == "rest"][0]
    mu_r = w.params.mu_roll
    assert ev.t == pytest.approx(v / (mu_r * G), rel=1e-9)
    assert w.balls.pos[0, 0] + 4.0 == pytest.approx(v * v / (2 * mu_r * G), rel=5e-3)
    assert not w.moving()


def test_spin_decays_linearly_to_rest():
    w0 = 20.0
    w = world([(0.0, 0.0)], omega=[[0, 0, w0]])
    assert w.balls.motion[0] == Motion.SPINNING
    rate = 2.5 * w.params.mu_spin * G / R
    assert rate == pytest.approx(10.9, rel=0.01)
    run(w, 0.5)
    assert w.balls.omega[0, 2] == pytest.approx(w0 - rate * 0.5, rel=1e-9)
    assert np.all(w.balls.pos[0, :2] == 0.0)
    events = run_until(w, state_event("rest"))
    ev = [e for e in events if e.type == "state"][-1]
    assert ev.t == pytest.approx(w0 / rate, rel=1e-9)


def test_angular_momentum_about_contact_point_is_conserved_while_sliding():
    # massé-like state: sideways velocity, spin about a tilted axis
    w = world([(0.0, 0.0)], vel=[[1.2, 0.4, 0]], omega=[[30.0, -10.0, 5.0]])
    b = w.balls

    def l_contact():
        # L about the cloth contact point: I omega + m (R z) x v  (z-spin decays by its own law)
        return 0.4 * M * R * R * b.omega[0, :2] + M * R * np.array([-b.vel[0, 1], b.vel[0, 0]])

    start = l_contact()
    for _ in range(10):
        w.step()
        assert b.motion[0] == Motion.SLIDING
        np.testing.assert_allclose(l_contact(), start, rtol=1e-10, atol=1e-12)


def test_sliding_ball_curves_towards_its_slip():
    # velocity along +x, omega_x < 0: the contact point slips to -y (u = v + R z x omega),
    # friction pushes the ball to +y and the path bends that way
    w = world([(0.0, 0.0)], vel=[[1.0, 0, 0]], omega=[[-20.0, 0, 0]])
    run(w, 0.2)
    assert w.balls.vel[0, 1] > 0.1


def test_orientation_turns_with_the_roll():
    v = 0.5
    w = world([(0.0, 0.0)], vel=[[v, 0, 0]], omega=[rolling_omega(v, 0)], overrides={"mu_roll": 0.0})
    run(w, 1.0)
    from billiard.physics.quaternion import rotate

    angle = (w.balls.pos[0, 0]) / R  # rad turned about +y
    top = rotate(w.balls.quat[:1], np.array([[0.0, 0.0, 1.0]]))[0]
    np.testing.assert_allclose(top, [math.sin(angle), 0.0, math.cos(angle)], atol=1e-9)
    assert np.linalg.norm(w.balls.quat[0]) == pytest.approx(1.0, abs=1e-12)

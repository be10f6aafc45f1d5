"""Ball-ball collisions: docs/physics.md items 4-7 and 10 through the engine."""

import math

import numpy as np
import pytest

from billiard.physics.ball_ball import collide_balls
from billiard.physics.state import Balls
from tests.physics.helpers import R, deg_between, kinetic_energy, rolling_omega, run, run_until, world

STUN = {"mu_slide": 0.0, "mu_ball": 0.0, "mu_ball_fit": 0.0}


def first_hit(w):
    run_until(w, lambda e: e.type == "ball-ball")
    return w.balls


@pytest.mark.parametrize("e", [1.0, 0.95, 0.9])
def test_head_on_split(e):
    v = 2.0
    w = world([(-0.5, 0.0), (0.0, 0.0)], vel=[[v, 0, 0], [0, 0, 0]], overrides=STUN | {"e_ball": e})
    b = first_hit(w)
    assert b.vel[0, 0] == pytest.approx((1 - e) / 2 * v, rel=1e-2, abs=1e-12)
    assert b.vel[1, 0] == pytest.approx((1 + e) / 2 * v, rel=1e-2)
    if e == 1.0:
        assert not w.moving() or b.motion[0] in (0,)  # the stun cue ball stopped dead


@pytest.mark.parametrize("cut_deg", [15.0, 30.0, 45.0, 60.0])
@pytest.mark.parametrize("e", [1.0, 0.95])
def test_ninety_degree_rule(cut_deg, e):
    phi = math.radians(cut_deg)
    # aim so that the line of centres at impact makes angle phi with the cue ball's path
    offset = 2 * R * math.sin(phi)
    w = world([(-0.5, -offset), (0.0, 0.0)], vel=[[1.5, 0, 0], [0, 0, 0]], overrides=STUN | {"e_ball": e})
    b = first_hit(w)
    theory = 90.0 - math.degrees(math.atan((1 - e) / 2 / math.tan(phi)))
    assert deg_between(b.vel[0], b.vel[1]) == pytest.approx(theory, abs=1.0)
    # no throw without friction: the object ball leaves along the line of centres at impact
    assert math.degrees(math.atan2(b.vel[1, 1], b.vel[1, 0])) == pytest.approx(cut_deg, abs=1e-6)


@pytest.mark.parametrize("fraction, expected", [(0.5, 33.7), (0.75, 27.6), (0.25, 27.3)])
def test_thirty_degree_rule(fraction, expected):
    # fraction of the object ball covered: 1/2-ball hit = 30 deg cut; offset = 2R (1 - fraction)
    offset = 2 * R * (1 - fraction)
    phi = math.asin(offset / (2 * R))
    theory = math.degrees(math.atan(math.sin(phi) * math.cos(phi) / (math.sin(phi) ** 2 + 0.4)))
    assert theory == pytest.approx(expected, abs=0.05)
    v = 1.5
    w = world(
        [(-0.5, -offset), (0.0, 0.0)],
        vel=[[v, 0, 0], [0, 0, 0]],
        omega=[rolling_omega(v, 0), [0, 0, 0]],
        overrides={"mu_ball": 0.0, "mu_ball_fit": 0.0, "e_ball": 1.0},
    )
    first_hit(w)
    run_until(w, lambda e: e.type == "state" and e.balls == ("b0",) and e.info["to"] == "rolling")
    assert deg_between(w.balls.vel[0], [1, 0, 0]) == pytest.approx(theory, abs=1.5)


@pytest.mark.parametrize("spin, sign", [("follow", 1), ("draw", -1)])
def test_follow_and_draw_after_full_hit(spin, sign):
    v = 1.5
    omega = rolling_omega(v, 0) if spin == "follow" else [0.0, -v / R, 0.0]
    # 0.1 mm apart: the hit comes before cloth friction changes the spin
    w = world(
        [(-2 * R - 1e-4, 0.0), (0.0, 0.0)],
        vel=[[v, 0, 0], [0, 0, 0]],
        omega=[omega, [0, 0, 0]],
        overrides={"mu_ball": 0.0, "mu_ball_fit": 0.0, "e_ball": 1.0, "mu_roll": 0.0},
    )
    b = first_hit(w)
    v_hit = v  # mu_roll = 0: the cue ball arrives at v
    run(w, 2.0)
    if spin == "follow":
        assert b.vel[0, 0] == pytest.approx(2 / 7 * v_hit, rel=5e-3)
    else:
        assert b.vel[0, 0] == pytest.approx(-2 / 7 * v_hit, rel=5e-3)  # draw: it comes back
    assert b.vel[1, 0] == pytest.approx(5 / 7 * v_hit, rel=5e-3)


def test_momentum_exact_and_energy_never_increases_in_random_collisions():
    rng = np.random.default_rng(1234)
    for _ in range(500):
        r = rng.uniform(0.02, 0.035, 2)
        m = rng.uniform(0.1, 0.3, 2)
        n = rng.normal(size=3)
        n /= np.linalg.norm(n)
        pos = np.array([np.zeros(3), -n * (r[0] + r[1])])
        vel = rng.normal(scale=3.0, size=(2, 3))
        omega = rng.normal(scale=80.0, size=(2, 3))
        b = Balls.create(["a", "b"], pos, m, r, vel=vel, omega=omega)
        p0 = (b.mass[:, None] * b.vel).sum(axis=0)
        e0 = kinetic_energy(b)
        from billiard.physics.params import POOL

        params = POOL.with_overrides(
            {
                "mu_ball": float(rng.uniform(0, 0.3)),
                "mu_ball_fit": float(rng.integers(0, 2)),
                "e_ball": float(rng.uniform(0.5, 1)),
            }
        )
        speed = collide_balls(b, 0, 1, params)
        p1 = (b.mass[:, None] * b.vel).sum(axis=0)
        np.testing.assert_allclose(p1, p0, rtol=1e-9, atol=1e-9 * np.abs(b.mass[:, None] * vel).sum())
        assert kinetic_energy(b) <= e0 * (1 + 1e-12)
        if speed is not None:
            # they separate along the normal afterwards
            assert np.dot(b.vel[1] - b.vel[0], n) <= 1e-12


def test_ball_ball_event_reports_approach_speed():
    w = world([(-0.5, 0.0), (0.0, 0.0)], vel=[[1.0, 0, 0], [0, 0, 0]], overrides=STUN)
    events = run_until(w, lambda e: e.type == "ball-ball")
    hit = [e for e in events if e.type == "ball-ball"][0]
    assert hit.balls == ("b0", "b1")
    assert hit.info["speed"] == pytest.approx(1.0, rel=1e-12)
    assert hit.t == pytest.approx((0.5 - 2 * R) / 1.0, rel=1e-9)


@pytest.mark.parametrize("speed, throw", [(0.67, 4.7), (3.1, 1.7)])
def test_cut_induced_throw_with_speed_dependent_friction(speed, throw):
    # docs/physics.md item 8: a stun 30 deg cut throws the object ball off the line of centres
    phi = math.radians(30)
    w = world(
        [(-2 * R * math.cos(phi) - 1e-4, -2 * R * math.sin(phi)), (0.0, 0.0)],
        vel=[[speed, 0, 0], [0, 0, 0]],
        overrides={"mu_slide": 0.0, "mu_ball_fit": 1.0},
    )
    b = first_hit(w)
    measured = 30.0 - math.degrees(math.atan2(b.vel[1, 1], b.vel[1, 0]))
    assert measured == pytest.approx(throw, abs=0.5)


def test_gearing_outside_english_gives_no_throw():
    # outside english whose contact-point speed cancels the slip: no friction, no throw
    phi = math.radians(30)
    v = 1.0
    # slip of a 30 deg cut: tangential part of v, v sin(phi); spin about z cancels it
    wz = v * math.sin(phi) / R
    w = world(
        [(-2 * R * math.cos(phi) - 1e-4, -2 * R * math.sin(phi)), (0.0, 0.0)],
        vel=[[v, 0, 0], [0, 0, 0]],
        omega=[[0, 0, wz], [0, 0, 0]],
        overrides={"mu_slide": 0.0, "mu_spin": 0.0, "mu_ball_fit": 1.0},
    )
    b = first_hit(w)
    assert math.degrees(math.atan2(b.vel[1, 1], b.vel[1, 0])) == pytest.approx(30.0, abs=0.05)

"""The two rolling models (docs/physics.md "Rolling"): seed 004's constant force (default) and
seed 002's rolling-resistance torque, an exponential decay ended at ROLL_STOP_SPEED."""

from __future__ import annotations

import math

import pytest

from billiard.errors import BilliardError
from billiard.physics.motion import ROLL_STOP_SPEED
from billiard.physics.params import POOL, PRESETS
from tests.physics.helpers import rolling_omega, run, world

TORQUE = {"rolling_model": "torque"}


_ROLLS: dict = {}


def _roll(v0: float, overrides: dict):
    """A ball rolling at ``v0`` along x until it stops: (the world, the stop time). Kept per
    (v0, overrides): three tests read the same 1 m/s torque-model roll, and only read it."""
    key = (v0, tuple(sorted(overrides.items())))
    if key not in _ROLLS:
        w = world([(-4.5, 0.0)], vel=[[v0, 0, 0]], omega=[rolling_omega(v0, 0)], overrides=overrides)
        events = []
        while w.moving() and w.t < 100.0:
            events += w.step()
        stop = [e for e in events if e.type == "state" and e.info["to"] == "rest"]
        _ROLLS[key] = w, stop[-1].t
    return _ROLLS[key]


def test_force_model_is_the_default_in_every_preset():
    assert all(p.rolling_model == "force" for p in PRESETS.values())


@pytest.mark.parametrize("v0", [0.3, 1.0, 1.6])
def test_torque_model_follows_its_closed_form(v0):
    k = 15 * POOL.alpha_roll / 7
    w, t_stop = _roll(v0, TORQUE)
    assert w.balls.pos[0, 0] + 4.5 == pytest.approx((v0 - ROLL_STOP_SPEED) / k, rel=1e-9)
    assert t_stop == pytest.approx(math.log(v0 / ROLL_STOP_SPEED) / k, rel=1e-9)
    # mid-way: v(t) = v0 exp(-k t) and x(t) = v0 (1 - exp(-k t)) / k
    w2 = world([(-4.5, 0.0)], vel=[[v0, 0, 0]], omega=[rolling_omega(v0, 0)], overrides=TORQUE)
    run(w2, 3.0)
    assert w2.balls.vel[0, 0] == pytest.approx(v0 * math.exp(-k * 3.0), rel=1e-9)
    assert w2.balls.pos[0, 0] + 4.5 == pytest.approx(v0 * -math.expm1(-k * 3.0) / k, rel=1e-9)
    assert w2.balls.omega[0, 1] * POOL.ball_radius == pytest.approx(w2.balls.vel[0, 0], rel=1e-12)


def test_force_model_closed_form_and_the_calibration_of_alpha():
    """alpha_roll is set so that a 1 m/s roll ends where the force model's does (within 0.1 %)."""
    w, t_stop = _roll(1.0, {})
    a = POOL.mu_roll * POOL.g
    assert w.balls.pos[0, 0] + 4.5 == pytest.approx(1 / (2 * a), rel=1e-9)
    assert t_stop == pytest.approx(1 / a, rel=1e-9)
    torque, _ = _roll(1.0, TORQUE)
    assert torque.balls.pos[0, 0] + 4.5 == pytest.approx(w.balls.pos[0, 0] + 4.5, rel=1e-3)


def test_a_numeric_integrator_agrees_with_the_exponential():
    exact, _ = _roll(1.0, TORQUE)
    rk4, _ = _roll(1.0, TORQUE | {"integrator": "rk4"})
    assert rk4.balls.pos[0, 0] == pytest.approx(exact.balls.pos[0, 0], abs=1e-6)


def test_unknown_rolling_model_is_a_one_line_error():
    with pytest.raises(BilliardError, match="rolling_model"):
        POOL.with_overrides({"rolling_model": "viscous"})

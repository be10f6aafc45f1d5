"""Seed 003 soft contact: measured restitution and contact time against the closed forms."""

from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.physics.contact.soft_seed003 import contact_time, damping, normal_impact, solve_soft
from billiard.physics.group import make_group
from billiard.physics.group.contacts import kinetic_energy

R, M, K = 0.028575, 0.170097, 2.0e7
ACCURATE = ["rk4", "rk3", "rk2", "newmark", "leapfrog", "euler-cromer"]


def test_damping_gives_the_restitution_by_seed003_formula():
    m, e = M / 2, 0.9
    a = damping(e, K, M / 2) / (2 * m)
    s = math.sqrt(K / m - a * a)
    assert math.exp(-math.pi * a / s) == pytest.approx(e, rel=1e-12)
    assert contact_time(e, K, m) == pytest.approx(math.pi / s, rel=1e-12)
    assert contact_time(1.0, K, m) == pytest.approx(math.pi * math.sqrt(m / K), rel=1e-12)


@pytest.mark.parametrize("integrator", ACCURATE)
@pytest.mark.parametrize("e", [0.5, 0.85, 0.95, 1.0])
def test_measured_restitution_and_contact_time(integrator, e):
    m = M / 2
    measured_e, measured_t = normal_impact(2.0, m, K, e, integrator)
    assert measured_e == pytest.approx(e, rel=0.02)
    assert measured_t == pytest.approx(contact_time(e, K, m), rel=0.02)


def test_explicit_euler_overshoots_restitution():
    """Explicit Euler adds energy (seed 004 annex D.2): the measured restitution comes out too high."""
    measured_e, _ = normal_impact(2.0, M / 2, K, 0.9, "euler")
    assert measured_e > 0.9 * 1.05


def _pair(e, v0=2.0, obstacle=False):
    if obstacle:
        return make_group([[0, 0, R]], [[v0, 0, 0]], [[0, 0, 0]], M, R, [0], [-1], [[-1, 0, 0]], [[R, 0, R]], e, 0.0)
    return make_group(
        [[0, 0, R], [2 * R, 0, R]],
        [[v0, 0, 0], [0, 0, 0]],
        np.zeros((2, 3)),
        M,
        R,
        [1],
        [0],
        [[1, 0, 0]],
        [[R, 0, R]],
        e,
        0.0,
    )


@pytest.mark.parametrize("e", [0.7, 0.95])
def test_group_pair_head_on_matches_impulse_result(e):
    group = _pair(e)
    res = solve_soft(group, K)
    vel, omega = res.vel, res.omega
    assert vel[0, 0] == pytest.approx((1 - e) / 2 * 2.0, abs=0.02 * 2.0)
    assert vel[1, 0] == pytest.approx((1 + e) / 2 * 2.0, rel=0.02)
    assert np.allclose(group.mass @ vel, group.mass @ group.vel, atol=1e-12)
    ke0 = kinetic_energy(group.mass, group.radius, group.vel, group.omega)
    assert kinetic_energy(group.mass, group.radius, vel, omega) <= ke0


def test_ball_into_fixed_obstacle_rebounds_with_e():
    vel = solve_soft(_pair(0.85, obstacle=True), K).vel
    assert -vel[0, 0] == pytest.approx(0.85 * 2.0, rel=0.02)
    assert np.allclose(vel[0, 1:], 0.0)

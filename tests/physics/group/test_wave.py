"""Grouped solver "wave": Newton's cradle, symmetry, order independence, invariants."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.physics.group import make_group, resolve_group, solve_wave
from billiard.physics.group.contacts import kinetic_energy

from .helpers import M, R, frozen_line, random_cluster, touching_pairs


def _vo(result):
    return result.vel, result.omega


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cradle_e1_last_ball_takes_all(n):
    vel, _ = _vo(resolve_group(frozen_line(n, v0=2.0, e=1.0)))
    expected = np.zeros(n + 1)
    expected[-1] = 2.0
    assert np.allclose(vel[:, 0], expected, atol=1e-12)
    assert np.allclose(vel[:, 1:], 0.0, atol=1e-12)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cradle_real_restitution_nearly_all_speed_to_last(n):
    v0, e = 2.0, 0.95
    vel, _ = _vo(resolve_group(frozen_line(n, v0=v0, e=e)))
    assert vel[-1, 0] > 0.9 * v0
    assert np.all(np.abs(vel[:-1, 0]) < 0.03 * v0)
    assert np.all(np.diff(vel[:, 0]) >= -1e-12)  # nobody overtakes the ball in front


def _seed004_pair(v1, w1, v2, w2, n, m1, m2, r1, r2, alpha, mu):
    """Seed 004 §4.2 written out for two spheres, as an independent reference."""
    vstar = (v2 - v1) @ n
    vc = v1 - v2 + vstar * n + np.cross(n, r1 * w1 + r2 * w2)
    lam = (1 + alpha) * m2 / (m1 + m2)
    vc_norm = np.linalg.norm(vc)
    if 7 * mu * (1 + alpha) * vstar > 2 * vc_norm:
        dv = lam * vstar * n - 2 * m2 / (7 * (m1 + m2)) * vc
        dw = 5 * m2 / (7 * r1 * (m1 + m2)) * np.cross(n, vc)
    else:
        dv = lam * vstar * (n - mu * vc / vc_norm)
        dw = 5 / (2 * r1) * mu * lam * vstar * np.cross(n, vc / vc_norm)
    return v1 + dv, w1 + dw, v2 - m1 / m2 * dv, w2 + m1 * r1 / (m2 * r2) * dw


@pytest.mark.parametrize("mu", [0.06, 0.6])  # sliding and sticking branches
def test_single_contact_equals_seed004_pair_formula(mu):
    """Seed 004's n points into body 1 from body 2 (x1 - x2): our n for a = 1, b = 2."""
    x1, x2 = np.array([0.0, 0.0, R]), np.array([2 * R * 0.8, 2 * R * 0.6, R])
    v1, v2 = np.array([2.0, 0.7, 0.0]), np.array([-0.3, 0.1, 0.0])
    w1, w2 = np.array([10.0, -30.0, 25.0]), np.array([0.0, 5.0, -8.0])
    m1, m2 = 0.17, 0.16
    n = (x1 - x2) / np.linalg.norm(x1 - x2)
    group = make_group([x1, x2], [v1, v2], [w1, w2], [m1, m2], R, [0], [1], [n], [x2 + R * n], 0.9, mu)
    res = solve_wave(group)
    ref = _seed004_pair(v1, w1, v2, w2, n, m1, m2, R, R, 0.9, mu)
    assert np.allclose(res.vel[0], ref[0], atol=1e-12) and np.allclose(res.omega[0], ref[1], atol=1e-10)
    assert np.allclose(res.vel[1], ref[2], atol=1e-12) and np.allclose(res.omega[1], ref[3], atol=1e-10)


def _mirror_case(mu: float):
    """Cue ball on the x axis, driven straight between two touching balls at y = +-R."""
    d = np.sqrt(3.0) * R
    pos = np.array([[0.0, 0.0, R], [d, R, R], [d, -R, R]])
    vel = np.array([[3.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    omega = np.array([[0.0, 3.0 / R, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])  # rolling cue ball
    a, b, normal, point = touching_pairs(pos, np.full(3, R))
    assert len(a) == 3
    return make_group(pos, vel, omega, M, R, a, b, normal, point, 0.95, mu)


@pytest.mark.parametrize("mu", [0.0, 0.06])
def test_mirror_symmetric_inputs_give_mirror_outputs(mu):
    res = solve_wave(_mirror_case(mu))
    flip_v = np.array([1.0, -1.0, 1.0])
    flip_w = np.array([-1.0, 1.0, -1.0])  # angular velocity is a pseudovector
    assert np.allclose(res.vel[1], res.vel[2] * flip_v, atol=1e-9)
    assert np.allclose(res.omega[1], res.omega[2] * flip_w, atol=1e-9)
    assert abs(res.vel[0, 1]) < 1e-9 and abs(res.omega[0, 0]) < 1e-9 and abs(res.omega[0, 2]) < 1e-9
    assert res.vel[1, 0] > 0 and res.vel[1, 1] > 0


def _shuffled(group, rng):
    """Same physical group with balls and contacts permuted and some contacts written b -> a."""
    perm = rng.permutation(group.n_balls)
    inv = np.argsort(perm)
    cperm = rng.permutation(group.n_contacts)
    a, b = inv[group.a[cperm]], np.where(group.b[cperm] >= 0, inv[np.maximum(group.b[cperm], 0)], -1)
    normal = group.normal[cperm].copy()
    swap = (rng.random(group.n_contacts) < 0.5) & (b >= 0)
    a, b = np.where(swap, b, a), np.where(swap, a, b)
    normal[swap] *= -1
    shuffled = make_group(
        group.pos[perm],
        group.vel[perm],
        group.omega[perm],
        group.mass[perm],
        group.radius[perm],
        a,
        b,
        normal,
        group.point[cperm],
        group.e[cperm],
        group.mu[cperm],
    )
    return shuffled, perm


@pytest.mark.parametrize("seed", range(6))
def test_memory_order_does_not_matter(seed):
    rng = np.random.default_rng(seed)
    group = random_cluster(rng, 5, obstacle=seed % 2 == 1)
    ref = solve_wave(group)
    shuffled, perm = _shuffled(group, rng)
    res = solve_wave(shuffled)
    scale = np.abs(ref.vel).max()
    assert np.allclose(res.vel, ref.vel[perm], atol=1e-12 * scale, rtol=0)
    assert np.allclose(res.omega, ref.omega[perm], atol=1e-12 * scale / R, rtol=0)


def test_shuffled_mirror_case_same_to_1e12():
    group = _mirror_case(0.06)
    ref = solve_wave(group)
    for seed in range(4):
        res, perm = _shuffled(group, np.random.default_rng(seed))
        out = solve_wave(res)
        assert np.allclose(out.vel, ref.vel[perm], atol=1e-12, rtol=0)


@pytest.mark.parametrize("seed", range(40))
def test_fuzz_invariants(seed):
    rng = np.random.default_rng(1000 + seed)
    with_obstacle = seed % 4 == 0
    group = random_cluster(rng, int(rng.integers(2, 7)), obstacle=with_obstacle)
    res = solve_wave(group)
    ke0 = kinetic_energy(group.mass, group.radius, group.vel, group.omega)
    ke1 = kinetic_energy(group.mass, group.radius, res.vel, res.omega)
    assert ke1 <= ke0 * (1 + 1e-12)
    assert np.all(res.normal_impulse >= 0.0)  # never pulls
    assert np.all(np.linalg.norm(res.friction_impulse, axis=1) <= group.mu * res.normal_impulse * (1 + 1e-9) + 1e-15)
    if not with_obstacle:
        p0, p1 = group.mass @ group.vel, group.mass @ res.vel
        assert np.allclose(p0, p1, atol=1e-12 * np.abs(group.mass @ np.abs(group.vel)).max(), rtol=0)
    # no contact of the group approaches afterwards
    arm_a = group.point - group.pos[group.a]
    ua = res.vel[group.a] + np.cross(res.omega[group.a], arm_a)
    ball_b = group.b >= 0
    ub = np.zeros_like(ua)
    arm_b = group.point[ball_b] - group.pos[group.b[ball_b]]
    ub[ball_b] = res.vel[group.b[ball_b]] + np.cross(res.omega[group.b[ball_b]], arm_b)
    un = np.sum((ua - ub) * group.normal, axis=1)
    assert np.all(un >= -1e-9 * np.abs(group.vel).max())
    # the velocities are exactly what the reported impulses give
    dv = np.zeros_like(group.vel)
    impulse = res.normal_impulse[:, None] * group.normal + res.friction_impulse
    np.add.at(dv, group.a, impulse)
    np.add.at(dv, group.b[ball_b], -impulse[ball_b])
    assert np.allclose(group.vel + dv / group.mass[:, None], res.vel, atol=1e-10)


def test_pinched_ball_between_ball_and_cushion_bounces_back():
    """Object ball frozen to a cushion, cue ball hits it straight: nothing passes the cushion."""
    pos = np.array([[0.0, 0.0, R], [2 * R, 0.0, R]])
    cushion_point = pos[1] + np.array([R, 0.0, 0.0])
    group = make_group(
        pos,
        [[1.5, 0, 0], [0, 0, 0]],
        np.zeros((2, 3)),
        M,
        R,
        [1, 1],
        [0, -1],
        [[1, 0, 0], [-1, 0, 0]],
        [[R, 0, R], cushion_point],
        [0.95, 0.85],
        [0.06, 0.2],
    )
    res = solve_wave(group)
    assert res.vel[1, 0] <= 1e-12  # the object ball does not go into the cushion
    assert res.vel[0, 0] < 0  # the cue ball comes back
    assert res.vel[0, 0] - res.vel[1, 0] <= 1e-12  # and does not pass through the object ball
    ke0 = kinetic_energy(group.mass, group.radius, group.vel, group.omega)
    assert kinetic_energy(group.mass, group.radius, res.vel, res.omega) < ke0

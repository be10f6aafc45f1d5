"""Seed 000's linear system: its known glued answer on a frozen line, and its invariants."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.group import make_group, resolve_group
from billiard.physics.group.contacts import kinetic_energy
from billiard.physics.group.gauss_jordan import gauss_jordan

from .helpers import M, R, frozen_line, random_cluster


def _vo(result):
    return result.vel, result.omega


def test_frozen_line_of_two_is_glued():
    v0 = 2.0
    vel, omega = _vo(resolve_group(frozen_line(2, v0=v0, e=1.0), model="linear"))
    assert np.allclose(vel[:, 0], [-v0 / 3, 2 * v0 / 3, 2 * v0 / 3], atol=1e-12)
    assert np.allclose(vel[:, 1:], 0.0, atol=1e-12)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_frozen_line_conserves_energy_and_momentum_e1(n):
    group = frozen_line(n, v0=2.0, e=1.0)
    vel, omega = _vo(resolve_group(group, model="linear"))
    assert np.allclose(group.mass @ vel, group.mass @ group.vel, atol=1e-12)
    ke0 = kinetic_energy(group.mass, group.radius, group.vel, group.omega)
    assert kinetic_energy(group.mass, group.radius, vel, omega) == pytest.approx(ke0, rel=1e-12)
    assert np.allclose(vel[1:, 0], vel[1, 0])  # all object balls leave together


def test_single_pair_is_the_textbook_head_on_result():
    e = 0.9
    vel, _ = _vo(resolve_group(frozen_line(1, v0=1.0, e=e), model="linear"))
    assert np.allclose(vel[:, 0], [(1 - e) / 2, (1 + e) / 2], atol=1e-12)


def test_redundant_contacts_still_solve_and_conserve_momentum():
    """A triangle of three touching balls plus a fourth: more contacts than independent ones in the plane."""
    rng = np.random.default_rng(3)
    group = random_cluster(rng, 6)
    vel, _ = _vo(resolve_group(group, model="linear"))
    assert np.allclose(group.mass @ vel, group.mass @ group.vel, atol=1e-12)


def test_gauss_jordan_full_pivoting_matches_numpy_and_flags_inconsistency():
    rng = np.random.default_rng(0)
    a = rng.normal(size=(7, 7))
    a[0, 0] = 1e-14  # a zero-ish leading pivot needs pivoting
    b = rng.normal(size=7)
    assert np.allclose(gauss_jordan(a, b), np.linalg.solve(a, b), atol=1e-10)
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(BilliardError):
        gauss_jordan(singular, np.array([1.0, 0.0]))


def test_unknown_group_model_is_a_clear_error():
    with pytest.raises(BilliardError):
        resolve_group(frozen_line(2), model="magic")


def test_bad_group_input_is_a_clear_error():
    with pytest.raises(BilliardError):
        make_group([[0, 0, R]], [[0, 0, 0]], [[0, 0, 0]], M, R, [0], [3], [[1, 0, 0]], [[0, 0, 0]], 1.0, 0.0)

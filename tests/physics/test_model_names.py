"""Every model name a parameter accepts is one its implementation runs, and the reverse."""

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.group import SOLVERS, make_group, resolve_group
from billiard.physics.integrators import INTEGRATORS, THEORY_ORDER, get_integrator
from billiard.physics.params import CHOICES, POOL
from billiard.validation.break_scene import break_world, run_to_rest


def _pair():
    """Two touching balls, the first approaching the second at 1 m/s along x."""
    r = POOL.ball_radius
    pos = np.array([[0.0, 0.0, r], [2 * r, 0.0, r]])
    vel = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    return make_group(
        pos,
        vel,
        np.zeros((2, 3)),
        np.full(2, POOL.ball_mass),
        np.full(2, r),
        [0],
        [1],
        [np.array([-1.0, 0.0, 0.0])],
        [np.array([r, 0.0, r])],
        [1.0],
        [0.0],
    )


@pytest.mark.parametrize("model", CHOICES["group_model"])
def test_each_group_model_name_solves_a_head_on_pair(model):
    out = resolve_group(_pair(), model)
    np.testing.assert_allclose(out.vel[:, 0], [0.0, 1.0], atol=1e-9)  # e = 1: velocities swap


def test_group_model_names_are_the_solvers_and_nothing_else():
    assert set(CHOICES["group_model"]) == set(SOLVERS)
    with pytest.raises(BilliardError, match="unknown group model"):
        resolve_group(_pair(), "nope")


def test_integrator_names_are_the_schemes_plus_exact():
    assert CHOICES["integrator"] == ("exact", *INTEGRATORS)
    assert set(THEORY_ORDER) == set(INTEGRATORS)
    for name in INTEGRATORS:
        assert callable(get_integrator(name))


@pytest.mark.parametrize("name", ["contact_model", "rolling_model"])
def test_each_contact_and_rolling_model_name_runs_a_break(name):
    for value in CHOICES[name]:
        world, _ = break_world(3.0, POOL.with_overrides({name: value}))
        assert run_to_rest(world, 0.3)  # the break's hits happen
        assert getattr(world.params, name) == value

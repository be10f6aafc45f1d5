"""The energy drift each explicit Runge-Kutta scheme should show on the undamped oscillator,
against |R(i theta)|^2 computed from the stability polynomial R(z) = sum_k z^k / k!."""

import math

import pytest

from billiard.physics.integrators.order import expected_drift

STAGES = {"euler": 1, "rk2": 2, "rk3": 3, "rk4": 4}


@pytest.mark.parametrize("name", sorted(STAGES))
def test_expected_drift_is_the_stability_polynomial_on_the_imaginary_axis(name):
    periods, per_period = 10, 100
    z = 1j * 2.0 * math.pi / per_period
    r = sum(z**k / math.factorial(k) for k in range(STAGES[name] + 1))
    assert expected_drift(name, periods, per_period) == pytest.approx(
        abs(r) ** (2 * periods * per_period) - 1.0, rel=1e-9
    )


def test_symplectic_schemes_have_no_expected_drift():
    assert expected_drift("leapfrog") is None and expected_drift("euler-cromer") is None

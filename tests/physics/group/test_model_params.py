"""The model-choosing parameters: names accepted, anything else a clear error."""

from __future__ import annotations

import pytest

from billiard.errors import BilliardError
from billiard.physics.params import CHOICES, POOL, Params


def test_defaults_are_the_engine_defaults():
    assert (POOL.group_model, POOL.contact_model, POOL.integrator) == ("wave", "impulse", "exact")


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_choice_is_accepted(name):
    for value in CHOICES[name]:
        assert getattr(POOL.with_overrides({name: value}), name) == value


@pytest.mark.parametrize(
    "overrides",
    [{"group_model": "glue"}, {"integrator": 3}, {"contact_model": None}, {"integrator": ["rk4"]}, {"k_soft": -1.0}],
)
def test_bad_choices_are_one_line_errors(overrides):
    with pytest.raises(BilliardError) as err:
        POOL.with_overrides(overrides)
    assert "\n" not in str(err.value)


def test_round_trip_through_dict_keeps_the_names():
    p = POOL.with_overrides({"group_model": "linear", "integrator": "rk4"})
    assert Params(**p.to_dict()) == p

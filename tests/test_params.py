"""Parameters: presets, overrides by name, rejection of impossible values."""
import math

import pytest

from billiard.errors import BilliardError
from billiard.physics.params import POOL, Params, preset


def test_presets_differ_in_ball_size():
    assert preset("snooker").ball_radius < preset("pool").ball_radius < preset("carom").ball_radius
    for name in ("pool", "snooker", "carom"):
        p = preset(name)
        # the cushion nose sits at ~0.64 of the ball diameter, above the centre
        assert p.cushion_height == pytest.approx(0.64 * 2 * p.ball_radius, rel=1e-3)


def test_override_by_name_returns_new_frozen_copy():
    p = POOL.with_overrides({"mu_slide": 0.25, "e_ball": 0.9})
    assert (p.mu_slide, p.e_ball) == (0.25, 0.9)
    assert POOL.mu_slide == 0.2
    with pytest.raises(Exception):
        p.mu_slide = 1.0  # frozen


@pytest.mark.parametrize("overrides, word", [
    ({"mu_slid": 0.2}, "unknown parameter 'mu_slid'"),
    ({"mu_slide": math.nan}, "finite"),
    ({"mu_slide": "fast"}, "must be a number"),
    ({"e_ball": 1.5}, "[0, 1]"),
    ({"dt": 0.0}, "'dt' must be > 0"),
    ({"g": -9.81}, ">= 0"),
])
def test_bad_overrides_are_rejected_with_a_clear_message(overrides, word):
    with pytest.raises(BilliardError) as err:
        POOL.with_overrides(overrides)
    assert word in str(err.value)


def test_unknown_preset():
    with pytest.raises(BilliardError, match="unknown parameter preset"):
        preset("bagatelle")


def test_params_round_trip_through_dict():
    assert Params(**POOL.to_dict()) == POOL

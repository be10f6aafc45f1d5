"""Parameters: presets, overrides by name, rejection of impossible values."""

import dataclasses
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
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.mu_slide = 1.0  # frozen


@pytest.mark.parametrize(
    "overrides, word",
    [
        ({"mu_slid": 0.2}, "unknown parameter 'mu_slid'"),
        ({"mu_slide": math.nan}, "finite"),
        ({"mu_slide": "fast"}, "must be a number"),
        ({"e_ball": 1.5}, "[0, 1]"),
        ({"dt": 0.0}, "'dt' must be > 0"),
        ({"g": -9.81}, ">= 0"),
    ],
)
def test_bad_overrides_are_rejected_with_a_clear_message(overrides, word):
    with pytest.raises(BilliardError) as err:
        POOL.with_overrides(overrides)
    assert word in str(err.value)


def test_unknown_preset():
    with pytest.raises(BilliardError, match="unknown parameter preset"):
        preset("bagatelle")


def test_params_round_trip_through_dict():
    assert Params(**POOL.to_dict()) == POOL


def test_each_ball_set_has_its_cloth_and_cushions():
    """docs/physics.md "Ball sets": carom cloth rolls further (mu_roll 0.006) and its cushions
    are Mathavan 2010's (e 0.98, mu 0.14); snooker keeps pool's cloth; every set uses the
    TP A-14 ball-ball friction fit and squirts with the typical shaft."""
    from billiard.physics.params import CAROM, POOL, SNOOKER, preset
    from billiard.shot.shotfile import Shot

    assert (CAROM.mu_roll, CAROM.e_cushion, CAROM.mu_cushion) == (0.006, 0.98, 0.14)
    assert (SNOOKER.mu_roll, SNOOKER.e_cushion, SNOOKER.mu_cushion) == (POOL.mu_roll, POOL.e_cushion, POOL.mu_cushion)
    assert all(p.mu_ball_fit == 1.0 and p.end_mass > 0 for p in (POOL, SNOOKER, CAROM))
    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": "carom",
            "balls": [{"id": "cue", "pos": [0, 0]}],
            "strike": {"ball": "cue", "speed": 1.0, "heading_deg": 0.0},
        }
    )
    assert shot.params == preset("carom")

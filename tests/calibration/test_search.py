"""The strike search of ``billiard fit`` (issue 29: fits stopped short of the minimum): a
strike fitted from one start can end with the wrong side tip, which draws the same first
frames (the squirt turns the launch) and parts from the recording at the first cushion."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.calibration import model, synthetic
from billiard.calibration.fit import _launch_deg, make_case, strike_search_job

TRUE = {"mu_slide": 0.24, "mu_roll": 0.0085, "mu_spin": 0.016, "e_cushion": 0.80, "mu_cushion": 0.25}
NAMES = tuple(TRUE)


def _bank() -> dict:
    return {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "balls": [{"id": "cue", "pos": [-0.6, 0.1]}],
        "strike": {"ball": "cue", "speed": 1.6, "heading_deg": 40.0, "tip": [-0.4, 0.1]},
    }


def test_a_strike_on_the_wrong_side_tip_is_found_again_from_the_recording():
    rng = np.random.default_rng(7)
    shot = _bank()
    rec = synthetic.record(shot, TRUE, rng, synthetic.Tracker(hidden_share=0.0), name="bank")
    case = make_case(rec, None, {})
    shared = np.array([TRUE[n] for n in NAMES])
    truth = np.array([1.6, 40.0, -0.4, 0.1, 0.0])
    # the mirror: the other side tip, the heading turned so that the ball leaves the same way
    wrong = truth.copy()
    wrong[2] = 0.4
    wrong[1] += _launch_deg(case, NAMES, shared, truth) - _launch_deg(case, NAMES, shared, wrong)
    r_wrong = model.residual_job(case, wrong, NAMES, shared)[:-2]
    seen = r_wrong.reshape(-1, 2)[:5]  # the first frames: the same launch within the noise
    assert np.max(np.hypot(*seen.T)) < 0.008
    assert np.sqrt(np.mean(r_wrong**2) * 2) > 0.03  # but the shot is lost after the cushion
    found, cost = strike_search_job(case, wrong, NAMES, shared, iterations=8)
    n = case.n_residuals
    assert np.sqrt(2 * cost / n) == pytest.approx(2**0.5 * 0.002, rel=0.2)  # down to the tracking noise
    assert found[2] == pytest.approx(-0.4, abs=0.05)
    assert found[0] == pytest.approx(1.6, rel=0.03)
    assert found[1] == pytest.approx(40.0, abs=0.3)

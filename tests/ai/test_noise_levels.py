"""The execution noise model and the levels: magnitude 1 is the tournaments' setting,
every strike stays one the engine accepts, and the same seed gives the same noise."""

import math

import numpy as np
import pytest

from billiard.ai import LEVELS, Noise, Strike, level, parse_players
from billiard.ai.noise import SIGMA_HEADING_DEG, SIGMA_SPEED, SIGMA_TIP_M
from billiard.errors import BilliardError
from billiard.physics.cue import check_strike


def test_magnitude_zero_changes_nothing():
    s = Strike(2.0, 30.0, 5.0, (0.1, -0.2))
    assert Noise(0.0).apply(s, np.random.default_rng(1)) == s


def test_magnitude_one_has_the_tournament_deviations():
    rng = np.random.default_rng(7)
    s = Strike(3.0, 90.0, 10.0, (0.0, 0.0))
    noisy = [Noise(1.0, 0.028575).apply(s, rng) for _ in range(4000)]
    heading = np.array([n.heading_deg for n in noisy]) - 90.0
    speed = np.array([n.speed for n in noisy]) - 3.0
    tip = np.array([n.tip[0] for n in noisy]) * 0.028575
    assert np.std(heading) == pytest.approx(SIGMA_HEADING_DEG, rel=0.06)
    assert np.std(speed) == pytest.approx(SIGMA_SPEED, rel=0.06)
    assert np.std(tip) == pytest.approx(SIGMA_TIP_M, rel=0.06)
    assert abs(np.mean(heading)) < 0.01


def test_noisy_strikes_are_always_legal():
    rng = np.random.default_rng(3)
    s = Strike(0.06, 359.99, 0.0, (0.0, 0.599))
    for _ in range(500):
        n = Noise(6.0).apply(s, rng)
        check_strike(n.speed, n.heading_deg, n.elevation_deg, n.tip)  # raises if not


def test_same_seed_same_noise():
    s = Strike(2.0, 10.0)
    a = [Noise(1.0).apply(s, np.random.default_rng(5)) for _ in range(2)]
    assert a[0] == a[1]


def test_levels_get_noisier_downwards():
    noise = [LEVELS[n].noise for n in range(1, 6)]
    assert noise == sorted(noise, reverse=True)
    assert LEVELS[5].noise == 1.0 and LEVELS[1].noise >= 5.0
    assert LEVELS[5].max_sims > LEVELS[1].max_sims
    with pytest.raises(BilliardError):
        level(6)


def test_players_parse():
    a, b = parse_players("human,computer:3")
    assert not a.computer and b.computer and b.level == 3
    assert str(b) == "computer:3"
    for bad in ("human", "computer:0,human", "robot,human", "computer:x,human", "human,human,human"):
        with pytest.raises(BilliardError):
            parse_players(bad)
    assert math.isfinite(LEVELS[3].seconds)


def test_stratified_draws_put_one_draw_in_each_slice_of_every_strike_parameter():
    from statistics import NormalDist

    from billiard.ai.noise import stratified

    n = 8
    z = stratified(n, np.random.default_rng(11))
    assert z.shape == (n, 5)
    for column in z.T:
        slices = sorted(int(NormalDist().cdf(v) * n) for v in column)
        assert slices == list(range(n))
    # a noisy copy built from given draws is the same as Noise with those draws
    s = Strike(2.0, 10.0, 1.0, (0.0, 0.1))
    a = Noise(1.0).apply(s, np.random.default_rng(0), z[0])
    assert a.heading_deg == pytest.approx(10.0 + z[0, 1] * SIGMA_HEADING_DEG)
    assert a.speed == pytest.approx(2.0 + z[0, 0] * SIGMA_SPEED)


def test_snooker_and_pool_strikes_get_the_same_noise():
    """The larger table and smaller balls change nothing in the arm: the same draws turn the
    cue by the same angle, change the speed by the same m/s and move the tip by the same mm."""
    from billiard.ai import ComputerPlayer
    from billiard.app.setup import new_session

    s = Strike(2.0, 30.0, 0.0, (0.1, 0.2))
    played = {}
    for mode in ("9-ball", "snooker"):
        radius = new_session(mode, seed=0).ball_radius()
        n = ComputerPlayer(5, seed=11).execute(s, radius)
        played[mode] = (n.heading_deg - 30.0, n.speed - 2.0, (n.tip[0] - 0.1) * radius, (n.tip[1] - 0.2) * radius)
    assert new_session("snooker", seed=0).ball_radius() < new_session("9-ball", seed=0).ball_radius()
    assert played["snooker"] == pytest.approx(played["9-ball"], abs=1e-12)
    assert played["snooker"][0] != 0.0

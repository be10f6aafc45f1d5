"""A ball falling in a hole and hitting its wall never gains energy (issue 20; fuzz seed 12
shot 6646: a ball reaching the wall at 3.2 cm/s was sent back at the 5 cm/s least push)."""
import numpy as np

from billiard.physics.pockets import LINER_PUSH, LINER_RESTITUTION, wall_bounce


def test_the_wall_bounce_never_adds_speed_and_always_turns_the_ball_inwards():
    rng = np.random.default_rng(4)
    for _ in range(2000):
        u = rng.normal(size=2)
        u /= np.linalg.norm(u)
        v = rng.normal(size=2) * rng.choice([0.01, 0.05, 0.3, 3.0])
        if v @ u <= 0.0:
            v -= 2 * (v @ u) * u             # reaching the wall: moving outwards
        out = wall_bounce(v, u)
        assert out @ out <= v @ v * (1 + 1e-12)
        assert out @ u < 0.0


def test_a_hard_hit_keeps_the_restitution_a_slow_one_the_least_push_from_its_own_speed():
    u = np.array([1.0, 0.0])
    out = wall_bounce(np.array([2.0, 0.5]), u)
    assert np.allclose(out, [-LINER_RESTITUTION * 2.0, 0.5])
    out = wall_bounce(np.array([0.03, 0.2]), u)          # grazing: pushed off at LINER_PUSH
    assert out[0] == -LINER_PUSH
    assert np.hypot(*out) <= np.hypot(0.03, 0.2) + 1e-15
    out = wall_bounce(np.array([0.032, 0.0]), u)         # the fuzz shot: straight in, slow
    assert np.isclose(out[0], -0.032)

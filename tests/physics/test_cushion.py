"""Ball-cushion impulse with the contact at the nose height: docs/physics.md item 9."""

import numpy as np
import pytest

from billiard.physics.ball_cushion import collide_obstacle
from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.table import get_table
from billiard.table.cushion import nose_setback
from tests.physics.helpers import M, R, kinetic_energy, rolling_omega, run_until, world

TABLE = get_table({"length": 2.54, "width": 1.27})
RIGHT = [o for o in TABLE.obstacles if o.name == "cushion-right"][0]
X_TOUCH = 1.27 - nose_setback(POOL.cushion_height, R)


def touching_ball(vel, omega):
    return Balls.create(["a"], [[X_TOUCH, 0.0, R]], M, R, vel=[vel], omega=[omega])


@pytest.mark.parametrize("v", [0.5, 2.0, 6.0])
def test_rolling_ball_effective_restitution_and_spin(v):
    b = touching_ball([v, 0, 0], rolling_omega(v, 0))
    e0 = kinetic_energy(b)
    speed = collide_obstacle(b, 0, RIGHT, POOL)
    assert speed > 0
    b.vel[0, 2] = 0.0  # what the world does for a ball on the bed
    e_eff = -b.vel[0, 0] / v
    assert 0.73 <= e_eff <= 0.84
    assert e_eff < POOL.e_cushion
    assert kinetic_energy(b) < e0
    # the nose above the centre takes away most of the topspin (spin picked up from the rail);
    # what is left (omega_y > 0 while moving to -x) is backspin for the new direction
    assert (v / R - b.omega[0, 1]) * R > 0.5 * v
    assert b.omega[0, 1] > 0


def test_right_english_throws_the_ball_right_off_a_cushion():
    w = world([(0.0, 0.0)], size=(2.54, 1.27))
    w.strike("b0", 1.5, 0.0, 0.0, [0.5, 0.0])
    run_until(w, lambda e: e.type == "ball-cushion")
    run_until(w, lambda e: False, limit=w.t + 0.3)
    # shooting along +x the shooter's right is -y; coming back along -x the ball drifts to -y
    assert w.balls.vel[0, 0] < 0
    assert w.balls.vel[0, 1] < -0.05


def test_energy_never_increases_in_random_cushion_hits():
    rng = np.random.default_rng(99)
    for _ in range(300):
        d = rng.normal(size=2)
        d /= np.linalg.norm(d)
        if d[0] <= 0.05:
            d[0] = -d[0] + 0.05
        vel = list(rng.uniform(0.1, 8.0) * np.append(d, 0.0))
        omega = list(rng.normal(scale=100.0, size=3))
        b = touching_ball(vel, omega)
        e0 = kinetic_energy(b)
        collide_obstacle(
            b,
            0,
            RIGHT,
            POOL.with_overrides({"mu_cushion": float(rng.uniform(0, 0.5)), "e_cushion": float(rng.uniform(0.5, 1.0))}),
        )
        assert kinetic_energy(b) <= e0 * (1 + 1e-12)


def test_cushion_hit_in_the_world_keeps_ball_on_the_bed_and_reports_it():
    w = world([(0.0, 0.0)], vel=[[3.0, 0.5, 0]], omega=[rolling_omega(3.0, 0.5)], size=(2.54, 1.27))
    events = run_until(w, lambda e: e.type == "ball-cushion")
    hit = [e for e in events if e.type == "ball-cushion"][0]
    assert hit.info["cushion"] == "cushion-right" and hit.info["kind"] == "cushion"
    assert 2.0 < hit.info["speed"] < 3.0
    assert w.balls.pos[0, 2] == R and w.balls.vel[0, 2] == 0.0
    assert w.balls.motion[0] == Motion.SLIDING
    assert w.balls.pos[0, 0] <= X_TOUCH + 1e-12

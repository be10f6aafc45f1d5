"""The numerical integrators' guard (issue 20) leaves no overlap in a cluster of moving balls:
fuzz seed 11 shot 4385, a 9-ball rack pushed by Euler-Cromer, kept a 1.42 um overlap when
the guard made a fixed four passes of pair corrections computed from stale positions."""

import numpy as np

from billiard.physics.integrators.guard import ball_energy, keep_physical
from billiard.physics.obstacle_toi import Features
from billiard.physics.params import POOL
from billiard.physics.pockets import Holes
from billiard.physics.state import Balls, Motion
from billiard.table import get_table

R = POOL.ball_radius


def _overlaps(b: Balls) -> np.ndarray:
    i, j = np.triu_indices(len(b), 1)
    return 2 * R - np.linalg.norm(b.pos[i] - b.pos[j], axis=1)


def test_a_packed_cluster_of_moving_balls_is_separated_completely():
    table = get_table("practice")
    rng = np.random.default_rng(3)
    # a triangle rack with every neighbour 40 um too close, as a drifting push leaves it
    pos = [
        (0.3 + row * np.sqrt(3) * (R - 20e-6), (k - row / 2) * 2 * (R - 20e-6), R)
        for row in range(5)
        for k in range(row + 1)
    ]
    b = Balls.create([f"b{k}" for k in range(len(pos))], pos, POOL.ball_mass, R)
    b.pos[:, :2] += rng.normal(0.0, 2e-6, (len(b), 2))
    b.motion[:] = Motion.ROLLING
    b.vel[:] = (0.2, 0.0, 0.0)
    assert _overlaps(b).max() > 30e-6
    before = ball_energy(b, POOL.g)
    idx = np.arange(len(b))
    pi, pj = np.triu_indices(len(b), 1)
    f = Features.from_obstacles(table.obstacles)
    keep_physical(
        b,
        before,
        idx,
        np.full(len(b), -1),
        Holes.from_table(table),
        table.obstacles,
        f.box_lo,
        f.box_hi,
        pi,
        pj,
        POOL.g,
    )
    assert _overlaps(b).max() < 1e-9
    assert np.all(ball_energy(b, POOL.g) <= before + 1e-15)

import numpy as np
from fakeworld import FakeWorld

from billiard.app.controls import StrikeCommand
from billiard.app.predict import predict_path
from billiard.physics.params import POOL
from billiard.physics.state import Balls
from billiard.table import get_table

R = POOL.ball_radius


def test_path_follows_the_simulation_and_leaves_the_world_untouched():
    table = get_table({"length": 2.54, "width": 1.27})
    balls = Balls.create(["cue"], [(0.0, 0.0, R)], POOL.ball_mass, R)
    before = balls.pos.copy()
    path = predict_path(FakeWorld, balls, table, POOL, "cue", StrikeCommand(2.0, 90.0, 0.0, (0, 0)))
    assert np.array_equal(balls.pos, before)
    assert path[0].tolist() == [0.0, 0.0, R]
    # the fake cue ball slides 1 m (v^2 / 2a, a = 2 m/s^2) bouncing off the side rail at y = 0.635 - R
    assert path[:, 1].max() > 0.55 and path[-1, 1] < path[:, 1].max()
    assert abs(np.abs(np.diff(path[:, 1])).sum() - 1.0) < 0.05

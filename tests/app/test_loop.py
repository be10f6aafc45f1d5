import numpy as np
import pytest

from billiard.app.loop import MAX_FRAME, FixedLoop


class Decay:
    """A stand-in for the physics: a chaotic map stepped once per tick, so any change in the
    number or order of ticks changes the bits of the result."""

    def __init__(self):
        self.x = np.array([0.1234567, 0.7654321])
        self.n = 0

    def step(self):
        self.x = 3.99 * self.x * (1 - self.x)
        self.n += 1


def test_tick_count_matches_elapsed_time_and_alpha():
    world = Decay()
    loop = FixedLoop(1 / 120, world.step)
    assert loop.advance(1 / 30) == 4
    assert loop.advance(1 / 240) == 0 and loop.alpha == pytest.approx(0.5)
    assert loop.advance(1 / 240) == 1 and loop.alpha == pytest.approx(0.0, abs=1e-9)
    assert world.n == loop.ticks == 5


def test_stalled_frame_is_capped():
    world = Decay()
    loop = FixedLoop(1 / 120, world.step)
    assert loop.advance(5.0) == round(MAX_FRAME * 120)


def test_pause_and_slow_motion_scale_the_accumulator_not_dt():
    world = Decay()
    loop = FixedLoop(1 / 120, world.step)
    loop.paused = True
    assert loop.advance(1.0) == 0 and loop.accumulator == 0
    loop.paused = False
    loop.set_speed(0.25)
    n = sum(loop.advance(1 / 60) for _ in range(60))
    assert n == 30 and loop.dt == 1 / 120
    with pytest.raises(ValueError):
        loop.set_speed(0.3)


def test_tick_longer_than_physics_limit_is_refused():
    with pytest.raises(ValueError):
        FixedLoop(1 / 60, lambda: None)

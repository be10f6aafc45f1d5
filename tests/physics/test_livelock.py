"""Issue 20: no livelock. A ball flying out of a pocket hole above the bed used to find its
EXIT event again and again at the same instant (13-43 s of CPU in one tick); reaching the
event budget must stop with an error instead of silently skipping contact checks."""

import numpy as np
import pytest

from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.physics.world import EventBudgetError, World
from billiard.shot.simulate import simulate
from billiard.table import get_table


def _flying_out_of_hole(speed_out: float = 3.0) -> World:
    table = get_table("pool-9ft")
    p = table.pocket("corner-top-right")
    c, axis = np.array(p.center), np.array(p.axis)
    r = POOL.ball_radius
    pos = [*(c + 0.5 * p.radius * axis), r + 0.02]  # above the hole, towards the table
    balls = Balls.create(["cue"], [pos], POOL.ball_mass, r, vel=[[*(-speed_out * axis), 0.5]])
    balls.motion[0] = Motion.AIRBORNE
    return World(balls, table, POOL)


def test_ball_flying_out_of_a_pocket_hole_needs_few_events_per_tick():
    world = _flying_out_of_hole()
    per_tick = []
    world.probe = lambda: per_tick.append(world._tick)
    world.max_events = 50  # the old engine needed thousands in the tick of the exit
    for _ in range(200):
        world.step()
        if not world.moving():
            break
    assert not world.moving()
    assert max(np.bincount(per_tick)) < 10
    assert world.balls.pos[0, 0] < get_table("pool-9ft").pocket("corner-top-right").center[0] - 0.05  # it left the hole


def test_event_budget_is_an_error_not_a_silent_skip():
    world = _flying_out_of_hole()
    world.max_events = 1
    with pytest.raises(EventBudgetError, match="event budget exceeded.*cue"):
        for _ in range(200):
            world.step()


def test_simulate_names_the_shot_when_the_budget_is_exceeded(monkeypatch):
    import billiard.physics.world as world_module

    monkeypatch.setattr(world_module, "MAX_EVENTS_PER_TICK", 1)
    shot = {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "rack": "9-ball",
        "strike": {"ball": "cue", "speed": 8.0, "heading_deg": 0.0},
    }
    with pytest.raises(EventBudgetError, match="shot on table 'pool-9ft' \\(strike cue at 8 m/s"):
        simulate(shot)

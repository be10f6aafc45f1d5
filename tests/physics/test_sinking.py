"""Issue 20: no ball sinks into another ball or a cushion, on the bed or in the air. Each
case was found by the engine fuzz (``billiard fuzz``) and is kept as a regression test."""

import pytest

from billiard.physics.params import POOL
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls
from billiard.physics.world import World
from billiard.table.cushion import nose_setback
from billiard.validation.fuzz.invariants import Invariants
from billiard.validation.fuzz.runner import run_shot


def _deepest(shot_dict, max_time=3.0):
    """Worst breach of the fuzz invariants after every event (None if none)."""
    shot = Shot.from_dict(shot_dict)
    world = World(make_balls(shot.layout, shot.params), shot.table, shot.params)
    s = shot.strike
    world.strike(s.ball, s.speed, s.heading_deg, s.elevation_deg, s.tip)
    inv = Invariants(world.balls, shot.table, shot.params)
    inv.start(world.balls)
    found = []
    world.probe = lambda: found.extend(inv.check(world.balls, world.t))
    while world.moving() and world.t < max_time:
        world.step()
        found.extend(inv.check(world.balls, world.t))
    return found


@pytest.mark.parametrize(
    "speed, heading, tip",
    [(0.5, 0.0, (0.0, 0.5)), (3.0, 10.0, (0.3, 0.4)), (8.0, 0.0, (0.0, -0.5)), (1.5, 60.0, (0.5, 0.0))],
)
def test_ball_frozen_to_a_rail_and_struck_into_it_stays_out_of_the_cushion(speed, heading, tip):
    t = 2.54 / 2 - nose_setback(POOL.cushion_height, POOL.ball_radius)
    shot = {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "balls": [{"id": "cue", "pos": [t, 0.1]}],
        "strike": {"ball": "cue", "speed": speed, "heading_deg": heading, "tip": list(tip)},
    }
    assert _deepest(shot) == []


def test_ball_pushed_by_its_spin_into_another_does_not_sink_into_it():
    """A line of four touching balls struck with english: the first pushes the second for
    0.35 s (fuzz seed 1 shot 9 sank 12 um; 16 such shots sank 1-23 um)."""
    shot = {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "params": {"max_time": 30.0},
        "balls": [
            {"id": "cue", "pos": [0.356718304379637, -0.25188778917445326]},
            {"id": "b1", "pos": [0.3410467633485892, -0.19692848330445353]},
            {"id": "b2", "pos": [0.3253752223175414, -0.1419691774344538]},
            {"id": "b3", "pos": [0.3097036812864936, -0.08700987156445411]},
        ],
        "strike": {
            "ball": "cue",
            "speed": 1.9210719685588498,
            "heading_deg": 67.18368550908397,
            "elevation_deg": 0.0,
            "tip": [0.4561133295883818, -0.3000303039950269],
        },
    }
    assert _deepest(shot) == []
    assert run_shot(shot).kind == "ok"

"""Issue 29: no overlap in flight, at any look. A jumped cue ball coming down on an object
ball that bounces (the hidden shot that showed 0.07 mm at a 240 Hz sample) is looked at
after every event, at every tick end, at every 240 Hz sample and at eight points between
any two of those while a ball flies (:mod:`billiard.validation.fuzz.dense`;
``benchmarks/fuzz_airborne.py`` runs thousands of such shots)."""

import pytest

from billiard.physics.state import Balls
from billiard.table import get_table
from billiard.table.cushion import nose_setback
from billiard.validation.fuzz.dense import BOUND, Deepest, Looker, replay_depth, run_shot

R = 0.028575


def _jump_on_a_bouncing_ball() -> dict:
    elevation, speed, x, vz = 45.0, 4.5, 0.5, 1.2  # the object ball thrown up 2 cm above the bed
    return {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "params": {"max_time": 20.0},
        "balls": [{"id": "cue", "pos": [0.0, 0.0]}, {"id": "1", "pos": [x, 0.0, R + 0.02], "vel": [0.0, 0.0, vz]}],
        "strike": {"ball": "cue", "speed": speed, "heading_deg": 0.0, "elevation_deg": elevation, "tip": [0.0, 0.0]},
    }


@pytest.mark.parametrize("engine", ["compiled", "numpy"])
def test_a_jumped_cue_ball_landing_on_a_bouncing_ball_never_enters_it(engine):
    seen = run_shot(_jump_on_a_bouncing_ball(), engine)
    assert seen.flew and seen.air_hits >= 2  # the balls met (more than once) while one of them flew
    assert seen.looks > 1000  # looked at far more often than at its events and tick ends
    assert seen.pairs.depth < 1e-6 < BOUND, seen.pairs.what
    assert seen.walls.depth < 1e-6, seen.walls.what


def test_a_look_measures_the_overlap_of_balls_and_of_a_ball_in_a_cushion():
    table = get_table("pool-9ft")
    inside = table.half_length - nose_setback(table.cushion_height, R) + 5e-6  # 5 um into the end cushion
    balls = Balls.create(["a", "b", "c"], [(0.0, 0.0, R), (2 * R - 3e-6, 0.0, R), (inside, 0.3, R)], 0.17, R)
    pairs, walls = Deepest(), Deepest()
    Looker(balls, table.obstacles).look(balls, 0.5, pairs, walls)
    assert pairs.depth == pytest.approx(3e-6, abs=1e-9) and pairs.what.startswith("a-b")
    assert walls.depth == pytest.approx(5e-6, abs=5e-7) and walls.what.startswith("c in ")


def test_the_replay_at_240_hz_of_that_shot_shows_no_ball_inside_another():
    # the samples between the 120 Hz ticks are blended by the replay's sampler, not taken
    # from the engine's closed forms: they are what the viewer draws
    worst = replay_depth(_jump_on_a_bouncing_ball(), "compiled")
    assert worst.what.startswith("cue-1")
    assert worst.depth < 0.0  # the two balls are never closer than touching at a sample


def test_a_flying_ball_struck_inside_a_tick_is_sampled_on_its_path():
    # found by benchmarks/fuzz_airborne.py (seed 1, shot 244): two balls in the air touch,
    # then the jumped cue ball strikes one of them 2.3 ms into a tick; the 240 Hz sample in
    # that tick blended the struck ball's tick ends and put it 0.21 mm into the other
    shot = {
        "format": "billiard-shot/1",
        "table": "carom",
        "params": {"max_time": 2.0},
        "balls": [
            {"id": "cue", "pos": [-0.14735064910690288, 0.1421699691713672]},
            {
                "id": "b1",
                "vel": [-1.000288178204049, 0.15434054648323745, 1.2740127013979445],
                "pos": [0.004307731809211308, 0.04037588450773683, 0.10777555959053695],
            },
            {"id": "b2", "pos": [0.2238579309106842, -0.06517195263158901]},
            {"id": "b3", "pos": [0.34934776349978636, -0.21692991637910147]},
            {"id": "b4", "pos": [0.08089221463815861, -0.10127615093760492]},
            {
                "id": "b5",
                "vel": [0.4373453753561732, -0.11298041359022626, 0.6754993544777728],
                "pos": [-0.02878936597993135, 0.07312758466535038, 0.06355919356767034],
            },
            {"id": "b6", "pos": [0.4033431172430151, -0.31106580019424057]},
        ],
        "strike": {
            "ball": "cue",
            "speed": 6.491746716859452,
            "heading_deg": 319.28847626625895,
            "elevation_deg": 29.23806974724471,
            "tip": [-0.1044244622429024, -0.2901554712494552],
        },
    }
    assert replay_depth(shot, "compiled").depth < 1e-6

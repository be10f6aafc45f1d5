"""6 DOF: jump, ballistic flight with spin kept, bounces with e_table, massé, cushions."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.physics.flight import OFF_TABLE
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.table import get_table

from ..helpers import M, R, world

G = POOL.g


def _run(w, limit=15.0):
    events, track = [], []
    while w.moving() and w.t < limit:
        events += w.step()
        track.append((w.t, w.balls.pos.copy(), w.balls.vel.copy(), w.balls.omega.copy(), w.balls.motion.copy()))
    return events, track


def test_elevated_strike_jumps_and_bounces_with_e_table_then_settles():
    w = world([(0.0, 0.0)])
    w.strike("b0", 4.0, 0.0, 40.0, [0.0, 0.0])
    assert w.balls.motion[0] == Motion.AIRBORNE
    launch = w.balls.vel[0, 2]
    # the cue's vertical part 4 sin 40 is returned by the bed with e_table
    assert launch == pytest.approx(POOL.e_table * 4.0 * np.sin(np.radians(40.0)), rel=1e-9)
    events, track = _run(w)
    bed = [e.info["speed"] for e in events if e.type == "ball-bed"]
    assert len(bed) >= 4
    ratios = np.array(bed[1:]) / np.array(bed[:-1])
    assert np.allclose(ratios, POOL.e_table, rtol=1e-9)  # each landing bounces with e_table
    top = max(p[0, 2] for _, p, *_ in track)
    assert top - R == pytest.approx(launch**2 / (2 * G), rel=0.02)  # ballistic apex (sampled at ticks)
    assert w.balls.pos[0, 2] == R and w.balls.motion[0] in (
        Motion.REST,
        Motion.ROLLING,
        Motion.SLIDING,
        Motion.SPINNING,
    )
    assert bed[-1] * POOL.e_table <= 0.1 + 1e-12  # put back once the bounce is small


def test_spin_is_kept_in_flight():
    w = world([(0.0, 0.0)])
    w.strike("b0", 4.0, 30.0, 45.0, [0.3, 0.3])
    _, track = _run(w, limit=0.2)
    flying = [(t, om) for t, _, _, om, mo in track if mo[0] == Motion.AIRBORNE]
    assert len(flying) > 5
    first = flying[0][1][0]
    last_air = max(i for i, (_, om) in enumerate(flying) if np.allclose(om[0], first))
    assert last_air >= 5 and np.linalg.norm(first) > 10.0


def test_jump_shot_clears_an_object_ball_that_a_level_shot_hits():
    def shot(elevation):
        w = world([(0.0, 0.0), (0.35, 0.0)])
        w.strike("b0", 5.0, 0.0, elevation, [0.0, 0.0])
        events, _ = _run(w, limit=0.6)
        return w, events

    w, events = shot(50.0)
    assert not any(e.type == "ball-ball" for e in events)
    assert np.allclose(w.balls.pos[1], [0.35, 0.0, R]) and w.balls.motion[1] == Motion.REST
    assert w.balls.pos[0, 0] > 0.35 + 0.3  # landed well beyond it
    _, level = shot(0.0)
    assert any(e.type == "ball-ball" for e in level)


def _heading(v):
    return np.degrees(np.arctan2(v[1], v[0]))


def test_masse_curves_while_sliding_and_goes_straight_once_rolling():
    w = world([(0.0, 0.0)])
    w.strike("b0", 2.5, 0.0, 35.0, [0.5, 0.0])
    _, track = _run(w)
    states = [mo[0] for *_, mo in track]
    start_roll = states.index(Motion.ROLLING)
    end_roll = next(k for k in range(start_roll, len(states)) if states[k] != Motion.ROLLING)
    sliding = [_heading(v[0]) for _, _, v, _, mo in track[:start_roll] if mo[0] == Motion.SLIDING]
    rolling = [_heading(v[0]) for _, _, v, _, _ in track[start_roll:end_roll]]  # until the first cushion
    assert len(sliding) > 5 and len(rolling) > 5
    assert abs(sliding[-1] - sliding[0]) > 5.0  # the path bends while sliding
    assert np.all(np.diff(sliding) < 0)  # steadily, to the right (-y)
    assert np.ptp(rolling) < 1e-9  # and is straight once rolling


def _cushion_world(vel, omega, pos=(0.5, 0.1)):
    table = get_table({"length": 2.0, "width": 1.0})
    balls = Balls.create(["c"], [(pos[0], pos[1], R)], M, R, vel=[vel], omega=[omega])
    return World(balls, table, POOL), table


@pytest.mark.parametrize("speed", [3.0, 11.0])
@pytest.mark.parametrize("spin", [-1.0, 1.0, 3.0])
@pytest.mark.parametrize("angle", [0.0, 40.0])
def test_hard_cushion_hits_never_end_inside_or_behind_a_cushion(speed, spin, angle):
    a = np.radians(angle)
    d = np.array([np.cos(a), np.sin(a), 0.0])
    w, table = _cushion_world(speed * d, spin * speed / R * np.array([-d[1], d[0], 0.0]), pos=(0.85, 0.1))
    events, track = _run(w, limit=2.0)
    assert any(e.type == "ball-cushion" for e in events)
    for _, p, *_ in track:
        for ob in table.obstacles:
            assert np.linalg.norm(p[0] - closest_point(ob, p[0])) > R - 1e-9
    x, y, _ = w.balls.pos[0]
    assert abs(x) < table.length / 2 and abs(y) < table.width / 2


def test_topspin_ball_rides_up_a_grippy_cushion_and_comes_back_on_the_table():
    """Overspin into a cushion whose friction (0.5) exceeds the tilt of the nose normal
    (tan ~16 deg = 0.29): the friction on the contact point above the centre lifts the ball."""
    table = get_table({"length": 2.0, "width": 1.0})
    balls = Balls.create(["c"], [(0.9, 0.1, R)], M, R, vel=[[4.0, 0, 0]], omega=[[0, 2 * 4.0 / R, 0]])
    w = World(balls, table, POOL.with_overrides({"mu_cushion": 0.5}))
    events, track = _run(w, limit=5.0)
    assert any(mo[0] == Motion.AIRBORNE for *_, mo in track)
    assert max(p[0, 2] for _, p, *_ in track) > R + 0.005
    for _, p, *_ in track:
        assert all(np.linalg.norm(p[0] - closest_point(ob, p[0])) > R - 1e-9 for ob in table.obstacles)
    assert abs(w.balls.pos[0, 0]) < 1.0 and w.balls.pos[0, 2] == R and w.balls.pocket[0] is None


def test_a_ball_that_flies_over_a_cushion_leaves_the_table():
    table = get_table({"length": 2.0, "width": 1.0})
    w = World(Balls.create(["c"], [(0.0, 0.1, R)], M, R), table, POOL)
    w.strike("c", 8.0, 0.0, 60.0, [0.0, 0.0])
    events, _ = _run(w, limit=5.0)
    assert w.balls.pocket[0] == OFF_TABLE and w.balls.motion[0] == Motion.POCKETED
    assert any(e.type == "ball-pocket" and e.info["pocket"] == OFF_TABLE for e in events)


def test_orientation_turns_with_the_spin_in_flight():
    from billiard.physics.quaternion import turn

    w = world([(0.0, 0.0)])
    w.strike("b0", 4.0, 0.0, 40.0, [0.3, 0.3])
    w.step()
    assert w.balls.motion[0] == Motion.AIRBORNE
    q0, om = w.balls.quat.copy(), w.balls.omega[0].copy()
    w.step()
    assert w.balls.motion[0] == Motion.AIRBORNE
    assert np.allclose(w.balls.quat, turn(q0, (om * POOL.dt)[None]), atol=1e-12)

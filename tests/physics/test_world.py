"""World stepping: no tunnelling, touching balls, determinism, events, rest."""
import hashlib
import math

import numpy as np
import pytest

from billiard.physics.break_scene import break_world, run_to_rest
from billiard.physics.state import Motion
from billiard.table.cushion import nose_setback
from tests.physics.helpers import R, run, run_until, world


def min_gap(b):
    d = np.linalg.norm(b.pos[:, None, :2] - b.pos[None, :, :2], axis=2) + np.eye(len(b)) * 1e9
    return float((d - 2 * R).min())


def inside(w):
    sb = nose_setback(w.params.cushion_height, R)
    return bool(np.all(np.abs(w.balls.pos[:, 0]) <= w.table.half_length - sb + 1e-12)
                and np.all(np.abs(w.balls.pos[:, 1]) <= w.table.half_width - sb + 1e-12))


@pytest.mark.parametrize("offset", [0.0, 0.5 * R, 1.9 * R, 2 * R - 1e-7, 2 * R + 1e-7, 2.5 * R])
def test_no_tunnelling_through_a_ball_at_15_m_s(offset):
    # the object ball sits in the middle of one tick's travel (0.125 m at 15 m/s)
    w = world([(-0.5, 0.0), (-0.5 + 0.06 + 15.0 * w_dt() * 0.5, offset)], size=(4.0, 2.0))
    w.strike("b0", 15.0, 0.0, 0.0, [0, 0])
    hits = []
    for _ in range(10):
        hits += [e for e in w.step() if e.type == "ball-ball"]
        assert min_gap(w.balls) > -1e-9
    assert bool(hits) == (offset < 2 * R)


def w_dt():
    from billiard.physics.params import POOL
    return POOL.dt


@pytest.mark.parametrize("heading", [0.0, 10.0, 33.0, 45.0, 60.0, 89.0, 135.0, 181.0, 270.0, 300.0])
def test_no_tunnelling_through_cushions_at_15_m_s(heading):
    w = world([(0.3, 0.1)], size=(2.54, 1.27))
    w.strike("b0", 15.0, heading, 0.0, [0.3, -0.2])
    cushion_hits = 0
    for _ in range(240):
        cushion_hits += sum(e.type == "ball-cushion" for e in w.step())
        assert inside(w)
    assert cushion_hits >= 3


def test_frozen_rack_break_at_15_m_s_stays_physical():
    w, _ = break_world(speed=15.0)
    hits = 0
    for _ in range(600):
        hits += sum(e.type == "ball-ball" for e in w.step())
        assert min_gap(w.balls) > -1e-9
        assert inside(w)
    assert hits >= 15


def test_touching_balls_hit_at_once_and_cradle():
    # A at v0 hits B which touches C, all in a line, e = 1, no friction: A 0, B 0, C v0
    w = world([(-0.3, 0.0), (0.0, 0.0), (2 * R, 0.0)], vel=[[2.0, 0, 0], [0, 0, 0], [0, 0, 0]],
              overrides={"e_ball": 1.0, "mu_ball": 0.0, "mu_slide": 0.0})
    events = run_until(w, lambda e: e.type == "ball-ball")
    hits = [e for e in events if e.type == "ball-ball"]
    assert [h.balls for h in hits] == [("b0", "b1"), ("b1", "b2")]
    assert hits[0].t == hits[1].t
    np.testing.assert_allclose(w.balls.vel[:, 0], [0.0, 0.0, 2.0], atol=1e-12)


def test_same_input_gives_bit_identical_results():
    digests = []
    for _ in range(2):
        w, _ = break_world(speed=8.0)
        events = run_to_rest(w, max_time=3.0)
        h = hashlib.sha256()
        for a in (w.balls.pos, w.balls.vel, w.balls.omega, w.balls.quat, w.balls.motion):
            h.update(a.tobytes())
        h.update(repr([e.to_dict() for e in events]).encode())
        digests.append(h.hexdigest())
    assert digests[0] == digests[1]


def test_break_runs_to_rest_with_ordered_events():
    w, strike = break_world(speed=8.0)
    events = run_to_rest(w)
    assert not w.moving()
    assert set(int(m) for m in w.balls.motion) == {int(Motion.REST)}
    times = [e.t for e in events]
    assert times == sorted(times)
    assert strike.type == "strike" and strike.info["speed"] == 8.0
    assert events[0].type == "state" and events[0].info == {"from": "rest", "to": "sliding"}
    types = {e.type for e in events}
    assert {"ball-ball", "ball-cushion", "state"} <= types
    assert min_gap(w.balls) > -1e-9 and inside(w)
    # every moving ball ends through an exact transition event
    labels = {e.info["to"] for e in events if e.type == "state"}
    assert {"sliding", "rolling", "rest"} <= labels


def test_step_advances_exactly_dt_and_resting_world_stays_still():
    w = world([(0.0, 0.0), (0.5, 0.0)])
    before = w.balls.pos.copy()
    for k in range(1, 5):
        assert w.step() == []
        assert w.t == pytest.approx(k * w.params.dt, abs=1e-15)
    assert np.array_equal(before, w.balls.pos)
    assert not w.moving()

"""World stepping: no tunnelling, touching balls, determinism, events, rest."""

import hashlib

import numpy as np
import pytest

from billiard.validation.break_scene import break_world, run_to_rest
from billiard.physics.state import Motion
from billiard.table.cushion import nose_setback
from tests.physics.helpers import R, run_until, world


def min_gap(b):
    d = np.linalg.norm(b.pos[:, None, :2] - b.pos[None, :, :2], axis=2) + np.eye(len(b)) * 1e9
    return float((d - 2 * R).min())


def inside(w):
    sb = nose_setback(w.params.cushion_height, R)
    return bool(
        np.all(np.abs(w.balls.pos[:, 0]) <= w.table.half_length - sb + 1e-12)
        and np.all(np.abs(w.balls.pos[:, 1]) <= w.table.half_width - sb + 1e-12)
    )


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
    w = world(
        [(-0.3, 0.0), (0.0, 0.0), (2 * R, 0.0)],
        vel=[[2.0, 0, 0], [0, 0, 0], [0, 0, 0]],
        overrides={"e_ball": 1.0, "mu_ball": 0.0, "mu_ball_fit": 0.0, "mu_slide": 0.0},
    )
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


def test_kinetic_energy_never_rises_during_a_break():
    from tests.physics.helpers import kinetic_energy

    w, _ = break_world(speed=10.0)
    last = kinetic_energy(w.balls)
    while w.moving() and w.t < 4.0:
        w.step()
        now = kinetic_energy(w.balls)
        assert now <= last * (1 + 1e-12)
        last = now


def test_residual_overlap_correction_keeps_balls_on_bed_and_out_of_cushions():
    from billiard.physics.correction import separate
    from billiard.physics.detect import PairIndex

    w = world([(0.0, 0.0), (0.0, 0.0)], size=(2.54, 1.27))
    sb = nose_setback(w.params.cushion_height, R)
    x_wall = w.table.half_length - sb
    b = w.balls
    b.pos[0, :2] = [x_wall, 0.0]  # touching the right cushion
    b.pos[1, :2] = [x_wall - 2 * R + 1e-5, 0.0]  # overlapping it by 10 um
    pairs = PairIndex(2)
    assert separate(b, pairs.i, pairs.j, w.table.obstacles)
    assert np.all(b.pos[:, 2] == R)
    assert b.pos[0, 0] <= x_wall + 1e-9
    # one pass splits the overlap; repeated ticks converge to no overlap and never into the rail
    for _ in range(40):
        separate(b, pairs.i, pairs.j, w.table.obstacles)
        assert b.pos[0, 0] <= x_wall + 1e-9  # within the correction tolerance (0.1 nm)
    assert min_gap(b) > -1e-9


def test_nearly_still_balls_are_stopped():
    w = world([(0.0, 0.0)], vel=[[1e-8, 0, 0]], omega=[[0, 0, 0]])
    w.step()
    assert not w.moving()
    assert np.all(w.balls.vel == 0.0)


def test_ball_frozen_to_the_rail_runs_along_it():
    sb = nose_setback(0.036576, R)
    w = world([(0.0, 0.635 - sb)], size=(2.54, 1.27))
    w.strike("b0", 3.0, 0.0, 0.0, [0.0, 0.2])
    for _ in range(30):
        w.step()
        assert inside(w)
    assert w.balls.pos[0, 1] == pytest.approx(0.635 - sb, abs=1e-9)
    assert w.balls.pos[0, 0] > 0.5


@pytest.mark.parametrize("speed", [1.0, 15.0])
def test_straight_into_a_corner(speed):
    w = world([(0.9, 0.3)], size=(2.54, 1.27))
    w.strike("b0", speed, 45.0, 0.0, [0.0, 0.0])
    hits = []
    for _ in range(120):
        hits += [e for e in w.step() if e.type == "ball-cushion"]
        assert inside(w)
        if {h.info["cushion"] for h in hits} >= {"cushion-right", "cushion-top"}:
            break
    assert [h.info["cushion"] for h in hits][:2] in (["cushion-right", "cushion-top"], ["cushion-top", "cushion-right"])
    assert w.balls.vel[0, 0] < 0 and w.balls.vel[0, 1] < 0  # it comes back out of the corner


def test_carom_and_snooker_sized_balls():
    from billiard.physics.params import CAROM
    from billiard.physics.state import Balls
    from billiard.physics.world import World
    from billiard.table import get_table

    r = CAROM.ball_radius
    balls = Balls.create(["white", "yellow", "red"], [(-0.5, 0.0, r), (0.5, 0.0, r), (0.5, 0.3, r)], CAROM.ball_mass, r)
    w = World(balls, get_table("carom"), CAROM)
    w.strike("white", 3.0, 0.0, 0.0, [0.0, 0.0])
    events = []
    while w.moving():
        events += w.step()
    assert any(e.type == "ball-ball" and e.balls == ("white", "yellow") for e in events)
    d = np.linalg.norm(balls.pos[:, None, :2] - balls.pos[None, :, :2], axis=2) + np.eye(3)
    assert d.min() >= 2 * r - 1e-9


def test_no_penetration_of_jaws_points_and_pocket_walls_at_15_m_s():
    from billiard.physics.obstacle_distance import closest_point
    from billiard.physics.params import POOL
    from billiard.physics.state import Balls
    from billiard.physics.world import World
    from billiard.table import get_table

    table = get_table("pool-9ft")
    rng = np.random.default_rng(3)
    for _ in range(4):
        x, y = rng.uniform(-1.0, 1.0), rng.uniform(-0.5, 0.5)
        w = World(Balls.create(["cue"], [[x, y, R]], POOL.ball_mass, R), table, POOL)
        w.strike("cue", 15.0, float(rng.uniform(0, 360)), 0.0, [float(rng.uniform(-0.3, 0.3)), 0.0])
        for _ in range(90):
            w.step()
            p = w.balls.pos[0]
            gap = min(np.linalg.norm(p - closest_point(o, p)) for o in table.obstacles) - R
            assert gap > -1e-9


def test_random_shots_on_a_crowded_table_stay_physical():
    from billiard.physics.params import POOL
    from billiard.physics.state import Balls
    from billiard.physics.world import World
    from billiard.table import get_table

    table = get_table({"length": 2.54, "width": 1.27})
    sb = nose_setback(POOL.cushion_height, R)
    rng = np.random.default_rng(11)
    for _ in range(3):
        pos = []
        while len(pos) < 16:
            p = np.array([rng.uniform(-1.27 + sb, 1.27 - sb), rng.uniform(-0.635 + sb, 0.635 - sb)])
            if all(np.linalg.norm(p - q) >= 2 * R for q in pos):
                pos.append(p)
        w = World(
            Balls.create([str(i) for i in range(16)], [[x, y, R] for x, y in pos], POOL.ball_mass, R), table, POOL
        )
        w.strike(
            "0",
            float(rng.uniform(0.5, 15)),
            float(rng.uniform(0, 360)),
            float(rng.uniform(0, 60)),
            [float(v) for v in rng.uniform(-0.4, 0.4, 2)],
        )
        last = -1.0
        while w.moving() and w.t < 40:
            for e in w.step():
                assert e.t >= last
                last = e.t
            assert min_gap(w.balls) > -1e-9 and inside(w)
        assert not w.moving()

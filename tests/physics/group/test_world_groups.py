"""The grouped solver inside the World: frozen lines, symmetric hits, memory order, cushions."""

from __future__ import annotations

import numpy as np
import pytest

from billiard.physics.obstacle_distance import closest_point
from billiard.physics.params import POOL
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import get_table

from ..helpers import R, M, run, world

V0 = 1.0


def _line_world(n: int, overrides=None, order=None):
    """Cue ball 1 mm from a frozen line of n balls, moving at V0 with no spin (stun)."""
    positions = [(0.0, 0.0)] + [(2 * R * k + 0.001, 0.0) for k in range(1, n + 1)]
    vel = np.zeros((n + 1, 3))
    vel[0, 0] = V0
    if order is not None:
        positions = [positions[k] for k in order]
        vel = vel[order]
    return world(positions, vel=vel, overrides=overrides)


def _after_first_hit(w):
    while not any(e.type == "ball-ball" for e in w.step()):
        pass
    return w.balls.vel.copy()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_frozen_line_in_world_last_ball_takes_nearly_all(n):
    vel = _after_first_hit(_line_world(n))
    assert vel[-1, 0] > 0.85 * V0
    assert np.all(np.abs(vel[:-1, 0]) < 0.05 * V0)


def test_linear_group_model_is_selectable_and_glues():
    vel = _after_first_hit(_line_world(2, overrides={"group_model": "linear", "e_ball": 1.0}))
    assert vel[1, 0] == pytest.approx(vel[2, 0], rel=1e-9)
    assert vel[0, 0] < 0  # -v0/3: the cue ball bounces back


def test_soft_contact_model_is_selectable():
    w = world(
        [(0.0, 0.0), (2 * R + 0.001, 0.0)],
        vel=[[V0, 0, 0], [0, 0, 0]],
        overrides={"contact_model": "soft", "mu_slide": 0.0, "mu_roll": 0.0},
    )
    vel = _after_first_hit(w)
    e = POOL.e_ball
    assert vel[1, 0] == pytest.approx((1 + e) / 2 * V0, rel=0.02)
    assert vel[0, 0] == pytest.approx((1 - e) / 2 * V0, abs=0.02 * V0)


def _mirror_world(order=(0, 1, 2)):
    d = np.sqrt(3.0) * R
    positions = [(0.0, 0.0), (d + 0.002, R), (d + 0.002, -R)]
    vel = np.array([[2.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    order = list(order)
    return world([positions[k] for k in order], vel=vel[order])


def test_mirror_symmetric_hit_stays_symmetric_in_world():
    w = _mirror_world()
    run(w, 4.0)
    p = w.balls.pos
    assert abs(p[0, 1]) < 1e-9
    assert p[1, 0] == pytest.approx(p[2, 0], abs=1e-9) and p[1, 1] == pytest.approx(-p[2, 1], abs=1e-9)
    assert p[1, 1] > 0.05  # they really went off to the sides


@pytest.mark.parametrize("order", [(1, 0, 2), (2, 1, 0), (1, 2, 0)])
def test_memory_order_of_balls_does_not_change_the_result(order):
    ref = _mirror_world()
    run(ref, 4.0)
    w = _mirror_world(order)
    run(w, 4.0)
    assert np.allclose(w.balls.pos, ref.balls.pos[list(order)], atol=1e-12, rtol=0)


def _touch_x(table, y: float = 0.0) -> float:
    """x of a ball centre touching the right cushion (bisection on the obstacle distance)."""
    ob = next(o for o in table.obstacles if o.name == "cushion-right")
    lo, hi = 0.0, table.length / 2
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        x = np.array([mid, y, R])
        if np.linalg.norm(x - closest_point(ob, x)) > R:
            lo = mid
        else:
            hi = mid
    return lo


def test_ball_pinched_against_cushion_never_enters_it():
    table = get_table({"length": 2.0, "width": 1.0})
    xt = _touch_x(table)
    balls = Balls.create(
        ["cue", "obj"], [(xt - 2 * R - 0.002, 0.0, R), (xt, 0.0, R)], M, R, vel=[[3.0, 0, 0], [0, 0, 0]]
    )
    w = World(balls, table, POOL)
    ob = next(o for o in table.obstacles if o.name == "cushion-right")
    events = []
    for _ in range(240):
        events += w.step()
        for i in range(2):
            x = w.balls.pos[i]
            assert np.linalg.norm(x - closest_point(ob, x)) > R - 1e-9
    assert w.balls.vel[0, 0] <= 0.0 or w.balls.pos[0, 0] < xt - 2 * R
    assert any(e.type == "ball-cushion" for e in events)


def test_penetration_correction_never_pushes_a_ball_into_the_cushion_or_the_bed():
    """Annex C.4 with C.5's remark: a ball pinched between a ball and a cushion stays out of both."""
    from billiard.physics.correction import separate

    table = get_table({"length": 2.0, "width": 1.0})
    xt = _touch_x(table)
    balls = Balls.create(["a", "b"], [(xt - 2 * R + 1e-5, 0.0, R), (xt, 0.0, R)], M, R)
    ob = next(o for o in table.obstacles if o.name == "cushion-right")
    overlap0 = 2 * R - np.linalg.norm(balls.pos[0] - balls.pos[1])
    separate(balls, np.array([0]), np.array([1]), table.obstacles)
    assert np.all(balls.pos[:, 2] == R)
    assert np.linalg.norm(balls.pos[1] - closest_point(ob, balls.pos[1])) >= R - 1e-12
    assert 2 * R - np.linalg.norm(balls.pos[0] - balls.pos[1]) < overlap0


def _pinched_rebound(e_cushion: float) -> float:
    """Cue ball driven into an object ball frozen to a cushion: both contacts form one group.
    Returns the cue ball's x velocity once the group is resolved."""
    table = get_table({"length": 2.0, "width": 1.0})
    xt = _touch_x(table)
    balls = Balls.create(
        ["cue", "obj"], [(xt - 2 * R - 0.002, 0.0, R), (xt, 0.0, R)], M, R, vel=[[2.0, 0, 0], [0, 0, 0]]
    )
    w = World(balls, table, POOL.with_overrides({"e_cushion": e_cushion}))
    for _ in range(120):
        events = w.step()
        if any(e.type == "ball-ball" for e in events):
            assert any(e.type == "ball-cushion" for e in events), "the two contacts must be one group"
            return float(w.balls.vel[0, 0])
    raise AssertionError("no contact")


def test_cushion_restitution_counts_inside_a_group():
    """A livelier cushion sends the pinched pair back faster: the group uses e_cushion."""
    soft, lively = _pinched_rebound(0.5), _pinched_rebound(0.95)
    assert soft < 0.0 and lively < soft - 0.1


def test_hit_speeds_reported_along_a_frozen_line_follow_the_sequential_closed_form():
    """A contact reached by the wave had no approach speed before the group; its event
    reports the speed its impulse implies, J (1/m_a + 1/m_b) / (1 + e). For a line of equal
    balls that is the sequential-collision speed v1 ((1 + e) / 2)^k of the k-th contact
    behind the first (and never more than the cue ball brought)."""
    w = _line_world(3)
    while not (hits := [e for e in w.step() if e.type == "ball-ball"]):
        pass
    speeds = [e.info["speed"] for e in hits[:3]]
    assert [e.balls for e in hits[:3]] == [("b0", "b1"), ("b1", "b2"), ("b2", "b3")]
    e = POOL.e_ball
    assert speeds[0] == pytest.approx(V0, rel=0.01)
    assert speeds[1:] == pytest.approx([speeds[0] * ((1 + e) / 2) ** k for k in (1, 2)], rel=2e-3)

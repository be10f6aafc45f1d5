"""The World with a numerical integrator instead of the closed forms (param ``integrator``)."""

from __future__ import annotations

import pytest

from billiard.physics.integrators import INTEGRATORS
from billiard.physics.params import POOL

from ..helpers import world

V0 = 2.0
SLIDE_DISTANCE = 12 * V0**2 / (49 * POOL.mu_slide * POOL.g)  # docs/physics.md item 1


def _slide_distance(integrator: str, dt: float = POOL.dt) -> float:
    w = world([(0.0, 0.0)], vel=[[V0, 0.0, 0.0]], overrides={"integrator": integrator, "dt": dt})
    while True:
        events = w.step()
        if any(e.type == "state" and e.info["to"] == "rolling" for e in events):
            break
    # position at the (exact) transition time: the tick end minus the rolling travel since
    roll_t = next(e.t for e in events if e.type == "state")
    v = w.balls.vel[0, 0]
    h = w.t - roll_t
    return float(w.balls.pos[0, 0] - v * h - 0.5 * POOL.mu_roll * POOL.g * h * h)


@pytest.mark.parametrize("name", ["newmark", "rk2", "rk3", "rk4", "leapfrog"])
def test_second_order_and_better_are_exact_on_constant_forces(name):
    assert _slide_distance(name) == pytest.approx(SLIDE_DISTANCE, rel=1e-9)


@pytest.mark.parametrize("name", ["euler", "euler-cromer"])
def test_first_order_schemes_converge_with_order_one(name):
    coarse = abs(_slide_distance(name, POOL.dt) - SLIDE_DISTANCE)
    fine = abs(_slide_distance(name, POOL.dt / 2) - SLIDE_DISTANCE)
    assert 0 < coarse < 0.02 * SLIDE_DISTANCE
    assert coarse / fine == pytest.approx(2.0, rel=0.15)


def test_exact_is_the_default_and_every_scheme_is_selectable():
    assert POOL.integrator == "exact"
    for name in INTEGRATORS:
        assert POOL.with_overrides({"integrator": name}).integrator == name


def test_jump_flight_with_rk4_matches_exact():
    ends = {}
    for name in ("exact", "rk4"):
        w = world([(0.0, 0.0)], overrides={"integrator": name})
        w.strike("b0", 4.0, 0.0, 40.0, [0.0, 0.2])
        for _ in range(40):
            w.step()
        ends[name] = w.balls.pos[0].copy()
    assert ends["rk4"] == pytest.approx(ends["exact"], abs=1e-9)


def test_rk4_shot_with_hop_collision_and_cushion_matches_exact():
    """Exact schemes on the piecewise-constant forces follow the closed forms through events
    (the z-spin friction stops at zero instead of reversing the spin)."""
    from billiard.physics.state import Balls
    from billiard.physics.world import World
    from billiard.table import get_table

    finals = {}
    for name in ("exact", "rk4"):
        p = POOL.with_overrides({"integrator": name})
        r = p.ball_radius
        w = World(
            Balls.create(["cue", "1"], [(-0.6, 0, r), (0.6, 0, r)], p.ball_mass, r),
            get_table({"length": 2.54, "width": 1.27}),
            p,
        )
        w.strike("cue", 2.0, 0.0, 30.0, [0.0, 0.0])
        while w.moving() and w.t < 20:
            w.step()
        finals[name] = w.balls.pos.copy()
    assert finals["rk4"] == pytest.approx(finals["exact"], abs=1e-9)

"""Balls into pockets: straight balls at any speed, rattles at the points, a slow ball along
the rail, exact hole crossing, pocketed balls frozen and out of play."""

import math

import numpy as np
import pytest

from billiard.physics import pockets
from billiard.physics.motion import accelerations
from billiard.physics.params import PRESETS
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.table import get_table
from billiard.table.audit import violations

POCKETED_TABLES = ("pool-7ft", "pool-8ft", "pool-9ft", "snooker")


def play(table, placed, ball, speed, heading_deg, tip=(0.0, 0.0), max_t=30.0):
    """Balls ``placed`` [(id, (x, y))] at rest, strike ``ball``, run to rest; world and events."""
    p = PRESETS[table.ball_set]
    ids = [b for b, _ in placed]
    b = Balls.create(ids, [(x, y, p.ball_radius) for _, (x, y) in placed], p.ball_mass, p.ball_radius)
    w = World(b, table, p)
    events = [w.strike(ball, speed, heading_deg, 0.0, tip)]
    while w.moving() and w.t < max_t:
        events += w.step()
    assert not w.moving()
    return w, events


def straight_in(table, pocket, distance):
    """Start ``distance`` before the mouth on the pocket's axis, heading into the hole."""
    axis = np.array(pocket.axis)
    mouth = np.mean(pocket.points, axis=0)
    start = mouth - distance * axis
    return tuple(start), math.degrees(math.atan2(axis[1], axis[0]))


@pytest.mark.parametrize("name", POCKETED_TABLES)
@pytest.mark.parametrize("speed", [0.6, 3.0, 8.0])
def test_every_pocket_takes_a_straight_ball(name, speed):
    t = get_table(name)
    r = PRESETS[t.ball_set].ball_radius
    for pocket in t.pockets:
        start, heading = straight_in(t, pocket, 0.3)
        w, events = play(t, [("cue", start)], "cue", speed, heading)
        drops = [e for e in events if e.type == "ball-pocket"]
        assert [(e.balls, e.info["pocket"]) for e in drops] == [(("cue",), pocket.name)]
        assert w.balls.motion[0] == Motion.POCKETED and w.balls.pocket[0] == pocket.name
        assert w.balls.pos[0, 2] == pytest.approx(-r, abs=1e-9)
        assert violations(w.balls, t) == []
        states = [(e.info["from"], e.info["to"]) for e in events if e.type == "state"]
        assert ("airborne", "pocketed") in states and states[-1] == ("airborne", "pocketed")


@pytest.mark.parametrize("name", POCKETED_TABLES)
def test_slow_ball_along_the_rail_drops_in_the_corner(name):
    t = get_table(name)
    r = PRESETS[t.ball_set].ball_radius
    for sx, sy, corner in ((1, 1, "corner-top-right"), (-1, -1, "corner-bottom-left")):
        start = (sx * (t.half_length - 0.3), sy * (t.half_width - r - 0.0005))
        w, events = play(t, [("cue", start)], "cue", 0.55, 0.0 if sx > 0 else 180.0)
        assert w.balls.pocket[0] == corner
        assert all(e.type != "ball-ball" for e in events)


@pytest.mark.parametrize("name", POCKETED_TABLES)
@pytest.mark.parametrize("pocket,point,angle", [("side-top", 2, 45.0), ("side-top", 2, 60.0), ("side-top", 2, 75.0)])
def test_firm_shot_at_a_side_point_rattles_out(name, pocket, point, angle):
    """Aimed at the rounded point of a side pocket at 4 m/s the ball bounces back out."""
    t = get_table(name)
    sphere = next(o for o in t.obstacles if o.name == f"point-{pocket}-{point}")
    d = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    start = tuple(np.array(sphere.center[:2]) - 0.35 * d)
    w, events = play(t, [("cue", start)], "cue", 4.0, angle)
    hits = [e.info["cushion"] for e in events if e.type == "ball-cushion"]
    assert hits[0] in (f"point-{pocket}-{point}", f"jaw-{pocket}-{point}")
    assert w.balls.pocket[0] != pocket
    assert violations(w.balls, t) == []


def _unit_xy(v):
    v = np.array(v[:2])
    return v / np.linalg.norm(v)


@pytest.mark.parametrize("name", POCKETED_TABLES)
@pytest.mark.parametrize("speed", [3.0, 6.0])
def test_firm_shot_full_on_a_corner_point_rattles_out(name, speed):
    """Head-on into a corner point (along the bisector of its exposed round) the ball comes back."""
    t = get_table(name)
    r = PRESETS[t.ball_set].ball_radius
    sphere = next(o for o in t.obstacles if o.name == "point-corner-top-right-1")
    jaw = next(o for o in t.obstacles if o.name == "jaw-corner-top-right-1")
    nose = next(o for o in t.obstacles if o.name == "cushion-top-right")
    u = _unit_xy(_unit_xy(jaw.normal) + _unit_xy(nose.normal))
    start = np.array(sphere.center[:2]) + (r + sphere.radius + 0.06) * u  # the end rail is close
    w, events = play(t, [("cue", tuple(start))], "cue", speed, math.degrees(math.atan2(-u[1], -u[0])))
    hits = [e.info["cushion"] for e in events if e.type == "ball-cushion"]
    assert hits[0] == "point-corner-top-right-1"
    assert w.balls.pocket[0] != "corner-top-right"  # (at 6 m/s it may find another pocket after 4 rails)
    assert hits[1] != "point-corner-top-right-1" and "ball-pocket" not in [e.type for e in events if e.t < 0.04]
    assert violations(w.balls, t) == []


def test_hole_entry_time_is_exact():
    """A rolling ball on the pocket axis enters the hole when its centre is at the hole
    radius from the centre: x(t) = x0 + v t - mu_roll g t^2 / 2 (docs/physics.md item 2)."""
    t = get_table("pool-9ft")
    p = PRESETS["pool"]
    hole = t.pocket("side-top")
    y0, v = hole.center[1] - 0.2, 1.5
    b = Balls.create(
        ["cue"],
        [(0.0, y0, p.ball_radius)],
        p.ball_mass,
        p.ball_radius,
        vel=[(0.0, v, 0.0)],
        omega=[(-v / p.ball_radius, 0.0, 0.0)],
    )
    b.motion[0] = Motion.ROLLING
    acc = accelerations(b, p).full_acc
    times, code, k = pockets.next_events(b, acc, pockets.Holes.from_table(t), p, 0.25)
    a = p.mu_roll * p.g
    dist = 0.2 - hole.radius
    expected = (v - math.sqrt(v * v - 2 * a * dist)) / a
    assert code[0] == pockets.ENTER and t.pockets[k[0]].name == "side-top"
    assert times[0] == pytest.approx(expected, rel=1e-9)


def test_fast_ball_cannot_skip_a_hole_between_ticks():
    """At 12 m/s a path cutting a 31 mm chord of a hole (less than the 100 mm the ball goes
    in one tick) still enters it, at the exact time its centre reaches the edge."""
    t = get_table("pool-9ft")
    p = PRESETS["pool"]
    hole = t.pocket("side-top")
    off, v, x0 = 0.95 * hole.radius, 12.0, hole.center[0] - 0.3
    chord = 2 * math.sqrt(hole.radius**2 - off**2)
    assert chord < v * p.dt
    b = Balls.create(
        ["cue"],
        [(x0, hole.center[1] - off, p.ball_radius)],
        p.ball_mass,
        p.ball_radius,
        vel=[(v, 0.0, 0.0)],
        omega=[(0.0, v / p.ball_radius, 0.0)],
    )
    b.motion[0] = Motion.ROLLING
    acc = accelerations(b, p).full_acc
    times, code, _ = pockets.next_events(b, acc, pockets.Holes.from_table(t), p, 0.25)
    a = p.mu_roll * p.g
    dist = 0.3 - chord / 2
    assert code[0] == pockets.ENTER
    assert times[0] == pytest.approx((v - math.sqrt(v * v - 2 * a * dist)) / a, rel=1e-9)


def test_pocketed_ball_is_frozen_and_out_of_play():
    t = get_table("pool-9ft")
    pocket = t.pocket("side-bottom")
    start, heading = straight_in(t, pocket, 0.3)
    behind = tuple(np.array(start) - 0.3 * np.array(pocket.axis))
    w, events = play(t, [("1", start), ("cue", behind)], "cue", 5.0, heading, tip=(0.0, 0.5))  # follow
    assert w.balls.pocket == ["side-bottom", "side-bottom"]
    hits = [e for e in events if e.type == "ball-ball"]
    first_drop = next(e.t for e in events if e.type == "ball-pocket")
    assert all(h.t < first_drop for h in hits)  # nothing hits a ball already in the pocket
    frozen = w.balls.pos.copy()
    for _ in range(10):
        w.step()
    assert np.array_equal(w.balls.pos, frozen)


def test_carom_table_has_no_holes():
    t = get_table("carom")
    w, events = play(t, [("white", (0.0, 0.0))], "white", 8.0, 37.0)
    assert all(e.type != "ball-pocket" for e in events)
    assert violations(w.balls, t) == []

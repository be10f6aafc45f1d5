"""Issue 20 point 3: a ball frozen to a rail and struck into it never enters the cushion.

It sank 1.06 mm for about 70 ms before the engine found flight contacts and sustained
contacts by conservative advancement. Here the ball touches the cushion nose and is struck
into it, or at a glancing angle, at several speeds, cue elevations (0-30 deg: a raised cue
drives the ball down into the bed and off it) and tip offsets, with both contact models and
every integrator; after every event and every tick (World.probe) no ball is more than 1 um
inside any obstacle, and no other invariant of the engine fuzz breaks either.
"""

import pytest

from billiard.physics.params import CHOICES, POOL
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls
from billiard.table.cushion import nose_setback
from billiard.validation.fuzz.invariants import Invariants

SETBACK = nose_setback(POOL.cushion_height, POOL.ball_radius)
HALF_LENGTH, HALF_WIDTH = 2.54 / 2, 1.27 / 2

# (speed m/s, heading deg, elevation deg, tip [a, b] in radii); the ball is frozen to the
# right cushion (x = +L/2, struck at heading 0 = straight in) or the top one (heading 90)
CASES = [
    (0.3, 0.0, 0.0, (0.0, 0.0)),
    (2.0, 0.0, 0.0, (0.0, 0.5)),
    (6.0, 0.0, 0.0, (0.0, -0.5)),
    (1.0, 20.0, 10.0, (0.4, 0.2)),
    (4.0, -45.0, 20.0, (-0.3, 0.3)),
    (3.0, 0.0, 30.0, (0.0, 0.3)),
    (8.0, 5.0, 30.0, (0.2, -0.4)),
    (1.5, 90.0, 15.0, (0.5, 0.0)),
    (5.0, 100.0, 25.0, (0.0, 0.55)),
]


def _breaches(integrator: str, contact: str, speed: float, heading: float, elevation: float, tip) -> list:
    top = 60.0 <= heading % 360.0 <= 120.0
    pos = [0.2, HALF_WIDTH - SETBACK] if top else [HALF_LENGTH - SETBACK, 0.1]
    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "params": {"integrator": integrator, "contact_model": contact},
            "balls": [{"id": "cue", "pos": pos}, {"id": "b1", "pos": [-0.5, 0.0]}],
            "strike": {
                "ball": "cue",
                "speed": speed,
                "heading_deg": heading,
                "elevation_deg": elevation,
                "tip": list(tip),
            },
        }
    )
    world = World(make_balls(shot.layout, shot.params), shot.table, shot.params)
    inv = Invariants(world.balls, shot.table, shot.params)
    found = inv.check(world.balls, world.t)  # frozen: touching, not inside
    s = shot.strike
    world.strike(s.ball, s.speed, s.heading_deg, s.elevation_deg, s.tip)
    inv.start(world.balls)
    world.probe = lambda: found.extend(inv.check(world.balls, world.t))
    while world.moving() and world.t < 0.6:  # the ball has left the rail well before
        world.step()
        found.extend(inv.check(world.balls, world.t))
    return [(b.kind, b.message) for b in found]


@pytest.mark.parametrize("contact", CHOICES["contact_model"])
@pytest.mark.parametrize("integrator", CHOICES["integrator"])
def test_ball_frozen_to_a_rail_struck_into_it_never_enters_the_cushion(integrator, contact):
    bad = {case: found for case in CASES if (found := _breaches(integrator, contact, *case))}
    assert bad == {}


def test_the_check_sees_a_ball_one_micrometre_inside_the_cushion():
    world_balls = Balls.create(
        ["cue"], [(HALF_LENGTH - SETBACK + 2e-6, 0.1, POOL.ball_radius)], POOL.ball_mass, POOL.ball_radius
    )
    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "balls": [{"id": "cue", "pos": [0.0, 0.0]}],
            "strike": {"ball": "cue", "speed": 1.0, "heading_deg": 0.0},
        }
    )
    kinds = [b.kind for b in Invariants(world_balls, shot.table, POOL).check(world_balls, 0.0)]
    assert kinds == ["inside-obstacle"]

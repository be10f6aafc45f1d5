"""A standard test scene: the 16-ball break on a bare table (used by the physics tests,
``benchmarks/bench_physics_group.py`` and the validation scenes). It lives outside
``physics`` because it builds a :mod:`billiard.table` table, and ``table`` imports ``physics``."""

from __future__ import annotations

import math

from billiard.physics.events import Event
from billiard.physics.params import POOL, Params
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import get_table


def rack_positions(apex_x: float, radius: float, gap: float = 0.0) -> list[tuple[float, float, float]]:
    """15 touching balls (``gap`` between neighbours) in a triangle pointing to -x, apex at (apex_x, 0)."""
    d = 2 * radius + gap
    out = []
    for row in range(5):
        for k in range(row + 1):
            out.append((apex_x + row * d * math.sqrt(3) / 2, (k - row / 2) * d, radius))
    return out


def break_world(
    speed: float = 8.0,
    params: Params = POOL,
    length: float = 2.54,
    width: float = 1.27,
    heading_deg: float = 0.0,
    tip=(0.0, 0.0),
) -> tuple[World, Event]:
    """A custom ``length`` x ``width`` table with the triangle's apex on the foot spot and the cue
    ball on the head string, struck at ``speed`` towards the apex. Returns (world, strike event)."""
    table = get_table({"length": length, "width": width})
    r = params.ball_radius
    pos = [(-length / 4, 0.0, r)] + rack_positions(table.foot_spot[0], r)
    ids = ["cue"] + [str(k) for k in range(1, 16)]
    world = World(Balls.create(ids, pos, params.ball_mass, r), table, params)
    return world, world.strike("cue", speed, heading_deg, 0.0, list(tip))


def run_to_rest(world: World, max_time: float | None = None) -> list[Event]:
    """Step until no ball moves (or ``max_time``, default params.max_time); all events."""
    limit = world.params.max_time if max_time is None else max_time
    events: list[Event] = []
    while world.moving() and world.t < limit:
        events += world.step()
    return events

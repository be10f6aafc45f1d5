"""Random shots on a table, for the pocket fuzz test and ``benchmarks/fuzz_tables.py``.

A shot is either the table's usual rack with the cue ball anywhere on the bed, or a few
balls scattered anywhere on the bed (near cushions, points and pockets included); the cue
ball is struck with a random speed up to ``max_speed``, heading, tip (inside 0.5 R) and
cue elevation up to ``max_elevation`` degrees (jump shots).
Everything is drawn from ``numpy.random.default_rng(seed)``: a shot is reproducible from
its table and seed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.errors import BilliardError
from billiard.physics.events import Event
from billiard.physics.flight import OFF_TABLE
from billiard.physics.params import PRESETS
from billiard.physics.state import Balls
from billiard.table.audit import violations
from billiard.table.model import Table
from billiard.table.racks import cue_id, rack

USUAL_RACK = {"pool": "9-ball", "snooker": "snooker", "carom": "carom"}


@dataclass(frozen=True)
class Outcome:
    """What one random shot did."""

    seed: int
    pocketed: int  # balls in a pocket of the table
    off_table: int  # balls that flew over a cushion
    events: int
    finished: bool  # everything came to rest before the time limit
    problems: tuple[str, ...]  # :func:`billiard.table.audit.violations`
    strike: tuple[float, float, float, tuple[float, float]]  # speed, heading, elevation, tip


def random_balls(table: Table, rng: np.random.Generator, scattered: int) -> Balls:
    """The usual rack with the cue ball at a random free spot (``scattered == 0``), or that
    many balls (cue ball first) at random non-overlapping spots of the bed."""
    params = PRESETS[table.ball_set]
    r = params.ball_radius
    lo = np.array([-table.half_length + r, -table.half_width + r])
    if scattered == 0:
        for _ in range(1000):
            try:
                ids, pos = rack(
                    USUAL_RACK[table.ball_set], table, seed=int(rng.integers(2**31)), cue=rng.uniform(lo, -lo)
                )
                return Balls.create(ids, pos, params.ball_mass, r)
            except BilliardError:
                continue
        raise RuntimeError("no free spot for the cue ball")
    xy: list[np.ndarray] = []
    while len(xy) < scattered:
        c = rng.uniform(lo, -lo)
        if all(np.linalg.norm(c - q) >= 2 * r + 1e-6 for q in xy):
            xy.append(c)
    names = [cue_id(USUAL_RACK[table.ball_set])] + [f"b{k}" for k in range(1, scattered)]
    return Balls.create(names, [(x, y, r) for x, y in xy], params.ball_mass, r)


def random_shot(
    table: Table,
    seed: int,
    scattered: int = 0,
    max_speed: float = 12.0,
    max_time: float = 60.0,
    max_elevation: float = 0.0,
    world_factory=None,
) -> Outcome:
    """Play one random shot to rest (or ``max_time``) and audit where the balls ended."""
    if world_factory is None:
        from billiard.physics.world import World as world_factory
    rng = np.random.default_rng(seed)
    balls = random_balls(table, rng, scattered)
    params = PRESETS[table.ball_set]
    speed = float(rng.uniform(0.1, max_speed))
    heading = float(rng.uniform(0.0, 360.0))
    tip = rng.uniform(-0.5, 0.5, 2)
    tip *= min(1.0, 0.5 / max(float(np.hypot(*tip)), 1e-12))
    elevation = float(rng.uniform(0.0, max_elevation)) if max_elevation > 0 else 0.0
    world = world_factory(balls, table, params)
    events: list[Event] = [world.strike(balls.ids[0], speed, heading, elevation, (float(tip[0]), float(tip[1])))]
    while world.moving() and world.t < max_time:
        events += world.step()
    finished = not world.moving()
    problems = tuple(violations(world.balls, table)) if finished else ()
    names = {p.name for p in table.pockets}
    return Outcome(
        seed,
        sum(p in names for p in world.balls.pocket),
        world.balls.pocket.count(OFF_TABLE),
        len(events),
        finished,
        problems,
        (speed, heading, elevation, (float(tip[0]), float(tip[1]))),
    )

"""Issue 20: memory stays flat. A module-level cache kept every table's obstacles (jaw and
liner bricks) alive after its shot: ~40 KB a simulated shot. (A preset table is built once
per process and shared, so the table of each shot here is a custom one, built for it.)"""

import gc
import weakref

from billiard.physics.group import engine
from billiard.physics.world import World
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls

BREAK = {
    "format": "billiard-shot/1",
    "table": {"length": 2.54, "width": 1.27, "pockets": True},
    "rack": "9-ball",
    "seed": 3,
    "strike": {"ball": "cue", "speed": 9.0, "heading_deg": 0.2},
}


def _play_one() -> tuple[weakref.ref, weakref.ref]:
    shot = Shot.from_dict(BREAK)
    world = World(make_balls(shot.layout, shot.params), shot.table, shot.params)
    world.strike("cue", 9.0, 0.2, 0.0, (0.0, 0.0))
    while world.moving() and world.t < 30.0:
        world.step()
    assert engine._BOUNDS, "the break had grouped contacts with the cushions"
    return weakref.ref(shot.table), weakref.ref(world)


def test_table_world_and_bricks_are_freed_after_a_shot():
    gc.collect()  # tables of earlier tests that are already unreachable
    before = len(engine._BOUNDS)
    table, world = _play_one()
    gc.collect()
    assert table() is None
    assert world() is None
    assert len(engine._BOUNDS) == before


def test_many_shots_leave_no_obstacles_behind():
    """Bricks are counted after a first shot (the geometry caches of obstacle_distance keep
    one copy of each distinct brick, bounded): further shots must not add any."""
    from billiard.physics.obstacles import Brick
    from billiard.table.model import Table

    def count(kind):
        gc.collect()
        return sum(isinstance(o, kind) for o in gc.get_objects())

    _play_one()
    tables, bricks = count(Table), count(Brick)
    for _ in range(4):
        _play_one()
    assert count(Table) <= tables
    assert count(Brick) <= bricks


def test_a_preset_table_is_one_for_the_whole_process():
    first = Shot.from_dict({**BREAK, "table": "pool-9ft"}).table
    gc.collect()
    assert Shot.from_dict({**BREAK, "table": "pool-9ft"}).table is first

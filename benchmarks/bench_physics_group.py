"""Speed of the grouped solver and 6 DOF: simulated seconds per wall second (printed, never asserted).

Cases: the 16-ball break at 8 m/s (frozen rack) with each group model and with the
pairwise resolver for comparison, a frozen rack with the cue ball touching the apex (all
16 balls in one group at the first hit), the soft contact model, an rk4 ball motion,
and a jump shot over a blocking ball. Run: ``python benchmarks/bench_physics_group.py``.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.validation.break_scene import break_world, rack_positions, run_to_rest
from billiard.physics.params import POOL
from billiard.physics.resolve import resolve_pairwise
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import get_table

REPEATS = 3


def _break(overrides=None, pairwise=False):
    world, _ = break_world(8.0, POOL.with_overrides(overrides))
    if pairwise:
        world.resolver = resolve_pairwise
    return world


def _frozen_rack():
    table = get_table({"length": 2.54, "width": 1.27})
    r = POOL.ball_radius
    rack = rack_positions(table.foot_spot[0], r)
    pos = [(table.foot_spot[0] - 2 * r, 0.0, r)] + rack  # cue ball touching the apex
    world = World(Balls.create(["cue"] + [str(k) for k in range(1, 16)], pos, POOL.ball_mass, r), table, POOL)
    world.strike("cue", 3.0, 0.0, 0.0, [0.0, 0.0])
    return world


def _jump_shot():
    table = get_table({"length": 2.54, "width": 1.27})
    r = POOL.ball_radius
    world = World(
        Balls.create(["cue", "1", "2"], [(-0.6, 0.0, r), (-0.3, 0.0, r), (0.6, 0.05, r)], POOL.ball_mass, r),
        table,
        POOL,
    )
    world.strike("cue", 4.0, 0.0, 45.0, [0.0, 0.0])
    return world


CASES = {
    "break 8 m/s, wave (default)": lambda: _break(),
    "break 8 m/s, pairwise resolver": lambda: _break(pairwise=True),
    "break 8 m/s, linear (seed 000)": lambda: _break({"group_model": "linear"}),
    "break 8 m/s, soft contact": lambda: _break({"contact_model": "soft"}),
    "break 8 m/s, rk4 motion": lambda: _break({"integrator": "rk4"}),
    "frozen rack, cue touching apex, 3 m/s": _frozen_rack,
    "jump shot over a ball, 4 m/s at 45 deg": _jump_shot,
}


def measure(make) -> tuple[float, float, int]:
    """(simulated seconds, best wall seconds, events) over REPEATS runs."""
    best, simulated, events = math.inf, 0.0, 0
    for _ in range(REPEATS):
        world = make()
        start = time.perf_counter()
        events = len(run_to_rest(world))
        best = min(best, time.perf_counter() - start)
        simulated = world.t
    return simulated, best, events


def main() -> None:
    print(f"{'case':42s} {'simulated s':>11s} {'wall ms':>9s} {'x real time':>11s} {'events':>7s}")
    for name, make in CASES.items():
        simulated, wall, events = measure(make)
        print(f"{name:42s} {simulated:11.2f} {wall * 1e3:9.1f} {simulated / wall:11.1f} {events:7d}")


if __name__ == "__main__":
    main()

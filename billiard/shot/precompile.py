"""Compile every kernel now and keep the machine code (``python -m billiard.shot.precompile``).

The wheel's build step (``hatch_build.py``) runs this with ``BILLIARD_KERNEL_CACHE`` set to a
scratch folder and ships what it writes, so the first shot after ``pip install .`` loads
machine code instead of compiling it. One 9-ball break reaches every kernel the engine calls
from Python (the plan, the tick, the states, the contacts, the bed, the pockets), one group
of touching balls the group solver's; the check
below fails the step if one was missed, rather than leave a compile for the first game.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from typing import Any

# a 9-ball break: it reaches the plan, advance, contact, cushion, bed and pocket kernels
BREAK = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "rack": "9-ball",
    "seed": 0,
    "strike": {"ball": "cue", "speed": 8.0, "heading_deg": 0.0},
}

# the kernels the engine calls from Python (the others are inlined into these)
ENTRY_POINTS = (
    "advance.advance_rows",
    "advance.advance_ticks",
    "contact_times.plan_hits",
    "group_wave.solve_wave",
    "closest.closest_point",
    "overlap.any_overlap",
    "overlap.all_finite",
    "motion_plan.plan_motion",
    "resolve.touching_group",
    "resolve.ball_ball_hit",
    "resolve.obstacle_hit",
    "resolve.settle_rows",
    "states.classify_rows",
    "states.end_transition_one",
    "states.stop_still_all",
)


def dispatchers() -> dict[str, Any]:
    """Every numba dispatcher defined in the kernels package, by ``module.name``."""
    from numba.core.registry import CPUDispatcher

    import billiard.physics.kernels as package

    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.__module__ == module.__name__:
                found[f"{info.name}.{name}"] = value
    return found


def _touching_group() -> None:
    """The group solver's kernel: a seeded break may have no group of several contacts, so a
    cue ball pressed into two touching balls is solved once."""
    from billiard.formats.limits import POOL_BALL_RADIUS
    from billiard.physics.group import make_group
    from billiard.physics.group.engine import solve_wave_compiled
    from billiard.physics.params import POOL

    r = POOL_BALL_RADIUS
    solve_wave_compiled(
        make_group(
            [[0.0, 0.0, r], [2 * r, 0.0, r], [4 * r, 0.0, r]],
            [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
            [[0.0, 10.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
            POOL.ball_mass,
            r,
            [1, 2],
            [0, 1],
            [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]],
            [[r, 0.0, r], [3 * r, 0.0, r]],
            0.95,
            0.06,
        )
    )


def precompile() -> list[str]:
    """Compile (or load) every entry-point kernel; the names of those still uncompiled."""
    from billiard.shot.simulate import simulate

    simulate(BREAK)
    _touching_group()
    found = dispatchers()
    return [name for name in ENTRY_POINTS if name not in found or not found[name].signatures]


def main() -> int:
    from billiard.physics import kernels

    if kernels.ENGINE != "compiled":
        print("billiard: numba is not available; nothing to compile", file=sys.stderr)
        return 1
    t0, c0 = time.perf_counter(), time.process_time()
    missed = precompile()
    if missed:
        print(f"billiard: kernels not compiled by the break: {', '.join(missed)}", file=sys.stderr)
        return 1
    print(
        f"billiard: compiled {len(ENTRY_POINTS)} engine kernels in {time.perf_counter() - t0:.1f} s "
        f"({time.process_time() - c0:.1f} s CPU)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

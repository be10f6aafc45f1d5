"""Issue 14's speed figures: seeded 9-ball and 15-ball breaks at 8 m/s on pool-9ft (warm, CPU
and wall), the cost per event as the number of moving balls doubles, and how long the game's
frame thread spends on a cue-path preview. Numbers only, never pass/fail. Each figure is
taken for the default engine (``World(..., replan="full")``: the whole plan redone after every
event; compiled kernels where numba is installed, :mod:`billiard.physics.kernels`), for the
numpy reference engine (``World(..., engine="numpy")``) and for the incremental re-plan
(``replan="incremental"``) in the same run, so their ratios do not depend on the machine's load.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

import numpy as np

from billiard.physics import kernels
from billiard.physics.params import POOL
from billiard.shot.shotfile import BallSpec, Shot
from billiard.shot.simulate import make_balls, simulate

BREAK_SEEDS = (0, 1, 2, 3, 4)
SCALING = (2, 4, 8, 16, 32, 64)
SCALING_SECONDS = 1.0
AREA_PER_BALL = 0.2  # m^2 of bed per ball in the scaling scenes (a 9 ft bed holds 16)


def break_shot_dict(rack: str, seed: int, speed: float = 8.0) -> dict:
    return {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "rack": rack,
        "seed": seed,
        "strike": {"ball": "cue", "speed": speed, "heading_deg": 0.0},
    }


def best_time(fn, repeats: int) -> tuple[float, float]:
    """Best (wall, CPU) seconds of ``repeats`` calls of ``fn``."""
    wall, cpu = [], []
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return min(wall), min(cpu)


def plan_counting_world(engine: str | None = None, replan: str = "full"):
    """A world factory whose worlds count their plans and the CPU time spent in them
    (``world.plans``, ``world.plan_cpu_s``)."""
    from billiard.physics.world import World

    class Counting(World):
        plans = 0
        plan_cpu_s = 0.0

        def _plan(self) -> None:
            c0 = time.process_time()
            super()._plan()
            self.plan_cpu_s += time.process_time() - c0
            self.plans += 1

    return lambda b, t, p: Counting(b, t, p, replan=replan, engine=engine)


def plan_cost(shot: Shot, engine: str | None) -> tuple[int, float]:
    """(plans, CPU µs per plan) of one run of ``shot`` with ``engine`` (warm)."""
    worlds = []
    factory = plan_counting_world(engine)

    def keep(b, t, p):
        worlds.append(factory(b, t, p))
        return worlds[-1]

    simulate(shot, world_factory=keep)
    w = worlds[-1]
    return w.plans, 1e6 * w.plan_cpu_s / max(w.plans, 1)


@dataclass(frozen=True)
class BreakFigures:
    rack: str
    wall_ms: float  # mean over the seeds of the best warm run (default engine)
    cpu_ms: float
    inc_cpu_ms: float  # the same with the incremental re-plan
    events: float  # mean events per break
    hits: float  # mean ball-ball + ball-cushion contacts per break
    numpy_wall_ms: float = float("nan")  # the numpy reference engine (World(engine="numpy"))
    numpy_cpu_ms: float = float("nan")
    plans: float = float("nan")  # mean plans per break, default engine
    plan_us: float = float("nan")  # CPU µs per plan, default engine
    numpy_plan_us: float = float("nan")  # the same, numpy reference
    engine: str = kernels.ENGINE

    def line(self) -> str:
        return (
            f"{self.rack + ' break, 8 m/s, pool-9ft':32s} {self.wall_ms:7.1f} ms wall {self.cpu_ms:7.1f} ms CPU"
            f"  ({self.engine}; {self.events:.0f} events, {self.hits:.0f} contacts, "
            f"{self.cpu_ms / self.events:.2f} ms/event;"
            f" incremental re-plan {self.inc_cpu_ms:.1f} ms CPU = x{self.cpu_ms / self.inc_cpu_ms:.2f})"
        )

    def engine_lines(self) -> list[str]:
        """The default engine against the numpy reference: whole break and one plan."""
        return [
            f"{'':34s}numpy reference {self.numpy_wall_ms:7.1f} ms wall {self.numpy_cpu_ms:7.1f} ms CPU "
            f"({self.numpy_cpu_ms / self.events:.2f} ms/event): {self.engine} = "
            f"x{self.numpy_cpu_ms / self.cpu_ms:.2f} faster (CPU), x{self.numpy_wall_ms / self.wall_ms:.2f} (wall)",
            f"{'':34s}{self.plans:.0f} plans per break: {self.plan_us:.0f} µs CPU each ({self.engine}), "
            f"{self.numpy_plan_us:.0f} µs (numpy) = x{self.numpy_plan_us / self.plan_us:.1f}",
        ]


def break_figures(rack: str, repeats: int = 3) -> BreakFigures:
    walls, cpus, refs, events, hits, np_walls, np_cpus, plans, plan_us, np_plan_us = ([] for _ in range(10))
    for seed in BREAK_SEEDS:
        shot = Shot.from_dict(break_shot_dict(rack, seed))
        replay = simulate(shot)
        events.append(len(replay.events))
        hits.append(sum(e.type in ("ball-ball", "ball-cushion") for e in replay.events))
        wall, cpu = best_time(partial(simulate, shot), repeats)
        walls.append(wall)
        cpus.append(cpu)
        refs.append(best_time(partial(_incremental, shot), repeats)[1])
        wall, cpu = best_time(partial(_numpy, shot), repeats)
        np_walls.append(wall)
        np_cpus.append(cpu)
        count, us = plan_cost(shot, None)
        plans.append(count)
        plan_us.append(us)
        np_plan_us.append(plan_cost(shot, "numpy")[1])

    def ms(x):
        return 1000 * float(np.mean(x))

    return BreakFigures(
        rack,
        ms(walls),
        ms(cpus),
        ms(refs),
        float(np.mean(events)),
        float(np.mean(hits)),
        ms(np_walls),
        ms(np_cpus),
        float(np.mean(plans)),
        float(np.mean(plan_us)),
        float(np.mean(np_plan_us)),
    )


def _numpy(shot: Shot):
    """The shot with the numpy reference engine."""
    from billiard.physics.world import World

    return simulate(shot, world_factory=lambda b, t, p: World(b, t, p, engine="numpy"))


def _incremental(shot: Shot):
    """The shot with the incremental re-plan."""
    from billiard.physics.world import World

    return simulate(shot, world_factory=lambda b, t, p: World(b, t, p, replan="incremental"))


def scaling_world(n: int, replan: str = "full", engine: str | None = None):
    """``n`` balls on a grid, sent off at 1-3 m/s in seeded random directions, on a pocketless
    table whose area grows with ``n`` (the same density of balls, so of contacts, for all n)."""
    from billiard.physics.world import World
    from billiard.table import get_table

    width = float(np.sqrt(AREA_PER_BALL * n / 2))
    length = 2 * width
    cols = int(np.ceil(np.sqrt(2 * n)))
    rows = int(np.ceil(n / cols))
    rng = np.random.default_rng(n)
    specs = []
    for k in range(n):
        x = (k % cols + 0.5) / cols * length - length / 2
        y = (k // cols + 0.5) / rows * width - width / 2
        speed, heading = rng.uniform(1.0, 3.0), rng.uniform(0.0, 2 * np.pi)
        specs.append(BallSpec(f"b{k}", (x, y), (speed * np.cos(heading), speed * np.sin(heading))))
    params = POOL
    table = get_table({"length": length, "width": width, "pockets": False})
    return World(make_balls(specs, params), table, params, replan=replan, engine=engine)


@dataclass(frozen=True)
class ScalingRow:
    balls: int
    events: int
    ms_per_event: float
    ms_per_tick: float
    inc_ms_per_event: float
    numpy_ms_per_event: float = float("nan")  # the numpy reference engine

    def line(self) -> str:
        return (
            f"  {self.balls:3d} balls: {self.events:5d} events in {SCALING_SECONDS:.0f} s, "
            f"{self.ms_per_event:6.3f} ms/event, "
            f"{self.ms_per_tick:6.3f} ms/tick; incremental re-plan {self.inc_ms_per_event:6.3f} ms/event; "
            f"numpy reference {self.numpy_ms_per_event:6.3f} ms/event"
        )


def _scaling_run(n: int, replan: str, engine: str | None = None) -> tuple[int, float, int]:
    w = scaling_world(n, replan, engine)
    ticks = int(round(SCALING_SECONDS / w.params.dt))
    c0 = time.process_time()
    events = sum(len(w.step()) for _ in range(ticks))
    return events, time.process_time() - c0, ticks


def scaling_rows(sizes=SCALING) -> list[ScalingRow]:
    rows = []
    for n in sizes:
        events, cpu, ticks = _scaling_run(n, "full")
        ref_events, ref_cpu, _ = _scaling_run(n, "incremental")
        np_events, np_cpu, _ = _scaling_run(n, "full", "numpy")
        rows.append(
            ScalingRow(
                n,
                events,
                1000 * cpu / max(events, 1),
                1000 * cpu / ticks,
                1000 * ref_cpu / max(ref_events, 1),
                1000 * np_cpu / max(np_events, 1),
            )
        )
    return rows


def preview_frame_ms(executor_factory=None) -> tuple[float, float]:
    """(longest ms the frame thread spent asking for and looking at previews of 20 aims made
    one frame apart, ms the worker took for one preview of a 9-ball break). The worker is the
    game's (a process) unless ``executor_factory`` is given."""
    from billiard.app.controls import StrikeCommand
    from billiard.app.predict import predict_path
    from billiard.app.preview import PathPreview, process_executor
    from billiard.physics.world import World

    shot = Shot.from_dict(break_shot_dict("9-ball", 0))
    balls = make_balls(shot.layout, shot.params)
    preview = PathPreview(executor_factory or process_executor)
    preview.start()  # as the game window does, before the first aim
    preview.submit("warm", sum, (1, 2))
    preview.wait()
    preview.frame_ms_max = 0.0
    for k in range(20):
        cmd = StrikeCommand(8.0, 0.5 * k, 0.0, (0.0, 0.0))
        preview.request(k, World, balls, shot.table, shot.params, "cue", cmd)
        preview.latest()
        time.sleep(1 / 60)
    preview.wait()
    preview.close()
    cmd = StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0))
    worker = best_time(lambda: predict_path(World, balls, shot.table, shot.params, "cue", cmd), 1)[0]
    return preview.frame_ms_max, 1000 * worker


def target_lines(repeats: int = 3) -> list[str]:
    lines = ["issue 14 targets (9-ball <= 20 ms, 15-ball <= 40 ms warm; cost per event at most linear in balls):"]
    for rack in ("9-ball", "8-ball"):
        fig = break_figures(rack, repeats)
        lines.append("  " + fig.line().replace("8-ball break", "15-ball break"))
        lines += fig.engine_lines()
    lines.append(f"cost per event, balls moving on a bed of {AREA_PER_BALL} m^2 per ball:")
    lines += [row.line() for row in scaling_rows()]
    from billiard.validation.speed_tick import tick_lines

    lines += tick_lines(repeats)
    frame, worker = preview_frame_ms()
    lines.append(
        f"cue-path preview in a worker process: {frame:.2f} ms at most on the frame thread per aim "
        f"(20 aims; the worker takes {worker:.0f} ms for a 9-ball break)"
    )
    return lines

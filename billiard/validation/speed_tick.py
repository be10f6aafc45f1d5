"""Issue 14's per-tick figures, for both engines in the same run (numbers only, never pass/fail):
what a quiet tick costs (no event, the plan still valid: one closed-form advance of every
moving ball and its orientation), what simulate() spends per tick outside World.step (the
finiteness check, the sampler, the moving() test), and what making a World costs (a World
per simulated shot: the computer opponent makes hundreds)."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from functools import partial

from billiard.physics import kernels
from billiard.physics.world import World
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls, simulate
from billiard.validation.speed_targets import break_shot_dict


class _TimedWorld(World):
    """A World that times each step (wall and CPU, ns) and notes whether it was quiet."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.steps: list[tuple[int, int, bool]] = []

    def step(self):
        w, c = time.perf_counter_ns(), time.process_time_ns()
        events = super().step()
        self.steps.append((time.perf_counter_ns() - w, time.process_time_ns() - c, self.quiet))
        return events

    def quiet_ticks(self, limit, out_pos, out_quat) -> int:
        """Every tick through the timed :meth:`step` (simulate() runs quiet ticks in blocks
        otherwise; the game's loop steps tick by tick, as timed here)."""
        return 0


def _timer_ns(count: int = 20000) -> float:
    """CPU ns that _TimedWorld's own timing adds to a step (taken off the figures)."""
    steps = []
    c = time.process_time_ns()
    for _ in range(count):
        w, c0 = time.perf_counter_ns(), time.process_time_ns()
        steps.append((time.perf_counter_ns() - w, time.process_time_ns() - c0, True))
    return (time.process_time_ns() - c) / count


@dataclass(frozen=True)
class TickFigures:
    rack: str
    engine: str
    ticks: int
    quiet_ticks: int
    quiet_us: float  # median wall µs of a quiet World.step
    quiet_cpu_us: float  # mean CPU µs of a quiet World.step
    outside_us: float  # simulate()'s CPU µs per tick outside World.step (set-up and replay included;
    # the timing's own cost taken off)
    break_ms: float  # the whole simulate(), wall
    break_cpu_ms: float

    def line(self) -> str:
        return (
            f"  {self.rack:7s} {self.engine:8s} {self.break_ms:7.1f} ms wall {self.break_cpu_ms:7.1f} ms CPU; "
            f"{self.ticks} ticks, {self.quiet_ticks} quiet at {self.quiet_us:6.2f} µs "
            f"({self.quiet_cpu_us:.2f} µs CPU); simulate() outside step {self.outside_us:5.2f} µs CPU/tick"
        )


def tick_figures(rack: str, engine: str, repeats: int = 3, seed: int = 0) -> TickFigures:
    """Best of ``repeats`` warm runs of the seeded ``rack`` break at 8 m/s with ``engine``."""
    shot = Shot.from_dict(break_shot_dict(rack, seed))
    worlds: list[_TimedWorld] = []

    def factory(balls, table, params):
        worlds.append(_TimedWorld(balls, table, params, engine=engine))
        return worlds[-1]

    simulate(shot, world_factory=factory)
    best: tuple | None = None
    for _ in range(repeats):
        worlds.clear()
        w0, c0 = time.perf_counter_ns(), time.process_time_ns()
        simulate(shot, world_factory=factory)
        wall, cpu = time.perf_counter_ns() - w0, time.process_time_ns() - c0
        if best is None or cpu < best[1]:
            best = (wall, cpu, worlds[0].steps)
    assert best is not None
    wall, cpu, steps = best
    quiet = [s for s in steps if s[2]]
    inside = sum(s[1] for s in steps)
    return TickFigures(
        rack,
        engine,
        len(steps),
        len(quiet),
        statistics.median(s[0] for s in quiet) / 1e3 if quiet else 0.0,
        statistics.fmean(s[1] for s in quiet) / 1e3 if quiet else 0.0,
        max(0.0, (cpu - inside) / len(steps) - _timer_ns()) / 1e3,
        wall / 1e6,
        cpu / 1e6,
    )


def world_us(engine: str, rack: str = "8-ball", count: int = 300) -> float:
    """Mean wall µs of making a World for a rack (balls made from the shot's layout included)."""
    shot = Shot.from_dict(break_shot_dict(rack, 0))
    make = partial(World, engine=engine)
    make(make_balls(shot.layout, shot.params), shot.table, shot.params)
    start = time.perf_counter()
    for _ in range(count):
        make(make_balls(shot.layout, shot.params), shot.table, shot.params)
    return (time.perf_counter() - start) / count * 1e6


def tick_lines(repeats: int = 3) -> list[str]:
    engines = [e for e in kernels.ENGINES if e != "compiled" or kernels.COMPILED]
    lines = ["per tick, warm, seeded breaks at 8 m/s on pool-9ft (15-ball = the 8-ball rack):"]
    for rack in ("9-ball", "8-ball"):
        lines += [tick_figures(rack, engine, repeats).line() for engine in engines]
    lines.append("  making a World (16 balls): " + ", ".join(f"{e} {world_us(e):.1f} µs" for e in engines))
    return lines

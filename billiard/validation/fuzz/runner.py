"""Run random shots through the engine with :mod:`invariants` checked after every event.

A shot goes exactly the way :func:`billiard.shot.simulate.simulate` takes it (parse the
shot file, build the balls, strike, tick to rest or ``max_time``), with the World's
``probe`` calling the checks after each event and after each tick, so a failing shot,
written out as its shot file, is reproduced by ``billiard simulate``. Besides the
invariants a shot fails on an exception (``exception``), on a tick that needs more than
``EVENT_BUDGET`` events (``event-budget``: a livelock), on more than ``TIME_BUDGET`` CPU
seconds (``time-budget``), or when, at rest, a ball lies somewhere it cannot
(``end-state``, :func:`billiard.table.audit.violations`).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

import numpy as np

from billiard.errors import BilliardError
from billiard.progress import Progress
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls
from billiard.table.audit import violations
from billiard.validation.fuzz.invariants import Invariants
from billiard.validation.fuzz.shots import random_shot, shot_rng

EVENT_BUDGET = 1000  # events in one tick; a break at 15 m/s needs a few dozen
TIME_BUDGET = 20.0  # CPU seconds per shot
OK, REFUSED = "ok", "refused"


@dataclass(frozen=True)
class ShotResult:
    """What one shot did: ``kind`` is OK, REFUSED (the parser rejected the layout) or the
    kind of the first breach; ``message`` says what and when."""

    index: int
    kind: str
    message: str
    events: int = 0
    busiest_tick: int = 0  # most events in one tick
    cpu: float = 0.0
    shot: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def failed(self) -> bool:
        return self.kind not in (OK, REFUSED)


class _Stop(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def run_shot(
    data: dict, index: int = 0, event_budget: int = EVENT_BUDGET, time_budget: float = TIME_BUDGET
) -> ShotResult:
    """Simulate the shot file ``data`` with every check on; never raises."""
    from billiard.physics.world import World

    start = time.process_time()
    try:
        shot = Shot.from_dict(data)
        params = shot.params
        balls = make_balls(shot.layout, params)
    except BilliardError as exc:
        return ShotResult(index, REFUSED, str(exc), shot=data)
    world = World(balls, shot.table, params)
    inv = Invariants(world.balls, shot.table, params)
    count = {"tick": -1, "events": 0, "busiest": 0, "total": 0}

    def check() -> None:
        breaches = inv.check(world.balls, world.t)
        if breaches:
            raise _Stop(breaches[0].kind, breaches[0].message)

    def probe() -> None:
        if world._tick != count["tick"]:
            count["tick"], count["events"] = world._tick, 0
        count["events"] += 1
        count["total"] += 1
        count["busiest"] = max(count["busiest"], count["events"])
        if count["events"] > event_budget:
            raise _Stop(
                "event-budget",
                f"more than {event_budget} events in the tick ending at t = {(world._tick + 1) * params.dt:.4f} s",
            )
        if time.process_time() - start > time_budget:
            raise _Stop("time-budget", f"over {time_budget:g} CPU seconds (at t = {world.t:.3f} s)")
        check()

    kind, message = OK, ""
    with np.errstate(all="ignore"):
        try:
            check()
            s = shot.strike
            world.strike(shot.struck, s.speed, s.heading_deg, s.elevation_deg, s.tip)
            inv.start(world.balls)
            world.probe = probe
            for _ in range(int(np.ceil(params.max_time / params.dt))):
                world.step()
                check()
                if not world.moving():
                    break
            if not world.moving():
                problems = violations(world.balls, shot.table)
                if problems:
                    kind, message = "end-state", problems[0]
        except _Stop as stop:
            kind, message = stop.kind, str(stop)
        except BilliardError as exc:
            kind, message = ("event-budget" if "event budget" in str(exc) else "exception"), str(exc)
        except Exception as exc:  # noqa: BLE001 - any other exception is a bug: exactly what the fuzz is for
            kind, message = "exception", f"{type(exc).__name__}: {exc}"
    world.probe = None
    return ShotResult(index, kind, message, count["total"], count["busiest"], time.process_time() - start, data)


@dataclass
class Report:
    """Counts by kind over a run, the failures, and the time taken."""

    seed: int
    results: list[ShotResult] = field(default_factory=list)
    wall: float = 0.0
    written: list[Path] = field(default_factory=list)

    @property
    def counts(self) -> Counter:
        return Counter(r.kind for r in self.results)

    @property
    def failures(self) -> list[ShotResult]:
        return [r for r in self.results if r.failed]

    @property
    def cpu(self) -> float:
        return sum(r.cpu for r in self.results)

    def summary(self) -> str:
        n = len(self.results)
        counts = self.counts
        simulated = n - counts[REFUSED]
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        busiest = max((r.busiest_tick for r in self.results), default=0)
        rate = simulated / self.cpu if self.cpu > 0 else 0.0
        return (
            f"{n} shots (seed {self.seed}): {kinds}; {len(self.failures)} failures; busiest tick "
            f"{busiest} events (budget {EVENT_BUDGET}); {self.cpu:.1f} CPU s, {self.wall:.1f} s wall, "
            f"{rate:.1f} simulated shots per CPU second"
        )


def failure_name(seed: int, r: ShotResult) -> str:
    return f"fuzz-{seed}-{r.index:05d}-{r.kind}.json"


def run(
    shots: int,
    seed: int = 0,
    first: int = 0,
    out_dir: str | Path | None = None,
    progress: TextIO | None = sys.stderr,
    on_result: Callable[[ShotResult], None] | None = None,
    event_budget: int = EVENT_BUDGET,
    time_budget: float = TIME_BUDGET,
) -> Report:
    """Shots ``first`` .. ``first + shots - 1`` of the run seeded ``seed``; each failing shot is
    written to ``out_dir`` (if given) as a shot file."""
    report = Report(seed)
    wall = time.perf_counter()
    bar = Progress(shots, "shots", progress, label="fuzz") if progress is not None else None
    for index in range(first, first + shots):
        data = random_shot(shot_rng(seed, index))
        r = run_shot(data, index, event_budget, time_budget)
        report.results.append(r)
        if r.failed and out_dir is not None:
            path = Path(out_dir) / failure_name(seed, r)
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, jsonfile.encode(data, pretty=True))
            report.written.append(path)
        if on_result is not None:
            on_result(r)
        if bar is not None:
            bar.advance(status=f"{len(report.failures)} failures")
    if bar is not None:
        bar.close()
    report.wall = time.perf_counter() - wall
    return report


def shot_for(seed: int, index: int) -> dict[str, Any]:
    """The shot file dict of shot ``index`` of the run seeded ``seed``."""
    return random_shot(shot_rng(seed, index))

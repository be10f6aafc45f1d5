"""Physics speed (issue 2): the 16-ball break at 8 m/s to rest, ms per tick with every ball
moving, and the first shot in a fresh process; where numba is installed, the same for the
numpy reference engine and the first run's compile (issue 14). Numbers only, never pass/fail."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from billiard.errors import BilliardError
from billiard.physics import kernels
from billiard.physics.params import POOL
from billiard.resources import resource_path
from billiard.shot.io import load
from billiard.shot.shotfile import BallSpec, Shot
from billiard.shot.simulate import simulate
from billiard.validation import scenes

_FRESH = (
    "import sys, time; t0 = time.perf_counter(); import billiard; "
    "billiard.simulate(billiard.load(sys.argv[1])); print(time.perf_counter() - t0)"
)


@dataclass(frozen=True)
class PhysicsBench:
    first_call_s: float  # the break, first simulate() in this process
    warm_s: float  # the break, best of the warm repeats
    warm_cpu_s: float  # the same in CPU time of this process (less hurt by a busy machine)
    simulated_s: float  # simulated seconds of the break (to rest)
    events: int
    tick_ms: float  # one tick with 16 balls all moving
    fresh_total_s: float  # a new python process: start, import, load, simulate, exit
    fresh_in_process_s: float  # the same, from `import billiard` to the replay
    rack_s: float  # warm: the 8-ball rack on the pool-9ft preset (pockets, jaws)
    rack_simulated_s: float
    targets: tuple[str, ...] = ()  # issue 14's figures (billiard.validation.speed_targets)
    engine: str = kernels.ENGINE  # the default engine the figures above are of
    numpy_warm_s: float = float("nan")  # the break, numpy reference engine, best warm wall time
    numpy_warm_cpu_s: float = float("nan")
    numpy_fresh_total_s: float = float("nan")  # a fresh process with BILLIARD_ENGINE=numpy
    numpy_fresh_in_process_s: float = float("nan")
    cold_total_s: float = float("nan")  # a fresh process whose compiled kernels are not cached yet
    cold_in_process_s: float = float("nan")

    def lines(self) -> list[str]:
        return [*self._lines(), *self._engine_lines(), *self.targets]

    def _engine_lines(self) -> list[str]:
        """The default engine against the numpy reference (kernels.ENGINE, issue 14)."""
        if self.engine == "numpy":
            return ["engine: numpy (the reference; numba not installed or BILLIARD_ENGINE=numpy)"]
        return [
            f"engine: {self.engine} (numba kernels) against the numpy reference, same run:",
            f"  16-ball break warm, numpy       {self.numpy_warm_s * 1000:8.1f} ms wall "
            f"{self.numpy_warm_cpu_s * 1000:8.1f} ms CPU: {self.engine} = x{self.numpy_warm_cpu_s / self.warm_cpu_s:.2f} "
            f"(CPU), x{self.numpy_warm_s / self.warm_s:.2f} (wall)",
            f"  first shot in a fresh process, numpy {self.numpy_fresh_total_s * 1000:8.1f} ms total "
            f"({self.numpy_fresh_in_process_s * 1000:.1f} ms from import billiard to replay)",
            f"  the same, {self.engine}, kernels not yet cached (first run after install: numba compiles) "
            + (
                f"{self.cold_total_s * 1000:8.1f} ms total ({self.cold_in_process_s * 1000:.1f} ms in process)"
                if self.cold_total_s == self.cold_total_s
                else "not measured"
            ),
        ]

    def _lines(self) -> list[str]:
        return [
            f"16-ball break at 8 m/s to rest: {self.simulated_s:.2f} s simulated, {self.events} events",
            f"  first call in this process     {self.first_call_s * 1000:8.1f} ms",
            f"  warm (best of repeats)         {self.warm_s * 1000:8.1f} ms"
            f"   = {self.simulated_s / self.warm_s:6.1f} simulated s per wall s",
            f"  warm, CPU time of this process {self.warm_cpu_s * 1000:8.1f} ms"
            f"   = {self.simulated_s / self.warm_cpu_s:6.1f} simulated s per CPU s",
            f"ms per tick, 16 balls all moving {self.tick_ms:8.3f} ms   (tick 1/120 s: "
            f"{1 / 120 / (self.tick_ms / 1000):.1f}x real time)",
            f"first shot in a fresh process    {self.fresh_total_s * 1000:8.1f} ms total "
            f"({self.fresh_in_process_s * 1000:.1f} ms from import billiard to replay)",
            f"8-ball rack on pool-9ft, 8 m/s   {self.rack_s * 1000:8.1f} ms warm for "
            f"{self.rack_simulated_s:.2f} s simulated = {self.rack_simulated_s / self.rack_s:.1f}x real time",
        ]


def break_shot() -> Shot:
    """The sample break: 15-ball triangle on a 2.54 x 1.27 m table, cue ball at 8 m/s."""
    shot = load(resource_path("assets", "samples", "break.json"))
    if not isinstance(shot, Shot):
        raise BilliardError("assets/samples/break.json is not a shot file")
    return shot


RACK_BREAK = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "rack": "8-ball",
    "strike": {"ball": "cue", "speed": 8.0, "heading_deg": 0.0},
}


def _best(shot: Shot, repeats: int, world_factory=None) -> tuple[float, float]:
    """Best wall and best CPU seconds of ``repeats`` simulations of ``shot``."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        simulate(shot, world_factory=world_factory)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu)


def tick_ms(ticks: int = 60) -> float:
    """Mean wall ms of one tick with 16 balls on a 4 x 4 grid sent off at 1-3 m/s (seeded)."""
    rng = np.random.default_rng(7)
    speeds, headings = rng.uniform(1.0, 3.0, 16), rng.uniform(0.0, 2 * np.pi, 16)
    specs = [
        BallSpec(str(k), (-0.9 + 0.6 * (k % 4), -0.45 + 0.3 * (k // 4)), (s * np.cos(h), s * np.sin(h)))
        for k, s, h in zip(range(16), speeds, headings)
    ]
    w = scenes.world(specs, POOL, table_spec={"length": 2.54, "width": 1.27})
    w.step()
    start = time.perf_counter()
    for _ in range(ticks):
        w.step()
    return (time.perf_counter() - start) / ticks * 1000


def fresh_process(shot_path: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(whole process wall s, in-process s from `import billiard` to the replay); ``env``:
    variables set for that process (BILLIARD_ENGINE, NUMBA_CACHE_DIR)."""
    root = Path(__file__).resolve().parents[2]
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _FRESH, str(shot_path)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    )
    return time.perf_counter() - start, float(proc.stdout.strip().splitlines()[-1])


def cold_process(shot_path: Path) -> tuple[float, float]:
    """:func:`fresh_process` with an empty kernel cache (what every run was before the wheel
    shipped the kernels compiled: every kernel compiles); the cache used is a temporary
    folder (``BILLIARD_KERNEL_CACHE``), removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="billiard-numba-") as cache:
        return fresh_process(shot_path, {"BILLIARD_KERNEL_CACHE": cache})


def physics_bench(repeats: int = 5, targets: bool = True, cold: bool = True) -> PhysicsBench:
    """Every figure; ``targets`` adds issue 14's (seeded breaks, scaling, preview: ~20 s more);
    ``cold`` the first run's compile of the kernels (a process that compiles them: ~5-10 s)."""
    shot = break_shot()
    start = time.perf_counter()
    replay = simulate(shot)
    first = time.perf_counter() - start
    warm, warm_cpu = _best(shot, repeats)
    sample = resource_path("assets", "samples", "break.json")
    fresh_total, fresh_inner = fresh_process(sample)
    engine_figures: dict = {}
    if kernels.ENGINE != "numpy":
        from billiard.physics.world import World

        numpy_wall, numpy_cpu = _best(shot, repeats, lambda b, t, p: World(b, t, p, engine="numpy"))
        numpy_fresh = fresh_process(sample, {"BILLIARD_ENGINE": "numpy"})
        engine_figures = dict(
            numpy_warm_s=numpy_wall,
            numpy_warm_cpu_s=numpy_cpu,
            numpy_fresh_total_s=numpy_fresh[0],
            numpy_fresh_in_process_s=numpy_fresh[1],
        )
        if cold:
            engine_figures["cold_total_s"], engine_figures["cold_in_process_s"] = cold_process(sample)
    rack = Shot.from_dict(RACK_BREAK)
    rack_replay = simulate(rack)
    extra: tuple[str, ...] = ()
    if targets:
        from billiard.validation.speed_targets import target_lines

        extra = tuple(target_lines(min(repeats, 3)))
    return PhysicsBench(
        first,
        warm,
        warm_cpu,
        replay.duration,
        len(replay.events),
        tick_ms(),
        fresh_total,
        fresh_inner,
        _best(rack, repeats)[0],
        rack_replay.duration,
        extra,
        **engine_figures,
    )

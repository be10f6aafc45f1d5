"""The first shot in a fresh process, and the first run after a fresh install (issue 28).

``first_shot``: a new Python process imports billiard, loads the kernels and simulates a
9-ball break at 8 m/s (``billiard.shot.precompile.BREAK``); its wall time and the
CPU time of the child (the operating system's account). ``fresh_install``: a temporary virtual
environment, the README's ``pip install SOURCE``, then that first shot in it: what a user
sees on the first run (numba compiled the kernels while the wheel was built, so this is a
load, not a compile). Numbers only."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

_SHOT = (
    "import json, sys, time; t0 = time.perf_counter(); c0 = time.process_time(); import billiard; "
    "from billiard.shot.precompile import BREAK; billiard.simulate(BREAK); "
    "from billiard.physics import kernels; "
    "path = 'ahead-of-time' if kernels.AOT is not None else 'numba' if 'numba' in sys.modules else 'numpy'; "
    "print(json.dumps([time.perf_counter() - t0, time.process_time() - c0, path]))"
)


@dataclass(frozen=True)
class FirstShot:
    wall_s: float  # the whole process, start to exit (the median run)
    cpu_s: float  # the child's user + system CPU (the median run)
    in_process_s: float  # from `import billiard` to the replay, wall
    kernels: str = ""  # how the compiled kernels came: "ahead-of-time", "numba" (its cache), "numpy"

    def line(self, what: str) -> str:
        how = f", kernels: {self.kernels}" if self.kernels else ""
        return (
            f"{what}: {self.wall_s * 1000:.0f} ms wall, {self.cpu_s * 1000:.0f} ms CPU "
            f"({self.in_process_s * 1000:.0f} ms from import billiard to the replay{how})"
        )


def _one_shot(python: str, env: dict[str, str], cwd: str | None) -> FirstShot:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([python, "-c", _SHOT], capture_output=True, text=True, check=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    return FirstShot(wall, cpu, figures[0], str(figures[2]) if len(figures) > 2 else "")


def first_shot(
    python: str = sys.executable, env: dict[str, str] | None = None, cwd: str | None = None, runs: int = 1
) -> FirstShot:
    """Fresh ``python`` processes: import billiard, a 9-ball break, exit; the run of median CPU.
    Python may write its bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped: a user's install has
    its ``.pyc`` files); with ``runs`` > 1 a first run, not counted, writes them and warms the
    disk cache."""
    child = dict(os.environ if env is None else env)
    child.pop("PYTHONDONTWRITEBYTECODE", None)
    if runs > 1:
        _one_shot(python, child, cwd)
    shots = sorted((_one_shot(python, child, cwd) for _ in range(max(1, runs))), key=lambda s: s.cpu_s)
    return shots[len(shots) // 2]


def source_root() -> Path | None:
    """The source checkout this package runs from (None for an installed copy)."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "hatch_build.py").is_file() else None


@dataclass(frozen=True)
class FreshInstall:
    install_s: float
    first: FirstShot
    second: FirstShot


def fresh_install(root: Path, say=print) -> FreshInstall:
    """``python -m venv`` + ``pip install ROOT`` in a temporary folder, then the first and the
    second shot in a fresh process of that environment (run outside the source tree)."""
    with tempfile.TemporaryDirectory(prefix="billiard-install-") as tmp:
        venv = Path(tmp) / "venv"
        say("fresh install: python -m venv + pip install (the wheel compiles the kernels; a minute or two)...")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        python = str(venv / "bin" / "python")
        subprocess.run([python, "-m", "pip", "install", "-q", str(root)], check=True, capture_output=True)
        install = time.perf_counter() - start
        say(f"fresh install: installed in {install:.0f} s; first run...")
        first = first_shot(python, cwd=tmp)
        second = first_shot(python, cwd=tmp, runs=3)
    return FreshInstall(install, first, second)

"""Physics speed figures (issue 2): ``python benchmarks/bench_physics.py`` from the repo root,
the same as ``billiard bench --physics``. Prints numbers; never fails on timing."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.validation.speed import physics_bench

if __name__ == "__main__":
    print("\n".join(physics_bench().lines()))

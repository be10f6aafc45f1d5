"""Engine fuzz run (issue 20): ``python benchmarks/fuzz_engine.py [--shots 10000] [--seed 0]
[--jobs 2] [--out DIR]`` from the repo root, the same checks as ``billiard fuzz``.

Prints counts by kind (ok, refused layouts, and each kind of failure: exception, nan,
overlap, inside-obstacle, off-table, energy, event-budget, time-budget, end-state), the
busiest tick (events), CPU and wall seconds and shots per CPU second; then every failure
with its shot index (``billiard.validation.fuzz.shot_for(seed, index)`` rebuilds it, and
``--out`` writes it as a shot file that ``billiard simulate`` reproduces). Never fails on
timing; exit 1 if any shot failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.validation.fuzz.runner import Report, run


def _chunk(job: tuple[int, int, int, str | None]) -> Report:
    seed, first, shots, out = job
    return run(shots, seed, first, out, progress=None)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--out", default=None, help="folder for the failing shots' files")
    args = ap.parse_args(argv)
    wall = time.perf_counter()
    if args.jobs > 1:
        size = max(1, args.shots // (8 * args.jobs))
        jobs = [(args.seed, k, min(size, args.shots - k), args.out) for k in range(0, args.shots, size)]
        report = Report(args.seed)
        with ProcessPoolExecutor(args.jobs) as pool:
            for done, part in enumerate(pool.map(_chunk, jobs), start=1):
                report.results += part.results
                report.written += part.written
                print(f"  {done}/{len(jobs)} chunks, {len(report.failures)} failures", file=sys.stderr)
    else:
        report = run(args.shots, args.seed, 0, args.out)
    report.wall = time.perf_counter() - wall
    print(report.summary())
    kinds = report.counts
    print(f"{'kind':16} {'shots':>7}")
    for kind, n in sorted(kinds.items()):
        print(f"{kind:16} {n:7d}")
    for r in report.failures:
        print(f"  shot {r.index}: {r.kind}: {r.message}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())

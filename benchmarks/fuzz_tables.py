"""Pocket fuzz run (issue 4): random shots on every preset, counts printed.

``python benchmarks/fuzz_tables.py [--shots 40] [--jobs 2] [--tables pool-9ft,snooker]``
from the repo root. Half the shots start from the table's usual rack with the cue ball
anywhere, half from 6 balls scattered anywhere; speeds up to 12 m/s, random heading and
tip, and on half of them a cue elevation up to 45 deg. Prints, per table: shots, shots
finished, balls pocketed, balls flown off the table (recorded as such), escapes (balls
outside the table, inside an obstacle or below the bed unrecorded) and CPU seconds; then
each escape with its seed and strike, to replay with ``billiard.table.fuzz.random_shot``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.table import get_table
from billiard.table.fuzz import Outcome, random_shot

TABLES = ("pool-7ft", "pool-8ft", "pool-9ft", "snooker", "carom")
MAX_ELEVATION = 45.0  # degrees, on half the shots: jumps over balls, cushions and pockets


def one(job: tuple[str, int]) -> tuple[str, Outcome, float]:
    name, seed = job
    t0 = time.perf_counter()
    out = random_shot(
        get_table(name),
        seed,
        scattered=0 if seed % 2 == 0 else 6,
        max_elevation=MAX_ELEVATION if seed % 4 >= 2 else 0.0,
    )
    return name, out, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=40, help="shots per table")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--tables", default=",".join(TABLES))
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    names = args.tables.split(",")
    jobs = [(n, s) for n in names for s in range(args.first_seed, args.first_seed + args.shots)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one, jobs, chunksize=1))
    else:
        results = [one(j) for j in jobs]
    print(
        f"{'table':10} {'shots':>6} {'finished':>8} {'pocketed':>8} {'off table':>9} {'escapes':>7} "
        f"{'events':>7} {'cpu s':>7}"
    )
    for n in names:
        rows = [(o, s) for name, o, s in results if name == n]
        print(
            f"{n:10} {len(rows):6d} {sum(o.finished for o, _ in rows):8d} {sum(o.pocketed for o, _ in rows):8d} "
            f"{sum(o.off_table for o, _ in rows):9d} "
            f"{sum(bool(o.problems) for o, _ in rows):7d} {sum(o.events for o, _ in rows):7d} "
            f"{sum(s for _, s in rows):7.1f}"
        )
    print(f"total {len(results)} shots in {time.perf_counter() - t0:.1f} s wall")
    for name, o, _ in results:
        if o.problems or not o.finished:
            print(
                f"{name} seed {o.seed} strike {o.strike}: "
                + ("; ".join(o.problems) if o.problems else "still moving at the time limit")
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

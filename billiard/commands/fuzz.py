"""``billiard fuzz --shots N --seed S [--out DIR]``: random shots through the engine, checked
after every event (:mod:`billiard.validation.fuzz`); counts by kind, failing shots written as
shot files that ``billiard simulate`` reproduces. Exit 0 when no shot failed, 1 otherwise."""

from __future__ import annotations

import argparse
import sys

from billiard.errors import BilliardError
from billiard.validation.fuzz import runner


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shots", type=int, default=1000, help="number of shots (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--first", type=int, default=0, help="index of the first shot (default 0)")
    parser.add_argument(
        "--out", default="fuzz-failures", help="folder for the failing shots' files (default ./fuzz-failures)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.shots <= 10_000_000:
        raise BilliardError(f"--shots must lie in [1, 10000000], got {args.shots}")
    if args.seed < 0 or args.first < 0:
        raise BilliardError("--seed and --first must be >= 0")
    report = runner.run(args.shots, args.seed, args.first, args.out, progress=None if args.quiet else sys.stderr)
    print(report.summary())
    for r in report.failures:
        print(f"  shot {r.index}: {r.kind}: {r.message}")
    for path in report.written:
        print(f"  wrote {path}")
    return 1 if report.failures else 0

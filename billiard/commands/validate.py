"""``billiard validate``: the closed-form checks and measured values of docs/physics.md through the engine, as a table.

Exit code 0 when every quantity is within its tolerance, 1 otherwise.
"""

from __future__ import annotations

import argparse
import time

from billiard.validation.checks import Result, all_checks


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--integrators", action="store_true", help="measured order of convergence and energy drift of each integrator"
    )


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def print_table(results: list[Result], title: str) -> None:
    rows = [
        (
            r.quantity,
            _fmt(r.theory),
            _fmt(r.simulated),
            r.unit,
            f"{r.error:.2e}" + ("" if not r.relative else " rel"),
            f"{r.tolerance:g}" + ("" if not r.relative else " rel"),
            "ok" if r.ok else "FAIL",
        )
        for r in results
    ]
    head = ("quantity", "theory", "simulated", "unit", "error", "tolerance", "ok")
    widths = [max(len(row[k]) for row in [head, *rows]) for k in range(len(head))]
    print(title)
    for row in [head, *rows]:
        print("  ".join(cell.ljust(w) if k == 0 else cell.rjust(w) for k, (cell, w) in enumerate(zip(row, widths))))


def run(args: argparse.Namespace) -> int:
    if getattr(args, "integrators", False):
        from billiard.validation.integrators import run_integrators

        return run_integrators()
    start = time.perf_counter()
    results = all_checks()
    print_table(results, "Closed-form checks and measurements (docs/physics.md) through the engine")
    failed = [r for r in results if not r.ok]
    print(f"{len(results) - len(failed)}/{len(results)} within tolerance ({time.perf_counter() - start:.2f} s)")
    return 1 if failed else 0

"""``billiard fit RECORDINGS... --table T -o params.json``: fit the table's parameters and
every shot's strike to recorded ball positions (docs/physics.md "Calibration").

Prints a table per shot (RMSE per ball before and after, the recording's event sequence
against the fit's) and the parameters with their uncertainty; writes a parameter file
(billiard-params/1) for ``simulate --params``, shot files and ``play --params``. The fits of
the shots run over the machine's cores (``--jobs``) or on a Dask cluster (``--scheduler``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from billiard.calibration import model, recording, sequence
from billiard.calibration.fit import FitResult, fit
from billiard.errors import BilliardError
from billiard.shot import paramsfile
from billiard.progress import Progress
from billiard.table import get_table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "recordings",
        nargs="+",
        help="recording files (billiard-recording/1 JSON, or CSV t,ball,x,y) or folders of them",
    )
    parser.add_argument(
        "--table", default=None, help="table preset (or a custom-table JSON file) for every recording; needed for CSV"
    )
    parser.add_argument("-o", "--output", required=True, help="parameter file to write (JSON)")
    parser.add_argument(
        "--fit",
        default=",".join(model.SHARED),
        help=f"the table parameters to fit, comma-separated (default {','.join(model.SHARED)})",
    )
    parser.add_argument(
        "--params", metavar="FILE", default=None, help="parameter file to start from and to keep for what is not fitted"
    )
    parser.add_argument("--iterations", type=int, default=15, help="most joint iterations (default 15)")
    parser.add_argument("--jobs", type=int, default=None, help="shots fitted at once (default: the machine's cores)")
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="refit each strike from where it is instead of searching it from several tips (about 3x faster; "
        "can leave a shot on the wrong side tip: docs/physics.md 'Calibration')",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="run the fits on the Dask cluster at ADDRESS (needs the 'cluster' extra)",
    )


def _files(inputs: list[str]) -> list[Path]:
    out: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            out += sorted(p for p in path.iterdir() if p.suffix.lower() in (".json", ".csv") and p.is_file())
        elif path.exists():
            out.append(path)
        else:
            raise BilliardError(f"{path}: no such file or folder")
    if not out:
        raise BilliardError("no recordings found (a folder gives its *.json and *.csv files)")
    return out


def _table_spec(text: str | None):
    if text is None:
        return None
    if text.endswith(".json"):
        from billiard.shot import jsonfile

        return jsonfile.read(text)
    get_table(text)  # an unknown preset is one clear error, before any fit starts
    return text


def _names(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in model.SHARED]
    if unknown or not names:
        raise BilliardError(
            f"--fit: unknown parameter {', '.join(unknown) or '(none)'} (can fit: {', '.join(model.SHARED)})"
        )
    return names


def run(args: argparse.Namespace) -> int:
    names = _names(args.fit)
    if args.iterations < 0:
        raise BilliardError("--iterations must be >= 0")
    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    if jobs < 1:
        raise BilliardError("--jobs must be at least 1")
    fixed = paramsfile.load(args.params) if args.params else {}
    table = _table_spec(args.table)
    recs = [recording.load(p) for p in _files(args.recordings)]
    if Path(args.output).is_dir():
        raise BilliardError(f"{args.output}: a folder; the output is a parameter file")
    bar: Progress | None = None
    stage_now = [""]

    def progress(stage: str, done: int, total: int) -> None:
        nonlocal bar
        if stage != stage_now[0] or bar is None:
            if bar is not None:
                bar.close()
            stage_now[0] = stage
            bar = Progress(total, "shots", sys.stderr, label=f"billiard fit: {stage}")
        bar.update(done)

    def note(line: str) -> None:
        if bar is not None:
            bar.note(line)
        else:
            print(line, file=sys.stderr)

    start, cpu0 = time.perf_counter(), time.process_time()
    with ExitStack() as stack:
        if args.scheduler:
            from billiard.shot.cluster import dask_executor

            executor, _ = stack.enter_context(dask_executor(args.scheduler))
        elif jobs == 1 or len(recs) == 1:
            from billiard.shot.batch import InlineExecutor

            executor = InlineExecutor()
        else:
            from concurrent.futures import ProcessPoolExecutor

            executor = stack.enter_context(ProcessPoolExecutor(max_workers=min(jobs, len(recs))))
        result = fit(
            recs,
            table=table,
            names=names,
            fixed=fixed,
            executor=executor,
            iterations=args.iterations,
            progress=progress,
            note=note,
            search=not args.no_search,
        )
    if bar is not None:
        bar.close()
    wall = time.perf_counter() - start
    _print_report(result, recs, fixed)
    values = {**fixed, **{n: float(v) for n, v in zip(names, result.values)}}
    if "mu_ball" in names:
        values["mu_ball_fit"] = 0.0
    paramsfile.save(
        args.output,
        values,
        {n: float(s) for n, s in zip(names, result.sd)},
        {
            "shots": len(recs),
            "rmse_mm": round(1000 * result.rmse, 3),
            "iterations": result.iterations,
            "table": table if table is not None else recs[0].table,
        },
    )
    print(
        f"{len(recs)} shots fitted in {wall:.1f} s (this process: {time.process_time() - cpu0:.1f} s CPU), "
        f"RMSE {1000 * result.rmse:.2f} mm -> {args.output}"
    )
    return 0


def _print_report(result: FitResult, recs, fixed) -> None:
    print(f"{'shot':<24} {'ball':<6} {'RMSE before':>12} {'after':>9}   events recorded | fitted")
    for sf, rec in zip(result.shots, recs):
        case = sf.case
        params = model.base_params(case.table, {**fixed, **case.fixed})
        table = get_table(case.table)
        seen = sequence.describe(*sequence.from_tracks(rec.balls, case.struck, table, params.ball_radius))
        try:
            _, events = model.simulate_case(case, sf.strike, result.names, result.values)
            fitted = sequence.describe(*sequence.from_events(events, case.struck))
        except BilliardError as exc:
            fitted = f"(no simulation: {exc})"
        mark = "" if seen == fitted else "  <- differs"
        for k, ball in enumerate(case.times):
            label = case.name[:24] if k == 0 else ""
            tail = f"   {seen} | {fitted}{mark}" if k == 0 else ""
            print(
                f"{label:<24} {ball:<6} {1000 * sf.rmse_before.get(ball, 0):>9.2f} mm {1000 * sf.rmse_after[ball]:>6.2f} mm{tail}"
            )
        s, e = sf.strike, sf.strike_sd
        print(
            f"{'':<24} strike: speed {s[0]:.3f} ± {e[0]:.3f} m/s, heading {s[1]:.2f} ± {e[1]:.2f} deg, "
            f"tip [{s[2]:.3f}, {s[3]:.3f}] ± [{e[2]:.3f}, {e[3]:.3f}], elevation {s[4]:.1f} deg"
        )
    print(f"{'parameter':<12} {'fitted':>10} {'± sd':>10} {'start':>10}")
    for n, v, sd, s0 in zip(result.names, result.values, result.sd, result.start):
        lo, hi = model.BOUNDS[n]
        flag = "  (at its bound)" if min(v - lo, hi - v) <= 1e-9 else ""
        print(f"{n:<12} {v:>10.5g} {sd:>10.2g} {s0:>10.5g}{flag}")

"""``billiard simulate SHOT.json -o REPLAY.json [--fps N]``: simulate a shot file, write its replay.

Batch use: ``billiard simulate FOLDER|SHOT.json... -o OUTDIR [--jobs N] [--scheduler ADDRESS]``
simulates every shot in parallel (:mod:`billiard.shot.batch`): over the machine's cores, or on
a Dask cluster (``pip install "billiard[cluster]"``). Each replay goes to
``OUTDIR/<name>.replay.json``; a shot that fails is named on stderr and the rest go on (exit 2
at the end if any failed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from billiard.errors import BilliardError
from billiard.shot import paramsfile
from billiard.shot.io import load, save
from billiard.shot.replayfile import MAX_FPS
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import simulate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "shot", nargs="+", help="shot file (JSON, format billiard-shot/1); several files or folders for a batch"
    )
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        help="replay file to write (JSON); for a batch, the folder to write the replays in",
    )
    parser.add_argument("--fps", type=int, default=60, help=f"samples per second, 1-{MAX_FPS} (default 60)")
    parser.add_argument(
        "--jobs", type=int, default=None, help="batch: shots simulated at once (default: the machine's cores)"
    )
    parser.add_argument(
        "--params",
        metavar="FILE",
        default=None,
        help="parameter file (billiard-params/1, e.g. from 'billiard fit') applied on top "
        "of each shot's own parameters",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="batch: run on the Dask cluster at ADDRESS (e.g. tcp://host:8786; needs the 'cluster' extra)",
    )


def _is_batch(args: argparse.Namespace) -> bool:
    if len(args.shot) > 1 or args.scheduler or args.jobs is not None:
        return True
    return Path(args.shot[0]).is_dir() or Path(args.output).is_dir() or args.output.endswith(os.sep)


def run(args: argparse.Namespace) -> int:
    if _is_batch(args):
        return _run_batch(args)
    source = args.shot[0]
    shot = load(source)
    if not isinstance(shot, Shot):
        raise BilliardError(f"{source} is a replay, not a shot file")
    if args.params:
        shot = Shot.from_dict(paramsfile.inline(shot.to_dict(), None, paramsfile.load(args.params)))
    start = time.perf_counter()
    try:
        replay = simulate(shot, fps=args.fps)
    except BilliardError as exc:
        raise BilliardError(f"{args.shot}: {exc}") from None
    wall = time.perf_counter() - start
    save(replay, args.output)
    hits = sum(e.type in ("ball-ball", "ball-cushion") for e in replay.events)
    potted = [b for b, f in replay.final.items() if f.pocket]
    print(
        f"{len(replay.final)} balls, {len(replay.events)} events ({hits} collisions"
        f"{', pocketed ' + ' '.join(potted) if potted else ''}), {replay.duration:.2f} s simulated "
        f"in {wall * 1000:.0f} ms -> {args.output}"
    )
    return 0


def _run_batch(args: argparse.Namespace) -> int:
    from billiard.shot.batch import InlineExecutor, plan_outputs, run_batch, shot_files
    from billiard.progress import Progress

    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    if jobs < 1:
        raise BilliardError("--jobs must be at least 1")
    if not 1 <= args.fps <= MAX_FPS:
        raise BilliardError(f"fps must be an integer from 1 to {MAX_FPS}, got {args.fps}")
    params = paramsfile.load(args.params) if args.params else None
    sources = shot_files(args.shot)
    out_dir = Path(args.output)
    if out_dir.exists() and not out_dir.is_dir():
        raise BilliardError(f"{out_dir}: a batch writes into a folder, and this is a file")
    outputs = plan_outputs(sources, out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BilliardError(f"{out_dir}: cannot create the folder ({exc.strerror})") from None
    bar = Progress(len(sources), "shots", sys.stderr)
    failed = []

    def progress(outcome, done, total):
        if outcome.error is not None:
            failed.append(outcome)
            bar.note(f"billiard simulate: error: {outcome.source}: {outcome.error}")
        bar.update(done)

    start = time.perf_counter()
    if args.scheduler:
        from billiard.shot.cluster import dask_executor

        with dask_executor(args.scheduler) as (executor, workers):
            run_batch(sources, outputs, executor, args.fps, max(jobs if args.jobs else workers, 1), progress, params)
    elif jobs == 1 or len(sources) == 1:
        run_batch(sources, outputs, InlineExecutor(), args.fps, 1, progress, params)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(sources))) as pool:
            run_batch(sources, outputs, pool, args.fps, jobs, progress, params)
    bar.close()
    wall = time.perf_counter() - start
    ok = len(sources) - len(failed)
    print(
        f"{ok} of {len(sources)} shots simulated in {wall:.1f} s -> {out_dir}"
        + (f"; {len(failed)} failed: {', '.join(str(o.source) for o in failed)}" if failed else "")
    )
    return 2 if failed else 0

"""``billiard simulate SHOT.json -o REPLAY.json [--fps N]``: simulate a shot file, write its replay."""
from __future__ import annotations

import argparse
import time

from billiard.errors import BilliardError
from billiard.shot.io import load, save
from billiard.shot.replayfile import MAX_FPS
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import simulate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shot", help="shot file (JSON, format billiard-shot/1)")
    parser.add_argument("-o", "--output", required=True, help="replay file to write (JSON)")
    parser.add_argument("--fps", type=int, default=60, help=f"samples per second, 1-{MAX_FPS} (default 60)")


def run(args: argparse.Namespace) -> int:
    shot = load(args.shot)
    if not isinstance(shot, Shot):
        raise BilliardError(f"{args.shot} is a replay, not a shot file")
    start = time.perf_counter()
    try:
        replay = simulate(shot, fps=args.fps)
    except BilliardError as exc:
        raise BilliardError(f"{args.shot}: {exc}") from None
    wall = time.perf_counter() - start
    save(replay, args.output)
    hits = sum(e.type in ("ball-ball", "ball-cushion") for e in replay.events)
    potted = [b for b, f in replay.final.items() if f.pocket]
    print(f"{len(replay.final)} balls, {len(replay.events)} events ({hits} collisions"
          f"{', pocketed ' + ' '.join(potted) if potted else ''}), {replay.duration:.2f} s simulated "
          f"in {wall * 1000:.0f} ms -> {args.output}")
    return 0

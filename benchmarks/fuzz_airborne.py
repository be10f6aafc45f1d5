"""Overlap search over airborne shots (issue 29): ``python benchmarks/fuzz_airborne.py
[--shots 2000] [--seed 0] [--engine compiled|numpy] [--show 5]`` from the repo root.

Random shots where balls fly: jump shots (cue raised 10-70 degrees at 2-8 m/s) at object
balls near the cue ball's line, some object balls already in the air (dropped or thrown
up, so they bounce), on the preset tables. Every shot runs on the exact integrator and the
impulse model, and is looked at densely, not only where the engine stops:

* after every event (the World's probe) and at every tick end;
* between two of those, along the closed-form motion of the state at the first (no event
  lies between them): at every 240 Hz sample time (the replay's rate) and, while a ball
  flies, at 8 evenly spaced points.

A shot is followed until it stops or one second after its last ball came down (the rest is
rolling on the bed, the engine fuzz's ground). At each look it records the deepest overlap
of two balls in play and of a ball in play with a cushion, jaw, point or liner
(``closest_point``); the looks are :mod:`billiard.validation.fuzz.dense`. Then the shot's
replay at 240 Hz (``simulate``, what the viewer draws: samples between ticks blended by the
replay's sampler) is searched for two balls inside each other. Prints the deepest of each over
all shots (with the shot and the time), a histogram of the shots' deepest overlaps, the
shots over 10 um (``--show`` of them), CPU and wall time. Exit 1 if any overlap is over
10 um (the bound of issue 29). ``shot_for(seed, k)`` rebuilds shot ``k``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.validation.fuzz.dense import BOUND, Deepest, replay_depth, run_shot, shot_for


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--engine", default=None, help="compiled or numpy (default: the engine's default)")
    ap.add_argument("--show", type=int, default=5, help="shots over the bound to print")
    ap.add_argument("--no-replay", action="store_true", help="skip the replay's 240 Hz samples (half the time)")
    args = ap.parse_args(argv)
    from billiard.physics import kernels

    engine = args.engine or kernels.ENGINE
    wall, cpu = time.perf_counter(), time.process_time()
    worst_pair, worst_wall, worst_replay = Deepest(), Deepest(), Deepest()
    bins = [0, 0, 0, 0, 0]  # none, <= 1 um, <= 10 um, <= 100 um, more
    over: list[tuple[float, int, str]] = []
    looks = refused = flown = air_hits = air_shots = 0
    for k in range(args.first, args.first + args.shots):
        data = shot_for(args.seed, k)
        try:
            seen = run_shot(data, engine)
            replay = Deepest() if args.no_replay else replay_depth(data, engine)
        except Exception as exc:  # noqa: BLE001 - a refused layout or a crash: counted, not fatal
            refused += 1
            print(f"  shot {k}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        pairs, walls = seen.pairs, seen.walls
        looks += seen.looks
        flown += seen.flew
        air_hits += seen.air_hits
        air_shots += seen.air_hits > 0
        worst_pair.see(pairs.depth, f"shot {k}: {pairs.what}")
        worst_wall.see(walls.depth, f"shot {k}: {walls.what}")
        worst_replay.see(replay.depth, f"shot {k}: {replay.what}")
        deepest = max(pairs.depth, walls.depth, replay.depth)
        bins[
            0 if deepest <= 0 else 1 if deepest <= 1e-6 else 2 if deepest <= 1e-5 else 3 if deepest <= 1e-4 else 4
        ] += 1
        if deepest > BOUND:
            what = max((pairs.depth, pairs.what), (walls.depth, walls.what), (replay.depth, replay.what))[1]
            over.append((deepest, k, what))
            print(f"  shot {k}: {deepest * 1e6:.3f} um, {what}", file=sys.stderr)
        if (k - args.first + 1) % 100 == 0:
            print(f"  {k - args.first + 1}/{args.shots} shots, {len(over)} over {BOUND * 1e6:g} um", file=sys.stderr)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{args.shots} airborne shots (seed {args.seed}, engine {engine}), {looks} looks, {refused} not run: "
        f"{cpu:.1f} CPU s, {wall:.1f} s wall"
    )
    print(f"a ball flew in {flown} shots; {air_hits} ball-ball contacts with a flying ball, in {air_shots} shots")
    print(f"deepest ball-ball overlap {worst_pair.depth * 1e6:.3f} um ({worst_pair.what})")
    print(f"deepest ball-obstacle overlap {worst_wall.depth * 1e6:.3f} um ({worst_wall.what})")
    if not args.no_replay:
        print(f"deepest ball-ball overlap in the 240 Hz replay {worst_replay.depth * 1e6:.3f} um ({worst_replay.what})")
    print(
        f"shots by deepest overlap: none {bins[0]}, <= 1 um {bins[1]}, <= 10 um {bins[2]}, <= 100 um {bins[3]}, "
        f"more {bins[4]}"
    )
    for depth, k, what in sorted(over, reverse=True)[: args.show]:
        print(f"  shot {k}: {depth * 1e6:.3f} um, {what}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())

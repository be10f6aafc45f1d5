"""billiard against the open-source reference simulator pooltool, on the very same racks (issue 14).

``python benchmarks/bench_reference.py --reference /path/to/venv/bin/python`` from the repo
root, where that interpreter has ``pooltool-billiards`` installed (it pins its own numba and
panda3d, so it lives in its own virtual environment; see docs/performance.md). For each
seeded 9-ball and 15-ball break at 8 m/s on pool-9ft, the two engines run interleaved (ours,
then the reference on the same ball positions and cue-ball velocity), best of ``--repeats``
warm runs each, CPU time beside wall time, so machine load cancels out of the ratio.
Prints numbers; never fails on them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.physics.kernels import ENGINE
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls, simulate
from billiard.validation.speed_targets import BREAK_SEEDS, break_shot_dict

WORKER = Path(__file__).with_name("reference_worker.py")


def job_for(shot: Shot, repeats: int) -> dict:
    """The rack as the reference worker reads it (positions and the cue ball's velocity)."""
    balls = make_balls(shot.layout, shot.params)
    s = shot.strike
    import math

    heading = math.radians(s.heading_deg)
    return {
        "length": shot.table.length,
        "width": shot.table.width,
        "cue": s.ball,
        "repeats": repeats,
        "velocity": [s.speed * math.cos(heading), s.speed * math.sin(heading)],
        "balls": {ball_id: [float(v) for v in balls.pos[k]] for k, ball_id in enumerate(balls.ids)},
    }


def best(fn, repeats: int) -> tuple[float, float]:
    wall = cpu = float("inf")
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", required=True, help="python interpreter with pooltool installed")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    worker = subprocess.Popen([args.reference, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    print(f"billiard engine: {ENGINE}; reference: pooltool in {args.reference}")
    print("(the reference's first run compiles its numba code: warming it up)", flush=True)
    assert worker.stdin and worker.stdout
    for rack in ("9-ball", "8-ball"):
        ours_cpu, ref_cpu = [], []
        for seed in BREAK_SEEDS:
            shot = Shot.from_dict(break_shot_dict(rack, seed))
            replay = simulate(shot)  # warm
            wall, cpu = best(partial(simulate, shot), args.repeats)
            worker.stdin.write(json.dumps(job_for(shot, args.repeats)) + "\n")
            worker.stdin.flush()
            ref = json.loads(worker.stdout.readline())
            ours_hits = sum(e.type in ("ball-ball", "ball-cushion") for e in replay.events)
            ref_hits = sum(n for k, n in ref["events"].items() if k.startswith("ball_"))
            print(
                f"{rack} seed {seed}: billiard {cpu * 1e3:7.1f} ms CPU ({wall * 1e3:6.1f} wall, "
                f"{len(replay.events)} events, {ours_hits} contacts)   pooltool {ref['cpu'] * 1e3:7.1f} ms CPU "
                f"({ref['wall'] * 1e3:6.1f} wall, {sum(ref['events'].values())} events, {ref_hits} contacts)   "
                f"ratio billiard/pooltool {cpu / ref['cpu']:.2f}",
                flush=True,
            )
            ours_cpu.append(cpu)
            ref_cpu.append(ref["cpu"])
        mean = sum(ours_cpu) / len(ours_cpu)
        ref_mean = sum(ref_cpu) / len(ref_cpu)
        print(
            f"{rack} break, mean of {len(BREAK_SEEDS)} seeds: billiard {mean * 1e3:.1f} ms CPU, "
            f"pooltool {ref_mean * 1e3:.1f} ms CPU: billiard is x{ref_mean / mean:.2f} the reference's speed"
        )
    worker.stdin.close()
    worker.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

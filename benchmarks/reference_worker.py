"""Worker for ``bench_reference.py``: runs in an interpreter that has the open-source reference
simulator pooltool installed (its own virtual environment: pooltool pins its own numba and
panda3d). Reads one JSON layout per line on stdin, simulates it to rest ``repeats`` times and
writes one JSON line back: best CPU and wall seconds, and the events by kind.

Only facts are shared with billiard: ball positions (billiard's centred frame, x along the
table) and the cue ball's velocity; the table is pooltool's pocket table with billiard's
bed size. The cue ball starts sliding without spin, as after billiard's centre-ball strike.
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np
import pooltool as pt
from pooltool.objects.table.specs import PocketTableSpecs


def system_for(job: dict) -> "pt.System":
    length, width = job["length"], job["width"]
    table = pt.Table.from_table_specs(PocketTableSpecs(l=length, w=width))
    balls = {}
    for ball_id, (x, y, _z) in job["balls"].items():
        # pooltool: origin at a corner, x across the table, y along it
        balls[ball_id] = pt.Ball.create(ball_id, xy=(y + width / 2, x + length / 2))
    cue = balls[job["cue"]]
    vx, vy = job["velocity"]
    cue.state.rvw[1] = np.array([vy, vx, 0.0])
    cue.state.s = 2  # sliding
    return pt.System(cue=pt.Cue.default(), table=table, balls=balls)


def run(job: dict) -> dict:
    best_cpu = best_wall = float("inf")
    kinds: dict[str, int] = {}
    for _ in range(job.get("repeats", 3)):
        system = system_for(job)
        w0, c0 = time.perf_counter(), time.process_time()
        pt.simulate(system, inplace=True)
        best_cpu = min(best_cpu, time.process_time() - c0)
        best_wall = min(best_wall, time.perf_counter() - w0)
        kinds = {}
        for event in system.events:
            name = event.event_type.value
            kinds[name] = kinds.get(name, 0) + 1
    return {"cpu": best_cpu, "wall": best_wall, "events": kinds}


if __name__ == "__main__":
    for line in sys.stdin:
        print(json.dumps(run(json.loads(line))), flush=True)

"""Run-out racks with a hook: each level-5 decision's kind and elevation (as played, raised),
and whether it was the shot that ended a failed run (fifteenth session's probe).

    python elevation_of_pots.py FIRST N OUT.json
"""

import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path[:0] = [ROOT, os.path.join(ROOT, "benchmarks")]

from ai_bench_records import _runout_record  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402
from billiard.table.cue_clearance import cue_elevation  # noqa: E402


def rack(seed: int) -> list[dict]:
    """The decisions of one run-out rack, the last marked when it ended a failed run."""
    seen: list[dict] = []

    def hook(runner, sit, d) -> None:
        if d.strike is None:
            return
        balls = sit.balls.copy()
        if d.place is not None:
            put_on_table(balls, sit.rules.cue, d.place)
        s = d.strike
        e = cue_elevation(sit.table, balls, sit.rules.cue, s.heading_deg, s.tip, s.elevation_deg)
        seen.append({"kind": d.kind, "elev": e, "expected": d.expected, "speed": s.speed})

    rec = _runout_record(5, seed, None, on_decision=hook)
    for k, s in enumerate(seen):
        s["failed"] = (not rec["ran"]) and k == len(seen) - 1
        s["rack"] = seed
    print(seed, rec["ran"], len(seen), flush=True)
    return seen


if __name__ == "__main__":
    first, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rows = [row for seed in range(first, first + n) for row in rack(seed)]
    with open(out, "w") as f:
        json.dump(rows, f)

"""Run-out racks with a hook: each level-5 decision's kind and elevation (as played, raised),
and whether it was the shot that ended a failed run (fifteenth session's probe).

    python elevation_of_pots.py FIRST N OUT.json
"""
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
sys.path[:0] = [ROOT, os.path.join(ROOT, 'benchmarks')]
from ai_bench_records import _runout_record
from billiard.table.cue_clearance import cue_elevation
first, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rows = []
for seed in range(first, first + n):
    seen = []
    def hook(runner, sit, d):
        if d.strike is None:
            return
        balls = sit.balls.copy()
        if d.place is not None:
            from billiard.game.spotting import put_on_table
            put_on_table(balls, sit.rules.cue, d.place)
        e = cue_elevation(sit.table, balls, sit.rules.cue, d.strike.heading_deg, d.strike.tip, d.strike.elevation_deg)
        seen.append({"kind": d.kind, "elev": e, "expected": d.expected, "speed": d.strike.speed})
    rec = _runout_record(5, seed, None, on_decision=hook)
    for k, s in enumerate(seen):
        s["failed"] = (not rec["ran"]) and k == len(seen) - 1
        s["rack"] = seed
    rows += seen
    print(seed, rec["ran"], len(seen), flush=True)
json.dump(rows, open(out, "w"))
